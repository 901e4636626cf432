// The search's seed: the same seed takes the same path (same counters, same solutions in the
// same order), other seeds take other paths, and no seed changes a verdict (the conformance
// suite, against the brute-force oracle, for a seeded engine of each strategy).
import { verify, type NonogramPuzzle } from '@gridrace/core';
import { describeEngineConformance, permutationNonogram, solutionKeys } from '@gridrace/testkit';
import { describe, expect, it } from 'vitest';
import { createBitmaskEngine } from '../src/index.js';

describeEngineConformance(createBitmaskEngine({ name: 'bitmask-seeded-learn', strategy: 'learn', seed: 7 }), { numRuns: 60 });
describeEngineConformance(createBitmaskEngine({ name: 'bitmask-seeded-probe', strategy: 'probe', seed: -3 }), { numRuns: 60 });

/** Three of the 10! permutation matrices: no line logic applies, so every choice is the search's. */
const puzzle: NonogramPuzzle = permutationNonogram(10);

async function run(seed: number, strategy: 'learn' | 'probe') {
  const result = await createBitmaskEngine({ seed, strategy }).solve(puzzle, { maxSolutions: 3 });
  expect(result.verdict).toBe('multiple');
  for (const solution of result.solutions) expect(verify(puzzle, solution).ok).toBe(true);
  return { keys: solutionKeys(result.solutions), counters: result.stats.counters };
}

describe('seed', () => {
  for (const strategy of ['learn', 'probe'] as const) {
    it(`${strategy}: the same seed gives the same run, other seeds other paths`, async () => {
      const paths = new Set<string>();
      for (const seed of [0, 1, 2, 3, 4, 5]) {
        const first = await run(seed, strategy);
        const again = await run(seed, strategy);
        expect(again).toEqual(first);
        expect(new Set(first.keys).size).toBe(3);
        paths.add(first.keys.join('|'));
      }
      expect(paths.size).toBeGreaterThan(1);
    });
  }

  it('refuses a seed that is not a 31-bit integer', () => {
    expect(() => createBitmaskEngine({ seed: 1.5 })).toThrow(/seed must be an integer/);
    expect(() => createBitmaskEngine({ seed: 2 ** 31 })).toThrow(/seed must be an integer/);
  });
});
