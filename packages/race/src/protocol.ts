// The messages between the race (parent) and one task's worker thread.
import type { Difficulty, ProcessStats, Puzzle, Solution, StopReason, Verdict } from '@gridrace/core';
import type { ExternalEngineDefinition } from '@gridrace/engine-external';
import type { Clock, TimingOptions } from './types.js';

/** `workerData` of a task's worker. */
export interface WorkerInput {
  readonly engine: string;
  readonly puzzle: Puzzle;
  /** Modules to import after `@gridrace/engines`, to register more engines (URLs or package names). */
  readonly load: readonly string[];
  /**
   * Take the engine from this module (a file URL of a build's `@gridrace/engines`, which
   * exports `getEngine`) instead of this package's own `@gridrace/engines` and `load`: how
   * an A/B race runs another build's engines under the same harness.
   */
  readonly enginesModule?: string;
  /**
   * File URL of the `lazy.js` entry beside `enginesModule`: the engine is loaded through it
   * (its package alone) rather than the whole registry. An A/B race sets it only when both
   * builds have that entry, so both sides load alike.
   */
  readonly enginesLazy?: string;
  /**
   * The engine runs a solver program (an external engine): the worker makes it from this
   * definition and program path, instead of looking the name up.
   */
  readonly external?: { readonly definition: ExternalEngineDefinition; readonly program: string };
  readonly timeLimitMs: number;
  readonly timing: TimingOptions;
  /**
   * The whole task's budget, which the warm-up is planned from (absent: `timing`): a slice of a
   * sliced race warms up as long as the whole task would, so that its timed solves run
   * optimised code.
   */
  readonly warmupFrom?: TimingOptions;
  readonly clock: Clock;
  readonly maxSolutions: number;
}

/** `workerData` of a calibration worker: it only times the calibration workload. */
export interface CalibrationInput {
  readonly clock: Clock;
  readonly samples: number;
  readonly warmup: number;
}

export type CalibrationMessage =
  | { readonly type: 'calibration'; readonly samples: readonly number[] }
  | { readonly type: 'failed'; readonly message: string };

export type WorkerPhase = 'load' | 'init' | 'check' | 'bench';

export type WorkerMessage =
  /** Modules loaded, engine found. */
  | { readonly type: 'ready' }
  /** `init()` done (ms); the checked solve starts now. */
  | { readonly type: 'initialized'; readonly initMs: number }
  /** `init()` done and the first solve returned. */
  | {
      readonly type: 'checked';
      readonly initMs: number;
      readonly checkMs: number;
      readonly verdict: Verdict;
      readonly reason?: StopReason;
      readonly message?: string;
      readonly solutions: readonly Solution[];
      readonly counters: Readonly<Record<string, number>>;
      readonly difficulty?: Difficulty;
      /** How long the timed phase should take at most, by the worker's own plan (ms). */
      readonly benchPlanMs: number;
      /** What the solver program cost, for an external engine. */
      readonly process?: ProcessStats;
    }
  /** An external engine started a program in this process group: the parent kills it when the task ends. */
  | { readonly type: 'process'; readonly pgid: number }
  /** That program has ended and its group was killed. */
  | { readonly type: 'process-end'; readonly pgid: number }
  /** Timed samples (ms) of the solve. */
  | {
      readonly type: 'done';
      /** Per-solve times (ms): each sample is one batch of `batch` solves, divided by `batch`. */
      readonly samples: readonly number[];
      readonly batch: number;
      /** Mean wall-clock time per timed solve (ms), whatever the clock of the samples. */
      readonly wallMean: number;
      readonly benchMs: number;
      /** External engines: each timed run's program wall time and its own solve time (ms), when it printed one. */
      readonly processWall?: readonly number[];
      readonly solverMs?: readonly number[];
    }
  | { readonly type: 'failed'; readonly phase: WorkerPhase; readonly message: string };

/** Verdicts that settle the question and are worth timing. */
export const SETTLED: ReadonlySet<Verdict> = new Set(['unique', 'multiple', 'none']);

/** The warm-up's share of a task's timing budget (`benchPlan`; the race's estimate counts it too). */
export const WARMUP_SHARE = 1 / 5;

/**
 * The timed phase's plan from the first solve's time `checkMs`: minimum samples, tinybench's
 * time budget, warm-up (planned from `warmupFrom`, by default the same budget). Kept in one
 * place so the worker and the watchdog agree.
 */
export function benchPlan(timing: TimingOptions, checkMs: number, warmupFrom: TimingOptions = timing): {
  iterations: number;
  timeMs: number;
  warmupIterations: number;
  warmupTimeMs: number;
  budgetMs: number;
} {
  const c = Math.max(checkMs, 0.001);
  if ('iterations' in timing) {
    const warmupIterations = Math.max(1, Math.ceil(('iterations' in warmupFrom ? warmupFrom.iterations : timing.iterations) / 4));
    return { iterations: timing.iterations, timeMs: 0, warmupIterations, warmupTimeMs: 0, budgetMs: (timing.iterations + warmupIterations) * c };
  }
  const t = timing.timeMs;
  // At least two samples (a margin of error needs two), up to five when they fit the budget.
  const iterations = Math.max(2, Math.min(5, Math.floor(t / c)));
  // Warm up for a fifth of the budget, skipped when one solve is longer than the whole budget
  // (the checked solve has already run the code once).
  const w = 'timeMs' in warmupFrom ? warmupFrom.timeMs : t;
  const warm = c < w;
  const warmupTimeMs = warm ? w * WARMUP_SHARE : 0;
  const warmupIterations = warm ? 1 : 0;
  return { iterations, timeMs: t, warmupIterations, warmupTimeMs, budgetMs: Math.max(t, iterations * c) + (warm ? Math.max(warmupTimeMs, c) : 0) };
}

/**
 * The clocks a race can time with (ms). `cpu` is the CPU time of the whole worker process
 * (user + system, all threads): a solve that waits for a core because other programs are busy
 * does not count, which keeps numbers steady on a shared machine. `wall` is elapsed time.
 */
export const CLOCKS: Readonly<Record<Clock, () => number>> = {
  wall: () => performance.now(),
  cpu: () => {
    const u = process.cpuUsage();
    return (u.user + u.system) / 1000;
  },
};

/**
 * Runs of an external engine per task (the checked run included): as many as fit the time budget,
 * at least 3 so a median means something, at most 5; an exact `iterations` is taken as given.
 */
export function externalRuns(timing: TimingOptions, checkMs: number): number {
  if ('iterations' in timing) return timing.iterations;
  return Math.min(5, Math.max(3, Math.floor(timing.timeMs / Math.max(checkMs, 0.001))));
}

/** Solves faster than this (ms) are timed in batches, so a clock tick is small beside a sample. */
export const BATCH_BELOW_MS = 0.2;
/** The length a batch aims at (ms). */
export const BATCH_TARGET_MS = 1;

/** Calibration samples timed per puzzle, in a fresh worker before the puzzle's tasks. */
export const CALIBRATION_SAMPLES = 24;
/** Untimed runs first: the fresh worker's JIT has not seen the workload yet. */
export const CALIBRATION_WARMUP = 8;
