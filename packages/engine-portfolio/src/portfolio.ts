// The portfolio engine: several differently configured searches of the one solver on the same
// puzzle at once, the first to settle it wins and the others are stopped. The first search runs
// in the calling thread from the start, so a puzzle it settles within `headStartMs` costs no
// thread at all; the others run in worker threads (Web Workers in browsers) and start only
// after that head start. A verdict comes from one search that settled the puzzle by itself
// (`unique` and `none` need a search that went to the end); when none does, two distinct
// solutions from any searches still prove `multiple`. Solutions are reported once each, and
// the first few of each search are checked against the clues: enough to catch a thread that
// answered another puzzle, without a check per solution that would outlast the search itself
// when thousands are asked for.
import {
  checkSolveInput,
  makeResult,
  setLimitTimer,
  verifyNonogram,
  type Engine,
  type NonogramPuzzle,
  type NonogramSolution,
  type SolveOptions,
  type SolveResult,
  type StopReason,
} from '@gridrace/core';
import { checkPositive, DistinctSolutions } from '@gridrace/engine-bitmask/host';
import { defaultSearch, searchEngine, type FromSearch, type SearchBuild, type SearchConfig } from './protocol.js';
import { SearchPool, startThread, type Pooled, type StartThread } from './search-threads.js';
import { startCpuClock } from './thread-cpu.js';
import { nodeBuiltin } from './node-builtin.js';

export interface PortfolioConfig {
  /** Registry name (default `portfolio`). */
  readonly name?: string;
  /** How many searches run at once (default: the cores, at most 4; 1 runs the first search alone, in this thread). */
  readonly searches?: number;
  /** The searches' configs by index (default `defaultSearch(i)`: seed 0, then learning and turns with seeds 1, 2, ...). */
  readonly configs?: readonly SearchConfig[];
  /** Which build each search runs (default `wasm`). */
  readonly build?: SearchBuild;
  /** Memory cap of each search, in MB (default 1024): the portfolio may use `searches` times this. */
  readonly maxMemoryMb?: number;
  /** How long the first search runs alone before the others start, in ms (default 100). */
  readonly headStartMs?: number;
  /**
   * Run the first search in the calling thread (default true). With false every search runs in
   * a thread of its own from the start: a browser page's main thread stays free, at the cost
   * of a thread's round trip on every puzzle, however easy.
   */
  readonly inThisThread?: boolean;
  /** Starts a search thread (default: a worker thread in Node, a module Web Worker in browsers). */
  readonly startThread?: StartThread;
}

export interface PortfolioEngine extends Engine<'nonogram'> {
  init(): Promise<void>;
  /** Ends the search threads (idle ones never keep a Node process alive). */
  dispose(): Promise<void>;
}

/** How long a stopped search may take to answer before its thread is ended. */
const STOP_GRACE_MS = 2000;
/** Solutions of each search checked against the clues before any is reported. */
const CHECKED = 2;

/** Cores of this machine, where the platform says. */
function cores(): number {
  const os = nodeBuiltin<{ availableParallelism?: () => number }>('node:os');
  return os?.availableParallelism?.() ?? (globalThis as { navigator?: { hardwareConcurrency?: number } }).navigator?.hardwareConcurrency ?? 2;
}

/** How one search ended. */
interface SearchEnd {
  readonly result?: SolveResult<NonogramSolution>;
  readonly cpuMs?: number;
  readonly failure?: string;
}

/** A result that settles the solve: a verdict, or as many solutions as asked for. */
function settles(result: SolveResult<NonogramSolution> | undefined): boolean {
  return result !== undefined && (result.verdict !== 'incomplete' || result.reason === 'solution-limit');
}

export function createPortfolioEngine(config: PortfolioConfig = {}): PortfolioEngine {
  const name = config.name ?? 'portfolio';
  const searches = Math.floor(checkPositive(config.searches ?? Math.min(4, cores()), 'searches'));
  const build = config.build ?? 'wasm';
  if (build !== 'wasm' && build !== 'bitmask') throw new RangeError(`build must be wasm or bitmask, got ${String(build)}`);
  const maxMemoryMb = checkPositive(config.maxMemoryMb ?? 1024, 'maxMemoryMb');
  const headStartMs = checkPositive(config.headStartMs ?? 100, 'headStartMs', true);
  const inThisThread = config.inThisThread ?? true;
  const plans = Array.from({ length: searches }, (_, i) => ({ ...(config.configs?.[i] ?? defaultSearch(i)), maxMemoryMb }));
  // Made now, so a wrong config is refused here rather than in a thread.
  const local = searchEngine(build, { ...plans[0]!, name: `${name}-search-0` });
  for (const plan of plans.slice(1)) searchEngine(build, { ...plan, name: 'check' });
  const pool = new SearchPool(config.startThread ?? startThread);
  let nextId = 1;

  async function solve(puzzle: NonogramPuzzle, options?: SolveOptions): Promise<SolveResult<NonogramSolution>> {
    const input = checkSolveInput('nonogram', puzzle, options);
    const checked = input.puzzle;
    const { maxSolutions, timeLimitMs, signal } = input.options;
    const started = performance.now();
    const deadline = timeLimitMs === undefined ? Infinity : started + timeLimitMs;
    const ends: (SearchEnd | undefined)[] = new Array(searches).fill(undefined);
    const stops: (() => void)[] = [];
    let winner = -1;
    let stopReason: StopReason | null = null;
    let finish!: () => void;
    const finished = new Promise<void>((resolve) => (finish = resolve));
    const timers: ReturnType<typeof setTimeout>[] = [];
    /** Searches started so far: the first at once (here), the others after the head start. */
    let launched = inThisThread ? 1 : 0;

    const stopAll = () => {
      for (const stop of stops.splice(0)) stop();
    };
    const end = (i: number, searchEnd: SearchEnd) => {
      if (ends[i] !== undefined) return;
      ends[i] = searchEnd;
      if (winner < 0 && settles(searchEnd.result)) {
        winner = i;
        stopAll();
      }
      // The first search gave up before its head start ended (a cap, a failure): the others now.
      if (launched < searches && winner < 0 && stopReason === null && performance.now() < deadline) {
        void startThreads();
        return;
      }
      if (ends.every((e, j) => e !== undefined || j >= launched)) finish();
    };
    const onAbort = () => {
      stopReason ??= 'aborted';
      stopAll();
    };
    if (signal?.aborted) return makeResult([], 'aborted', { timeMs: 0, counters: {} });
    if (timeLimitMs === 0) return makeResult([], 'time-limit', { timeMs: 0, counters: {} });
    signal?.addEventListener('abort', onAbort, { once: true });

    // Search 0, here.
    const remaining = () => (deadline === Infinity ? undefined : Math.max(0, deadline - performance.now()));
    if (inThisThread) {
      const localStop = new AbortController();
      stops.push(() => localStop.abort());
      const cpuClock = startCpuClock();
      void local.solve(checked, { maxSolutions, signal: localStop.signal, ...(timeLimitMs === undefined ? {} : { timeLimitMs }) }).then(
        (result) => end(0, { result, cpuMs: cpuClock() }),
        (error: unknown) => end(0, { failure: error instanceof Error ? error.message : String(error) }),
      );
    }

    // The others, once the head start is over and nothing is settled.
    const startThreads = async () => {
      const from = launched;
      if (winner >= 0 || stopReason !== null || from >= searches) return;
      launched = searches;
      await Promise.all(
        plans.slice(from).map(async (plan, k) => {
          const i = k + from;
          const id = nextId++;
          let answered = false;
          let pooled: Pooled | null = null;
          const release = (healthy: boolean) => {
            if (pooled !== null) void pool.give(pooled, healthy);
          };
          try {
            pooled = await pool.take(
              (message: FromSearch) => {
                if (message.id !== id) return;
                answered = true;
                release(true);
                end(i, message.type === 'done' ? { result: message.result, cpuMs: message.cpuMs } : { failure: message.message });
              },
              (failure) => {
                answered = true;
                release(false);
                end(i, { failure });
              },
            );
          } catch (error) {
            end(i, { failure: error instanceof Error ? error.message : String(error) });
            return;
          }
          if (winner >= 0 || stopReason !== null) {
            end(i, {});
            release(true);
            return;
          }
          const thread = pooled.thread;
          stops.push(() => {
            thread.send({ type: 'stop', id });
            timers.push(
              setTimeout(() => {
                if (answered) return;
                release(false);
                end(i, { failure: `search ${i} did not stop within ${STOP_GRACE_MS} ms; its thread was ended` });
              }, STOP_GRACE_MS),
            );
          });
          thread.send({ type: 'solve', id, build, config: plan, puzzle: checked, maxSolutions, timeLimitMs: remaining() });
        }),
      );
    };
    if (inThisThread) timers.push(setTimeout(() => void startThreads(), headStartMs));
    else void startThreads();
    // Past the time limit every search stops by itself; this only catches one that does not.
    if (deadline !== Infinity) {
      const backstop = setLimitTimer(() => {
        stopReason ??= 'time-limit';
        stopAll();
      }, deadline - started + STOP_GRACE_MS);
      if (backstop !== undefined) timers.push(backstop);
    }

    try {
      await finished;
    } finally {
      for (const timer of timers) clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
    }
    const cpuMs = ends.reduce((sum, e) => sum + (e?.cpuMs ?? 0), 0);
    // Searches that answered, and those whose thread failed (counted apart, so a failing thread never passes for a search).
    const answered = ends.filter((e) => e?.result !== undefined).length;
    const failed = ends.filter((e) => e?.failure !== undefined).length;
    const portfolioCounters = { searches: answered, cpuMs: Math.round(cpuMs), ...(failed > 0 ? { failedSearches: failed } : {}) };

    // The first CHECKED solutions of a search's list against the clues: a thread that answered
    // another puzzle fails the solve.
    const checkFirst = (list: readonly NonogramSolution[]) =>
      list.slice(0, CHECKED).forEach((s, i) => {
        if (!verifyNonogram(checked, s).ok) throw new Error(`a search reported a solution that breaks the clues (solution ${i + 1})`);
      });
    // The time the caller waited, the checks included.
    const wallMs = () => performance.now() - started;

    if (winner >= 0) {
      const won = ends[winner]!.result!;
      // One search's list: the solver never reports a solution twice, so no deduplication.
      checkFirst(won.solutions);
      const solutions = won.solutions.slice(0, maxSolutions);
      const stats = { timeMs: wallMs(), counters: { ...won.stats.counters, ...portfolioCounters, winningSearch: winner }, ...(won.stats.difficulty ? { difficulty: won.stats.difficulty } : {}) };
      return makeResult(solutions, won.verdict === 'incomplete' ? won.reason : null, stats);
    }
    // No search settled it: what they found together, and why they stopped.
    const results = ends.flatMap((e) => (e?.result ? [e.result] : []));
    // Merged lists: each solution once, at most maxSolutions.
    const distinct = new DistinctSolutions(maxSolutions);
    for (const { solutions: list } of results) {
      checkFirst(list);
      for (const s of list) if (!distinct.full) distinct.add(s.width, s.height, s.cells);
    }
    const solutions = distinct.found;
    const stats = { timeMs: wallMs(), counters: portfolioCounters };
    if (stopReason !== null) return makeResult(solutions, stopReason, stats);
    const stopped = results.find((r) => r.verdict === 'incomplete');
    if (stopped?.verdict === 'incomplete') return makeResult(solutions, stopped.reason, stats, stopped.message);
    const failure = ends.find((e) => e?.failure !== undefined)?.failure ?? 'no search answered';
    return makeResult(solutions, 'limit', stats, `every search failed: ${failure}`);
  }

  return {
    name,
    kind: 'nonogram',
    description: `${searches} differently seeded searches of the ${build} solver at once, one thread each; the first answer wins`,
    init: () => local.init?.() ?? Promise.resolve(),
    async dispose() {
      await pool.dispose();
      await local.dispose?.();
    },
    solve,
  };
}

/** The portfolio with its defaults, registered as `portfolio`. */
export const portfolioEngine: PortfolioEngine = createPortfolioEngine();
