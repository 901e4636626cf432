// The A/B race: two builds' engines (base and head) on one suite, in one run, under the same
// harness. Every task runs in rounds; in each round its base and head runs are adjacent, in
// an order that flips from task to task and from round to round (ABBA), so drift and a busy
// neighbour hit both sides alike. Each run is a fresh worker, as in the race. The comparison
// of the rounds is in compare.ts (compareAb).
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { PuzzleKind } from '@gridrace/core';
import type { Build } from './builds.js';
import { crossCheck } from './check.js';
import type { CorpusPuzzle } from './corpus.js';
import { collectEnv } from './env.js';
import { TypedEvent } from './events.js';
import { runIsolated } from './isolate.js';
import { quantile } from './stats.js';
import { RaceConfigError, type PlannedTask } from './race.js';
import { toRecord } from './task-record.js';
import { AB_FORMAT, AB_SCHEMA, type Clock, type Disagreement, type EngineRecord, type PuzzleRecord, type RaceEnv, type TaskRecord, type TimingOptions } from './types.js';

export type AbSide = 'base' | 'head';

/** One run of one task on one side. Times in ms, in the run's clock. */
/**
 * One run of an A/B race: the task's record (the type the race writes to results.json) cut
 * to what the verdicts read, with the side, the round and the statistics of its samples.
 */
export interface AbRun extends Pick<TaskRecord, 'state' | 'verdict' | 'reason' | 'message' | 'verified' | 'solutionHash' | 'batch' | 'counters'> {
  readonly side: AbSide;
  /** 1-based. */
  readonly round: number;
  /** Median of the run's timed samples (absent when the verdict was not settled). */
  readonly median?: number;
  /** Their 10th percentile: what `compareAb` uses by default (see there). */
  readonly p10?: number;
  readonly min?: number;
  readonly samples?: number;
  /** The whole run as the parent saw it, spawn to exit. */
  readonly wallMs: number;
}

export interface AbTask {
  readonly engine: string;
  readonly puzzle: string;
  readonly kind: PuzzleKind;
  readonly runs: readonly AbRun[];
}

export interface AbBuildRecord {
  readonly ref: string;
  readonly sha?: string;
  readonly dirty?: boolean;
  readonly engines: readonly EngineRecord[];
}

export interface AbResults {
  readonly format: typeof AB_FORMAT;
  readonly schema: typeof AB_SCHEMA;
  readonly env: RaceEnv;
  readonly options: {
    readonly engines: readonly string[];
    readonly puzzles: readonly string[];
    readonly rounds: number;
    readonly timing: TimingOptions;
    readonly timeLimitMs: number;
    readonly clock: Clock;
    readonly memoryMb: number;
  };
  readonly base: AbBuildRecord;
  readonly head: AbBuildRecord;
  readonly puzzles: readonly PuzzleRecord[];
  readonly tasks: readonly AbTask[];
  /** Wrong or conflicting answers from either side (the A/B race fails on any). */
  readonly disagreements: readonly Disagreement[];
  readonly wallMs: number;
  readonly aborted?: boolean;
}

export interface AbOptions {
  readonly puzzles: readonly CorpusPuzzle[];
  readonly base: Build;
  readonly head: Build;
  /** Engine names; default: every engine both builds register of a kind the puzzles hold. */
  readonly engines?: readonly string[];
  readonly kind?: PuzzleKind;
  /** Rounds of every task (each a base and a head run). Default 8. */
  readonly rounds?: number;
  /** tinybench budget per run. Default 150 ms. */
  readonly timing?: TimingOptions;
  readonly timeLimitMs?: number;
  readonly memoryMb?: number;
  readonly clock?: Clock;
  readonly graceMs?: number;
  readonly sources?: readonly string[];
  readonly signal?: AbortSignal;
}

/** Event payloads of an A/B race. */
export interface AbEventMap {
  start: { readonly tasks: readonly PlannedTask[]; readonly rounds: number; readonly runs: number; readonly env: RaceEnv };
  'run-end': { readonly task: PlannedTask; readonly run: AbRun; readonly index: number; readonly total: number };
  disagreement: { readonly disagreement: Disagreement };
}

export class AbEvent<K extends keyof AbEventMap = keyof AbEventMap> extends TypedEvent<AbEventMap, K> {}

/**
 * The engines a build registers, read from its own `@gridrace/engines` in a worker thread of
 * its own: core's registry is one per thread, so two builds cannot be loaded side by side.
 */
export function buildEngines(build: Build): Promise<EngineRecord[]> {
  const code = `const { parentPort, workerData } = require('node:worker_threads');
import(workerData).then((m) => parentPort.postMessage(m.listEngines().map((e) => ({ name: e.name, kind: e.kind, description: e.description }))));`;
  return new Promise((resolve, reject) => {
    const worker = new Worker(code, { eval: true, workerData: build.enginesModule, execArgv: [], stdout: true });
    worker.once('message', (engines: EngineRecord[]) => {
      resolve(engines);
      void worker.terminate();
    });
    worker.once('error', (err) => reject(new RaceConfigError(`${build.ref}: cannot load its engines (${err.message})`)));
    worker.once('exit', (code) => reject(new RaceConfigError(`${build.ref}: loading its engines ended with exit code ${code}`)));
  });
}

/**
 * The `lazy.js` entry beside a build's `@gridrace/engines` (its file URL), when the build has
 * one: it loads one engine's package instead of all of them (a worker then starts in about
 * 95 ms instead of 130-150).
 */
function lazyEntry(build: Build): string | undefined {
  const url = new URL('./lazy.js', build.enginesModule);
  return url.protocol === 'file:' && existsSync(fileURLToPath(url)) ? url.href : undefined;
}

/** The fields of `o` that are set (results files leave out what is absent, never write undefined). */
function definedOnly<T extends object>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined && v !== '')) as Partial<T>;
}

const timedRun = (run: AbRun | undefined) => run !== undefined && run.state === 'completed' && run.median !== undefined;

/** The ABBA order of a task's two runs in a round (0-based task position, 1-based round). */
export function abOrder(position: number, round: number): readonly [AbSide, AbSide] {
  return (position + round) % 2 === 1 ? ['base', 'head'] : ['head', 'base'];
}

interface PlannedEngines {
  readonly base: EngineRecord[];
  readonly head: EngineRecord[];
  readonly raced: string[];
}

export class AbRace extends EventTarget {
  readonly #options: AbOptions;
  readonly #engines: PlannedEngines;
  readonly #tasks: PlannedTask[];
  /** Each build's engines/lazy entry, when both have one: each worker loads only its engine's package. */
  readonly #lazy: Readonly<Record<AbSide, string>> | undefined;

  private constructor(options: AbOptions, engines: PlannedEngines, tasks: PlannedTask[]) {
    super();
    this.#options = options;
    this.#engines = engines;
    this.#tasks = tasks;
    const base = lazyEntry(options.base);
    const head = lazyEntry(options.head);
    this.#lazy = base !== undefined && head !== undefined ? { base, head } : undefined;
  }

  /** Plans the race; throws RaceConfigError for an engine neither build has, or bad options. */
  static async create(options: AbOptions): Promise<AbRace> {
    const rounds = options.rounds ?? 8;
    if (!Number.isInteger(rounds) || rounds < 2) throw new RaceConfigError('an A/B race needs at least 2 rounds');
    const base = await buildEngines(options.base);
    const head = await buildEngines(options.head);
    const puzzles = options.puzzles.filter((p) => options.kind === undefined || p.record.kind === options.kind);
    const kinds = new Set(puzzles.map((p) => p.record.kind));
    const both = head.filter((e) => base.some((b) => b.name === e.name && b.kind === e.kind));
    let raced: EngineRecord[];
    if (options.engines && options.engines.length > 0) {
      raced = options.engines.flatMap((name) => {
        const named = both.filter((e) => e.name === name);
        if (named.length === 0) {
          const where = head.some((e) => e.name === name) ? 'only in the head build' : base.some((e) => e.name === name) ? 'only in the base build' : 'in neither build';
          throw new RaceConfigError(`engine "${name}" is ${where}; engines of both: ${[...new Set(both.map((e) => e.name))].join(', ') || '(none)'}`);
        }
        const fitting = named.filter((e) => kinds.has(e.kind));
        return fitting.length > 0 ? fitting : named.slice(0, 1);
      });
    } else {
      raced = both.filter((e) => kinds.has(e.kind));
    }
    const tasks: PlannedTask[] = [];
    for (const puzzle of puzzles) for (const e of raced) if (e.kind === puzzle.record.kind) tasks.push({ engine: e.name, puzzle });
    return new AbRace({ ...options, rounds }, { base, head, raced: [...new Set(raced.map((e) => e.name))] }, tasks);
  }

  get tasks(): readonly PlannedTask[] {
    return this.#tasks;
  }

  on<K extends keyof AbEventMap>(type: K, listener: (event: AbEvent<K>) => void): this {
    this.addEventListener(type, listener as (event: Event) => void);
    return this;
  }

  #emit<K extends keyof AbEventMap>(type: K, detail: AbEventMap[K]): void {
    this.dispatchEvent(new AbEvent(type, detail));
  }

  async #runOne(task: PlannedTask, side: AbSide, round: number): Promise<{ run: AbRun; record: TaskRecord }> {
    const o = this.#options;
    const timeLimitMs = o.timeLimitMs ?? 10_000;
    const outcome = await runIsolated(
      {
        engine: task.engine,
        puzzle: task.puzzle.puzzle,
        load: [],
        enginesModule: o[side].enginesModule,
        ...(this.#lazy ? { enginesLazy: this.#lazy[side] } : {}),
        timeLimitMs,
        timing: o.timing ?? { timeMs: 150 },
        clock: o.clock ?? 'cpu',
        maxSolutions: 2,
      },
      { timeLimitMs, memoryMb: o.memoryMb ?? 2048, ...(o.graceMs !== undefined ? { graceMs: o.graceMs } : {}), ...(o.signal ? { signal: o.signal } : {}) },
    );
    const record = toRecord(task, outcome);
    const { state, verdict, reason, message, verified, solutionHash, batch, counters, samples } = record;
    const run: AbRun = {
      side,
      round,
      state,
      verified,
      ...definedOnly({ verdict, reason, message, solutionHash, batch, counters }),
      ...(samples ? { median: samples.median, p10: quantile(samples.samples ?? [samples.median], 0.1), min: samples.min, samples: samples.n } : {}),
      wallMs: record.overhead.wallMs,
    };
    return { run, record: { ...record, engine: `${task.engine}@${side}` } };
  }

  /** Runs every round. Resolves with the results, also when interrupted (`aborted: true`). */
  async run(): Promise<AbResults> {
    const o = this.#options;
    const rounds = o.rounds ?? 8;
    const startedAt = performance.now();
    const env = collectEnv();
    const runs = new Map<PlannedTask, AbRun[]>(this.#tasks.map((t) => [t, []]));
    const disagreements: Disagreement[] = [];
    const disagree = (d: Disagreement) => {
      disagreements.push(d);
      this.#emit('disagreement', { disagreement: d });
    };
    // At most: tasks that are not timed in the first round do not go on.
    const total = rounds * 2 * this.#tasks.length;
    this.#emit('start', { tasks: this.#tasks, rounds, runs: total, env });
    let index = 0;
    let aborted = false;
    const firstRound: TaskRecord[] = [];
    outer: for (let round = 1; round <= rounds; round++) {
      for (let position = 0; position < this.#tasks.length; position++) {
        const task = this.#tasks[position]!;
        const mine = runs.get(task)!;
        if (round > 1 && !(timedRun(mine.find((r) => r.side === 'base')) && timedRun(mine.find((r) => r.side === 'head')))) continue;
        for (const side of abOrder(position, round)) {
          if (o.signal?.aborted) {
            aborted = true;
            break outer;
          }
          const { run, record } = await this.#runOne(task, side, round);
          if (o.signal?.aborted) {
            aborted = true;
            break outer;
          }
          mine.push(run);
          this.#emit('run-end', { task, run, index: index++, total });
          if (round === 1) firstRound.push(record);
          else {
            // Later rounds repeat the first one's answers; a wrong or changed answer is a disagreement.
            const first = mine.find((r) => r.side === side && r.round === 1)!;
            const problem = !run.verified ? 'returned a solution that fails verification' : timedRun(run) && run.verdict !== first.verdict ? `said ${run.verdict}, ${first.verdict} in round 1` : undefined;
            if (problem) disagree({ puzzle: task.puzzle.record.id, message: `${task.engine}@${side} ${problem} (round ${round})`, verdicts: { [`${task.engine}@${side}`]: run.verdict ?? run.state } });
          }
        }
        // The puzzle's last task of the first round: cross-check both builds' answers.
        const next = this.#tasks[position + 1];
        if (round === 1 && (next === undefined || next.puzzle !== task.puzzle)) {
          for (const d of crossCheck(task.puzzle.record, firstRound)) disagree(d);
        }
      }
    }
    const tasks: AbTask[] = this.#tasks.map((t) => ({ engine: t.engine, puzzle: t.puzzle.record.id, kind: t.puzzle.record.kind, runs: runs.get(t)! }));
    const puzzles = this.#tasks.map((t) => t.puzzle.record).filter((p, i, all) => all.findIndex((q) => q.id === p.id) === i);
    const buildRecord = (b: Build, engines: EngineRecord[]): AbBuildRecord => ({ ref: b.ref, ...(b.sha ? { sha: b.sha } : {}), ...(b.dirty !== undefined ? { dirty: b.dirty } : {}), engines });
    return {
      format: AB_FORMAT,
      schema: AB_SCHEMA,
      env,
      options: {
        engines: this.#engines.raced,
        puzzles: [...(o.sources ?? [])],
        rounds,
        timing: o.timing ?? { timeMs: 150 },
        timeLimitMs: o.timeLimitMs ?? 10_000,
        clock: o.clock ?? 'cpu',
        memoryMb: o.memoryMb ?? 2048,
      },
      base: buildRecord(o.base, this.#engines.base),
      head: buildRecord(o.head, this.#engines.head),
      puzzles,
      tasks,
      disagreements,
      wallMs: performance.now() - startedAt,
      ...(aborted ? { aborted: true } : {}),
    };
  }
}
