// Colour nonograms: the wasm and bitmask colour engines (one source, two builds), the naive
// reference and testkit's brute-force oracle give the same answers on 2,000 random puzzles up
// to 6x6 in 2 to 4 colours: the clues of a random grid, the same with givens, contradictory
// ones. wasm and bitmask must also agree on their search counters: the same search.
import { naiveColourEngine } from '@gridrace/engine-naive';
import { bitmaskColourEngine } from '@gridrace/engine-bitmask';
import { bruteForceColourNonogram, colourCaseArbitrary, expectSameSolutions, expectWellFormedResult } from '@gridrace/testkit';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { wasmColourEngine } from '../src/index.js';

/** Enough that most small random puzzles are counted in full. */
const CAP = 10;

describe('colour engines agree with each other and with brute force', () => {
  it('2,000 random colour puzzles up to 6x6, 2 to 4 colours, some with givens, some contradictory', async () => {
    const sorts = { clues: 0, givens: 0, contradictory: 0 };
    await fc.assert(
      fc.asyncProperty(colourCaseArbitrary({ maxWidth: 6, maxHeight: 6, minColours: 2, maxColours: 4 }), async (c) => {
        sorts[c.sort]++;
        const oracle = bruteForceColourNonogram(c.puzzle, CAP, 2_000_000);
        expect(oracle.exhausted || oracle.solutions.length === CAP, 'the oracle settled the puzzle').toBe(true);
        const [wasm, bitmask, naive] = await Promise.all([wasmColourEngine, bitmaskColourEngine, naiveColourEngine].map((e) => e.solve(c.puzzle, { maxSolutions: CAP })));
        for (const [name, result] of [['wasm', wasm!], ['bitmask', bitmask!], ['naive', naive!]] as const) {
          expectWellFormedResult(c.puzzle, result, CAP);
          const want = oracle.solutions.length === 0 ? 'none' : oracle.solutions.length === 1 ? 'unique' : oracle.solutions.length < CAP ? 'multiple' : undefined;
          if (want !== undefined) {
            expect(result.verdict, `${name}: ${c.how}`).toBe(want);
            expectSameSolutions(result.solutions, oracle.solutions);
          } else {
            expect(result.solutions, name).toHaveLength(CAP);
          }
        }
        expect(wasm!.stats.counters).toEqual(bitmask!.stats.counters);
      }),
      { numRuns: 2000 },
    );
    // Each sort made up a fair share of the 2,000.
    for (const count of Object.values(sorts)) expect(count).toBeGreaterThan(300);
  }, 600_000);
});
