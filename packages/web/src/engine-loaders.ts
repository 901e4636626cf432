// Each browser engine's package, imported when a worker first needs it: a race of wasm alone
// never downloads the TypeScript engines.
import type { Engine, PuzzleKind } from '@gridrace/core';
import type { LineStep } from './protocol.js';

const LOADERS: Readonly<Record<string, () => Promise<unknown>>> = {
  'wasm/nonogram': () => import('@gridrace/engine-wasm').then((m) => m.wasmEngine),
  'bitmask/nonogram': () => import('@gridrace/engine-bitmask').then((m) => m.bitmaskEngine),
  'naive/nonogram': () => import('@gridrace/engine-naive').then((m) => m.naiveEngine),
  // Its other searches run in Web Workers of their own, started from the solve worker.
  'portfolio/nonogram': () =>
    import('@gridrace/engine-portfolio').then((m) =>
      m.createPortfolioEngine({ startThread: () => m.webWorkerThread(new Worker(new URL('./portfolio-search-worker.ts', import.meta.url), { type: 'module' })) }),
    ),
  'wasm/colour-nonogram': () => import('@gridrace/engine-wasm').then((m) => m.wasmColourEngine),
  'bitmask/colour-nonogram': () => import('@gridrace/engine-bitmask').then((m) => m.bitmaskColourEngine),
  'naive/colour-nonogram': () => import('@gridrace/engine-naive').then((m) => m.naiveColourEngine),
  'arrowpath/arrowpath': () => import('@gridrace/engine-arrowpath').then((m) => m.arrowPathEngine),
  'arrowpath-dfs/arrowpath': () => import('@gridrace/engine-arrowpath').then((m) => m.arrowPathDfsEngine),
};

export async function loadEngine(name: string, kind: PuzzleKind): Promise<Engine> {
  const load = LOADERS[`${name}/${kind}`];
  if (!load) throw new Error(`engine ${name} does not solve ${kind} puzzles in a browser`);
  return (await load()) as Engine;
}

/** The most steps a page is sent: a large puzzle's line solving can fix lines tens of thousands of times. */
export const MAX_STEPS = 5000;

/** The naive engine, reporting each line that fixes cells before any branching. */
export async function loadStepEngine(kind: PuzzleKind, steps: LineStep[]): Promise<{ engine: Engine; truncated: () => boolean }> {
  if (kind === 'arrowpath') throw new Error('the step-by-step view shows nonogram line solving');
  const { createNaiveEngine, createNaiveColourEngine } = await import('@gridrace/engine-naive');
  let truncated = false;
  const onLine = (e: { depth: number; pass: number; line: number; fixed: number; grid: Uint8Array }) => {
    if (e.depth > 0) return;
    if (steps.length >= MAX_STEPS) truncated = true;
    else steps.push({ pass: e.pass, line: e.line, fixed: e.fixed, grid: e.grid });
  };
  const engine = (kind === 'nonogram' ? createNaiveEngine({ onLine }) : createNaiveColourEngine({ onLine })) as Engine;
  return { engine, truncated: () => truncated };
}
