// The race results file (schema 1) and the shapes around it. One version number for the
// whole document: new optional fields may appear; anything incompatible bumps `schema`.
import type { Difficulty, PuzzleKind, StopReason, Verdict } from '@gridrace/core';
import type { SampleSummary } from './stats.js';

export const RESULTS_SCHEMA = 1;
/** The `format` field of every results file, so a stray JSON file is told apart. */
export const RESULTS_FORMAT = 'gridrace-race-results';
/** The `format` and `schema` of an A/B race's results (`race ab`'s ab.json; the gate's races). */
export const AB_FORMAT = 'gridrace-ab-results';
export const AB_SCHEMA = 1;

/**
 * How a task ended. A union keyed on one field, like tinybench's `state`:
 * - `completed`: the engine returned a verdict (samples exist when it was settled);
 * - `timeout`: the engine reported its time limit, or was stopped by the race's watchdog;
 * - `oom`: the worker ran out of its memory cap;
 * - `errored`: the engine threw, returned nonsense, or the worker died.
 */
export type TaskState = 'completed' | 'timeout' | 'oom' | 'errored';

/** Where the race's own time went for one task (ms, wall clock in the parent). */
export interface TaskOverhead {
  /** From spawning the worker to its `ready` message (thread start + module loading). */
  readonly startMs: number;
  /** Engine `init()` inside the worker (WASM or z3 loading), outside timed solves. */
  readonly initMs: number;
  /** The whole task as the parent saw it, spawn to worker exit. */
  readonly wallMs: number;
  /** wallMs minus the time spent in init, solves and calibration: the race's cost per task. */
  readonly harnessMs: number;
}

export interface TaskRecord {
  readonly engine: string;
  /** The puzzle's id (see PuzzleRecord). */
  readonly puzzle: string;
  readonly state: TaskState;
  /** The engine's verdict from the checked solve; absent when no verdict came back. */
  readonly verdict?: Verdict;
  /** For `incomplete` verdicts. */
  readonly reason?: StopReason;
  /** A human-readable note: the error, the engine's limit message, why the watchdog fired. */
  readonly message?: string;
  /** Every returned solution passed core's verifier (vacuously true with none). */
  readonly verified: boolean;
  /** Number of solutions returned by the checked solve. */
  readonly solutions: number;
  /** A fingerprint of the solutions (sorted), to compare `unique` answers across engines. */
  readonly solutionHash?: string;
  /** The first (checked) solve, wall clock inside the worker. */
  readonly checkMs?: number;
  /** Timed samples of the solve (tinybench, in the run's clock), when the verdict was settled. */
  readonly samples?: SampleSummary;
  /** Solves per sample when they were timed in batches (fast solves); samples are per solve. */
  readonly batch?: number;
  /** Mean wall-clock time per timed solve (ms), also when the samples are CPU time. */
  readonly wallMean?: number;
  /** The calibration workload of the task's puzzle, timed in a worker of its own just before the puzzle's tasks. */
  readonly calibration?: SampleSummary;
  /**
   * A sliced race (`slices` > 1): the median of each slice's samples (ms per solve), in the
   * order they ran. Each slice is a fresh worker with its share of the timing budget, the
   * slices of all tasks taking turns over the race; `samples` then holds every slice's samples.
   */
  readonly slices?: readonly number[];
  /** The same for the puzzle's calibration workload: its median before each slice of the puzzle's tasks. */
  readonly calibrationSlices?: readonly number[];
  readonly counters?: Readonly<Record<string, number>>;
  readonly difficulty?: Difficulty;
  /** An external engine's program, beside its samples (the program's CPU time, or its wall time under the wall clock). */
  readonly process?: ProcessRecord;
  readonly overhead: TaskOverhead;
  /** The machine that ran the task (an id in `RaceResults.machines`), when a queue's workers ran the race. */
  readonly machine?: string;
}

/** A machine that ran tasks of a race for a queue. */
export interface MachineRecord {
  /** The worker's id: host name and process id. */
  readonly id: string;
  readonly host: string;
  readonly cpu: string;
  readonly cores: number;
  readonly memoryMb: number;
  readonly node: string;
  /** Tasks it ran, by engine. */
  readonly tasks: Readonly<Record<string, number>>;
}

/** What running an external engine's program cost, per task. */
export interface ProcessRecord {
  /** The samples are the program's CPU time (false: they are its wall time, under the wall clock or when python3 was missing). */
  readonly cpuMeasured: boolean;
  /** Median wall time of a run, process start-up included (ms). */
  readonly wallMedian: number;
  /** Median of the solve time the program printed itself, without start-up (ms). */
  readonly solverMedian?: number;
  /** CPU time of the program on a 1x1 puzzle: its start-up cost (ms). */
  readonly startupCpuMs?: number;
  /** Wall time of the same 1x1 run (ms). */
  readonly startupWallMs?: number;
  /** Peak resident memory of the checked run (MB). */
  readonly maxRssMb?: number;
}

export interface PuzzleRecord {
  /** Stable id: the file path relative to the working directory, `#n` (1-based) for multi-puzzle files. */
  readonly id: string;
  readonly file: string;
  /** 0-based position in its file. */
  readonly index: number;
  readonly kind: PuzzleKind;
  readonly width: number;
  readonly height: number;
  readonly title?: string;
  /** Hash of what an engine sees (clues, arrows, givens), so compare only pairs the same puzzle. */
  readonly hash: string;
  /** Fingerprint of the solution the file carries (when it verifies): a unique answer must equal it. */
  readonly knownSolution?: string;
}

export interface EngineRecord {
  readonly name: string;
  readonly kind: PuzzleKind;
  readonly description: string;
  /** An external engine: the solver program it runs. */
  readonly program?: string;
}

export interface Disagreement {
  readonly puzzle: string;
  /** One line for humans. */
  readonly message: string;
  /** Each engine's verdict (or state when there was none). */
  readonly verdicts: Readonly<Record<string, string>>;
}

export interface RaceEnv {
  /** CPU model as the OS reports it. */
  readonly cpu: string;
  readonly cores: number;
  readonly memoryMb: number;
  readonly os: string;
  readonly arch: string;
  readonly node: string;
  readonly v8: string;
  /** Versions of the gridrace packages and of tinybench. */
  readonly versions: Readonly<Record<string, string>>;
  /** `git rev-parse HEAD` of the working tree, when there is one. */
  readonly gitSha?: string;
  /** Uncommitted changes in the tree when the race ran. */
  readonly gitDirty?: boolean;
  /** ISO date the race started. */
  readonly date: string;
  /** The 1-minute load average when the race started (a hint about noise). */
  readonly loadAverage: number;
  readonly ci: boolean;
}

/** What the samples measure: CPU time of the worker process (default) or elapsed time. */
export type Clock = 'cpu' | 'wall';

export type TimingOptions = { readonly timeMs: number } | { readonly iterations: number };

export interface RaceRunOptions {
  readonly engines: readonly string[];
  /** What the user passed as puzzle sources (paths, globs). */
  readonly puzzles: readonly string[];
  readonly kind?: PuzzleKind;
  readonly timeLimitMs: number;
  readonly timing: TimingOptions;
  /** The clock of every sample. */
  readonly clock: Clock;
  readonly memoryMb: number;
  /** `k/n`, or absent for a full run. */
  readonly shard?: string;
  readonly calibration: boolean;
  /** Each task timed in this many slices spread over the race (absent: 1, one worker per task). */
  readonly slices?: number;
  /** Extra modules every worker imports to register engines. */
  readonly load: readonly string[];
  /** Every engine was started on every puzzle, out of its reach or not (absent: engines' reach applied). */
  readonly attemptAll?: boolean;
  /** The tasks ran on a queue's workers: the queue's host and name (never its password). */
  readonly queue?: string;
}

export interface RaceSummary {
  readonly tasks: number;
  readonly completed: number;
  readonly timeouts: number;
  readonly ooms: number;
  readonly errors: number;
  readonly disagreements: number;
  /** Tasks whose solutions failed verification. */
  readonly unverified: number;
  /** Median of the per-task harness overhead (ms). */
  readonly harnessMsMedian: number;
  /** Median worker start (spawn to ready) (ms). */
  readonly startMsMedian: number;
  /** Wall clock of the whole race (ms); for merged files the sum over shards. */
  readonly wallMs: number;
}

export interface NotAttempted {
  readonly engine: string;
  /** The puzzle's id. */
  readonly puzzle: string;
  /** Why, in the engine's words. */
  readonly reason: string;
}

export interface RaceResults {
  readonly schema: typeof RESULTS_SCHEMA;
  readonly format: typeof RESULTS_FORMAT;
  readonly env: RaceEnv;
  readonly options: RaceRunOptions;
  readonly engines: readonly EngineRecord[];
  readonly puzzles: readonly PuzzleRecord[];
  readonly tasks: readonly TaskRecord[];
  /** Verdicts that do not agree, solutions that fail verification: the run fails when non-empty. */
  readonly disagreements: readonly Disagreement[];
  readonly summary: RaceSummary;
  /** The run was interrupted; the tasks are those that finished. */
  readonly aborted?: boolean;
  /** Engine and puzzle pairs not started because the puzzle is out of the engine's reach (`Engine.reach`). */
  readonly notAttempted?: readonly NotAttempted[];
  /** The machines a queue's workers ran the tasks on (absent: this machine, `env`). */
  readonly machines?: readonly MachineRecord[];
  /** For merged files: the shards it was made of (`k/n`), with the env of each. */
  readonly shards?: readonly { readonly shard: string; readonly env: RaceEnv }[];
}
