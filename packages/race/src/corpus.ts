// The puzzles a race runs on: files, folders (walked recursively) and globs, read with
// core's format readers. Ids are paths relative to the working directory, so two runs
// from the same folder name the same puzzle the same way.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { isAbsolute, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readPuzzles, verify, type Puzzle, type PuzzleKind, type Solution } from '@gridrace/core';
import { readTextFileSync } from '@gridrace/core/node';
import { puzzleHashInput, solutionHashInput } from './hash-input.js';
import type { PuzzleRecord } from './types.js';

/** The repository's own puzzles (seed + generated): the race's default corpus. */
export const DEFAULT_CORPUS = fileURLToPath(new URL('../../../puzzles/', import.meta.url));

/** File names a folder walk reads. Others (README.md, LICENSE, ...) are not puzzle files. */
const PUZZLE_EXTENSIONS = ['.json', '.non', '.nin', '.txt'];

export interface CorpusPuzzle {
  readonly record: PuzzleRecord;
  readonly puzzle: Puzzle;
}

export interface LoadedCorpus {
  readonly puzzles: CorpusPuzzle[];
  /** Files skipped during a folder walk (not puzzles), and duplicates dropped. */
  readonly skipped: { readonly file: string; readonly why: string }[];
}

export class CorpusError extends Error {
  override readonly name = 'CorpusError';
}

/** What an engine sees of a puzzle, hashed (hash-input.ts says what goes in). */
export function puzzleHash(puzzle: Puzzle): string {
  const h = createHash('sha256');
  for (const part of puzzleHashInput(puzzle)) h.update(part);
  return h.digest('hex').slice(0, 16);
}

/** Fingerprint of a list of solutions, independent of their order. */
export function solutionsHash(solutions: readonly Solution[]): string {
  const each = solutions.map((s) => {
    const h = createHash('sha256');
    for (const part of solutionHashInput(s)) h.update(part);
    return h.digest('hex');
  });
  return createHash('sha256').update(each.sort().join(',')).digest('hex').slice(0, 16);
}

const hasGlob = (s: string) => /[*?[\]{}]/.test(s);

/** A glob (`*`, `**`, `?`, `{a,b}`) as a regular expression over `/`-separated paths. */
export function globToRegExp(glob: string): RegExp {
  let out = '';
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i]!;
    if (c === '*') {
      if (glob[i + 1] === '*') {
        // `**/` matches any number of folders, `**` at the end anything.
        const slash = glob[i + 2] === '/';
        out += slash ? '(?:.*/)?' : '.*';
        i += slash ? 2 : 1;
      } else out += '[^/]*';
    } else if (c === '?') out += '[^/]';
    else if (c === '{') {
      const end = glob.indexOf('}', i);
      if (end < 0) out += '\\{';
      else {
        out += `(?:${glob
          .slice(i + 1, end)
          .split(',')
          .map((alt) => alt.replace(/[.+^$()|\\]/g, '\\$&').replace(/\*/g, '[^/]*'))
          .join('|')})`;
        i = end;
      }
    } else out += /[.+^$()|\\[\]]/.test(c) ? `\\${c}` : c;
  }
  return new RegExp(`^${out}$`);
}

function walk(dir: string, out: string[]): void {
  for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
    if (entry.name.startsWith('.')) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) walk(path, out);
    else if (entry.isFile()) out.push(path);
  }
}

const toPosix = (p: string) => p.split(sep).join('/');

/** Expand one source (file, folder or glob) into files; `walked` marks files found by walking. */
function expand(source: string, cwd: string): { file: string; walked: boolean }[] {
  if (hasGlob(source)) {
    const abs = toPosix(resolve(cwd, source));
    const firstGlob = abs.search(/[*?[\]{}]/);
    const base = abs.slice(0, abs.lastIndexOf('/', firstGlob) + 1) || '/';
    const re = globToRegExp(abs);
    let files: string[] = [];
    try {
      walk(base, files);
    } catch {
      files = [];
    }
    const matched = files.filter((f) => re.test(toPosix(f)));
    if (matched.length === 0) throw new CorpusError(`${source}: no file matches`);
    return matched.map((file) => ({ file, walked: false }));
  }
  const abs = resolve(cwd, source);
  let stat;
  try {
    stat = statSync(abs);
  } catch {
    throw new CorpusError(`${source}: no such file or folder`);
  }
  if (stat.isDirectory()) {
    const files: string[] = [];
    walk(abs, files);
    return files.filter((f) => PUZZLE_EXTENSIONS.some((ext) => f.toLowerCase().endsWith(ext))).map((file) => ({ file, walked: true }));
  }
  return [{ file: abs, walked: false }];
}

/**
 * `FILE#N` or `FILE#A-B` (1-based, as puzzle ids count): some puzzles of a multi-puzzle file,
 * such as a sample of a TAAI set. Only when FILE exists and the whole source does not.
 */
function splitRange(source: string, cwd: string): { source: string; range?: { from: number; to: number } } {
  const m = /^(.*)#(\d+)(?:-(\d+))?$/.exec(source);
  if (!m || existsSync(resolve(cwd, source)) || !existsSync(resolve(cwd, m[1]!))) return { source };
  const from = Number(m[2]);
  const to = m[3] === undefined ? from : Number(m[3]);
  if (from < 1 || to < from) throw new CorpusError(`${source}: a range counts from 1 up, e.g. #1-50`);
  return { source: m[1]!, range: { from, to } };
}

function idFor(file: string, cwd: string): string {
  const rel = relative(cwd, file);
  return toPosix(isAbsolute(rel) ? file : rel);
}

/**
 * Read every puzzle from the sources. A file named directly (or matched by a glob) must be a
 * puzzle file; a file found by walking a folder that is not one is skipped and listed. The
 * same puzzle (same hash) found twice is kept once. Throws CorpusError for a missing source or
 * an unreadable named file.
 */
export function loadCorpus(sources: readonly string[], options: { kind?: PuzzleKind; cwd?: string } = {}): LoadedCorpus {
  const cwd = options.cwd ?? process.cwd();
  const seenFiles = new Set<string>();
  const seenHashes = new Map<string, string>();
  const puzzles: CorpusPuzzle[] = [];
  const skipped: { file: string; why: string }[] = [];
  for (const whole of sources) {
    const { source, range } = splitRange(whole, cwd);
    for (const { file, walked } of expand(source, cwd)) {
      const key = range ? `${file}#${range.from}-${range.to}` : file;
      if (seenFiles.has(key)) continue;
      seenFiles.add(key);
      const shown = idFor(file, cwd);
      let read: Puzzle[];
      try {
        // Capped like the CLI's reads (64 MiB): a device such as /dev/zero is refused, not read forever.
        read = readPuzzles(readTextFileSync(file), { file: shown });
      } catch (err) {
        const why = err instanceof Error ? err.message : String(err);
        if (walked) {
          skipped.push({ file: shown, why });
          continue;
        }
        throw new CorpusError(why);
      }
      if (range && range.to > read.length) throw new CorpusError(`${whole}: ${shown} holds ${read.length} puzzle${read.length === 1 ? '' : 's'}`);
      read.forEach((puzzle, index) => {
        if (range && (index + 1 < range.from || index + 1 > range.to)) return;
        if (options.kind !== undefined && puzzle.kind !== options.kind) return;
        const id = read.length > 1 ? `${shown}#${index + 1}` : shown;
        const hash = puzzleHash(puzzle);
        const twin = seenHashes.get(hash);
        if (twin !== undefined) {
          skipped.push({ file: id, why: `same puzzle as ${twin}` });
          return;
        }
        seenHashes.set(hash, id);
        const entry = corpusPuzzle(puzzle, id, { file: shown, index });
        puzzles.push(entry);
      });
    }
  }
  return { puzzles, skipped };
}

/** A puzzle in memory as a race entry; `id` names it in results (use something stable). */
export function corpusPuzzle(puzzle: Puzzle, id: string, where: { file?: string; index?: number } = {}): CorpusPuzzle {
  const known = puzzle.solution !== undefined && verify(puzzle, puzzle.solution).ok ? solutionsHash([puzzle.solution]) : undefined;
  const record: PuzzleRecord = {
    id,
    file: where.file ?? id,
    index: where.index ?? 0,
    kind: puzzle.kind,
    width: puzzle.width,
    height: puzzle.height,
    ...(puzzle.meta.title ? { title: puzzle.meta.title } : {}),
    hash: puzzleHash(puzzle),
    ...(known ? { knownSolution: known } : {}),
  };
  return { record, puzzle };
}

/** Parse `k/n` (1-based k). Throws RangeError for anything else. */
export function parseShard(text: string): { index: number; count: number } {
  const m = /^(\d+)\/(\d+)$/.exec(text.trim());
  const index = m ? Number(m[1]) : Number.NaN;
  const count = m ? Number(m[2]) : Number.NaN;
  if (!m || count < 1 || index < 1 || index > count) throw new RangeError(`--shard wants k/n with 1 <= k <= n, got "${text}"`);
  return { index, count };
}

/** The puzzles of shard k of n: every n-th puzzle, so each shard gets a similar mix. */
export function shardOf<T>(items: readonly T[], shard: { index: number; count: number } | undefined): T[] {
  if (shard === undefined) return [...items];
  return items.filter((_, i) => i % shard.count === shard.index - 1);
}
