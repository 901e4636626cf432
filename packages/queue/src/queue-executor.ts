// A race's tasks on a queue: one job per puzzle with every engine raced on it (so each
// puzzle's engines are compared on one machine), added longest predicted first so the slow
// puzzles start early and the pool finishes together. The executor then watches its jobs and
// hands each task's record to the race once, whoever ran it and however often.
import { randomUUID } from 'node:crypto';
import { writePuzzle, type Engine } from '@gridrace/core';
import { schemaProblems, TASK_RECORD_SCHEMA, type ExecutorReport, type MachineRecord, type PlannedTask, type TaskExecutor, type TaskRecord, type TaskSettings } from '@gridrace/race';
import { Job, Queue } from 'bullmq';
import { DEFAULT_QUEUE_NAME, QueueError, type QueueAddress } from './address.js';
import { connect } from './connection.js';
import { JOB_VERSION, resultProblem, type JobData, type JobResult } from './job.js';

export interface QueueExecutorOptions {
  readonly address: QueueAddress;
  /** The queue's name. Default `gridrace`. */
  readonly name?: string;
  /**
   * A task's predicted time (ms), from earlier races, or undefined. Jobs are queued by their
   * predicted time, longest first; puzzles never measured come first, largest first.
   */
  readonly predict?: (engine: string, puzzleHash: string) => number | undefined;
  /** How many times a job whose worker threw is tried. Default 3. */
  readonly tries?: number;
  /** How often the jobs are looked at (ms). Default 250. */
  readonly pollMs?: number;
  /** How long to keep trying to reach Redis after it went away (ms). Default 10 s. */
  readonly reconnectMs?: number;
  /** Told on every look: jobs waiting and running, and workers connected. */
  readonly onStatus?: (status: QueueStatus) => void;
}

export interface QueueStatus {
  readonly jobs: number;
  readonly finished: number;
  readonly workers: number;
}

interface PlannedJob {
  readonly id: string;
  readonly data: JobData;
  readonly tasks: readonly { readonly task: PlannedTask; readonly index: number }[];
  readonly predictedMs: number | undefined;
  readonly cells: number;
}

/** The race's jobs, longest predicted first: measured ones by their time, the rest by size. */
export function planJobs(race: string, tasks: readonly PlannedTask[], settings: TaskSettings, predict?: QueueExecutorOptions['predict']): PlannedJob[] {
  const byPuzzle = new Map<PlannedTask['puzzle'], { task: PlannedTask; index: number }[]>();
  tasks.forEach((task, index) => {
    const list = byPuzzle.get(task.puzzle) ?? [];
    list.push({ task, index });
    byPuzzle.set(task.puzzle, list);
  });
  // A job runs a puzzle's tasks on one machine in one go: slices spread over a race cannot be had.
  if ((settings.slices ?? 1) > 1) throw new RangeError('a race on a queue runs each task once: slices (--slices) need a local race');
  const { timeLimitMs, timing, clock, memoryMb, calibration, graceMs } = settings;
  const jobSettings = { timeLimitMs, timing, clock, memoryMb, calibration, ...(graceMs !== undefined ? { graceMs } : {}) };
  const jobs = [...byPuzzle].map(([puzzle, list], n): PlannedJob => {
    const predictions = list.map(({ task }) => predict?.(task.engine, puzzle.record.hash));
    const known = predictions.every((p) => p !== undefined);
    return {
      id: `${race}-${n}`,
      data: { version: JOB_VERSION, race, puzzle: writePuzzle(puzzle.puzzle, 'json'), record: puzzle.record, tasks: list.map(({ task, index }) => ({ engine: task.engine, index })), settings: jobSettings },
      tasks: list,
      predictedMs: known ? predictions.reduce((a: number, b) => a + (b ?? 0), 0) : undefined,
      cells: puzzle.record.width * puzzle.record.height,
    };
  });
  // Unmeasured puzzles first (they may be the slowest), largest first; then by predicted time.
  return jobs.sort((a, b) => {
    if ((a.predictedMs === undefined) !== (b.predictedMs === undefined)) return a.predictedMs === undefined ? -1 : 1;
    if (a.predictedMs !== undefined && b.predictedMs !== undefined && a.predictedMs !== b.predictedMs) return b.predictedMs - a.predictedMs;
    return b.cells - a.cells;
  });
}

/**
 * How long a finished job stays in Redis (s). The race reads and removes its jobs itself; this
 * only clears the jobs of a race that stopped before reading them (interrupted, or its queue
 * lost), so they do not pile up in a long-lived Redis.
 */
const KEEP_FINISHED_S = 24 * 3600;

/** The record of a task the queue could not run (or whose record came back unusable). */
function failedRecord(task: PlannedTask, why: string): TaskRecord {
  return {
    engine: task.engine,
    puzzle: task.puzzle.record.id,
    state: 'errored' as const,
    message: `failed on the queue: ${why}`,
    verified: true,
    solutions: 0,
    overhead: { startMs: 0, initMs: 0, wallMs: 0, harnessMs: 0 },
  };
}

/**
 * Why a worker's record cannot stand for the task, or undefined: it must be a task record of
 * the results file's schema, for the task's engine and puzzle (a worker that mixed up its
 * tasks, or another version's, must not put its records in the results as this task's).
 */
export function recordProblem(record: unknown, task: PlannedTask): string | undefined {
  const problems = schemaProblems(record, TASK_RECORD_SCHEMA, 'record');
  if (problems.length > 0) return `the worker returned a malformed record (${problems.slice(0, 2).join('; ')})`;
  const r = record as TaskRecord;
  if (r.engine !== task.engine || r.puzzle !== task.puzzle.record.id) {
    return `the worker returned a record of ${r.engine} on ${r.puzzle} for the task of ${task.engine} on ${task.puzzle.record.id}`;
  }
  return undefined;
}

export class QueueExecutor implements TaskExecutor {
  readonly #options: QueueExecutorOptions;
  #stopped: string | undefined;

  /** Why the last run stopped before every task was done (the queue was lost), or undefined. */
  get stopped(): string | undefined {
    return this.#stopped;
  }

  constructor(options: QueueExecutorOptions) {
    this.#options = options;
  }

  async run(tasks: readonly PlannedTask[], _engines: readonly Engine[], settings: TaskSettings, callbacks: Parameters<TaskExecutor['run']>[3]): Promise<ExecutorReport> {
    const o = this.#options;
    const name = o.name ?? DEFAULT_QUEUE_NAME;
    const race = randomUUID().slice(0, 8);
    const jobs = planJobs(race, tasks, settings, o.predict);
    let lost: string | undefined;
    const connection = connect(o.address, {
      ...(o.reconnectMs !== undefined ? { reconnectMs: o.reconnectMs } : {}),
      onLost: (why) => (lost ??= why),
    });
    const queue = new Queue(name, { connection });
    queue.on('error', () => undefined); // the retry budget decides; `lost` says why
    const machines = new Map<string, MachineRecord & { tasks: Record<string, number> }>();
    const pending = new Map(jobs.map((j) => [j.id, j]));
    const why = (err: unknown) => lost ?? `the queue at ${o.address.where} failed: ${(err as Error).message}`;
    let stopped: string | undefined;
    const deliver = (job: PlannedJob, result: JobResult | undefined, why?: string) => {
      pending.delete(job.id);
      const records = new Map((result?.records ?? []).map((r) => [r.index, r.record]));
      const known = new Map((result?.machines ?? []).map((m) => [m.id, m]));
      job.tasks.forEach(({ task, index }) => {
        const returned = records.get(index);
        const problem = returned === undefined ? (why ?? 'the worker returned no record for the task') : recordProblem(returned, task);
        const record = problem === undefined ? returned! : failedRecord(task, problem);
        const machine = record.machine === undefined ? undefined : known.get(record.machine);
        if (machine) {
          const m = machines.get(machine.id) ?? { ...machine, tasks: {} };
          m.tasks[record.engine] = (m.tasks[record.engine] ?? 0) + 1;
          machines.set(machine.id, m);
        }
        callbacks.finished(task, index, record);
      });
    };
    try {
      try {
        await queue.addBulk(jobs.map((j) => ({ name: 'puzzle', data: j.data, opts: { jobId: j.id, attempts: o.tries ?? 3, removeOnComplete: { age: KEEP_FINISHED_S }, removeOnFail: { age: KEEP_FINISHED_S } } })));
      } catch (err) {
        throw new QueueError(`cannot queue the race's tasks: ${why(err)}`);
      }
      while (pending.size > 0 && !settings.signal?.aborted) {
        let states: (Job | undefined)[];
        let workers = 0;
        try {
          if (lost !== undefined) throw new Error(lost);
          // One round trip asks whether each pending job is finished; only those are read whole
          // (a job holds its puzzle's text: reading every pending one each time would cost).
          const ids = [...pending.keys()];
          const pipeline = connection.pipeline();
          for (const id of ids) pipeline.hget(queue.toKey(id), 'finishedOn');
          const answers = (await pipeline.exec()) ?? [];
          const failure = answers.find(([err]) => err);
          if (failure) throw failure[0];
          const finished = ids.filter((_, i) => answers[i]?.[1] != null);
          states = await Promise.all(finished.map((id) => Job.fromId(queue, id)));
          workers = (await queue.getWorkers()).length;
        } catch (err) {
          // What finished is delivered; the rest cannot be known: the race ends interrupted.
          stopped = why(err);
          break;
        }
        for (const job of states) {
          const planned = job?.id !== undefined ? pending.get(job.id) : undefined;
          if (!job || !planned || job.finishedOn === undefined) continue;
          if (job.failedReason && job.returnvalue == null) {
            // A finished job without a value failed for good: its tries are used up. The tasks
            // finished before (its progress) keep their records; the rest are errors.
            const earlier = resultProblem(job.progress) === undefined ? (job.progress as unknown as JobResult) : undefined;
            deliver(planned, earlier, `${job.failedReason} (${job.attemptsMade} tries, ${job.stalledCounter ?? 0} return(s) to the queue from a worker that died)`);
          } else {
            const problem = resultProblem(job.returnvalue);
            deliver(planned, problem ? undefined : (job.returnvalue as JobResult), problem);
          }
        }
        o.onStatus?.({ jobs: jobs.length, finished: jobs.length - pending.size, workers });
        if (pending.size > 0) await new Promise((r) => setTimeout(r, o.pollMs ?? 250));
      }
    } finally {
      // The race's jobs leave the queue, finished or not (an interrupted race's are not run).
      if (stopped === undefined) await Promise.all(jobs.map((j) => queue.remove(j.id).catch(() => 0)));
      // A lost server must not hold the race: closing waits at most a moment.
      await Promise.race([queue.close().catch(() => undefined), new Promise((r) => setTimeout(r, 2000).unref())]);
      connection.disconnect();
    }
    this.#stopped = stopped;
    return { machines: [...machines.values()], queue: `${o.address.where} ${name}`, ...(stopped !== undefined ? { stopped } : {}) };
  }
}
