// A race in the page: every engine on every puzzle, one Web Worker per task, one task at a
// time (so tasks do not share the cores they are timed on), each answer verified with core's
// verifier and cross-checked with the race's own rules, written as the same results a race
// on the command line writes (report, compare, merge and history read it unchanged).
import { setLimitTimer, verify, type Puzzle, type Solution } from '@gridrace/core';
import {
  RESULTS_FORMAT,
  RESULTS_SCHEMA,
  answerProblem,
  crossCheck,
  summarize,
  summarizeRun,
  type EngineRecord,
  type PuzzleRecord,
  type RaceResults,
  type TaskRecord,
} from '@gridrace/race/report';
import { findEngine } from './engines.js';
import { puzzleHash, solutionsHash } from './hashes.js';
import type { SolveRequest, WorkerReply } from './protocol.js';

export interface RacePuzzle {
  readonly id: string;
  readonly puzzle: Puzzle;
}

export interface BrowserRaceOptions {
  readonly puzzles: readonly RacePuzzle[];
  readonly engines: readonly string[];
  readonly timeLimitMs: number;
  /** Timed solves after the first; the median of all is the task's time. */
  readonly runs: number;
  readonly maxSolutions?: number;
  /** Stop: the running worker is terminated at once and the race ends with what finished. */
  readonly signal?: AbortSignal;
  readonly makeWorker: () => Worker;
  readonly onTask?: (task: TaskRecord, done: number, total: number) => void;
  readonly onStart?: (engine: string, puzzle: string) => void;
}

export interface BrowserRace {
  readonly results: RaceResults;
  /** Each task's verified solutions, by `engine\npuzzle`. */
  readonly answers: ReadonlyMap<string, readonly Solution[]>;
}

/** A worker past its limit by this much is terminated (the engine should have stopped itself). */
const GRACE_MS = 500;
/** Loading an engine (the WebAssembly compile) gets this long before the task is an error. */
const LOAD_LIMIT_MS = 30_000;

export const answerKey = (engine: string, puzzle: string) => `${engine}\n${puzzle}`;

export async function raceInBrowser(options: BrowserRaceOptions): Promise<BrowserRace> {
  const started = performance.now();
  const maxSolutions = options.maxSolutions ?? 2;
  const plan = options.puzzles.flatMap((p) => options.engines.filter((e) => findEngine(e, p.puzzle.kind)).map((engine) => ({ engine, puzzle: p })));
  const tasks: TaskRecord[] = [];
  const answers = new Map<string, readonly Solution[]>();
  let aborted = false;
  for (const { engine, puzzle } of plan) {
    if (options.signal?.aborted) {
      aborted = true;
      break;
    }
    options.onStart?.(engine, puzzle.id);
    const outcome = await runTask(options, engine, puzzle.puzzle, maxSolutions);
    if (outcome === 'aborted') {
      aborted = true;
      break;
    }
    const record = await toRecord(engine, puzzle, outcome);
    tasks.push(record.task);
    answers.set(answerKey(engine, puzzle.id), record.good);
    options.onTask?.(record.task, tasks.length, plan.length);
  }

  const puzzles: PuzzleRecord[] = await Promise.all(options.puzzles.map(puzzleRecord));
  const disagreements = puzzles.flatMap((p) => crossCheck(p, tasks));
  const kinds = new Set(options.puzzles.map((p) => p.puzzle.kind));
  const engines: EngineRecord[] = options.engines.flatMap((name) =>
    [...kinds].flatMap((kind) => {
      const e = findEngine(name, kind);
      return e ? [{ name, kind, description: e.description }] : [];
    }),
  );
  const results: RaceResults = {
    schema: RESULTS_SCHEMA,
    format: RESULTS_FORMAT,
    env: browserEnv(),
    options: {
      engines: [...options.engines],
      puzzles: options.puzzles.map((p) => p.id),
      timeLimitMs: options.timeLimitMs,
      timing: { iterations: options.runs + 1 },
      clock: 'wall',
      memoryMb: 0,
      calibration: false,
      load: [],
    },
    engines,
    puzzles,
    tasks,
    disagreements,
    summary: summarizeRun(tasks, disagreements.length, performance.now() - started),
    ...(aborted ? { aborted: true } : {}),
  };
  return { results, answers };
}

interface Outcome {
  readonly state: TaskRecord['state'];
  readonly reply?: Extract<WorkerReply, { type: 'done' }>;
  readonly message?: string;
  readonly initMs: number;
  readonly startMs: number;
  readonly wallMs: number;
}

function runTask(options: BrowserRaceOptions, engine: string, puzzle: Puzzle, maxSolutions: number): Promise<Outcome | 'aborted'> {
  return new Promise((resolve) => {
    const spawned = performance.now();
    const worker = options.makeWorker();
    let initMs = 0;
    let startMs = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const end = (result: Outcome | 'aborted') => {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
      worker.terminate();
      resolve(result);
    };
    const onAbort = () => end('aborted');
    const limit = (ms: number, state: Outcome['state'], message: string) => {
      clearTimeout(timer);
      timer = setLimitTimer(() => end({ state, message, initMs, startMs, wallMs: performance.now() - spawned }), ms);
    };
    options.signal?.addEventListener('abort', onAbort, { once: true });
    worker.onmessage = (event: MessageEvent<WorkerReply>) => {
      const reply = event.data;
      if (reply.type === 'ready') {
        initMs = reply.initMs;
        // The worker's start (its thread and the page's modules) is what the ready message took beyond the engine's load.
        startMs = Math.max(0, performance.now() - spawned - initMs);
        // Every solve may take the limit; the engine stops itself there, the page a little later.
        limit((options.runs + 1) * options.timeLimitMs + GRACE_MS, 'timeout', `stopped by the page after ${options.timeLimitMs} ms`);
      } else if (reply.type === 'done') {
        const timedOut = reply.verdict === 'incomplete' && reply.reason === 'time-limit';
        end({ state: timedOut ? 'timeout' : 'completed', reply, initMs, startMs, wallMs: performance.now() - spawned });
      } else if (reply.type === 'error') {
        end({ state: 'errored', message: reply.message, initMs, startMs, wallMs: performance.now() - spawned });
      }
    };
    worker.onerror = (event) => {
      event.preventDefault();
      end({ state: 'errored', message: event.message || 'the worker failed', initMs, startMs, wallMs: performance.now() - spawned });
    };
    limit(LOAD_LIMIT_MS, 'errored', `the engine did not load within ${LOAD_LIMIT_MS / 1000} s`);
    const request: SolveRequest = { engine, puzzle, maxSolutions, timeLimitMs: options.timeLimitMs, runs: options.runs };
    worker.postMessage(request);
  });
}

async function toRecord(engine: string, { id, puzzle }: RacePuzzle, outcome: Outcome): Promise<{ task: TaskRecord; good: Solution[] }> {
  const reply = outcome.reply;
  const solutions = reply?.solutions ?? [];
  const good: Solution[] = [];
  let problem: string | undefined;
  for (const solution of solutions) {
    const check = verify(puzzle, solution);
    if (check.ok) good.push(solution);
    else problem ??= check.problems[0];
  }
  const verified = good.length === solutions.length;
  const distinct = new Set(await Promise.all(good.map((s) => solutionsHash([s])))).size;
  const impossible = reply ? answerProblem({ verdict: reply.verdict, reason: reply.reason, solutions: solutions.length, good: distinct }) : undefined;
  const message = [outcome.message, problem && `verification: ${problem}`, impossible && `impossible answer: ${impossible}`].filter(Boolean).join('; ');
  const workMs = reply ? reply.samples.reduce((a, b) => a + b, 0) : 0;
  const task: TaskRecord = {
    engine,
    puzzle: id,
    state: impossible ? 'errored' : outcome.state,
    ...(reply && !impossible ? { verdict: reply.verdict } : {}),
    ...(reply?.reason && !impossible ? { reason: reply.reason } : {}),
    ...(message ? { message } : {}),
    verified,
    solutions: solutions.length,
    ...(solutions.length > 0 && verified ? { solutionHash: await solutionsHash(solutions) } : {}),
    ...(reply && reply.samples.length > 0 && !impossible ? { samples: summarize(reply.samples) } : {}),
    ...(reply ? { counters: Object.fromEntries(Object.entries(reply.stats.counters).filter(([, v]) => Number.isFinite(v))) } : {}),
    overhead: { startMs: outcome.startMs, initMs: outcome.initMs, wallMs: outcome.wallMs, harnessMs: Math.max(0, outcome.wallMs - outcome.initMs - workMs) },
  };
  return { task, good };
}

async function puzzleRecord({ id, puzzle }: RacePuzzle, index: number): Promise<PuzzleRecord> {
  const known = puzzle.solution !== undefined && verify(puzzle, puzzle.solution).ok ? await solutionsHash([puzzle.solution]) : undefined;
  return {
    id,
    file: id,
    index,
    kind: puzzle.kind,
    width: puzzle.width,
    height: puzzle.height,
    ...(puzzle.meta.title ? { title: puzzle.meta.title } : {}),
    hash: await puzzleHash(puzzle),
    ...(known ? { knownSolution: known } : {}),
  };
}

/** What a page can say about where it ran: no CPU model or load in a browser. */
function browserEnv(): RaceResults['env'] {
  const nav = navigator as Navigator & { deviceMemory?: number };
  const browser = /(Firefox|Edg|Chrome|Safari)\/[\d.]+/.exec(nav.userAgent)?.[0] ?? 'a browser';
  return {
    cpu: `browser (${browser})`,
    cores: nav.hardwareConcurrency || 1,
    memoryMb: nav.deviceMemory ? nav.deviceMemory * 1024 : 0,
    os: nav.platform || 'unknown',
    arch: 'unknown',
    node: 'none',
    v8: 'unknown',
    versions: { browser: nav.userAgent },
    date: new Date().toISOString(),
    loadAverage: 0,
    ci: false,
  };
}
