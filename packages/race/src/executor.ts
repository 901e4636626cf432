// Where a race's tasks run. The local executor runs them here, one at a time, each in a fresh
// isolated worker (a 2-core machine has no core to spare for parallel timing); another
// executor (the queue in @gridrace/queue) runs them on other machines and hands back the same
// records, in any order. The race around it plans, cross-checks and writes the results.
import type { Engine } from '@gridrace/core';
import type { ExternalEngine } from '@gridrace/engine-external';
import type { CorpusPuzzle } from './corpus.js';
import { runCalibration, runIsolated, type TaskOutcome } from './isolate.js';
import type { WorkerInput } from './protocol.js';
import { summarize, type SampleSummary } from './stats.js';
import { slicedRecord, sliceAgain, sliceTiming } from './slices.js';
import type { Clock, MachineRecord, TaskRecord, TimingOptions } from './types.js';

export interface PlannedTask {
  readonly engine: string;
  readonly puzzle: CorpusPuzzle;
}

/** How every task of a race is run. */
export interface TaskSettings {
  readonly timeLimitMs: number;
  readonly timing: TimingOptions;
  readonly clock: Clock;
  readonly memoryMb: number;
  /** Time the calibration workload before each puzzle's tasks. */
  readonly calibration: boolean;
  /** Time each task in this many slices spread over the race (slices.ts). Default 1. */
  readonly slices?: number;
  /** Modules every worker imports to register engines. */
  readonly load: readonly string[];
  readonly graceMs?: number;
  readonly signal?: AbortSignal;
}

/** What an executor tells the race as it goes. */
export interface ExecutorCallbacks {
  /**
   * A task's worker is starting (the local executor; a queue cannot know when a remote one
   * starts). In a sliced race, once per slice: `slice` counts from 1.
   */
  started?(task: PlannedTask, index: number, slice?: number): void;
  /** A task is over; `index` is its place in the plan. Called once per task, in any order. */
  finished(task: PlannedTask, index: number, record: TaskRecord): void;
}

/** What an executor reports when it is done, beyond the records. */
export interface ExecutorReport {
  /** The machines that ran the tasks, when not (only) this one. */
  readonly machines?: readonly MachineRecord[];
  /** Recorded in the results' options: where the tasks were queued (never a password). */
  readonly queue?: string;
  /** Why the executor stopped before every task was done (a lost queue): the results are marked interrupted. */
  readonly stopped?: string;
}

export interface TaskExecutor {
  /**
   * Runs the tasks (engines are this process's registered engines, for what a worker needs to
   * make them). Resolves when every task is finished or the signal stopped the run.
   */
  run(tasks: readonly PlannedTask[], engines: readonly Engine[], settings: TaskSettings, callbacks: ExecutorCallbacks): Promise<ExecutorReport | void>;
}

/**
 * Runs tasks here, one at a time, each in a fresh isolated worker; the calibration before each
 * puzzle's tasks. With slices, every task that settled gets its next slice in each further
 * round through the plan, and is finished after its last.
 */
export const localExecutor: TaskExecutor = {
  async run(tasks, engines, settings, callbacks) {
    const { signal } = settings;
    const slices = settings.slices ?? 1;
    const timing = sliceTiming(settings.timing, slices);
    const outcomes: TaskOutcome[][] = tasks.map(() => []);
    const references: (SampleSummary | string | undefined)[][] = tasks.map(() => []);
    const finished = tasks.map(() => false);
    const finish = (index: number) => {
      finished[index] = true;
      callbacks.finished(tasks[index]!, index, slicedRecord(tasks[index]!, outcomes[index]!, references[index]!));
    };
    // An interrupted sliced race keeps every task's slices that ran to the end: its record's
    // `slices` says how many (the slice the interruption cut short is not among them).
    const interrupted = () => {
      for (let index = 0; index < tasks.length; index++) if (!finished[index] && outcomes[index]!.length > 0) finish(index);
    };
    for (let round = 0; round < slices; round++) {
      // The puzzle's reference: timed in a fresh worker that runs no engine, so whatever an
      // engine does to its own worker (a detached ArrayBuffer, grown WASM memory) cannot change it.
      let reference: SampleSummary | string | undefined;
      let calibrated: CorpusPuzzle | undefined;
      for (let index = 0; index < tasks.length; index++) {
        if (signal?.aborted) return interrupted();
        const task = tasks[index]!;
        if (finished[index]) continue;
        if (settings.calibration && calibrated !== task.puzzle) {
          const c = await runCalibration(settings.clock, signal ? { signal } : {});
          reference = 'samples' in c && c.samples.length > 0 ? summarize(c.samples) : 'message' in c ? c.message : 'calibration: no samples';
          calibrated = task.puzzle;
          if (signal?.aborted) return interrupted();
        }
        callbacks.started?.(task, index, slices > 1 ? round + 1 : undefined);
        const external = externalSpec(engines.find((e) => e.name === task.engine && e.kind === task.puzzle.record.kind));
        const { timeLimitMs, clock, memoryMb, load } = settings;
        const outcome = await runIsolated(
          { engine: task.engine, puzzle: task.puzzle.puzzle, load: [...load], ...(external ? { external } : {}), timeLimitMs, timing, warmupFrom: settings.timing, clock, maxSolutions: 2 },
          { timeLimitMs, memoryMb, ...(settings.graceMs !== undefined ? { graceMs: settings.graceMs } : {}), ...(signal ? { signal } : {}) },
        );
        if (signal?.aborted) return interrupted();
        outcomes[index]!.push(outcome);
        references[index]!.push(reference);
        if (round === slices - 1 || (round === 0 && !sliceAgain(outcome, settings.timing))) finish(index);
      }
    }
  },
};

/** What a worker needs to make an external engine (one made by @gridrace/engine-external), or undefined. */
function externalSpec(engine: Engine | undefined): WorkerInput['external'] {
  const e = engine as Partial<ExternalEngine> | undefined;
  return e?.program !== undefined && e.definition !== undefined ? { definition: e.definition, program: e.program } : undefined;
}
