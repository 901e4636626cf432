// The race: every engine on every puzzle of its kind, one isolated worker per task, tasks
// run one at a time (a 2-core machine has no core to spare for parallel timing). It never
// prints: progress is a stream of events (an EventTarget, like tinybench's Bench).
import { verify, listEngines, UnknownEngineError, type Engine, type PuzzleKind } from '@gridrace/core';
import type { ExternalEngine } from '@gridrace/engine-external';
import '@gridrace/engines';
import { answerProblem, crossCheck } from './check.js';
import { shardOf, solutionsHash, type CorpusPuzzle } from './corpus.js';
import { collectEnv } from './env.js';
import { TypedEvent } from './events.js';
import { runCalibration, runIsolated, type TaskOutcome } from './isolate.js';
import type { WorkerInput } from './protocol.js';
import { median, summarize, type SampleSummary } from './stats.js';
import { summarizeRun } from './summary.js';
import {
  RESULTS_FORMAT,
  RESULTS_SCHEMA,
  type Disagreement,
  type EngineRecord,
  type ProcessRecord,
  type RaceEnv,
  type RaceResults,
  type RaceRunOptions,
  type TaskRecord,
  type TimingOptions,
  type Clock,
} from './types.js';

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

export interface PlannedTask {
  readonly engine: string;
  readonly puzzle: CorpusPuzzle;
}

/** Event payloads, by event type. */
export interface RaceEventMap {
  /** The plan is made. */
  start: { readonly tasks: readonly PlannedTask[]; readonly env: RaceEnv };
  /** A task's worker is being started. */
  'task-start': { readonly task: PlannedTask; readonly index: number; readonly total: number };
  /** A task is over, whatever its state. */
  'task-end': { readonly task: PlannedTask; readonly record: TaskRecord; readonly index: number; readonly total: number };
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

  /** Runs every task. Resolves with the results, also when interrupted (`aborted: true`). */
  async run(): Promise<RaceResults> {
    const o = this.#options;
    const startedAt = performance.now();
    const env = collectEnv();
    const timing = o.timing ?? DEFAULTS.timing;
    const timeLimitMs = o.timeLimitMs ?? DEFAULTS.timeLimitMs;
    const memoryMb = o.memoryMb ?? DEFAULTS.memoryMb;
    const calibration = o.calibration ?? DEFAULTS.calibration;
    const clock = o.clock ?? DEFAULTS.clock;
    const load = [...(o.load ?? [])];
    this.#emit('start', { tasks: this.#tasks, env });

    const records: TaskRecord[] = [];
    const disagreements: Disagreement[] = [];
    const total = this.#tasks.length;
    // The puzzle's reference: timed in a fresh worker that runs no engine, so whatever an engine
    // does to its own worker (a detached ArrayBuffer, grown WASM memory) cannot change it.
    let reference: SampleSummary | string | undefined;
    for (let index = 0; index < total; index++) {
      if (o.signal?.aborted) break;
      const task = this.#tasks[index]!;
      if (calibration && (index === 0 || this.#tasks[index - 1]!.puzzle !== task.puzzle)) {
        const c = await runCalibration(clock, o.signal ? { signal: o.signal } : {});
        reference = 'samples' in c && c.samples.length > 0 ? summarize(c.samples) : 'message' in c ? c.message : 'calibration: no samples';
        if (o.signal?.aborted) break;
      }
      this.#emit('task-start', { task, index, total });
      const external = externalSpec(this.#engines.find((e) => e.name === task.engine && e.kind === task.puzzle.record.kind));
      const outcome = await runIsolated(
        { engine: task.engine, puzzle: task.puzzle.puzzle, load, ...(external ? { external } : {}), timeLimitMs, timing, clock, maxSolutions: 2 },
        { timeLimitMs, memoryMb, ...(o.graceMs !== undefined ? { graceMs: o.graceMs } : {}), ...(o.signal ? { signal: o.signal } : {}) },
      );
      if (o.signal?.aborted) break;
      const record = toRecord(task, outcome, reference);
      records.push(record);
      this.#emit('task-end', { task, record, index, total });
      // The puzzle's last task: cross-check now, so a disagreement is shown while the race goes on.
      const next = this.#tasks[index + 1];
      if (next === undefined || next.puzzle !== task.puzzle) {
        for (const d of crossCheck(task.puzzle.record, records)) {
          disagreements.push(d);
          this.#emit('disagreement', { disagreement: d });
        }
      }
    }

    const puzzleIds = new Set(records.map((r) => r.puzzle));
    const options: RaceRunOptions = {
      engines: this.#engines.map((e) => e.name),
      puzzles: [...(o.sources ?? [])],
      ...(o.kind ? { kind: o.kind } : {}),
      timeLimitMs,
      timing,
      clock,
      memoryMb,
      ...(o.shard ? { shard: `${o.shard.index}/${o.shard.count}` } : {}),
      calibration,
      load,
      ...(o.attemptAll ? { attemptAll: true } : {}),
    };
    // An interrupted race lists only the puzzles it reached.
    const reached = (id: string) => !o.signal?.aborted || puzzleIds.has(id);
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
      ...(o.signal?.aborted ? { aborted: true } : {}),
      ...(notAttempted.length > 0 ? { notAttempted } : {}),
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

/** What a worker needs to make an external engine (one made by @gridrace/engine-external), or undefined. */
function externalSpec(engine: Engine | undefined): WorkerInput['external'] {
  const e = engine as Partial<ExternalEngine> | undefined;
  return e?.program !== undefined && e.definition !== undefined ? { definition: e.definition, program: e.program } : undefined;
}

/** The process figures of an external engine's task, from its outcome. */
function processRecord(outcome: TaskOutcome): ProcessRecord | undefined {
  const p = outcome.process;
  if (p === undefined) return undefined;
  const walls = outcome.processWall ?? [p.wallMs];
  return {
    // The worker times a program by its CPU time under the cpu clock, when it could be measured.
    cpuMeasured: outcome.clock === 'cpu' && p.cpuMs !== undefined,
    wallMedian: median(walls),
    ...(outcome.solverMs && outcome.solverMs.length > 0 ? { solverMedian: median(outcome.solverMs) } : p.solverMs !== undefined ? { solverMedian: p.solverMs } : {}),
    ...(p.startupCpuMs !== undefined ? { startupCpuMs: p.startupCpuMs } : {}),
    ...(p.startupWallMs !== undefined ? { startupWallMs: p.startupWallMs } : {}),
    ...(p.maxRssMb !== undefined ? { maxRssMb: p.maxRssMb } : {}),
  };
}

/**
 * The outcome of a worker, with its solutions verified by core's verifier, as a results record.
 * An answer core's contract rules out (a verdict or reason outside it, `unique` without its one
 * verified solution, `multiple` without two distinct verified ones, `none` with solutions) is
 * recorded as `errored`, without the verdict, so it is never timed, counted as settled or
 * written in a shape the results schema refuses. `calibration` is the puzzle's reference
 * (see `runCalibration`), or why it is missing.
 */
export function toRecord(task: PlannedTask, outcome: TaskOutcome, calibration?: SampleSummary | string): TaskRecord {
  const { puzzle } = task.puzzle;
  let verified = true;
  let problem: string | undefined;
  const good = new Set<string>();
  for (const solution of outcome.solutions) {
    let check;
    try {
      check = verify(puzzle, solution);
    } catch (err) {
      check = { ok: false as const, problems: [err instanceof Error ? err.message : String(err)] };
    }
    if (!check.ok) {
      verified = false;
      problem ??= check.problems[0];
    } else good.add(solutionsHash([solution]));
  }
  const impossible =
    outcome.verdict === undefined ? undefined : answerProblem({ verdict: outcome.verdict, reason: outcome.reason, solutions: outcome.solutions.length, good: good.size });
  // Only what the schema allows reaches the file: numeric counters, a known difficulty.
  const counters = outcome.counters ? Object.entries(outcome.counters).filter(([, v]) => typeof v === 'number' && Number.isFinite(v)) : [];
  const dropped = outcome.counters ? Object.keys(outcome.counters).length - counters.length : 0;
  const difficulty = outcome.difficulty !== undefined && ['line', 'probe', 'branch'].includes(outcome.difficulty) ? outcome.difficulty : undefined;
  const message = [
    outcome.message,
    problem && `verification: ${problem}`,
    impossible && `impossible answer: ${impossible}`,
    dropped > 0 && `${dropped} counter(s) dropped (not numbers)`,
    outcome.difficulty !== undefined && difficulty === undefined && `difficulty ${JSON.stringify(outcome.difficulty)} dropped`,
    typeof calibration === 'string' && calibration,
  ]
    .filter(Boolean)
    .join('; ');
  const harness = Math.max(0, outcome.wallMs - outcome.workMs);
  return {
    engine: task.engine,
    puzzle: task.puzzle.record.id,
    state: impossible ? 'errored' : outcome.state,
    ...(outcome.verdict && !impossible ? { verdict: outcome.verdict } : {}),
    ...(outcome.reason && !impossible ? { reason: outcome.reason } : {}),
    ...(message ? { message } : {}),
    verified,
    solutions: outcome.solutions.length,
    ...(outcome.solutions.length > 0 && verified ? { solutionHash: solutionsHash(outcome.solutions) } : {}),
    ...(outcome.checkMs !== undefined ? { checkMs: outcome.checkMs } : {}),
    ...(outcome.samples && outcome.samples.length > 0 && !impossible ? { samples: summarize(outcome.samples) } : {}),
    ...(outcome.batch && outcome.batch > 1 && !impossible ? { batch: outcome.batch } : {}),
    ...(outcome.wallMean && !impossible ? { wallMean: outcome.wallMean } : {}),
    ...(typeof calibration === 'object' ? { calibration } : {}),
    ...(outcome.counters ? { counters: Object.fromEntries(counters) } : {}),
    ...(difficulty ? { difficulty } : {}),
    ...(processRecord(outcome) ? { process: processRecord(outcome)! } : {}),
    overhead: { startMs: outcome.startMs, initMs: outcome.initMs, wallMs: outcome.wallMs, harnessMs: harness },
  };
}

/**
 * Import modules that register extra engines (file URLs or package names) in this process;
 * pass the same list as `load` so every worker imports them too.
 */
export async function loadEngineModules(specifiers: readonly string[]): Promise<void> {
  for (const specifier of specifiers) await import(specifier);
}
