// Loading the race's puzzles: folders, globs and named files, stable ids, duplicates kept
// once, non-puzzle files skipped in folders but refused when named; shards.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { writePuzzle, writePuzzles } from '@gridrace/core';
import { CorpusError, DEFAULT_CORPUS, globToRegExp, loadCorpus, parseShard, puzzleHash, shardOf } from '../src/index.js';
import { CROSS, FRAME, nonogram } from './helpers.js';

function folder(): string {
  const dir = mkdtempSync(join(tmpdir(), 'gridrace-corpus-'));
  mkdirSync(join(dir, 'sub'));
  writeFileSync(join(dir, 'frame.json'), writePuzzle(FRAME, 'json'));
  writeFileSync(join(dir, 'sub', 'frame-again.non'), writePuzzle(FRAME, 'non')); // same clues, other format
  writeFileSync(join(dir, 'sub', 'set.txt'), writePuzzles([CROSS, nonogram(['#.#', '.#.', '#.#'], 'x')], 'taai'));
  writeFileSync(join(dir, 'README.md'), '# not a puzzle\n');
  writeFileSync(join(dir, 'notes.txt'), 'just some words\n');
  return dir;
}

describe('loadCorpus', () => {
  it('walks a folder: ids relative to the working directory, multi-puzzle files numbered, duplicates once', () => {
    const dir = folder();
    const { puzzles, skipped } = loadCorpus(['.'], { cwd: dir });
    expect(puzzles.map((p) => p.record.id)).toEqual(['frame.json', 'sub/set.txt#1', 'sub/set.txt#2']);
    expect(puzzles[1]!.record).toMatchObject({ file: 'sub/set.txt', index: 0, kind: 'nonogram', width: 5, height: 5 });
    expect(skipped.map((s) => s.file).sort()).toEqual(['notes.txt', 'sub/frame-again.non']);
    expect(skipped.find((s) => s.file === 'sub/frame-again.non')!.why).toMatch(/same puzzle as frame.json/);
    // The JSON file carries its solution; the race checks unique answers against it.
    expect(puzzles[0]!.record.knownSolution).toMatch(/^[0-9a-f]{16}$/);
  });

  it('takes FILE#N and FILE#A-B: some puzzles of a multi-puzzle file, with their usual ids', () => {
    const dir = folder();
    expect(loadCorpus(['sub/set.txt#2'], { cwd: dir }).puzzles.map((p) => p.record.id)).toEqual(['sub/set.txt#2']);
    expect(loadCorpus(['sub/set.txt#1-2'], { cwd: dir }).puzzles.map((p) => p.record.id)).toEqual(['sub/set.txt#1', 'sub/set.txt#2']);
    expect(() => loadCorpus(['sub/set.txt#2-5'], { cwd: dir })).toThrow(/sub\/set\.txt#2-5: sub\/set\.txt holds 2 puzzles/);
    expect(() => loadCorpus(['sub/set.txt#0'], { cwd: dir })).toThrow(/a range counts from 1 up/);
    expect(() => loadCorpus(['missing.txt#1'], { cwd: dir })).toThrow(/missing\.txt#1: no such file or folder/);
  });

  it('takes globs and named files, and refuses a named file that is not a puzzle', () => {
    const dir = folder();
    expect(loadCorpus(['**/*.non'], { cwd: dir }).puzzles.map((p) => p.record.id)).toEqual(['sub/frame-again.non']);
    expect(loadCorpus(['sub/set.txt', 'frame.json'], { cwd: dir }).puzzles).toHaveLength(3);
    expect(() => loadCorpus(['notes.txt'], { cwd: dir })).toThrow();
    expect(() => loadCorpus(['missing.json'], { cwd: dir })).toThrow(CorpusError);
    expect(() => loadCorpus(['*.nothing'], { cwd: dir })).toThrow(/no file matches/);
  });

  it('filters by kind', () => {
    const { puzzles } = loadCorpus([join(DEFAULT_CORPUS, 'seed')], { kind: 'arrowpath' });
    expect(puzzles.length).toBeGreaterThanOrEqual(2);
    expect(puzzles.every((p) => p.record.kind === 'arrowpath')).toBe(true);
  });

  it('hashes what an engine sees, not the file', () => {
    expect(puzzleHash(FRAME)).toBe(puzzleHash({ ...FRAME, meta: { title: 'renamed' } }));
    expect(puzzleHash(FRAME)).not.toBe(puzzleHash(CROSS));
    expect(puzzleHash(FRAME)).not.toBe(puzzleHash({ ...FRAME, givens: [{ row: 0, col: 0, filled: true }] }));
  });
});

describe('globs and shards', () => {
  it('matches globs like a shell', () => {
    expect(globToRegExp('a/*.json').test('a/b.json')).toBe(true);
    expect(globToRegExp('a/*.json').test('a/b/c.json')).toBe(false);
    expect(globToRegExp('a/**/*.json').test('a/b/c.json')).toBe(true);
    expect(globToRegExp('a/**/*.json').test('a/c.json')).toBe(true);
    expect(globToRegExp('p-?.{non,nin}').test('p-1.nin')).toBe(true);
    expect(globToRegExp('p-?.{non,nin}').test('p-12.nin')).toBe(false);
    expect(globToRegExp('x.y').test('xzy')).toBe(false);
  });

  it('splits puzzles into n interleaved shards that cover everything once', () => {
    const items = Array.from({ length: 10 }, (_, i) => i);
    const parts = [1, 2, 3].map((k) => shardOf(items, { index: k, count: 3 }));
    expect(parts).toEqual([
      [0, 3, 6, 9],
      [1, 4, 7],
      [2, 5, 8],
    ]);
    expect(shardOf(items, undefined)).toEqual(items);
    expect(parseShard('2/5')).toEqual({ index: 2, count: 5 });
    for (const bad of ['0/3', '4/3', '1/0', 'x', '1-2']) expect(() => parseShard(bad)).toThrow(RangeError);
  });
});
