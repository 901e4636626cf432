// The race: every engine on every puzzle of its kind, one isolated worker per task, tasks
// run one at a time by default (a 2-core machine has no core to spare for parallel timing;
// see executor.ts), or on a queue of other machines. It never prints: progress is a stream of
// events (an EventTarget, like tinybench's Bench).
import { listEngines, UnknownEngineError, type Engine, type PuzzleKind } from '@gridrace/core';
import '@gridrace/engines';
import { crossCheck } from './check.js';
import { shardOf, type CorpusPuzzle } from './corpus.js';
import { collectEnv } from './env.js';
import { TypedEvent } from './events.js';
import { localExecutor, type PlannedTask, type TaskExecutor, type TaskSettings } from './executor.js';
import { MAX_SLICES } from './slices.js';
import { summarizeRun } from './summary.js';
import {
  RESULTS_FORMAT,
  RESULTS_SCHEMA,
  type Disagreement,
  type EngineRecord,
  type RaceEnv,
  type RaceResults,
  type RaceRunOptions,
  type TaskRecord,
  type TimingOptions,
  type Clock,
} from './types.js';

export type { PlannedTask } from './executor.js';

export interface RaceOptions {
  /** The corpus (see `loadCorpus`). */
  readonly puzzles: readonly CorpusPuzzle[];
  /** Engine names; default: every registered engine of a kind the corpus holds. */
  readonly engines?: readonly string[];
  /** Only puzzles (and engines) of this kind. */
  readonly kind?: PuzzleKind;
  /** Per solve, handed to the engine; the watchdog adds a grace period. Default 10 s. */
  readonly timeLimitMs?: number;
  /** tinybench budget per task: a time (default 500 ms) or an exact number of samples. */
  readonly timing?: TimingOptions;
  /** Memory cap per task (MB). Default 2048. */
  readonly memoryMb?: number;
  /** Run only shard k of n (1-based k) of the puzzles. */
  readonly shard?: { readonly index: number; readonly count: number };
  /** What samples measure: `cpu` (default, steady on a busy machine) or `wall`. */
  readonly clock?: Clock;
  /** Time the calibration workload, in a worker of its own, before each puzzle's tasks (used by `compare`). Default true. */
  readonly calibration?: boolean;
  /**
   * Time each task in this many slices that take turns over the race, each a fresh worker with
   * its share of the timing budget (see slices.ts): what lets `race compare` judge two races
   * made apart. Default 1. The local executor only.
   */
  readonly slices?: number;
  /**
   * Modules that register more engines (file URLs or package names). The race imports them in
   * every worker, after `@gridrace/engines`; import them in the calling process too, so that
   * `engines` can name them.
   */
  readonly load?: readonly string[];
  /** What the user named as puzzle sources, recorded in the results. */
  readonly sources?: readonly string[];
  /**
   * Start every engine on every puzzle. By default a puzzle out of an engine's reach
   * (`Engine.reach`: z3 past its model size, naive past its placement cap) is not started and
   * is listed in `notAttempted`, never counted as a failure or a win.
   */
  readonly attemptAll?: boolean;
  /** Grace after a limit before a worker is terminated (ms). Default 2000. */
  readonly graceMs?: number;
  readonly signal?: AbortSignal;
}

/** Event payloads, by event type. */
export interface RaceEventMap {
  /** The plan is made. */
  start: { readonly tasks: readonly PlannedTask[]; readonly env: RaceEnv };
  /** A task's worker is being started; in a sliced race once per slice, `slice` counting from 1. */
  'task-start': { readonly task: PlannedTask; readonly index: number; readonly total: number; readonly slice?: number };
  /** A task is over, whatever its state; `index` is its place in the plan, `done` how many are over (tasks on a queue finish in any order). */
  'task-end': { readonly task: PlannedTask; readonly record: TaskRecord; readonly index: number; readonly total: number; readonly done: number };
  /** The engines disagree on a puzzle, or a solution fails verification. */
  disagreement: { readonly disagreement: Disagreement };
  /** Everything is done. */
  complete: { readonly results: RaceResults };
}

export class RaceEvent<K extends keyof RaceEventMap = keyof RaceEventMap> extends TypedEvent<RaceEventMap, K> {}

export class RaceConfigError extends Error {
  override readonly name = 'RaceConfigError';
}

const DEFAULTS = { timeLimitMs: 10_000, timing: { timeMs: 500 } as TimingOptions, memoryMb: 2048, calibration: true, clock: 'cpu' as Clock };

export class Race extends EventTarget {
  readonly #options: RaceOptions;
  readonly #engines: readonly Engine[];
  readonly #tasks: readonly PlannedTask[];
  readonly #notAttempted: readonly (PlannedTask & { readonly reason: string })[];

  /** Plans the race; throws RaceConfigError for an unknown engine or a wrong option. */
  constructor(options: RaceOptions) {
    super();
    this.#options = options;
    const timing = options.timing ?? DEFAULTS.timing;
    if ('iterations' in timing ? !(Number.isInteger(timing.iterations) && timing.iterations >= 1) : !(timing.timeMs > 0)) {
      throw new RaceConfigError('the timing wants a positive time or a whole number of iterations');
    }
    if (options.clock !== undefined && options.clock !== 'cpu' && options.clock !== 'wall') throw new RaceConfigError(`unknown clock "${String(options.clock)}"; use cpu or wall`);
    if (!((options.timeLimitMs ?? 1) > 0)) throw new RaceConfigError('the time limit must be positive');
    if (!((options.memoryMb ?? DEFAULTS.memoryMb) >= 16)) throw new RaceConfigError('the memory cap must be at least 16 MB');
    const slices = options.slices ?? 1;
    if (!(Number.isInteger(slices) && slices >= 1 && slices <= MAX_SLICES)) throw new RaceConfigError(`the slices must be a whole number from 1 to ${MAX_SLICES}`);
    const puzzles = shardOf(
      options.puzzles.filter((p) => options.kind === undefined || p.record.kind === options.kind),
      options.shard,
    );
    const kinds = new Set(puzzles.map((p) => p.record.kind));
    const registered = listEngines();
    let engines: Engine[];
    if (options.engines && options.engines.length > 0) {
      engines = options.engines.flatMap((name) => {
        const named = registered.filter((e) => e.name === name);
        // Core's error words it (and names the package of a built-in that is not installed).
        if (named.length === 0) throw new RaceConfigError(new UnknownEngineError(name).message);
        // A name may serve several kinds (naive: black and white, and colour): each kind raced.
        const fitting = named.filter((e) => kinds.has(e.kind) && (options.kind === undefined || e.kind === options.kind));
        return fitting.length > 0 ? fitting : named.slice(0, 1);
      });
    } else {
      engines = registered.filter((e) => kinds.has(e.kind) && (options.kind === undefined || e.kind === options.kind));
    }
    this.#engines = engines;
    const tasks: PlannedTask[] = [];
    const skipped: (PlannedTask & { reason: string })[] = [];
    // Puzzle by puzzle, so the engines of one puzzle run close together in time and the
    // cross-check of a puzzle can report as soon as its last engine is done.
    for (const puzzle of puzzles) {
      for (const engine of engines) {
        if (engine.kind !== puzzle.record.kind) continue;
        const reason = options.attemptAll ? undefined : outOfReach(engine, puzzle);
        if (reason !== undefined) skipped.push({ engine: engine.name, puzzle, reason });
        else tasks.push({ engine: engine.name, puzzle });
      }
    }
    this.#tasks = tasks;
    this.#notAttempted = skipped;
  }

  /** The tasks in the order they will run. */
  get tasks(): readonly PlannedTask[] {
    return this.#tasks;
  }

  /** The engine and puzzle pairs that will not be started: out of the engine's reach. */
  get notAttempted(): readonly (PlannedTask & { readonly reason: string })[] {
    return this.#notAttempted;
  }

  /** Typed listeners: `race.addEventListener('task-end', (e) => e.detail.record)`. */
  on<K extends keyof RaceEventMap>(type: K, listener: (event: RaceEvent<K>) => void, options?: Parameters<EventTarget['addEventListener']>[2]): this {
    this.addEventListener(type, listener as (event: Event) => void, options);
    return this;
  }

  #emit<K extends keyof RaceEventMap>(type: K, detail: RaceEventMap[K]): void {
    this.dispatchEvent(new RaceEvent(type, detail));
  }

  /**
   * Runs every task, here by default or with another executor (a queue). Resolves with the
   * results, also when interrupted (`aborted: true`).
   */
  async run(executor: TaskExecutor = localExecutor): Promise<RaceResults> {
    const o = this.#options;
    const startedAt = performance.now();
    const env = collectEnv();
    const settings: TaskSettings = {
      timing: o.timing ?? DEFAULTS.timing,
      timeLimitMs: o.timeLimitMs ?? DEFAULTS.timeLimitMs,
      memoryMb: o.memoryMb ?? DEFAULTS.memoryMb,
      calibration: o.calibration ?? DEFAULTS.calibration,
      ...((o.slices ?? 1) > 1 ? { slices: o.slices } : {}),
      clock: o.clock ?? DEFAULTS.clock,
      load: [...(o.load ?? [])],
      ...(o.graceMs !== undefined ? { graceMs: o.graceMs } : {}),
      ...(o.signal ? { signal: o.signal } : {}),
    };
    this.#emit('start', { tasks: this.#tasks, env });

    const total = this.#tasks.length;
    const byIndex: (TaskRecord | undefined)[] = new Array(total);
    const disagreements: Disagreement[] = [];
    // Each puzzle's planned tasks and the indexes of those finished: a puzzle is cross-checked
    // when its last task is in, whatever the order they finish in, so a disagreement is shown
    // while the race goes on. Its records go in plan order, so the messages do not depend on
    // which worker finished first (and read as `race merge` writes them).
    const taskCount = new Map<CorpusPuzzle, number>();
    for (const t of this.#tasks) taskCount.set(t.puzzle, (taskCount.get(t.puzzle) ?? 0) + 1);
    const finishedOf = new Map<CorpusPuzzle, number[]>();
    let done = 0;
    const report = await executor.run(this.#tasks, this.#engines, settings, {
      started: (task, index, slice) => this.#emit('task-start', { task, index, total, ...(slice !== undefined ? { slice } : {}) }),
      finished: (task, index, record) => {
        if (byIndex[index] !== undefined) return; // once per task
        byIndex[index] = record;
        done++;
        this.#emit('task-end', { task, record, index, total, done });
        const finished = finishedOf.get(task.puzzle) ?? [];
        finished.push(index);
        finishedOf.set(task.puzzle, finished);
        if (finished.length === taskCount.get(task.puzzle)) {
          const mine = finished.sort((a, b) => a - b).map((i) => byIndex[i]!);
          for (const d of crossCheck(task.puzzle.record, mine)) {
            disagreements.push(d);
            this.#emit('disagreement', { disagreement: d });
          }
        }
      },
    });
    const records = byIndex.filter((r): r is TaskRecord => r !== undefined);

    const puzzleIds = new Set(records.map((r) => r.puzzle));
    const options: RaceRunOptions = {
      engines: this.#engines.map((e) => e.name),
      puzzles: [...(o.sources ?? [])],
      ...(o.kind ? { kind: o.kind } : {}),
      timeLimitMs: settings.timeLimitMs,
      timing: settings.timing,
      clock: settings.clock,
      memoryMb: settings.memoryMb,
      ...(o.shard ? { shard: `${o.shard.index}/${o.shard.count}` } : {}),
      calibration: settings.calibration,
      ...(settings.slices !== undefined ? { slices: settings.slices } : {}),
      load: [...settings.load],
      ...(o.attemptAll ? { attemptAll: true } : {}),
      ...(report?.queue !== undefined ? { queue: report.queue } : {}),
    };
    // An interrupted race lists only the puzzles it reached.
    const aborted = o.signal?.aborted === true || report?.stopped !== undefined;
    const reached = (id: string) => !aborted || puzzleIds.has(id);
    const notAttempted = this.#notAttempted.filter((n) => reached(n.puzzle.record.id)).map((n) => ({ engine: n.engine, puzzle: n.puzzle.record.id, reason: n.reason }));
    for (const n of notAttempted) puzzleIds.add(n.puzzle);
    const planned = [...this.#tasks, ...this.#notAttempted];
    const results: RaceResults = {
      schema: RESULTS_SCHEMA,
      format: RESULTS_FORMAT,
      env,
      options,
      engines: this.#engines.map((e): EngineRecord => ({ name: e.name, kind: e.kind, description: e.description, ...(e.program !== undefined ? { program: e.program } : {}) })),
      puzzles: planned.map((t) => t.puzzle.record).filter((p, i, all) => puzzleIds.has(p.id) && all.findIndex((q) => q.id === p.id) === i),
      tasks: records,
      disagreements,
      summary: summarizeRun(records, disagreements.length, performance.now() - startedAt),
      ...(aborted ? { aborted: true } : {}),
      ...(notAttempted.length > 0 ? { notAttempted } : {}),
      ...(report?.machines && report.machines.length > 0 ? { machines: report.machines } : {}),
    };
    this.#emit('complete', { results });
    return results;
  }
}

/** The engine's own reason the puzzle is out of its reach, or undefined; a reach that throws counts as within reach (the solve will say what is wrong). */
function outOfReach(engine: Engine, puzzle: CorpusPuzzle): string | undefined {
  try {
    const reason = engine.reach?.(puzzle.puzzle as never);
    return typeof reason === 'string' && reason !== '' ? reason : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Import modules that register extra engines (file URLs or package names) in this process;
 * pass the same list as `load` so every worker imports them too.
 */
export async function loadEngineModules(specifiers: readonly string[]): Promise<void> {
  for (const specifier of specifiers) await import(specifier);
}
