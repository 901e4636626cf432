// One task in its own worker thread: load the engines, init, solve once (the checked solve,
// whose answer the parent verifies), then time repeated solves with tinybench. Everything
// goes back to the parent as messages; the parent owns the clock that can stop us. The
// calibration workload is not timed here but in a worker of its own (calibration-worker.ts).
import { parentPort, workerData } from 'node:worker_threads';
import { Bench } from 'tinybench';
import type { Engine, SolveResult, Solution } from '@gridrace/core';
import { answerProblem } from './check.js';
import { BATCH_BELOW_MS, BATCH_TARGET_MS, CLOCKS, SETTLED, benchPlan, externalRuns, type WorkerInput, type WorkerMessage, type WorkerPhase } from './protocol.js';

const input = workerData as WorkerInput;
const port = parentPort;
if (port === null) throw new Error('worker.js runs only as a worker thread');
const send = (message: WorkerMessage) => port.postMessage(message);
const now = CLOCKS[input.clock];

let phase: WorkerPhase = 'load';

function describe(err: unknown): string {
  if (err instanceof Error) return `${err.name === 'Error' ? '' : `${err.name}: `}${err.message}`;
  return String(err);
}

/** Refuses an answer outside core's contract before it is sent or timed; the parent checks again with verified solutions. */
function checkShape(result: SolveResult<Solution>): void {
  if (result === null || typeof result !== 'object') throw new TypeError('solve() returned no result object');
  if (!Array.isArray(result.solutions)) throw new TypeError('solve() returned no solutions array');
  const problem = answerProblem({ verdict: result.verdict, reason: (result as { reason?: unknown }).reason, solutions: result.solutions.length });
  if (problem !== undefined) throw new TypeError(`solve() returned ${problem}`);
}

async function loadEngine(): Promise<Engine> {
  if (input.external !== undefined) {
    const { createExternalEngine } = await import('@gridrace/engine-external');
    return createExternalEngine(input.external.definition, input.external.program, {
      onSpawn: (pgid) => send({ type: 'process', pgid }),
      onExit: (pgid) => send({ type: 'process-end', pgid }),
    }) as Engine;
  }
  // Only the side's own engines are loaded, so both sides of an A/B race load alike.
  if (input.enginesModule !== undefined) {
    if (input.enginesLazy !== undefined) {
      // A build from before engines of different kinds shared a name ignores the kind.
      const lazy = (await import(input.enginesLazy)) as { loadEngine(name: string, kind?: string): Promise<Engine> };
      const engine = await lazy.loadEngine(input.engine, input.puzzle.kind);
      if (engine.kind !== input.puzzle.kind) throw new Error(`engine "${input.engine}" solves ${engine.kind} puzzles, not ${input.puzzle.kind}`);
      return engine;
    }
    const registry = (await import(input.enginesModule)) as { getEngine(name: string, kind?: string): unknown };
    return registry.getEngine(input.engine, input.puzzle.kind) as Engine;
  }
  const { getEngine } = await import('@gridrace/core');
  if (input.load.length === 0) {
    // Only the engine's own package: with every engine package (z3-solver's JavaScript among
    // them) a worker took 130-150 ms to start, with one 94-96 ms.
    const { loadEngine } = await import('@gridrace/engines/lazy');
    await loadEngine(input.engine, input.puzzle.kind);
  } else {
    // A loaded module may wrap or replace built-in engines as it is imported: they are all
    // registered first, as in the parent.
    await import('@gridrace/engines');
    for (const specifier of input.load) await import(specifier);
  }
  return getEngine(input.engine, input.puzzle.kind) as Engine;
}

/**
 * An external engine's timed runs: the program's own CPU time (or wall time with the wall
 * clock) per run, read from each result; the checked run is the first sample. No batching, no
 * warm-up: each run is a fresh process.
 */
async function timeExternal(engine: Engine, first: SolveResult<Solution>, options: object, checkMs: number): Promise<void> {
  const benchStart = performance.now();
  const measure = (r: SolveResult<Solution>) => (input.clock === 'cpu' ? r.stats.process?.cpuMs : undefined) ?? r.stats.process?.wallMs ?? r.stats.timeMs;
  const runs = [first];
  const n = externalRuns(input.timing, checkMs);
  while (runs.length < n) {
    const result = (await engine.solve(input.puzzle as never, options)) as SolveResult<Solution>;
    if (result.verdict !== first.verdict) throw new Error(`verdict changed between runs: first ${first.verdict}, then ${result.verdict}`);
    runs.push(result);
  }
  const solverMs = runs.map((r) => r.stats.process?.solverMs).filter((x): x is number => x !== undefined);
  send({
    type: 'done',
    samples: runs.map(measure),
    batch: 1,
    wallMean: runs.reduce((a, r) => a + (r.stats.process?.wallMs ?? r.stats.timeMs), 0) / runs.length,
    benchMs: performance.now() - benchStart,
    processWall: runs.map((r) => r.stats.process?.wallMs ?? r.stats.timeMs),
    ...(solverMs.length === runs.length ? { solverMs } : {}),
  });
}

async function main(): Promise<void> {
  const engine = await loadEngine();
  send({ type: 'ready' });

  phase = 'init';
  let t = performance.now();
  await engine.init?.();
  const initMs = performance.now() - t;
  send({ type: 'initialized', initMs });

  phase = 'check';
  const options = { maxSolutions: input.maxSolutions, timeLimitMs: input.timeLimitMs };
  t = performance.now();
  const first = (await engine.solve(input.puzzle as never, options)) as SolveResult<Solution>;
  const checkMs = performance.now() - t;
  checkShape(first);
  const external = engine.program !== undefined;
  const plan = benchPlan(input.timing, checkMs, input.warmupFrom);
  send({
    type: 'checked',
    initMs,
    checkMs,
    verdict: first.verdict,
    ...(first.verdict === 'incomplete' ? { reason: first.reason, ...(first.message ? { message: first.message } : {}) } : {}),
    solutions: first.solutions,
    counters: { ...(first.stats?.counters ?? {}) },
    ...(first.stats?.difficulty ? { difficulty: first.stats.difficulty } : {}),
    benchPlanMs: external ? (externalRuns(input.timing, checkMs) - 1) * checkMs : plan.budgetMs,
    ...(first.stats?.process ? { process: first.stats.process } : {}),
  });
  if (!SETTLED.has(first.verdict)) return;
  phase = 'bench';
  if (external) return timeExternal(engine, first, options, checkMs);

  const benchStart = performance.now();
  // A fast solve is timed in batches: probe its warm time (20 ms at most), then pick the batch.
  const probe: number[] = [];
  const probeEnd = performance.now() + 20;
  while (probe.length < 200 && performance.now() < probeEnd) {
    const t0 = now();
    await engine.solve(input.puzzle as never, options);
    probe.push(now() - t0);
  }
  probe.sort((a, b) => a - b);
  // The fast end of the probe: the first calls still run before the JIT has optimised the engine.
  const warm = probe[Math.floor(probe.length / 10)] ?? checkMs;
  const batch = warm < BATCH_BELOW_MS ? Math.min(10_000, Math.max(1, Math.round(BATCH_TARGET_MS / Math.max(warm, 0.001)))) : 1;
  let wallTotal = 0;
  let wallRuns = 0;
  const bench = new Bench({
    now,
    time: plan.timeMs,
    iterations: plan.iterations,
    warmup: plan.warmupIterations > 0,
    warmupIterations: plan.warmupIterations,
    warmupTime: plan.warmupTimeMs,
    retainSamples: true,
    throws: true,
  });
  bench.add(input.engine, async () => {
    const started = performance.now();
    for (let i = 0; i < batch; i++) {
      const result = (await engine.solve(input.puzzle as never, options)) as SolveResult<Solution>;
      if (result.verdict !== first.verdict) {
        throw new Error(`verdict changed between solves: first ${first.verdict}, then ${result.verdict}${result.verdict === 'incomplete' ? ` (${result.reason})` : ''}`);
      }
    }
    wallTotal += performance.now() - started;
    wallRuns += batch;
  });
  await bench.run();
  const result = bench.tasks[0]!.result;
  if (result.state === 'errored') throw result.error;
  if (result.state !== 'completed') throw new Error(`tinybench ended the task as ${result.state}`);
  send({
    type: 'done',
    samples: (result.latency.samples ?? []).map((x) => x / batch),
    batch,
    wallMean: wallRuns > 0 ? wallTotal / wallRuns : 0,
    benchMs: performance.now() - benchStart,
  });
  // Courtesy only: the parent terminates the thread as soon as it has the samples.
  await engine.dispose?.();
}

main().catch((err: unknown) => {
  send({ type: 'failed', phase, message: describe(err) });
});
