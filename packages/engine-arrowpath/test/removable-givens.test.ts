// removableGivens must take out exactly the givens that removing them one by one, with a
// solve after each (propagation only, no branching), takes out: the generator's first pass
// relies on it giving the same puzzles as that plain loop, only sooner.
import { SolveBudget, verify, type ArrowPathPuzzle } from '@gridrace/core';
import { arrowPathFromNumbering, randomAlignedPath } from '@gridrace/testkit';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createArrowPathDfsEngine, createArrowPathEngine, removableGivens } from '../src/index.js';

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
  const { path, puzzle } = wholeNumbering(width, height, seed);
  const n = width * height;
  const candidates = order.filter((cell) => cell < n && path.numbers[cell] !== n);
  return { puzzle, candidates: [...new Set(candidates)] };
}

/** Every cell given; the candidates are the cells of 2..N-1 in path order, as the generator tries them. */
function alongThePath(width: number, height: number, seed: number): { puzzle: ArrowPathPuzzle; candidates: number[] } {
  const { path, puzzle } = wholeNumbering(width, height, seed);
  const n = width * height;
  const cellOf = new Array<number>(n + 1);
  path.numbers.forEach((k, cell) => (cellOf[k] = cell));
  return { puzzle, candidates: cellOf.slice(2, n) };
}

/** A random path drawn from `seed`, with every cell given. */
function wholeNumbering(width: number, height: number, seed: number) {
  const path = randomAlignedPath(width, height, seed);
  return { path, puzzle: arrowPathFromNumbering(path, Array.from({ length: width * height }, (_, cell) => cell)) };
}

/** The puzzle without the removed candidates settles by propagation alone (of `engine`), to a verified solution. */
async function expectLeftUnique(puzzle: ArrowPathPuzzle, candidates: readonly number[], removed: readonly boolean[], engine = propagationOnly): Promise<void> {
  const givens = puzzle.givens.slice();
  candidates.forEach((cell, i) => removed[i] && (givens[cell] = 0));
  const left = { ...puzzle, givens };
  const solved = await engine.solve(left, { maxSolutions: 2 });
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

  it('with a reach, candidates along the path: what is left has one solution (the search engine agrees) and the same deductions settle it', async () => {
    const dfs = createArrowPathDfsEngine();
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 3, max: 10 }), fc.integer({ min: 3, max: 10 }), fc.integer({ min: 1, max: 1e6 }), fc.integer({ min: 0, max: 12 }), fc.boolean(), async (width, height, seed, reach, short) => {
        const { puzzle, candidates } = alongThePath(width, height, seed);
        const deductions = short ? 'short-gaps' : 'all';
        const result = await removableGivens(puzzle, candidates, { budget: new SolveBudget(), reach, deductions });
        await expectLeftUnique(puzzle, candidates, result.removed, short ? shortGapsOnly : propagationOnly);
        const givens = puzzle.givens.slice();
        candidates.forEach((cell, i) => result.removed[i] && (givens[cell] = 0));
        // The search engine's own check, where it is quick (sparse 7x7s can take it minutes).
        if (width * height > 36) return;
        const searched = await dfs.solve({ ...puzzle, givens }, { maxSolutions: 2 });
        expect(searched.verdict).toBe('unique');
        expect(Array.from(searched.solutions[0]!.numbers)).toEqual(Array.from(puzzle.givens));
      }),
      { numRuns: 60 },
    );
  });

  it('a reach as long as the path decides as no reach does, and a short one keeps more givens on a 14x14', async () => {
    for (const seed of [1, 2, 3]) {
      const { puzzle, candidates } = alongThePath(9, 9, seed);
      const whole = await removableGivens(puzzle, candidates, { budget: new SolveBudget(), deductions: 'short-gaps' });
      const long = await removableGivens(puzzle, candidates, { budget: new SolveBudget(), deductions: 'short-gaps', reach: 81 });
      expect(long.removed).toEqual(whole.removed);
    }
    const { puzzle, candidates } = alongThePath(14, 14, 5);
    const whole = await removableGivens(puzzle, candidates, { budget: new SolveBudget(), deductions: 'short-gaps' });
    const short = await removableGivens(puzzle, candidates, { budget: new SolveBudget(), deductions: 'short-gaps', reach: 2 });
    expect(short.removed.filter(Boolean).length).toBeLessThan(whole.removed.filter(Boolean).length);
  });

  it('with a reach, the gap cache changes nothing: the same decisions as searching every gap on every sweep', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 5, max: 14 }), fc.integer({ min: 5, max: 14 }), fc.integer({ min: 1, max: 1e6 }), fc.integer({ min: 1, max: 40 }), fc.boolean(), async (width, height, seed, reach, short) => {
        const { puzzle, candidates } = alongThePath(width, height, seed);
        const options = { deductions: short ? 'short-gaps' : 'all', reach } as const;
        const cached = await removableGivens(puzzle, candidates, { budget: new SolveBudget(), ...options });
        const fresh = await removableGivens(puzzle, candidates, { budget: new SolveBudget(), ...options, incrementalGaps: false });
        expect(cached.removed).toEqual(fresh.removed);
      }),
      { numRuns: 40 },
    );
  });

  it('refuses a negative reach', async () => {
    const { puzzle, candidates } = alongThePath(4, 4, 1);
    await expect(removableGivens(puzzle, candidates, { budget: new SolveBudget(), reach: -1 })).rejects.toThrow(/reach must be a non-negative number of steps, got -1/);
  });

  it('refuses a candidate that holds no given', async () => {
    const { puzzle } = fullPuzzle(4, 4, 1, []);
    const givens = puzzle.givens.slice();
    givens[0] = 0;
    await expect(removableGivens({ ...puzzle, givens }, [0], { budget: new SolveBudget() })).rejects.toThrow(/every candidate must be a cell holding a given/);
  });
});
