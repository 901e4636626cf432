// The incremental gap sweep (reusing each gap's result while nothing in it changed, updating
// it where links died or cells were numbered) must make exactly the deductions of the full
// sweep: same solutions in the same order, same search tree, same links killed. Only the
// number of gaps searched may differ. Both sweep every gap each time (deferBigGaps: false):
// leaving the long gaps for later, a sweep with the cache (which brings them up to date) finds
// more than one without it (which would have to search them), so the order of deductions would
// differ. The deferral itself is checked against sweeps that do not defer, on the answers.
import { readFileSync } from 'node:fs';
import { readPuzzles, verify, type ArrowPathPuzzle, type SolveResult } from '@gridrace/core';
import { arrowPathFromNumbering, randomAlignedPath } from '@gridrace/testkit';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createArrowPathEngine } from '../src/index.js';

const incremental = createArrowPathEngine({ deferBigGaps: false });
const full = createArrowPathEngine({ incrementalGaps: false, deferBigGaps: false });
const deferring = createArrowPathEngine();
const SAME = ['nodes', 'branches', 'maxDepth', 'backtracks', 'links', 'removals', 'gapSweeps', 'matchingRuns'] as const;

/** Random arrow paths of 5x5 to 8x8 with 2-8 givens: many have several solutions and need search. */
const cases = fc
  .record({ width: fc.integer({ min: 5, max: 8 }), height: fc.integer({ min: 5, max: 8 }), seed: fc.nat() })
  .chain(({ width, height, seed }) =>
    fc.record({
      path: fc.constant(randomAlignedPath(width, height, seed)),
      cells: fc.uniqueArray(fc.integer({ min: 0, max: width * height - 1 }), { minLength: 2, maxLength: 8 }),
    }),
  );

async function both(puzzle: ArrowPathPuzzle, maxSolutions: number): Promise<[SolveResult, SolveResult]> {
  const a = await incremental.solve(puzzle, { maxSolutions });
  const b = await full.solve(puzzle, { maxSolutions });
  expect(a.verdict).toBe(b.verdict);
  expect(a.solutions).toEqual(b.solutions);
  for (const s of a.solutions) expect(verify(puzzle, s)).toEqual({ ok: true });
  for (const name of SAME) expect([name, a.stats.counters[name]]).toEqual([name, b.stats.counters[name]]);
  expect(a.stats.counters['gapRuns']!).toBeLessThanOrEqual(b.stats.counters['gapRuns']!);
  return [a, b];
}

describe('incremental gap sweeps', () => {
  it('deduce exactly what full sweeps deduce on the sparse generated benchmark puzzles, searching fewer gaps', async () => {
    const text = readFileSync(new URL('../bench/sparse-generated.txt', import.meta.url), 'utf8');
    const puzzles = readPuzzles(text, { format: 'signpost' }) as ArrowPathPuzzle[];
    expect(puzzles.length).toBeGreaterThanOrEqual(10);
    let runs = 0;
    let fullRuns = 0;
    let updates = 0;
    for (const puzzle of puzzles) {
      const [a, b] = await both(puzzle, 2);
      expect(a.verdict).toBe('unique');
      if (puzzle.width >= 10) expect(a.stats.counters['gapRuns']!).toBeLessThan(b.stats.counters['gapRuns']!);
      runs += a.stats.counters['gapRuns']!;
      fullRuns += b.stats.counters['gapRuns']!;
      updates += a.stats.counters['gapUpdates']!;
      expect(b.stats.counters['gapUpdates']).toBe(0);
    }
    // Most sweeps after the first leave most gaps untouched, and about half the changed ones
    // are updated without a search (on these puzzles: 6,079 searched, 6,220 updated, 26,320 searched by full sweeps).
    expect(runs + updates).toBeLessThan(0.6 * fullRuns);
    expect(runs).toBeLessThan(0.35 * fullRuns);
  });

  it('deduce exactly what full sweeps deduce while backtracking through many solutions (200 runs, 5x5 to 8x8, 2-8 givens)', async () => {
    let branched = 0;
    await fc.assert(
      fc.asyncProperty(cases, async ({ path, cells }) => {
        const [a] = await both(arrowPathFromNumbering(path, cells), 10);
        expect(a.verdict).not.toBe('none');
        if (a.stats.counters['backtracks']! > 0) branched++;
      }),
      { numRuns: 200 },
    );
    expect(branched).toBeGreaterThan(50);
  });

  it('leaving long gaps for later gives the same answers: verdicts, and the same solutions when there are fewer than 10 (200 runs, 5x5 to 8x8, 2-8 givens, and the sparse benchmark puzzles)', async () => {
    const sameAnswers = async (puzzle: ArrowPathPuzzle) => {
      const a = await deferring.solve(puzzle, { maxSolutions: 10 });
      const b = await incremental.solve(puzzle, { maxSolutions: 10 });
      expect(a.verdict).toBe(b.verdict);
      const key = (r: SolveResult) => r.solutions.map((x) => Array.from((x as { numbers: ArrayLike<number> }).numbers).join(',')).sort();
      // All solutions when there are fewer than 10; past that, each may stop at other ten.
      if (b.solutions.length < 10) expect(key(a)).toEqual(key(b));
      else expect(a.solutions).toHaveLength(10);
      for (const x of a.solutions) expect(verify(puzzle, x)).toEqual({ ok: true });
      return a;
    };
    const text = readFileSync(new URL('../bench/sparse-generated.txt', import.meta.url), 'utf8');
    for (const puzzle of readPuzzles(text, { format: 'signpost' }) as ArrowPathPuzzle[]) expect((await sameAnswers(puzzle)).verdict).toBe('unique');
    await fc.assert(
      fc.asyncProperty(cases, async ({ path, cells }) => {
        expect((await sameAnswers(arrowPathFromNumbering(path, cells))).verdict).not.toBe('none');
      }),
      { numRuns: 200 },
    );
  });
});
