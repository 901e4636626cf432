// Both engines against the reference engine `naive`: the same verdicts and the same
// solutions on random small puzzles, with and without givens, contradictory ones, and ones
// with several solutions. The seed puzzles are the conformance suite's (their known solutions).
import { type Engine, type NonogramPuzzle, type SolveResult } from '@gridrace/core';
import { naiveEngine } from '@gridrace/engine-naive';
import { bruteForceNonogram, expectVerified, nonogramCaseArbitrary, solutionKeys } from '@gridrace/testkit';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { z3Engine, z3PrefixEngine } from '../src/index.js';

/**
 * Ask naive for every solution (small puzzles have at most a few hundred), then the engine
 * for `maxSolutions`: the same verdict, and the engine's solutions are naive's when naive
 * found no more than that, or that many of naive's when it found more.
 */
async function expectSameAsNaive(engine: Engine<'nonogram'>, puzzle: NonogramPuzzle, maxSolutions: number): Promise<SolveResult> {
  const all = await naiveEngine.solve(puzzle, { maxSolutions: 1000 });
  expect(all.verdict, 'naive enumerated every solution').not.toBe('incomplete');
  const actual = await engine.solve(puzzle, { maxSolutions });
  expectVerified(puzzle, actual.solutions);
  const expectedKeys = solutionKeys(all.solutions);
  if (all.solutions.length <= maxSolutions) {
    expect(actual.verdict).toBe(all.verdict);
    expect(solutionKeys(actual.solutions)).toEqual(expectedKeys);
  } else {
    expect(actual.verdict).toBe(maxSolutions >= 2 ? 'multiple' : 'incomplete');
    expect(actual.solutions).toHaveLength(maxSolutions);
    expect(solutionKeys(actual.solutions), 'distinct solutions').toHaveLength(maxSolutions);
    for (const key of solutionKeys(actual.solutions)) expect(expectedKeys).toContain(key);
  }
  return actual;
}

describe.each([
  { engine: z3Engine, runs: 100 },
  { engine: z3PrefixEngine, runs: 60 },
])('$engine.name agrees with naive', ({ engine, runs }) => {
  afterAll(() => engine.dispose!());

  it(`random puzzles up to 5x5, maxSolutions 4: same verdict and solutions (${runs} runs)`, async () => {
    await fc.assert(
      fc.asyncProperty(nonogramCaseArbitrary({ maxWidth: 5, maxHeight: 5 }), async (c) => {
        await expectSameAsNaive(engine, c.puzzle, 4);
      }),
      { numRuns: runs },
    );
  });

  it(`contradictory puzzles: none, as naive says (${Math.ceil(runs / 2)} runs)`, async () => {
    await fc.assert(
      fc.asyncProperty(nonogramCaseArbitrary({ maxWidth: 5, maxHeight: 5, sorts: ['contradictory'] }), async (c) => {
        const result = await expectSameAsNaive(engine, c.puzzle, 2);
        expect(result.verdict, c.how).toBe('none');
      }),
      { numRuns: Math.ceil(runs / 2) },
    );
  });

  it(`puzzles with several solutions: multiple, the same solutions up to 20 (${Math.ceil(runs / 2)} runs)`, async () => {
    const several = nonogramCaseArbitrary({ maxWidth: 5, maxHeight: 5, sorts: ['clues', 'givens'] }).filter(
      (c) => bruteForceNonogram(c.puzzle, 2).solutions.length === 2,
    );
    await fc.assert(
      fc.asyncProperty(several, async (c) => {
        const result = await expectSameAsNaive(engine, c.puzzle, 20);
        expect(result.verdict).toBe('multiple');
      }),
      { numRuns: Math.ceil(runs / 2) },
    );
  });

  it('a 2x2 puzzle with exactly two solutions (the diagonals): multiple, both found', async () => {
    const diagonals: NonogramPuzzle = { kind: 'nonogram', width: 2, height: 2, rows: [[1], [1]], columns: [[1], [1]], givens: [], meta: {} };
    const result = await expectSameAsNaive(engine, diagonals, 5);
    expect(result.verdict).toBe('multiple');
    expect(result.solutions).toHaveLength(2);
  });
});
