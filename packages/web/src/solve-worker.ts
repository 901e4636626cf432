// A Web Worker that loads one engine, solves one puzzle `runs` times and posts the first
// answer with every solve's time. The page terminates it at the time limit or on Stop, so a
// runaway engine never holds the page.
import type { Engine } from '@gridrace/core';
import { loadEngine, loadStepEngine } from './engine-loaders.js';
import type { LineStep, SolveRequest, WorkerReply } from './protocol.js';

const scope = globalThis as unknown as { onmessage: ((e: MessageEvent<SolveRequest>) => void) | null; postMessage(reply: WorkerReply): void };

scope.onmessage = (event) => {
  run(event.data).catch((err: unknown) => scope.postMessage({ type: 'error', message: err instanceof Error ? err.message : String(err) }));
};

async function run(request: SolveRequest): Promise<void> {
  if (request.steps) return steps(request);
  const started = performance.now();
  const engine: Engine = await loadEngine(request.engine, request.puzzle.kind);
  await engine.init?.();
  scope.postMessage({ type: 'ready', initMs: performance.now() - started });
  const options = { maxSolutions: request.maxSolutions, timeLimitMs: request.timeLimitMs };
  const samples: number[] = [];
  let t = performance.now();
  const first = await engine.solve(request.puzzle, options);
  samples.push(performance.now() - t);
  // Only a finished answer is worth timing again.
  const timed = first.verdict === 'incomplete' ? 0 : request.runs;
  for (let i = 0; i < timed; i++) {
    t = performance.now();
    await engine.solve(request.puzzle, options);
    samples.push(performance.now() - t);
  }
  scope.postMessage({
    type: 'done',
    verdict: first.verdict,
    ...(first.verdict === 'incomplete' ? { reason: first.reason } : {}),
    solutions: first.solutions,
    stats: first.stats,
    samples,
  });
}

async function steps(request: SolveRequest): Promise<void> {
  const recorded: LineStep[] = [];
  const { engine, truncated } = await loadStepEngine(request.puzzle.kind, recorded);
  scope.postMessage({ type: 'ready', initMs: 0 });
  const result = await engine.solve(request.puzzle, { maxSolutions: request.maxSolutions, timeLimitMs: request.timeLimitMs });
  scope.postMessage({ type: 'steps', verdict: result.verdict, steps: recorded, truncated: truncated() });
}
