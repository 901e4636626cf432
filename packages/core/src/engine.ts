import { DEFAULT_MAX_SOLUTIONS, checkMaxSolutions } from './engine-input.js';
import type { PuzzleKind, PuzzleOf, SolutionOf } from './model/puzzle.js';

export { DEFAULT_MAX_SOLUTIONS };

/**
 * The Engine contract: the one thing every solver package implements. A consumer picks
 * an engine by name from the registry and never depends on how it solves.
 */
export interface Engine<K extends PuzzleKind = PuzzleKind> {
  /** Registry key, e.g. `naive`, `bitmask`. */
  readonly name: string;
  /** The puzzle kind this engine solves. */
  readonly kind: K;
  /** One line for `gridrace engines`. */
  readonly description: string;
  /**
   * For engines that run a separate solver program (external engines): the program's path. Such
   * an engine reports the program's CPU time in `stats.process`, and a race times it by that.
   */
  readonly program?: string;
  /**
   * Why this engine would not finish `puzzle` in a race's usual time (z3's models past some
   * size, naive's placements past its cap), or undefined when it is within reach. Cheap: no
   * solving. A race records such a task as "not attempted" instead of starting it; `solve`
   * still takes the puzzle.
   */
  reach?(puzzle: PuzzleOf<K>): string | undefined;
  /** Optional one-time set-up (loading WASM or z3), kept out of timed solves. Idempotent. */
  init?(): Promise<void>;
  /** Optional release of what `init` acquired. */
  dispose?(): Promise<void>;
  /**
   * Solve a puzzle. Never throws for a contradictory puzzle (verdict `none`), a time limit
   * or an abort (verdict `incomplete`); throws only what `checkSolveInput` (run first, by
   * every engine) throws for a puzzle of the wrong kind or shape or a malformed option, and,
   * in an engine that runs a separate program, when that program fails.
   */
  solve(puzzle: PuzzleOf<K>, options?: SolveOptions): Promise<SolveResult<SolutionOf<K>>>;
}

export interface SolveOptions {
  /**
   * Stop after this many solutions. Default 2: enough to tell `unique` from `multiple`.
   * With 1 the engine stops at the first solution and, unless the search happened to be
   * exhausted, reports `incomplete` with reason `solution-limit`.
   */
  maxSolutions?: number;
  /** Abort the solve; the result is `incomplete` with reason `aborted`. */
  signal?: AbortSignal;
  /** Wall-clock limit in milliseconds; the result is `incomplete` with reason `time-limit`. */
  timeLimitMs?: number;
}

export type Verdict = 'unique' | 'multiple' | 'none' | 'incomplete';

/** Why a solve stopped before settling the verdict. */
export type StopReason =
  /** `timeLimitMs` ran out. */
  | 'time-limit'
  /** `signal` was aborted. */
  | 'aborted'
  /** An engine resource cap (memory, placements, nodes); `message` says which. */
  | 'limit'
  /** `maxSolutions` solutions were found before uniqueness could be decided. */
  | 'solution-limit';

/** How much reasoning the solve needed, like pbnsolve's one-word classification. */
export type Difficulty = 'line' | 'probe' | 'branch';

export interface SolveStats {
  /** Wall-clock time of the solve in milliseconds, measured by the engine. */
  readonly timeMs: number;
  /**
   * Named counters. Shared names where they apply: `linesSolved`, `cacheHits`, `probes`,
   * `branches`, `maxDepth`, `nodes`; engine-specific names otherwise.
   */
  readonly counters: Readonly<Record<string, number>>;
  readonly difficulty?: Difficulty;
  /** Set by engines that solve in a separate program (external engines): its cost, seen from outside. */
  readonly process?: ProcessStats;
}

/** What running a separate solver program cost, measured by the engine that ran it. */
export interface ProcessStats {
  /** CPU time (user + system, ms) of the program and the children it waited for; absent when it cannot be measured. */
  readonly cpuMs?: number;
  /** Wall-clock time from starting the program to its exit (ms). */
  readonly wallMs: number;
  /** The solve time the program printed itself (ms), without its start-up, when it prints one. */
  readonly solverMs?: number;
  /** CPU time (ms) of the program on a 1x1 puzzle: what starting it costs, measured once by `init()`. */
  readonly startupCpuMs?: number;
  /** Wall-clock time (ms) of the same 1x1 run: starting it, as elapsed time. */
  readonly startupWallMs?: number;
  /** Peak resident memory of the program (MB), when it can be measured. */
  readonly maxRssMb?: number;
}

interface ResultBase<S> {
  /** Solutions found, at most `maxSolutions`. */
  readonly solutions: readonly S[];
  readonly stats: SolveStats;
}

/** A union keyed on `verdict`: narrow on it before reading `reason`. */
export type SolveResult<S = SolutionOf<PuzzleKind>> =
  | (ResultBase<S> & { readonly verdict: 'unique' })
  | (ResultBase<S> & { readonly verdict: 'multiple' })
  | (ResultBase<S> & { readonly verdict: 'none' })
  | (ResultBase<S> & { readonly verdict: 'incomplete'; readonly reason: StopReason; readonly message?: string });

/**
 * Build the result once a search has stopped. `stopped` is null when the search space
 * was exhausted (so the solution count is exact) or the reason it stopped early.
 */
export function makeResult<S>(
  solutions: readonly S[],
  stopped: StopReason | null,
  stats: SolveStats,
  message?: string,
): SolveResult<S> {
  if (solutions.length >= 2) return { verdict: 'multiple', solutions, stats };
  if (stopped !== null) {
    return message === undefined
      ? { verdict: 'incomplete', reason: stopped, solutions, stats }
      : { verdict: 'incomplete', reason: stopped, message, solutions, stats };
  }
  return solutions.length === 1 ? { verdict: 'unique', solutions, stats } : { verdict: 'none', solutions, stats };
}

/** Reads `maxSolutions` with its default and rejects nonsense early (see `checkSolveOptions`). */
export function resolveMaxSolutions(options: SolveOptions | undefined): number {
  return checkMaxSolutions(options?.maxSolutions);
}
