// removableGivens must take out exactly the givens that removing them one by one, with a
// solve after each (propagation only, no branching), takes out: the generator's first pass
// relies on it giving the same puzzles as that plain loop, only sooner.
import { SolveBudget, verify, type ArrowPathPuzzle } from '@gridrace/core';
import { arrowPathFromNumbering, randomAlignedPath } from '@gridrace/testkit';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createArrowPathEngine, removableGivens } from '../src/index.js';

const propagationOnly = createArrowPathEngine({ maxNodes: 1 });
const shortGapsOnly = createArrowPathEngine({ maxNodes: 1, deductions: 'short-gaps' });

/** The plain loop: take each candidate out, solve, put it back unless the solve is unique. */
async function oneSolvePerGiven(puzzle: ArrowPathPuzzle, candidates: readonly number[], maxRemovals = Infinity, engine = propagationOnly): Promise<boolean[]> {
  const givens = puzzle.givens.slice();
  let removals = 0;
  const removed: boolean[] = [];
  for (const cell of candidates) {
    if (removals >= maxRemovals) {
      removed.push(false);
      continue;
    }
    const k = givens[cell]!;
    givens[cell] = 0;
    const result = await engine.solve({ ...puzzle, givens: givens.slice() }, { maxSolutions: 2 });
    const out = result.verdict === 'unique';
    if (out) removals++;
    else givens[cell] = k;
    removed.push(out);
  }
  return removed;
}

/** Every cell given, and the cells but N's in an order drawn from `seed`. */
function fullPuzzle(width: number, height: number, seed: number, order: number[]): { puzzle: ArrowPathPuzzle; candidates: number[] } {
  const path = randomAlignedPath(width, height, seed);
  const n = width * height;
  const puzzle = arrowPathFromNumbering(path, Array.from({ length: n }, (_, cell) => cell));
  const candidates = order.filter((cell) => cell < n && path.numbers[cell] !== n);
  return { puzzle, candidates: [...new Set(candidates)] };
}

/** The puzzle without the removed candidates settles by propagation alone, to a verified solution. */
async function expectLeftUnique(puzzle: ArrowPathPuzzle, candidates: readonly number[], removed: readonly boolean[]): Promise<void> {
  const givens = puzzle.givens.slice();
  candidates.forEach((cell, i) => removed[i] && (givens[cell] = 0));
  const left = { ...puzzle, givens };
  const solved = await propagationOnly.solve(left, { maxSolutions: 2 });
  expect(solved.verdict).toBe('unique');
  expect(verify(left, solved.solutions[0]!)).toEqual({ ok: true });
}

describe('removableGivens', () => {
  it('takes out exactly what one solve per given takes out, and what is left is unique', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 2, max: 9 }), fc.integer({ min: 2, max: 9 }), fc.integer({ min: 1, max: 1e6 }), fc.array(fc.nat({ max: 80 }), { minLength: 5, maxLength: 120 }), async (width, height, seed, order) => {
        const { puzzle, candidates } = fullPuzzle(width, height, seed, order);
        const expected = await oneSolvePerGiven(puzzle, candidates);
        const result = await removableGivens(puzzle, candidates, { budget: new SolveBudget() });
        expect(result.removed).toEqual(expected);
        expect(result).toMatchObject({ decided: candidates.length, stopped: null });
        await expectLeftUnique(puzzle, candidates, result.removed);
      }),
      { numRuns: 60 },
    );
  });

  it('with short-gaps deductions, takes out exactly what one solve per given with those deductions takes out', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 4, max: 12 }), fc.integer({ min: 4, max: 12 }), fc.integer({ min: 1, max: 1e6 }), fc.array(fc.nat({ max: 143 }), { minLength: 20, maxLength: 200 }), async (width, height, seed, order) => {
        const { puzzle, candidates } = fullPuzzle(width, height, seed, order);
        const expected = await oneSolvePerGiven(puzzle, candidates, Infinity, shortGapsOnly);
        const result = await removableGivens(puzzle, candidates, { budget: new SolveBudget(), deductions: 'short-gaps' });
        expect(result.removed).toEqual(expected);
        await expectLeftUnique(puzzle, candidates, result.removed);
      }),
      { numRuns: 40 },
    );
  });

  it('short-gaps deductions are weaker: on a 12x12 with every cell a candidate they keep more givens', async () => {
    const { puzzle, candidates } = fullPuzzle(12, 12, 1, Array.from({ length: 144 }, (_, i) => i));
    const all = await removableGivens(puzzle, candidates, { budget: new SolveBudget() });
    const short = await removableGivens(puzzle, candidates, { budget: new SolveBudget(), deductions: 'short-gaps' });
    expect(short.removed.filter(Boolean).length).toBeLessThan(all.removed.filter(Boolean).length);
  });

  it('stops after maxRemovals, as the plain loop would, and reports progress up to every candidate', async () => {
    const { puzzle, candidates } = fullPuzzle(8, 8, 7, Array.from({ length: 64 }, (_, i) => (i * 37) % 64));
    const uncapped = await oneSolvePerGiven(puzzle, candidates);
    const cap = Math.floor(uncapped.filter(Boolean).length / 2);
    expect(cap).toBeGreaterThan(3);
    const seen: number[] = [];
    const result = await removableGivens(puzzle, candidates, { budget: new SolveBudget(), maxRemovals: cap, onProgress: (decided) => seen.push(decided) });
    expect(result.removed).toEqual(await oneSolvePerGiven(puzzle, candidates, cap));
    expect(result.removed.filter(Boolean)).toHaveLength(cap);
    expect(result.stopped).toBeNull();
    expect(result.decided).toBe(result.removed.lastIndexOf(true) + 1);
    expect(seen.length).toBeGreaterThan(0);
    expect([...seen].sort((a, b) => a - b)).toEqual(seen);
  });

  it('an aborted signal stops it before any removal', async () => {
    const { puzzle, candidates } = fullPuzzle(6, 6, 3, Array.from({ length: 36 }, (_, i) => i));
    const controller = new AbortController();
    controller.abort();
    const result = await removableGivens(puzzle, candidates, { budget: new SolveBudget({ signal: controller.signal }) });
    expect(result.stopped).toBe('aborted');
    expect(result.removed.some(Boolean)).toBe(false);
  });

  it('refuses a candidate that holds no given', async () => {
    const { puzzle } = fullPuzzle(4, 4, 1, []);
    const givens = puzzle.givens.slice();
    givens[0] = 0;
    await expect(removableGivens({ ...puzzle, givens }, [0], { budget: new SolveBudget() })).rejects.toThrow(/every candidate must be a cell holding a given/);
  });
});
