// Differential: the two engines agree on verdicts and on the full solution sets of
// thousands of random small puzzles, and every solution verifies.
import { DIRECTIONS, verify, type ArrowPathPuzzle, type Direction, type SolveResult } from '@gridrace/core';
import { arrowPathCaseArbitrary, arrowPathFromNumbering, randomAlignedPath, solutionKeys } from '@gridrace/testkit';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { arrowPathDfsEngine, arrowPathEngine, createArrowPathEngine } from '../src/index.js';

const CAP = 300;

async function compare(puzzle: ArrowPathPuzzle): Promise<SolveResult> {
  const dfs = await arrowPathDfsEngine.solve(puzzle, { maxSolutions: CAP });
  const prop = await arrowPathEngine.solve(puzzle, { maxSolutions: CAP });
  expect(prop.verdict).toBe(dfs.verdict);
  for (const s of [...dfs.solutions, ...prop.solutions]) expect(verify(puzzle, s)).toEqual({ ok: true });
  if (dfs.solutions.length < CAP) {
    // Both searches were exhausted: the same solutions.
    expect(solutionKeys(prop.solutions)).toEqual(solutionKeys(dfs.solutions));
  } else {
    expect(prop.solutions.length).toBe(CAP);
    expect(solutionKeys(prop.solutions)).toHaveLength(CAP);
  }
  return prop;
}

/** Fully random arrows (some missing) and random givens: mostly contradictory, sometimes many solutions. */
const randomPuzzle: fc.Arbitrary<ArrowPathPuzzle> = fc
  .record({ width: fc.integer({ min: 1, max: 4 }), height: fc.integer({ min: 1, max: 4 }) })
  .chain(({ width, height }) => {
    const n = width * height;
    return fc.record({
      width: fc.constant(width),
      height: fc.constant(height),
      arrows: fc.array(fc.oneof({ weight: 12, arbitrary: fc.constantFrom<Direction>(...DIRECTIONS) }, { weight: 1, arbitrary: fc.constant(null) }), {
        minLength: n,
        maxLength: n,
      }),
      givens: fc.array(fc.oneof({ weight: 5, arbitrary: fc.constant(0) }, { weight: 1, arbitrary: fc.integer({ min: 1, max: n }) }), {
        minLength: n,
        maxLength: n,
      }),
    });
  })
  .map(({ width, height, arrows, givens }): ArrowPathPuzzle => ({ kind: 'arrowpath', width, height, arrows, givens, meta: {} }));

/** A random aligned path on sides 2 to `maxSide`, with up to `maxGivens` of its numbers given. */
function sparsePath(maxSide: number, maxGivens: number) {
  return fc
    .record({ width: fc.integer({ min: 2, max: maxSide }), height: fc.integer({ min: 2, max: maxSide }), seed: fc.nat() })
    .chain(({ width, height, seed }) =>
      fc.record({
        path: fc.constant(randomAlignedPath(width, height, seed)),
        cells: fc.uniqueArray(fc.integer({ min: 0, max: width * height - 1 }), { maxLength: maxGivens }),
      }),
    );
}

describe('arrowpath and arrowpath-dfs agree', () => {
  it('on random aligned paths with and without givens, solvable and contradictory (2000 runs, up to 5x4)', async () => {
    const verdicts = new Map<string, number>();
    await fc.assert(
      fc.asyncProperty(arrowPathCaseArbitrary({ maxWidth: 5, maxHeight: 4 }), async (c) => {
        const result = await compare(c.puzzle);
        verdicts.set(result.verdict, (verdicts.get(result.verdict) ?? 0) + 1);
        if (c.sort === 'solvable') expect(result.verdict).not.toBe('none');
        else expect(result.verdict).toBe('none');
      }),
      { numRuns: 2000 },
    );
    // The cases cover every verdict the engines can give without a limit.
    expect([...verdicts.keys()].sort()).toEqual(['multiple', 'none', 'unique']);
  });

  it('on random arrows and givens (2000 runs, up to 4x4)', async () => {
    const verdicts = new Map<string, number>();
    await fc.assert(
      fc.asyncProperty(randomPuzzle, async (puzzle) => {
        const result = await compare(puzzle);
        verdicts.set(result.verdict, (verdicts.get(result.verdict) ?? 0) + 1);
      }),
      { numRuns: 2000 },
    );
    expect(verdicts.get('none') ?? 0).toBeGreaterThan(0);
    expect((verdicts.get('unique') ?? 0) + (verdicts.get('multiple') ?? 0)).toBeGreaterThan(0);
  });

  it('on aligned paths with at most three givens, often with several solutions (500 runs, up to 5x5)', async () => {
    let several = 0;
    await fc.assert(
      fc.asyncProperty(sparsePath(5, 3), async ({ path, cells }) => {
        const result = await compare(arrowPathFromNumbering(path, cells));
        expect(result.verdict).not.toBe('none');
        if (result.verdict === 'multiple') several++;
      }),
      { numRuns: 500 },
    );
    expect(several).toBeGreaterThan(100);
  });

  it('with short-gaps deductions (weaker propagation, more search): the same solutions (300 runs, up to 6x6)', async () => {
    const short = createArrowPathEngine({ deductions: 'short-gaps' });
    await fc.assert(
      fc.asyncProperty(sparsePath(6, 6), async ({ path, cells }) => {
        const puzzle = arrowPathFromNumbering(path, cells);
        const weak = await short.solve(puzzle, { maxSolutions: CAP });
        const full = await arrowPathEngine.solve(puzzle, { maxSolutions: CAP });
        expect(weak.verdict).toBe(full.verdict);
        for (const s of weak.solutions) expect(verify(puzzle, s)).toEqual({ ok: true });
        if (full.solutions.length < CAP) expect(solutionKeys(weak.solutions)).toEqual(solutionKeys(full.solutions));
      }),
      { numRuns: 300 },
    );
  });
});
