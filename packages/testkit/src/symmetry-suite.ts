// The suite for engines that use symmetric clues (a second search among the symmetric
// solutions, images of found solutions): answers must stay exactly the brute-force
// oracle's however that search's turns fall, the time limit and the abort signal must hold
// while it has its turn, and webpbn's Knotty (clues that turn by quarter turns, several
// solutions) must come out `multiple`. Only the public Engine contract is used.
import { verify, type Engine } from '@gridrace/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { symmetricNonogramArbitrary } from './arbitraries/nonogram.js';
import { expectSameSolutions, expectWellFormedResult } from './expect.js';
import { bruteForceNonogram } from './oracle-nonogram.js';
import { hasShared, NEEDS_SHARED, readSharedNonogram } from './shared-folder.js';

/** The options both engines with symmetric clues take. */
export interface SymmetryConfig {
  readonly name: string;
  readonly symmetry?: boolean;
  /** Pauses of the main search before the symmetric search's first turn (0: from the first). */
  readonly symmetryAfter?: number;
  readonly strategy?: 'probe' | 'learn';
}

export interface SymmetrySuiteOptions {
  /** The engine as users get it. */
  readonly engine: Engine<'nonogram'>;
  /** Makes the same engine with other options (the suite's variants). */
  readonly create: (config: SymmetryConfig) => Engine<'nonogram'>;
}

const CAP = 30;

export function describeSymmetricClues(options: SymmetrySuiteOptions): void {
  const { engine, create } = options;
  const load = readSharedNonogram;
  // The symmetric search from the first pause, with each strategy; turns of 1, 2, 4, ...
  // pauses (the two searches interleave closely); and no symmetric search at all.
  const early = create({ name: `${engine.name}-symmetric-first`, symmetryAfter: 0 });
  const variants = [
    create({ name: `${engine.name}-symmetric-first-probe`, symmetryAfter: 0, strategy: 'probe' }),
    create({ name: `${engine.name}-symmetric-first-learn`, symmetryAfter: 0, strategy: 'learn' }),
    create({ name: `${engine.name}-short-turns`, symmetryAfter: 1 }),
  ];
  const plain = create({ name: `${engine.name}-no-symmetry`, symmetry: false });

  describe(`${engine.name}: symmetric clues`, () => {
    it('600 random symmetric puzzles up to 7x7: the solutions of the brute-force oracle, however the turns fall', async () => {
      let symmetricRuns = 0;
      await fc.assert(
        fc.asyncProperty(symmetricNonogramArbitrary(7), async ({ sort, puzzle }) => {
          const oracle = bruteForceNonogram(puzzle, CAP);
          expect(oracle.exhausted || oracle.solutions.length === CAP).toBe(true);
          for (const e of [engine, early, ...variants]) {
            const result = await e.solve(puzzle, { maxSolutions: CAP });
            expectWellFormedResult(puzzle, result, CAP);
            if (result.stats.counters.symmetricSearch === 1) symmetricRuns++;
            const label = `${e.name} on a ${sort} symmetric ${puzzle.width}x${puzzle.height}`;
            if (oracle.solutions.length < CAP) {
              expect(result.verdict, label).toBe(oracle.solutions.length === 1 ? 'unique' : 'multiple');
              expectSameSolutions(result.solutions, oracle.solutions);
            } else {
              expect(result.solutions, label).toHaveLength(CAP);
            }
          }
        }),
        { numRuns: 600 },
      );
      // Puzzles that line logic settles never pause; enough others must run the symmetric search.
      // The count moves with the random puzzles (275 to 375 seen): the floor only has to show
      // the symmetric search runs on a good share of them.
      expect(symmetricRuns).toBeGreaterThan(150);
    });

    it('maxSolutions 2 on random symmetric puzzles up to 12x12: the verdicts of the oracle (300 runs)', async () => {
      await fc.assert(
        fc.asyncProperty(symmetricNonogramArbitrary(12), async ({ puzzle }) => {
          const oracle = bruteForceNonogram(puzzle, 2, 2_000_000);
          fc.pre(oracle.exhausted || oracle.solutions.length === 2);
          for (const e of [engine, early]) {
            const result = await e.solve(puzzle, { maxSolutions: 2 });
            expectWellFormedResult(puzzle, result, 2);
            expect(result.verdict, e.name).toBe(oracle.solutions.length === 2 ? 'multiple' : 'unique');
          }
        }),
        { numRuns: 300 },
      );
    });

    it.skipIf(!hasShared)(`the stats say how many symmetries were used and whether the symmetric search ran ${NEEDS_SHARED}`, async () => {
      const puzzle = load('extra/domino-5.non'); // symmetric about the anti-diagonal, unique
      const result = await early.solve(puzzle, { maxSolutions: 2 });
      expect(result.verdict).toBe('unique');
      expect(result.stats.counters.symmetries).toBe(1);
      expect(result.stats.counters.symmetricSearch).toBe(1);
      const without = await plain.solve(puzzle, { maxSolutions: 2 });
      expect(without.verdict).toBe('unique');
      expect(without.stats.counters.symmetries).toBeUndefined();
      expectSameSolutions(result.solutions, without.solutions);
    });

    it.skipIf(!hasShared)(`Knotty (webpbn survey, 40x40, several solutions): multiple, two verified solutions ${NEEDS_SHARED}`, async () => {
      const puzzle = load('webpbn/knotty.nin');
      // The limit only keeps a broken build from hanging the suite; the time is not the test.
      const result = await engine.solve(puzzle, { maxSolutions: 2, timeLimitMs: 120_000 });
      expect(result.verdict).toBe('multiple');
      expect(result.solutions).toHaveLength(2);
      for (const s of result.solutions) expect(verify(puzzle, s)).toEqual({ ok: true });
      expect(result.stats.counters.symmetricSearch).toBe(1);
    }, 150_000);

    it.skipIf(!hasShared)(`the time limit and the abort signal hold while the symmetric search has its turn ${NEEDS_SHARED}`, async () => {
      const puzzle = load('webpbn/knotty.nin');
      let started = performance.now();
      const timed = await early.solve(puzzle, { maxSolutions: 2, timeLimitMs: 100 });
      expect(timed.verdict).toBe('incomplete');
      if (timed.verdict === 'incomplete') expect(timed.reason).toBe('time-limit');
      expect(timed.stats.counters.symmetricSearch).toBe(1);
      expect(performance.now() - started).toBeLessThan(5000);
      const controller = new AbortController();
      setTimeout(() => controller.abort(), 100);
      started = performance.now();
      const aborted = await early.solve(puzzle, { maxSolutions: 2, signal: controller.signal });
      expect(aborted.verdict).toBe('incomplete');
      if (aborted.verdict === 'incomplete') expect(aborted.reason).toBe('aborted');
      expect(performance.now() - started).toBeLessThan(5000);
    });
  });
}
