// Every model option reachable through the factories, checked against the brute-force
// oracle on small random puzzles: the seed's packed single-Int form, the sum-of-if-then-else
// occurrence counts, loose bounds, the general (non-SAT) solver, and the Int block starts.
import { expectAgreesWithOracle, bruteForceNonogram, nonogramCaseArbitrary } from '@gridrace/testkit';
import fc from 'fast-check';
import { afterAll, describe, it } from 'vitest';
import { createZ3Engine, createZ3PrefixEngine } from '../src/index.js';

const variants = [
  createZ3PrefixEngine({ name: 'seed-as-written', form: 'packed', occurrences: 'count', bounds: 'loose', solver: {} }),
  createZ3PrefixEngine({ name: 'split-count-loose', form: 'split', occurrences: 'count', bounds: 'loose', solver: {} }),
  createZ3PrefixEngine({ name: 'packed-stays-tight', form: 'packed', occurrences: 'stays', bounds: 'tight', solver: {} }),
  createZ3PrefixEngine({ name: 'split-stays-loose', form: 'split', occurrences: 'stays', bounds: 'loose', solver: {} }),
  createZ3PrefixEngine({ name: 'split-count-tight-fd', form: 'split', occurrences: 'count', bounds: 'tight', solver: { logic: 'QF_FD' } }),
  createZ3Engine({ name: 'int-starts', encoding: 'starts', solver: {} }),
  createZ3Engine({ name: 'order-smt', encoding: 'order', solver: {} }),
];

describe.each(variants)('variant $name', (engine) => {
  afterAll(() => engine.dispose!());

  it('agrees with the brute-force oracle on random puzzles up to 4x4, maxSolutions 3 (20 runs)', async () => {
    await fc.assert(
      fc.asyncProperty(nonogramCaseArbitrary({ maxWidth: 4, maxHeight: 4 }), async (c) => {
        const result = await engine.solve(c.puzzle, { maxSolutions: 3 });
        expectAgreesWithOracle(c.puzzle, result, bruteForceNonogram(c.puzzle, 4), 3);
      }),
      { numRuns: 20 },
    );
  });
});
