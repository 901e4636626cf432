// A queue worker: pulls jobs (a puzzle and engine names) from the race queue and runs each
// task exactly as a local race does, in a fresh isolated worker thread with the calibration
// before the puzzle, with this machine's own engines only. Delivery is at least once: a job
// whose worker dies goes back on the queue when its lock expires (BullMQ's stalled jobs) and
// fails for good after `maxStalls` such returns, so a task that kills every worker ends as an
// error instead of a loop.
import { hostname } from 'node:os';
import { listEngines, readPuzzle } from '@gridrace/core';
import { collectEnv, localExecutor, puzzleHash, type PlannedTask, type TaskRecord } from '@gridrace/race';
import { Worker, type Job } from 'bullmq';
import { DEFAULT_QUEUE_NAME, type QueueAddress } from './address.js';
import { connect } from './connection.js';
import { jobProblem, jobTaskIndexes, resultProblem, type JobData, type JobResult, type Machine } from './job.js';

export interface QueueWorkerOptions {
  readonly address: QueueAddress;
  /** The queue's name. Default `gridrace`. */
  readonly name?: string;
  /** Modules this worker imported to register engines (already imported in this process): every task's thread imports them too. */
  readonly load?: readonly string[];
  /** How long a job's lock lasts without renewal (ms): a dead worker's job returns to the queue after about this. Default 30 s. */
  readonly lockMs?: number;
  /** How many times a job may come back from a dead worker before it fails. Default 2. */
  readonly maxStalls?: number;
  /** How long to keep trying to reach Redis after it went away (ms). Default 10 s. */
  readonly reconnectMs?: number;
  /** Each job as it finishes (for the worker's log). */
  readonly onJob?: (event: { readonly id: string; readonly puzzle: string; readonly records: readonly TaskRecord[] }) => void;
  /** Stops the worker: the job in progress finishes first (abort `force` to stop it too). */
  readonly signal?: AbortSignal;
  /** Stops the job in progress at once (it goes back on the queue). */
  readonly force?: AbortSignal;
}

/** How a worker ended: stopped when asked, or lost its server (with why). */
export type WorkerEnd = { readonly stopped: true } | { readonly lost: string };

/** This machine as a worker names it in every record. */
export function thisMachine(): Machine {
  const env = collectEnv();
  return { id: `${hostname()}:${process.pid}`, host: hostname(), cpu: env.cpu, cores: env.cores, memoryMb: env.memoryMb, node: env.node };
}

/** A task the worker does not run, as its record: an error with the reason, nothing started. */
function refused(engine: string, puzzle: string, why: string, machine: Machine): TaskRecord {
  return {
    engine,
    puzzle,
    state: 'errored',
    message: `refused by ${machine.id}: ${why}`,
    verified: true,
    solutions: 0,
    overhead: { startMs: 0, initMs: 0, wallMs: 0, harnessMs: 0 },
    machine: machine.id,
  };
}

/** A job's progress: the records of tasks finished on an earlier try (by a worker that died since). */
export function earlierRecords(progress: unknown): JobResult {
  return resultProblem(progress) === undefined ? (progress as JobResult) : { machines: [], records: [] };
}

/**
 * Runs one job's tasks here, but for those `earlier` already holds. Never throws for a task's
 * failure: each task gets a record. `onProgress` is told the records so far after each task.
 */
export async function runJob(
  data: unknown,
  machine: Machine,
  load: readonly string[],
  options: { readonly signal?: AbortSignal; readonly earlier?: JobResult; readonly onProgress?: (sofar: JobResult) => void } = {},
): Promise<JobResult> {
  const problem = jobProblem(data);
  const puzzleId = (data as { record?: { id?: unknown } } | undefined)?.record?.id;
  const puzzleName = typeof puzzleId === 'string' ? puzzleId : '?';
  const refuseAll = (why: string, tasks: readonly { index: number; engine: string }[]): JobResult => ({
    machines: [machine],
    records: tasks.map(({ index, engine }) => ({ index, record: refused(engine, puzzleName, why, machine) })),
  });
  if (problem !== undefined) return refuseAll(problem, jobTaskIndexes(data));
  const job = data as JobData;
  let puzzle;
  try {
    puzzle = readPuzzle(job.puzzle, { format: 'json', file: job.record.id });
  } catch (err) {
    return refuseAll(`its puzzle does not read: ${(err as Error).message}`, job.tasks);
  }
  if (puzzleHash(puzzle) !== job.record.hash || puzzle.kind !== job.record.kind) return refuseAll("its puzzle is not the one its record's fingerprint names", job.tasks);

  // Records from an earlier try count only when made on the same kind of CPU: a puzzle's
  // engines are compared with each other, so they run on one kind of machine.
  const sameCpu = new Set((options.earlier?.machines ?? []).filter((m) => m.cpu === machine.cpu).map((m) => m.id));
  const kept = (options.earlier?.records ?? []).filter((r) => r.record.machine !== undefined && sameCpu.has(r.record.machine));
  const earlier = { machines: (options.earlier?.machines ?? []).filter((m) => sameCpu.has(m.id)), records: kept };
  const done = new Set(earlier.records.map((r) => r.index));
  const records = [...earlier.records];
  const machines = [...earlier.machines.filter((m) => m.id !== machine.id), machine];
  const corpusPuzzle = { puzzle, record: job.record };
  const engines = listEngines().filter((e) => e.kind === puzzle.kind);
  const planned: PlannedTask[] = [];
  const indexes: number[] = [];
  for (const { engine, index } of job.tasks) {
    if (done.has(index)) continue;
    if (engines.some((e) => e.name === engine)) {
      planned.push({ engine, puzzle: corpusPuzzle });
      indexes.push(index);
    } else {
      const why = `no engine "${engine}" for ${puzzle.kind} puzzles here; a worker runs only the engines its own machine registers (built-ins, its --load modules and engines file)`;
      records.push({ index, record: refused(engine, job.record.id, why, machine) });
    }
  }
  const { graceMs, ...settings } = job.settings;
  const { signal } = options;
  await localExecutor.run(planned, engines, { ...settings, ...(graceMs !== undefined ? { graceMs } : {}), load: [...load], ...(signal ? { signal } : {}) }, {
    finished: (_task, i, record) => {
      records.push({ index: indexes[i]!, record: { ...record, machine: machine.id } });
      options.onProgress?.({ machines, records: [...records] });
    },
  });
  if (signal?.aborted) throw new Error('the worker was stopped before the job finished');
  return { machines, records: records.sort((a, b) => a.index - b.index) };
}

/** Pulls and runs jobs until the signal stops it or Redis is lost. */
export async function runQueueWorker(options: QueueWorkerOptions): Promise<WorkerEnd> {
  const machine = thisMachine();
  const lockMs = options.lockMs ?? 30_000;
  const running = new AbortController();
  options.force?.addEventListener('abort', () => running.abort(), { once: true });
  let lost: string | undefined;
  let worker: Worker | undefined;
  const ended = new Promise<WorkerEnd>((resolve) => {
    const onLost = (why: string) => {
      lost ??= why;
      running.abort();
      void worker?.close(true).catch(() => undefined);
      resolve({ lost: lost });
    };
    const connection = connect(options.address, { ...(options.reconnectMs !== undefined ? { reconnectMs: options.reconnectMs } : {}), onLost });
    worker = new Worker(
      options.name ?? DEFAULT_QUEUE_NAME,
      async (job: Job) => {
        // Progress is written after each task: a worker that dies mid-job loses only the task it was running.
        const writes: Promise<unknown>[] = [];
        const result = await runJob(job.data, machine, options.load ?? [], {
          signal: running.signal,
          earlier: earlierRecords(job.progress),
          onProgress: (sofar) => writes.push(job.updateProgress(sofar as unknown as object).catch(() => undefined)),
        });
        await Promise.all(writes);
        options.onJob?.({ id: job.id ?? '?', puzzle: String((job.data as JobData).record?.id ?? '?'), records: result.records.map((r) => r.record) });
        return result;
      },
      { connection, concurrency: 1, lockDuration: lockMs, stalledInterval: lockMs, maxStalledCount: options.maxStalls ?? 2, autorun: true },
    );
    // BullMQ reports connection trouble as errors while ioredis retries; the retry budget decides.
    worker.on('error', () => undefined);
    const stop = () => {
      void worker!
        .close()
        .catch(() => undefined)
        .then(() => {
          connection.disconnect();
          resolve(lost !== undefined ? { lost } : { stopped: true });
        });
    };
    if (options.signal?.aborted) stop();
    else options.signal?.addEventListener('abort', stop, { once: true });
  });
  return ended;
}
