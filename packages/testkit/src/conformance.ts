// The conformance suite every engine runs: only the public Engine contract is used, and
// every answer is checked independently (core's verify, known solutions, brute force).
import { MAX_SOLUTIONS_LIMIT, type Engine, type Puzzle, type PuzzleKind, type PuzzleOf, type SolveOptions, type SolveResult, type Solution } from '@gridrace/core';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { arrowPathCaseArbitrary } from './arbitraries/arrowpath.js';
import { nonogramCaseArbitrary } from './arbitraries/nonogram.js';
import { expectAgreesWithOracle, expectSameSolutions, expectWellFormedResult } from './expect.js';
import { loadSeedPuzzles } from './fixtures.js';
import { expectInputOutcome, inputCasesFor } from './input-contract.js';
import { eastWestArrowPath, permutationColourNonogram, permutationNonogram } from './hard.js';
import { colourCaseArbitrary, colourPalette } from './arbitraries/colour.js';
import { bruteForceColourNonogram } from './oracle-colour.js';
import { bruteForceArrowPath } from './oracle-arrowpath.js';
import type { OracleResult } from './oracle-nonogram.js';
import { bruteForceNonogram } from './oracle-nonogram.js';

export interface ConformanceOptions {
  /** Largest width and height of random puzzles (default 5 for nonograms, 4 for arrow paths). */
  readonly maxRandomSize?: number;
  /** fast-check runs of the main random property (default 300); the others run a fraction. */
  readonly numRuns?: number;
  /**
   * A puzzle this engine cannot finish within a few seconds when asked for MAX_SOLUTIONS_LIMIT solutions
   * (it must have more than that, or a search far too long to finish),
   * for the mid-solve abort and time-limit checks. Default: 30x30 permutation matrices
   * (nonogram) or a 1x40 east-west row (arrow path); both have astronomically many solutions.
   */
  readonly hardPuzzle?: Puzzle;
  /**
   * Seed files (e.g. `mathematica-20x30.json`) this engine is too slow for. Say why in the
   * engine's README. A name that is not a seed file is an error, so a typo cannot hide a puzzle.
   */
  readonly skipSeeds?: readonly string[];
  /** How long a stopped solve may take to return, in ms (default 5000). Liveness, not speed. */
  readonly stopWithinMs?: number;
}

type Case = { readonly puzzle: Puzzle; readonly how: string };

/** The most solutions a solve may ask for: far more than a test waits for on the hard puzzles. */
const MANY = MAX_SOLUTIONS_LIMIT;

/** What the suite needs to know about one puzzle kind. */
interface KindKit {
  readonly defaultSize: number;
  oracle(puzzle: Puzzle, maxSolutions: number): OracleResult<Solution>;
  cases(size: number, contradictoryOnly: boolean): fc.Arbitrary<Case>;
  readonly hard: Puzzle;
  /** A tiny puzzle with a unique solution. */
  readonly tiny: Puzzle;
  /** A small puzzle of the other kind, which the engine must refuse. */
  readonly otherKind: Puzzle;
}

const tinyNonogram: Puzzle = { kind: 'nonogram', width: 2, height: 2, rows: [[2], [1]], columns: [[2], [1]], givens: [], meta: { title: 'tiny' } };
const tinyArrowPath: Puzzle = {
  kind: 'arrowpath',
  width: 2,
  height: 2,
  arrows: ['E', 'SW', 'E', null],
  givens: [0, 0, 0, 0],
  meta: { title: 'tiny' },
};

const tinyColour: Puzzle = {
  kind: 'colour-nonogram',
  width: 2,
  height: 2,
  palette: colourPalette(2),
  rows: [[{ length: 1, colour: 1 }, { length: 1, colour: 2 }], [{ length: 1, colour: 1 }]],
  columns: [[{ length: 2, colour: 1 }], [{ length: 1, colour: 2 }]],
  givens: [],
  meta: { title: 'tiny' },
};

const KITS: Record<PuzzleKind, KindKit> = {
  nonogram: {
    defaultSize: 5,
    oracle: (p, max) => bruteForceNonogram(p as PuzzleOf<'nonogram'>, max),
    cases: (size, contradictoryOnly) =>
      nonogramCaseArbitrary({ maxWidth: size, maxHeight: size, ...(contradictoryOnly ? { sorts: ['contradictory'] } : {}) }),
    hard: permutationNonogram(30),
    tiny: tinyNonogram,
    otherKind: tinyArrowPath,
  },
  'colour-nonogram': {
    defaultSize: 5,
    oracle: (p, max) => bruteForceColourNonogram(p as PuzzleOf<'colour-nonogram'>, max),
    cases: (size, contradictoryOnly) => colourCaseArbitrary({ maxWidth: size, maxHeight: size, ...(contradictoryOnly ? { sorts: ['contradictory'] } : {}) }),
    hard: permutationColourNonogram(30),
    tiny: tinyColour,
    otherKind: tinyNonogram,
  },
  arrowpath: {
    defaultSize: 4,
    oracle: (p, max) => bruteForceArrowPath(p as PuzzleOf<'arrowpath'>, max),
    cases: (size, contradictoryOnly) =>
      arrowPathCaseArbitrary({ maxWidth: size, maxHeight: size, ...(contradictoryOnly ? { sorts: ['contradictory'] } : {}) }),
    hard: eastWestArrowPath(40),
    tiny: tinyArrowPath,
    otherKind: tinyNonogram,
  },
};

/**
 * A solve of a puzzle with astronomically many solutions, asked for MANY of them, came back
 * because of `reason`: verdict `incomplete` with that reason, or `multiple` when it had
 * already found two or more solutions (core's `makeResult` then reports `multiple`, which
 * is settled, rather than the reason).
 */
function expectStoppedEarly(puzzle: Puzzle, result: SolveResult, reason: 'aborted' | 'time-limit'): void {
  expectWellFormedResult(puzzle, result, MANY);
  expect(['incomplete', 'multiple']).toContain(result.verdict);
  if (result.verdict === 'incomplete') expect(result.reason).toBe(reason);
  expect(result.solutions.length).toBeLessThan(MANY);
}

/** Run `solve`, turning a synchronous throw into a rejection. */
function attempt<T>(solve: () => Promise<T>): Promise<T> {
  return Promise.resolve().then(solve);
}

/**
 * Register the conformance suite for `engine` (call it at the top level of a vitest file).
 * It checks seeds, random puzzles against the brute-force oracle, contradictions,
 * `maxSolutions`, abort and time limits, stats and kind checks.
 */
export function describeEngineConformance<K extends PuzzleKind>(engine: Engine<K>, options: ConformanceOptions = {}): void {
  const kit = KITS[engine.kind];
  const size = options.maxRandomSize ?? kit.defaultSize;
  const numRuns = options.numRuns ?? 300;
  const hard = options.hardPuzzle ?? kit.hard;
  const stopWithinMs = options.stopWithinMs ?? 5000;
  const solve = (puzzle: Puzzle, solveOptions?: SolveOptions): Promise<SolveResult> =>
    attempt(() => engine.solve(puzzle as PuzzleOf<K>, solveOptions) as Promise<SolveResult>);

  const seeds = loadSeedPuzzles();
  const skip = new Set(options.skipSeeds ?? []);
  for (const name of skip) {
    if (!seeds.some((s) => s.file === name)) throw new Error(`skipSeeds names ${name}, which is not a seed puzzle (${seeds.map((s) => s.file).join(', ')})`);
  }
  const ownSeeds = seeds.filter((s) => s.puzzle.kind === engine.kind && !skip.has(s.file));

  describe(`engine ${engine.name} (${engine.kind}) conformance`, () => {
    if (engine.init !== undefined) beforeAll(() => engine.init!());
    if (engine.dispose !== undefined) afterAll(() => engine.dispose!());

    // Colour has no seed puzzles: an empty describe would fail the file.
    if (ownSeeds.length > 0) describe('seed puzzles', () => {
      for (const { file, puzzle } of ownSeeds) {
        it(`${file}: unique, verified${puzzle.solution === undefined ? '' : ', equal to the known solution'}`, async () => {
          const result = await solve(puzzle);
          expectWellFormedResult(puzzle, result, 2);
          expect(result.verdict).toBe('unique');
          if (puzzle.solution !== undefined) expectSameSolutions(result.solutions, [puzzle.solution]);
        });
      }
    });

    describe('random puzzles against the brute-force oracle', () => {
      it(`maxSolutions 2: same verdict and solutions (${numRuns} runs, up to ${size}x${size})`, async () => {
        await fc.assert(
          fc.asyncProperty(kit.cases(size, false), async (c) => {
            const result = await solve(c.puzzle, { maxSolutions: 2 });
            expectAgreesWithOracle(c.puzzle, result, kit.oracle(c.puzzle, 3), 2);
          }),
          { numRuns },
        );
      });

      it(`maxSolutions 50: the solution count matches up to the cap (${Math.ceil(numRuns / 3)} runs)`, async () => {
        await fc.assert(
          fc.asyncProperty(kit.cases(size, false), async (c) => {
            const result = await solve(c.puzzle, { maxSolutions: 50 });
            expectAgreesWithOracle(c.puzzle, result, kit.oracle(c.puzzle, 51), 50);
          }),
          { numRuns: Math.ceil(numRuns / 3) },
        );
      });

      it(`contradictory puzzles: verdict none, no solutions (${Math.ceil(numRuns / 3)} runs)`, async () => {
        await fc.assert(
          fc.asyncProperty(kit.cases(size, true), async (c) => {
            const result = await solve(c.puzzle);
            expectWellFormedResult(c.puzzle, result, 2);
            expect(result.verdict, c.how).toBe('none');
            expect(result.solutions).toHaveLength(0);
          }),
          { numRuns: Math.ceil(numRuns / 3) },
        );
      });

      if (engine.kind === 'nonogram') {
        // Readers accept such clues (they are well formed), so every engine must settle them.
        it('row and column totals that differ: verdict none, no solutions', async () => {
          const puzzle: Puzzle = { kind: 'nonogram', width: 3, height: 2, rows: [[2], [1]], columns: [[1], [2], [1]], givens: [], meta: {} };
          const result = await solve(puzzle, { maxSolutions: 2 });
          expectWellFormedResult(puzzle, result, 2);
          expect(result.verdict).toBe('none');
          expect(result.solutions).toHaveLength(0);
        });
      }

      it(`maxSolutions 1 with several solutions: incomplete/solution-limit, one verified solution (${Math.ceil(numRuns / 6)} runs)`, async () => {
        const several = kit.cases(size, false).filter((c) => kit.oracle(c.puzzle, 2).solutions.length === 2);
        await fc.assert(
          fc.asyncProperty(several, async (c) => {
            const result = await solve(c.puzzle, { maxSolutions: 1 });
            expectWellFormedResult(c.puzzle, result, 1);
            expect(result.solutions).toHaveLength(1);
            expect(result.verdict).toBe('incomplete');
            if (result.verdict === 'incomplete') expect(result.reason).toBe('solution-limit');
          }),
          { numRuns: Math.ceil(numRuns / 6) },
        );
      });
    });

    describe('options and limits', () => {
      it('maxSolutions 0, -1, 1.5 and NaN are rejected with a RangeError', async () => {
        for (const maxSolutions of [0, -1, 1.5, Number.NaN]) {
          await expect(solve(kit.tiny, { maxSolutions }), `maxSolutions ${maxSolutions}`).rejects.toThrow(RangeError);
        }
      });

      it('an already-aborted signal: incomplete/aborted before any work', async () => {
        for (const puzzle of [kit.tiny, hard]) {
          const result = await solve(puzzle, { signal: AbortSignal.abort(), maxSolutions: MANY });
          expectWellFormedResult(puzzle, result, MANY);
          expect(result.verdict).toBe('incomplete');
          if (result.verdict === 'incomplete') expect(result.reason).toBe('aborted');
        }
      });

      it('timeLimitMs 0: incomplete/time-limit before any work', async () => {
        for (const puzzle of [kit.tiny, hard]) {
          const result = await solve(puzzle, { timeLimitMs: 0, maxSolutions: MANY });
          expectWellFormedResult(puzzle, result, MANY);
          expect(result.verdict).toBe('incomplete');
          if (result.verdict === 'incomplete') expect(result.reason).toBe('time-limit');
        }
      });

      it(`aborting a long solve after 50 ms: incomplete/aborted within ${stopWithinMs} ms`, async () => {
        const controller = new AbortController();
        let abortedAt = Number.POSITIVE_INFINITY;
        const timer = setTimeout(() => {
          abortedAt = performance.now();
          controller.abort();
        }, 50);
        try {
          const result = await solve(hard, { signal: controller.signal, maxSolutions: MANY });
          const lag = performance.now() - abortedAt;
          expectStoppedEarly(hard, result, 'aborted');
          expect(lag, 'time from abort() to the result').toBeLessThan(stopWithinMs);
        } finally {
          clearTimeout(timer);
        }
      });

      it('a time limit past setTimeout\'s range (30 days) is no limit: a long solve runs until it is aborted', async () => {
        // setTimeout fires a delay over 2^31 - 1 ms at once: an engine that armed such a timer
        // for its limit would answer time-limit within a millisecond.
        const controller = new AbortController();
        const timer = setTimeout(() => controller.abort(), 50);
        try {
          const result = await solve(hard, { timeLimitMs: 30 * 86_400_000, signal: controller.signal, maxSolutions: MANY });
          expectStoppedEarly(hard, result, 'aborted');
        } finally {
          clearTimeout(timer);
        }
      });

      it(`timeLimitMs 50 on a long solve: incomplete/time-limit within ${stopWithinMs} ms`, async () => {
        const start = performance.now();
        const result = await solve(hard, { timeLimitMs: 50, maxSolutions: MANY });
        // Read before the checks, which verify every solution found and are not the engine's time.
        const took = performance.now() - start;
        expectStoppedEarly(hard, result, 'time-limit');
        expect(took).toBeLessThan(50 + stopWithinMs);
      });
    });

    describe('input contract (core checkSolveInput): the same outcome in every engine', () => {
      for (const c of inputCasesFor(engine.kind)) {
        it(c.name, async () => {
          await expectInputOutcome((puzzle, solveOptions) => attempt(() => engine.solve(puzzle as PuzzleOf<K>, solveOptions as SolveOptions) as Promise<SolveResult>), c);
        });
      }
      it('still solves after refusing inputs', async () => {
        expect((await solve(kit.tiny)).verdict).toBe('unique');
      });
    });

    describe('contract', () => {
      it('stats: timeMs is a finite number >= 0, counters are finite numbers', async () => {
        // The smallest seed: the seed tests above solve every one already, and a slow engine
        // (z3-prefix: 2.5 s on GCHQ) need not solve a large one twice.
        const smallest = [...ownSeeds].sort((a, b) => a.puzzle.width * a.puzzle.height - b.puzzle.width * b.puzzle.height).slice(0, 1);
        const puzzles = [kit.tiny, ...smallest.map((s) => s.puzzle)];
        for (const puzzle of puzzles) {
          const result = await solve(puzzle);
          expectWellFormedResult(puzzle, result, 2);
          expect(result.verdict).toBe('unique');
        }
      });

      it(`refuses a puzzle of the other kind (${kit.otherKind.kind})`, async () => {
        await expect(solve(kit.otherKind)).rejects.toThrow();
      });

      it(`says it solves ${engine.kind} puzzles and has a name and description`, () => {
        expect(engine.name).toMatch(/^[a-z0-9][a-z0-9-]*$/);
        expect(engine.description.length).toBeGreaterThan(0);
      });
    });
  });
}
