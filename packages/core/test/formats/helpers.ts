// Shared by the format tests: where the shared puzzles are, random puzzles, and what each
// format keeps of a puzzle.
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';
import {
  DIRECTIONS,
  PuzzleFormatError,
  nonogramFromSolution,
  colourNonogramFromSolution,
  type ArrowPathPuzzle,
  type ColourNonogramPuzzle,
  type PaletteColour,
  type Direction,
  type FormatName,
  type GivenCell,
  type NonogramPuzzle,
  type Puzzle,
  type PuzzleErrorCode,
  type PuzzleMeta,
} from '../../src/index.js';

/** The repo root is three levels above packages/core/test/. */
export const REPO_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));

/** A small seeded PRNG (mulberry32), so fast-check seeds give reproducible puzzles. */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pick = (random: () => number, n: number) => Math.floor(random() * n);

/** A random grid's nonogram, with its solution, optionally some givens and meta. */
export function randomNonogram(
  seed: number,
  options: { maxSide?: number; square?: boolean; givens?: boolean; meta?: PuzzleMeta } = {},
): NonogramPuzzle {
  const random = rng(seed);
  const maxSide = options.maxSide ?? 12;
  const width = 1 + pick(random, maxSide);
  const height = options.square ? width : 1 + pick(random, maxSide);
  const density = random();
  const cells = new Uint8Array(width * height);
  for (let i = 0; i < cells.length; i++) cells[i] = random() < density ? 1 : 0;
  const puzzle = nonogramFromSolution({ width, height, cells }, options.meta ?? {});
  if (!options.givens) return puzzle;
  const givens: GivenCell[] = [];
  const rate = random() * 0.3;
  for (let i = 0; i < cells.length; i++) {
    if (random() < rate) givens.push({ row: Math.floor(i / width), col: i % width, filled: cells[i] === 1 });
  }
  return { ...puzzle, givens };
}

function directionBetween(width: number, from: number, to: number): Direction {
  const dr = Math.sign(Math.floor(to / width) - Math.floor(from / width));
  const dc = Math.sign((to % width) - (from % width));
  const names: Record<string, Direction> = { '-1,0': 'N', '-1,1': 'NE', '0,1': 'E', '1,1': 'SE', '1,0': 'S', '1,-1': 'SW', '0,-1': 'W', '-1,-1': 'NW' };
  return names[`${dr},${dc}`]!;
}

function aligned(width: number, a: number, b: number): boolean {
  const dr = Math.floor(b / width) - Math.floor(a / width);
  const dc = (b % width) - (a % width);
  return a !== b && (dr === 0 || dc === 0 || Math.abs(dr) === Math.abs(dc));
}

/**
 * A random arrow path with its solution: a snake through the grid (consecutive cells are
 * neighbours), scrambled by segment reversals that keep every step on a line (2-opt), then
 * numbered along the path. The last cell has no arrow; some numbers are given.
 */
export function randomArrowPath(seed: number, options: { maxSide?: number; giveLast?: boolean; meta?: PuzzleMeta } = {}): ArrowPathPuzzle {
  const random = rng(seed);
  const maxSide = options.maxSide ?? 7;
  const width = 1 + pick(random, maxSide);
  const height = 1 + pick(random, maxSide);
  const n = width * height;
  const path: number[] = [];
  for (let r = 0; r < height; r++) for (let c = 0; c < width; c++) path.push(r * width + (r % 2 === 0 ? c : width - 1 - c));
  for (let step = 0; step < n * 4; step++) {
    const i = pick(random, n);
    const j = pick(random, n);
    const [lo, hi] = i < j ? [i, j] : [j, i];
    // Reverse path[lo+1..hi]: the joins lo->hi and lo+1->hi+1 must stay on a line.
    if (hi - lo < 2) continue;
    if (!aligned(width, path[lo]!, path[hi]!)) continue;
    if (hi + 1 < n && !aligned(width, path[lo + 1]!, path[hi + 1]!)) continue;
    path.splice(lo + 1, hi - lo, ...path.slice(lo + 1, hi + 1).reverse());
  }
  const numbers = new Int32Array(n);
  const arrows: (Direction | null)[] = new Array<Direction | null>(n).fill(null);
  path.forEach((cell, k) => {
    numbers[cell] = k + 1;
    if (k + 1 < n) arrows[cell] = directionBetween(width, cell, path[k + 1]!);
  });
  const givens = new Array<number>(n).fill(0);
  const rate = random() * 0.4;
  for (let i = 0; i < n; i++) if (random() < rate) givens[i] = numbers[i]!;
  const last = path[n - 1]!;
  if (options.giveLast ?? true) givens[last] = n;
  else givens[last] = 0;
  return { kind: 'arrowpath', width, height, arrows, givens, solution: { width, height, numbers }, meta: options.meta ?? {} };
}

/** Any valid direction, for tests that need one. */
export const SOME_DIRECTION: Direction = DIRECTIONS[2];

/** The puzzle as a format keeps it: meta and solutions it has no place for are dropped. */
export function keptBy(format: FormatName, puzzle: Puzzle, index = 0): Puzzle {
  const { solution: _solution, ...rest } = puzzle;
  switch (format) {
    case 'json':
      return puzzle;
    case 'non': {
      const { source: _source, ...meta } = puzzle.meta;
      return { ...puzzle, meta };
    }
    case 'xml': {
      // Clues, goal and the meta XML has elements for, read back trimmed; no givens.
      const meta: PuzzleMeta = {};
      for (const key of ['title', 'author', 'copyright', 'source', 'catalogue'] as const) {
        const value = puzzle.meta[key]?.trim();
        if (value) meta[key] = value;
      }
      return { ...puzzle, meta };
    }
    case 'taai': {
      const title = puzzle.meta.title !== undefined && /^\$\d+$/.test(puzzle.meta.title) ? puzzle.meta.title : `$${index + 1}`;
      return { ...rest, meta: { title } } as Puzzle;
    }
    case 'toml':
      // Clues and colours only: the title is written as a comment.
      return { ...rest, meta: {} } as Puzzle;
    case 'olsak': {
      // Clues and a plain title (the first free line of the header); no givens, no solution.
      const title = puzzle.meta.title?.trim();
      return { ...rest, meta: title && !/^[:#]/.test(title) ? { title } : {} } as Puzzle;
    }
    default:
      return { ...rest, meta: {} } as Puzzle;
  }
}

const PALETTE: readonly PaletteColour[] = [
  { name: 'white', rgb: 'ffffff', char: '.' },
  { name: 'red', rgb: 'ff0000', char: 'r' },
  { name: 'blue', rgb: '0000ff', char: 'b' },
  { name: 'green', rgb: '00ff00', char: 'g' },
  { name: 'yellow', rgb: 'ffff00', char: 'y' },
];

/**
 * A random grid's colour nonogram in up to `colours` colours (default 4), with its solution,
 * optionally some givens; the palette holds only the colours the grid uses (as XML keeps it),
 * and never black alone (XML reads black on white as a black-and-white puzzle).
 */
export function randomColourNonogram(seed: number, options: { maxSide?: number; colours?: number; givens?: boolean; meta?: PuzzleMeta } = {}): ColourNonogramPuzzle {
  const random = rng(seed);
  const maxSide = options.maxSide ?? 10;
  const width = 1 + pick(random, maxSide);
  const height = 1 + pick(random, maxSide);
  const colours = options.colours ?? 4;
  const cells = new Uint8Array(width * height);
  for (let i = 0; i < cells.length; i++) cells[i] = random() < 0.4 ? 0 : 1 + pick(random, colours);
  cells[pick(random, cells.length)] = 1 + pick(random, colours);
  // Renumber the colours used, in order, so the palette has no unused colour.
  const used = [...new Set(cells)].filter((c) => c !== 0).sort((a, b) => a - b);
  const index = new Map(used.map((c, i) => [c, i + 1]));
  const renumbered = cells.map((c) => (c === 0 ? 0 : index.get(c)!));
  const palette = [PALETTE[0]!, ...used.map((c) => PALETTE[c]!)];
  const puzzle = colourNonogramFromSolution({ width, height, cells: renumbered }, palette, options.meta ?? {});
  if (!options.givens) return puzzle;
  const givens = [];
  for (let i = 0; i < cells.length; i++) if (random() < 0.2) givens.push({ row: Math.floor(i / width), col: i % width, colour: renumbered[i]! });
  return { ...puzzle, givens };
}

/** Run `f` and check it throws a PuzzleFormatError with this code (and line and message). */
export function expectFormatError(f: () => unknown, code: PuzzleErrorCode, line?: number | null, message?: RegExp): PuzzleFormatError {
  let caught: unknown;
  try {
    f();
  } catch (e) {
    caught = e;
  }
  expect(caught, 'expected a PuzzleFormatError').toBeInstanceOf(PuzzleFormatError);
  const error = caught as PuzzleFormatError;
  expect({ code: error.code, message: error.message }).toMatchObject({ code });
  if (line !== undefined) expect(error.line, error.message).toBe(line ?? undefined);
  if (message !== undefined) expect(error.message).toMatch(message);
  return error;
}
