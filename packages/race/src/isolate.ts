// Runs one task in a fresh worker thread and always gets it back: a watchdog per phase stops
// an engine that ignores its time limit, a heap limit plus a resident-memory watch stop one
// that eats memory, and the thread is terminated (and awaited) before the next task starts.
// The calibration workload gets a fresh worker of its own (`runCalibration`).
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { setLimitTimer, type Difficulty, type ProcessStats, type Solution, type StopReason, type Verdict } from '@gridrace/core';
import { killRun } from '@gridrace/engine-external';
import { childPids, killGroups, treeRssMb } from './process-groups.js';
import { CALIBRATION_SAMPLES, CALIBRATION_WARMUP, SETTLED, type CalibrationInput, type CalibrationMessage, type WorkerInput, type WorkerMessage } from './protocol.js';
import type { Clock, TaskState } from './types.js';

/** A built worker script (`worker.js` by default). Tests run the TypeScript sources, but a thread needs plain JS. */
export function workerScript(name = 'worker.js'): URL {
  const here = new URL(import.meta.url);
  const beside = new URL(`./${name}`, here);
  if (here.pathname.endsWith('.js')) return beside;
  const built = new URL(`../dist/${name}`, here);
  if (!existsSync(fileURLToPath(built))) throw new Error(`the race's worker is not built: run the package build first (${fileURLToPath(built)})`);
  return built;
}

export interface IsolationLimits {
  /** The engine's time limit for one solve (ms); also the base of every watchdog. */
  readonly timeLimitMs: number;
  /** Memory cap (MB): the worker's heap limit and the most its resident memory may grow. */
  readonly memoryMb: number;
  /** Grace after a limit before the watchdog terminates the worker (ms). Default 2000. */
  readonly graceMs?: number;
  /** Budget for loading modules and for `init()` (ms). Default max(30 s, time limit). */
  readonly startMs?: number;
  /** How often the resident memory is sampled (ms). Default 50. */
  readonly memoryPollMs?: number;
  readonly signal?: AbortSignal;
}

/** What came back from a worker, before the race verifies solutions. */
export interface TaskOutcome {
  readonly state: TaskState;
  readonly verdict?: Verdict;
  readonly reason?: StopReason;
  readonly message?: string;
  readonly solutions: readonly Solution[];
  readonly counters?: Readonly<Record<string, number>>;
  readonly difficulty?: Difficulty;
  readonly initMs: number;
  readonly checkMs?: number;
  readonly samples?: readonly number[];
  readonly batch?: number;
  readonly wallMean?: number;
  /** The clock of the samples; an external program's samples are its CPU time only under `cpu`. */
  readonly clock: Clock;
  /** External engines: the checked run's process figures, and each timed run's wall and own solve time (ms). */
  readonly process?: ProcessStats;
  readonly processWall?: readonly number[];
  readonly solverMs?: readonly number[];
  /** Time inside the worker spent in init and solves (ms). */
  readonly workMs: number;
  readonly startMs: number;
  readonly wallMs: number;
  /** The worker was terminated by the watchdog or the memory watch (not a clean finish). */
  readonly killed: boolean;
}

const MB = 1024 * 1024;

/**
 * The parent's Node flags minus export conditions: workers run the built engines (the
 * `default` export condition), even when the parent resolves sources (vitest's `source`).
 */
function workerExecArgv(): string[] {
  const out: string[] = [];
  const argv = process.execArgv;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--conditions' || a === '-C') i++;
    else if (!a.startsWith('--conditions=') && !a.startsWith('-C=')) out.push(a);
  }
  return out;
}

/** Run one task in a fresh worker. Never rejects: every failure is an outcome. */
export function runIsolated(input: WorkerInput, limits: IsolationLimits): Promise<TaskOutcome> {
  const grace = limits.graceMs ?? 2000;
  const startBudget = limits.startMs ?? Math.max(30_000, limits.timeLimitMs);
  const spawnedAt = performance.now();
  const rssBase = process.memoryUsage.rss();
  const childrenBefore = childPids();
  const killNewChildren = () => {
    for (const pid of childPids()) if (!childrenBefore.has(pid)) killRun(pid);
  };

  return new Promise<TaskOutcome>((resolve) => {
    const worker = new Worker(workerScript(), {
      workerData: input,
      execArgv: workerExecArgv(),
      resourceLimits: { maxOldGenerationSizeMb: limits.memoryMb, maxYoungGenerationSizeMb: Math.min(64, Math.max(8, limits.memoryMb / 16)) },
      stdout: true,
      stderr: true,
    });
    // Engines must not print; whatever they do print is kept short for error messages.
    let stderrTail = '';
    worker.stdout.resume();
    worker.stderr.on('data', (chunk: Buffer) => {
      stderrTail = (stderrTail + chunk.toString('utf8')).slice(-2000);
    });

    let startMs = 0;
    let initMs = 0;
    let checkMs: number | undefined;
    let checked: Extract<WorkerMessage, { type: 'checked' }> | undefined;
    let done: Extract<WorkerMessage, { type: 'done' }> | undefined;
    let settled = false;
    let timer: NodeJS.Timeout | undefined;
    // Process groups of solver programs the task started (external engines).
    const groups = new Set<number>();

    const arm = (ms: number, note: string) => {
      if (timer) clearTimeout(timer);
      timer = setLimitTimer(() => finish('timeout', `${note}; stopped by the race after ${((performance.now() - spawnedAt) / 1000).toFixed(1)} s`, true), ms);
    };

    const memoryWatch = setInterval(() => {
      let grown = (process.memoryUsage.rss() - rssBase) / MB;
      for (const pgid of groups) grown += treeRssMb(pgid);
      if (grown > limits.memoryMb) finish('oom', `resident memory grew by ${Math.round(grown)} MB, over the ${limits.memoryMb} MB cap`, true);
    }, limits.memoryPollMs ?? 50);
    memoryWatch.unref();

    const onAbort = () => finish('errored', 'aborted: the race was interrupted', true);
    limits.signal?.addEventListener('abort', onAbort, { once: true });

    function finish(state: TaskState, message: string | undefined, killed: boolean): void {
      if (settled) return;
      settled = true;
      if (timer) clearTimeout(timer);
      clearInterval(memoryWatch);
      limits.signal?.removeEventListener('abort', onAbort);
      killGroups(groups);
      const benchWork = done ? done.benchMs : 0;
      const outcome: TaskOutcome = {
        state,
        clock: input.clock,
        ...(checked ? { verdict: checked.verdict } : {}),
        ...(checked?.reason ? { reason: checked.reason } : {}),
        ...(message ? { message } : {}),
        solutions: checked?.solutions ?? [],
        ...(checked ? { counters: checked.counters } : {}),
        ...(checked?.difficulty ? { difficulty: checked.difficulty } : {}),
        initMs,
        ...(checkMs !== undefined ? { checkMs } : {}),
        ...(done ? { samples: done.samples, batch: done.batch, wallMean: done.wallMean } : {}),
        ...(checked?.process ? { process: checked.process } : {}),
        ...(done?.processWall ? { processWall: done.processWall } : {}),
        ...(done?.solverMs ? { solverMs: done.solverMs } : {}),
        workMs: initMs + (checkMs ?? 0) + benchWork,
        startMs,
        wallMs: 0,
        killed,
      };
      // Wait for the thread to be gone before the next task: no leftovers, memory given back.
      worker
        .terminate()
        .catch(() => undefined)
        .then(() => {
          // A program started between the first kill and the thread's end goes too, and so
          // does any child process an engine started itself.
          killGroups(groups);
          killNewChildren();
          resolve({ ...outcome, wallMs: performance.now() - spawnedAt });
        });
    }

    arm(startBudget, `loading the engine modules took over ${Math.round(startBudget / 1000)} s`);

    worker.on('message', (message: WorkerMessage) => {
      switch (message.type) {
        case 'process':
          groups.add(message.pgid);
          break;
        case 'process-end':
          groups.delete(message.pgid);
          break;
        case 'ready':
          startMs = performance.now() - spawnedAt;
          arm(startBudget, `init() took over ${Math.round(startBudget / 1000)} s`);
          break;
        case 'initialized':
          initMs = message.initMs;
          // The checked solve: the engine's own time limit, plus grace for it to notice.
          arm(limits.timeLimitMs + grace, `no answer within the ${limits.timeLimitMs / 1000} s time limit`);
          break;
        case 'checked': {
          checked = message;
          initMs = message.initMs;
          checkMs = message.checkMs;
          if (message.verdict === 'incomplete' && message.reason === 'time-limit') {
            finish('timeout', `the engine stopped at its ${limits.timeLimitMs / 1000} s time limit`, false);
          } else if (!SETTLED.has(message.verdict)) {
            finish('completed', message.message, false);
          } else {
            // The timed phase: generous, it only has to catch an engine that stopped answering.
            arm(3 * message.benchPlanMs + 2 * limits.timeLimitMs + grace, 'the timed solves did not finish');
          }
          break;
        }
        case 'done':
          done = message;
          finish('completed', undefined, false);
          break;
        case 'failed':
          finish('errored', `${message.phase}: ${message.message}`, false);
          break;
      }
    });
    worker.on('error', (err: Error & { code?: string }) => {
      if (err.code === 'ERR_WORKER_OUT_OF_MEMORY') finish('oom', `the worker ran out of its ${limits.memoryMb} MB heap`, true);
      else finish('errored', `worker error: ${err.message}`, true);
    });
    worker.on('exit', (code) => {
      // An exit before a result: the engine called process.exit or the thread died.
      const tail = stderrTail.trim().split('\n').slice(-3).join(' | ');
      finish('errored', `the worker exited with code ${code} before finishing${tail ? `: ${tail}` : ''}`, false);
    });
  });
}

/** What came back from a calibration worker: the samples (ms), or why there are none. */
export type CalibrationOutcome = { readonly samples: readonly number[] } | { readonly message: string };

/**
 * Time the calibration workload in a fresh worker that runs nothing else, then terminate it
 * (and wait for its exit). Never rejects. `timeoutMs` (default 30 s) only catches a worker
 * that stopped answering: the whole measurement takes a few tens of milliseconds.
 */
export function runCalibration(clock: Clock, options: { readonly timeoutMs?: number; readonly signal?: AbortSignal } = {}): Promise<CalibrationOutcome> {
  const input: CalibrationInput = { clock, samples: CALIBRATION_SAMPLES, warmup: CALIBRATION_WARMUP };
  return new Promise<CalibrationOutcome>((resolve) => {
    const worker = new Worker(workerScript('calibration-worker.js'), { workerData: input, execArgv: workerExecArgv(), stdout: true, stderr: true });
    worker.stdout.resume();
    worker.stderr.resume();
    let settled = false;
    const finish = (outcome: CalibrationOutcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
      worker
        .terminate()
        .catch(() => undefined)
        .then(() => resolve(outcome));
    };
    const timer = setTimeout(() => finish({ message: 'the calibration worker did not answer' }), options.timeoutMs ?? 30_000);
    const onAbort = () => finish({ message: 'aborted: the race was interrupted' });
    if (options.signal?.aborted) onAbort();
    else options.signal?.addEventListener('abort', onAbort, { once: true });
    worker.on('message', (m: CalibrationMessage) => finish(m.type === 'calibration' ? { samples: m.samples } : { message: `calibration: ${m.message}` }));
    worker.on('error', (err: Error) => finish({ message: `calibration worker error: ${err.message}` }));
    worker.on('exit', (code) => finish({ message: `the calibration worker exited with code ${code}` }));
  });
}
