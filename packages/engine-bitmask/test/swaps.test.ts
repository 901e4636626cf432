// Rectangle swaps (src/host/swaps.ts): a swap is always another solution, and a search that
// takes them answers as the plain search does: the same verdicts, and the same solution sets
// when it counts them all. The wasm engine runs the same host code.
import { describe, expect, it } from 'vitest';
import { Random, nonogramFromSolution, verify, type NonogramPuzzle } from '@gridrace/core';
import { bruteForceNonogram, permutationNonogram } from '@gridrace/testkit';
import { createBitmaskEngine } from '../src/index.js';
import { RectangleSwaps } from '../src/host/swaps.js';

/** A sparse random picture (lone cells are common), with its clues and a few givens. */
function sparsePuzzle(random: Random, maxSide: number, givens: number): NonogramPuzzle {
  const width = 2 + random.int(maxSide - 1);
  const height = 2 + random.int(maxSide - 1);
  const cells = Uint8Array.from({ length: width * height }, () => (random.float() < 0.25 ? 1 : 0));
  const puzzle = nonogramFromSolution({ width, height, cells });
  const given = Array.from({ length: givens }, () => random.int(width * height));
  return { ...puzzle, givens: [...new Set(given)].map((i) => ({ row: Math.floor(i / width), col: i % width, filled: cells[i] === 1 })) };
}

const key = (cells: ArrayLike<number>) => Array.from(cells).join('');

describe('rectangle swaps', () => {
  it('a swap is another solution, four corners of a rectangle apart, never moving a given (2,000 random solutions)', () => {
    const random = new Random('swaps');
    let found = 0;
    for (let t = 0; t < 2000; t++) {
      const puzzle = sparsePuzzle(random, 9, random.int(3));
      const swap = new RectangleSwaps({ ...puzzle, rows: puzzle.rows, columns: puzzle.columns }).swapped(puzzle.solution!.cells);
      if (swap === null) continue;
      found++;
      const moved = [...swap.keys()].filter((i) => swap[i] !== puzzle.solution!.cells[i]);
      expect(moved).toHaveLength(4);
      const rows = new Set(moved.map((i) => Math.floor(i / puzzle.width)));
      const cols = new Set(moved.map((i) => i % puzzle.width));
      expect([rows.size, cols.size]).toEqual([2, 2]);
      expect(verify(puzzle, { width: puzzle.width, height: puzzle.height, cells: swap }).ok).toBe(true);
    }
    expect(found).toBeGreaterThan(200);
  });

  it('the search with swaps answers as the plain search and brute force: verdicts with 2 solutions, every solution when counting (1,500 random puzzles up to 6x6)', async () => {
    const random = new Random('swaps against search');
    const withSwaps = createBitmaskEngine({ symmetry: false, swaps: true });
    const plain = createBitmaskEngine({ symmetry: false, swaps: false });
    let bySwap = 0;
    for (let t = 0; t < 1500; t++) {
      const puzzle = sparsePuzzle(random, 6, random.int(2));
      const oracle = bruteForceNonogram(puzzle, 64);
      const [a, b] = await Promise.all([withSwaps.solve(puzzle, { maxSolutions: 2 }), plain.solve(puzzle, { maxSolutions: 2 })]);
      expect(a.verdict, JSON.stringify(puzzle)).toBe(b.verdict);
      expect(a.verdict).toBe(oracle.solutions.length === 0 ? 'none' : oracle.solutions.length === 1 ? 'unique' : 'multiple');
      for (const s of a.solutions) expect(verify(puzzle, s).ok).toBe(true);
      if ((a.stats.counters.solutionsBySwap ?? 0) > 0) bySwap++;
      if (oracle.solutions.length < 64) {
        const all = await withSwaps.solve(puzzle, { maxSolutions: 64 });
        expect(all.solutions.map((s) => key(s.cells)).sort()).toEqual(oracle.solutions.map((s) => key(s.cells)).sort());
      }
    }
    expect(bySwap).toBeGreaterThan(50);
  });

  it('is off with maxSolutions 1 and with swaps: false; on by default only after a long search', async () => {
    const puzzle: NonogramPuzzle = { kind: 'nonogram', width: 2, height: 2, rows: [[1], [1]], columns: [[1], [1]], givens: [], meta: {} };
    const engine = createBitmaskEngine({ swaps: true });
    const two = await engine.solve(puzzle, { maxSolutions: 2 });
    expect(two.verdict).toBe('multiple');
    expect(two.stats.counters.solutionsBySwap).toBe(1);
    const one = await engine.solve(puzzle, { maxSolutions: 1 });
    expect(one.stats.counters.solutionsBySwap).toBeUndefined();
    // Default: a first solution found within SWAPS_AFTER nodes and conflicts is not checked.
    const quick = await createBitmaskEngine().solve(puzzle, { maxSolutions: 2 });
    expect(quick.verdict).toBe('multiple');
    expect(quick.stats.counters.solutionsBySwap).toBeUndefined();
    // The 20x20 permutation matrices take a longer search to the first one: checked, swapped.
    const long = permutationNonogram(20);
    const slow = await createBitmaskEngine().solve(long, { maxSolutions: 2 });
    expect(slow.verdict).toBe('multiple');
    expect(slow.stats.counters.solutionsBySwap).toBe(1);
    for (const s of slow.solutions) expect(verify(long, s).ok).toBe(true);
    const never = await createBitmaskEngine({ swaps: false }).solve(long, { maxSolutions: 2 });
    expect(never.verdict).toBe('multiple');
    expect(never.stats.counters.solutionsBySwap).toBeUndefined();
  });
});
