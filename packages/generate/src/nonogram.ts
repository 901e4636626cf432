// The nonogram generator: a seeded random image (noise smoothed into blobs, so it looks like
// a picture and its lines have long blocks), its clues, and an engine that says whether they
// have one solution. When they have several, the image is changed where two solutions differ
// and checked again; Tatham's pattern.c likewise keeps only what its solver can finish.
import {
  EMPTY,
  FILLED,
  nonogramFromSolution,
  type Difficulty,
  type Engine,
  type NonogramPuzzle,
  type NonogramSolution,
  type SolveOptions,
  type SolveResult,
  Random,
} from '@gridrace/core';

export interface GenerateNonogramOptions {
  readonly width: number;
  readonly height: number;
  /** Any number or string; the same seed, options and checking engine give the same puzzle. */
  readonly seed: number | string;
  /** Decides uniqueness (asked for 2 solutions). Use a complete engine such as `bitmask`. */
  readonly checker: Engine<'nonogram'>;
  /** Share of filled cells in the noise before smoothing, 0..1. Default 0.55. */
  readonly density?: number;
  /** Rounds of majority smoothing (3x3 neighbourhood). 0 keeps raw noise. Default 1. */
  readonly smoothing?: number;
  /**
   * `unique` (default): any puzzle with one solution. `branching`: one solution, and the
   * checker needed more than line logic (difficulty `probe` or `branch`, or a `branches`
   * counter above 0), so the puzzle exercises search.
   */
  readonly want?: 'unique' | 'branching';
  /** Repairs (image changes) per image before starting over with a new image. Default 60. */
  readonly maxRepairs?: number;
  /** Fresh images to try before giving up. Default 20. */
  readonly maxAttempts?: number;
  /**
   * Time limit for each check (ms); a check that runs out abandons the image. Default 30000.
   * Such a check makes the result depend on the machine's speed: `stats.timedOut` counts them.
   */
  readonly checkTimeLimitMs?: number;
  /** Stops the whole run: GenerateNonogramError with `stopped` set (there is no partial puzzle to return). */
  readonly signal?: AbortSignal;
}

export interface GenerateNonogramStats {
  /** Images started (1 when the first one worked out). */
  readonly attempts: number;
  /** Image changes made in the successful attempt. */
  readonly repairs: number;
  /** Engine calls over all attempts. */
  readonly checks: number;
  /** Time spent in the engine (ms). */
  readonly solveMs: number;
  readonly filled: number;
  /** Checks that ran out of `checkTimeLimitMs` (0 means the puzzle depends only on seed, options and checker). */
  readonly timedOut: number;
  /** What the checker reported for the final puzzle. */
  readonly difficulty?: Difficulty;
}

export interface GeneratedNonogram {
  /** The puzzle, with its unique solution attached and a title naming size and seed. */
  readonly puzzle: NonogramPuzzle;
  readonly stats: GenerateNonogramStats;
}

export class GenerateNonogramError extends Error {
  override readonly name = 'GenerateNonogramError';
  constructor(
    message: string,
    /** Set when `signal` stopped the run, rather than the attempts running out. */
    readonly stopped?: 'aborted',
  ) {
    super(message);
  }
}

/** Random noise of the given density, smoothed by majority votes: a blobby picture. */
export function randomImage(width: number, height: number, random: Random, density = 0.55, smoothing = 1): Uint8Array {
  let cells = new Uint8Array(width * height);
  for (let i = 0; i < cells.length; i++) cells[i] = random.float() < density ? FILLED : EMPTY;
  for (let round = 0; round < smoothing; round++) {
    const next = new Uint8Array(cells.length);
    for (let r = 0; r < height; r++) {
      for (let c = 0; c < width; c++) {
        let filled = 0;
        let seen = 0;
        for (let dr = -1; dr <= 1; dr++) {
          for (let dc = -1; dc <= 1; dc++) {
            const rr = r + dr;
            const cc = c + dc;
            if (rr < 0 || rr >= height || cc < 0 || cc >= width) continue;
            seen++;
            filled += cells[rr * width + cc]!;
          }
        }
        // Ties keep the cell as it was, so edges do not all drift one way.
        next[r * width + c] = 2 * filled > seen ? FILLED : 2 * filled < seen ? EMPTY : cells[r * width + c]!;
      }
    }
    cells = next;
  }
  return cells;
}

function needsSearch(difficulty: Difficulty | undefined, counters: Readonly<Record<string, number>>): boolean {
  if (difficulty !== undefined) return difficulty !== 'line';
  return (counters.branches ?? 0) > 0;
}

/** What the repair loop needs from a kind of nonogram: a fresh image, its puzzle, and how to change one cell. */
export interface RepairKind<P, S extends { cells: Uint8Array }> {
  readonly width: number;
  readonly height: number;
  /** A fresh image (cell values), drawn from `random`. */
  image(random: Random): Uint8Array;
  /** The puzzle whose clues the image gives. */
  puzzleOf(cells: Uint8Array): P;
  /** A new value for a cell where two solutions differ (`now` is the image's value there). */
  repaired(now: number, random: Random): number;
  readonly checker: { readonly name: string; solve(puzzle: P, options: SolveOptions): Promise<SolveResult<S>> };
}

/** The options both generators share (see GenerateNonogramOptions). */
export type RepairOptions = Pick<GenerateNonogramOptions, 'seed' | 'want' | 'maxRepairs' | 'maxAttempts' | 'checkTimeLimitMs' | 'signal'>;

/**
 * The loop both generators run: an image, its clues, a check for a second solution; where two
 * solutions differ the image changes at one such cell and is checked again, until it is unique
 * (or `maxRepairs` changes, then a fresh image, `maxAttempts` of them). `what` names the puzzle
 * in messages and the random stream (`nonogram`, `colour nonogram in 3 colours`).
 */
export async function uniqueByRepair<P, S extends { cells: Uint8Array }>(
  kind: RepairKind<P, S>,
  options: RepairOptions,
  what: string,
): Promise<{ puzzle: P; stats: Omit<GenerateNonogramStats, 'filled'> & { cells: Uint8Array } }> {
  const { width, height, checker } = kind;
  const maxRepairs = options.maxRepairs ?? 60;
  const maxAttempts = options.maxAttempts ?? 20;
  const timeLimitMs = options.checkTimeLimitMs ?? 30_000;
  const want = options.want ?? 'unique';
  const random = new Random(`${what}:${width}x${height}:${String(options.seed)}`);
  let checks = 0;
  let solveMs = 0;
  let timedOut = 0;
  const { signal } = options;
  const stop = () => new GenerateNonogramError(`stopped (aborted) after ${checks} check(s), before a unique ${width}x${height} ${what} was found`, 'aborted');

  for (let attempt = 1; attempt <= maxAttempts; attempt++) {
    const cells = kind.image(random);
    for (let repairs = 0; repairs <= maxRepairs; repairs++) {
      const puzzle = kind.puzzleOf(Uint8Array.from(cells));
      const t = performance.now();
      if (signal?.aborted) throw stop();
      const result = await checker.solve(puzzle, { maxSolutions: 2, timeLimitMs, ...(signal ? { signal } : {}) });
      solveMs += performance.now() - t;
      checks++;
      if (result.verdict === 'incomplete' && result.reason === 'aborted') throw stop();
      if (result.verdict === 'incomplete' && result.reason === 'time-limit') timedOut++;
      if (result.verdict === 'unique') {
        if (want === 'branching' && !needsSearch(result.stats.difficulty, result.stats.counters)) break;
        return { puzzle, stats: { attempts: attempt, repairs, checks, solveMs, timedOut, cells, ...(result.stats.difficulty ? { difficulty: result.stats.difficulty } : {}) } };
      }
      if (result.verdict !== 'multiple') break; // incomplete (too hard for the limit): new image
      // Change the picture at a cell where two solutions differ: that ambiguity is gone,
      // the clues of one row and one column change, and the next check tells what is left.
      const [a, b] = result.solutions;
      const differing: number[] = [];
      for (let i = 0; i < cells.length; i++) if (a!.cells[i] !== b!.cells[i]) differing.push(i);
      if (differing.length === 0) break;
      const cell = differing[random.int(differing.length)]!;
      cells[cell] = kind.repaired(cells[cell]!, random);
    }
  }
  throw new GenerateNonogramError(
    `no ${want === 'branching' ? 'unique puzzle needing search' : 'unique puzzle'} of ${width}x${height} (${what}) found for seed ${String(options.seed)} ` +
      `in ${maxAttempts} attempt(s) of up to ${maxRepairs} repairs (${checks} checks)`,
  );
}

/** Checks the size, the same way for both generators. */
export function checkSize(width: number, height: number): void {
  if (!Number.isInteger(width) || !Number.isInteger(height) || width < 1 || height < 1) {
    throw new RangeError(`width and height must be positive integers, got ${width}x${height}`);
  }
}

/**
 * Generate a nonogram with exactly one solution (checked by `options.checker`). Throws
 * GenerateNonogramError when no attempt succeeds within the limits.
 */
export async function generateNonogram(options: GenerateNonogramOptions): Promise<GeneratedNonogram> {
  const { width, height, checker } = options;
  checkSize(width, height);
  const density = options.density ?? 0.55;
  if (!(density >= 0 && density <= 1)) throw new RangeError(`density must be within 0..1, got ${density}`);
  const smoothing = options.smoothing ?? 1;
  const want = options.want ?? 'unique';
  const { puzzle, stats } = await uniqueByRepair<NonogramPuzzle, NonogramSolution>(
    {
      width,
      height,
      checker,
      image: (random) => randomImage(width, height, random, density, smoothing),
      puzzleOf: (cells) => nonogramFromSolution({ width, height, cells }),
      repaired: (now) => (now === FILLED ? EMPTY : FILLED),
    },
    options,
    'nonogram',
  );
  const { cells, ...rest } = stats;
  const filled = cells.reduce((sum, v) => sum + v, 0);
  const title = `random ${width}x${height}, seed ${String(options.seed)}${want === 'branching' ? ', needs search' : ''}`;
  return {
    puzzle: { ...puzzle, meta: { title, source: `gridrace generateNonogram (density ${density}, smoothing ${smoothing}, checked by ${checker.name})` } },
    stats: { ...rest, filled },
  };
}
