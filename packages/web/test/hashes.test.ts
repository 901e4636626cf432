// The page's fingerprints are the command line's: the same puzzles and solutions give the same
// hashes with SubtleCrypto as with node:crypto, so results written in a browser compare and
// merge with a race's.
import { readFileSync, readdirSync } from 'node:fs';
import { readPuzzles, type Solution } from '@gridrace/core';
import { puzzleHash as racePuzzleHash, solutionsHash as raceSolutionsHash } from '@gridrace/race';
import { describe, expect, it } from 'vitest';
import { puzzleHash, solutionsHash } from '../src/hashes.js';

const dir = new URL('../../../puzzles/generated/', import.meta.url);
const files = readdirSync(dir).filter((f) => f.endsWith('.json')).slice(0, 12);
const seeds = readdirSync(new URL('../../../puzzles/seed/', import.meta.url)).map((f) => new URL(`../../../puzzles/seed/${f}`, import.meta.url));

describe('fingerprints in the page', () => {
  const puzzles = [...files.map((f) => new URL(f, dir)), ...seeds].flatMap((url) => readPuzzles(readFileSync(url, 'utf8'), { file: url.pathname }));

  it('cover the three kinds', () => {
    expect(new Set(puzzles.map((p) => p.kind))).toEqual(new Set(['nonogram', 'colour-nonogram', 'arrowpath']));
  });

  it('hash every puzzle, and each known solution alone and in pairs, as the race does', async () => {
    const solutions = puzzles.flatMap((p) => (p.solution ? [p.solution as Solution] : []));
    expect(solutions.length).toBeGreaterThan(5);
    for (const p of puzzles) expect(await puzzleHash(p), p.meta.title).toBe(racePuzzleHash(p));
    for (const s of solutions) expect(await solutionsHash([s])).toBe(raceSolutionsHash([s]));
    for (let i = 0; i + 1 < solutions.length; i++) {
      const pair = [solutions[i]!, solutions[i + 1]!];
      expect(await solutionsHash(pair)).toBe(raceSolutionsHash(pair));
      expect(await solutionsHash([...pair].reverse())).toBe(raceSolutionsHash(pair));
    }
  });
});
