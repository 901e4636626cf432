// Each browser engine's package, imported when a worker first needs it: a race of wasm alone
// never downloads the TypeScript engines.
import type { Engine, PuzzleKind } from '@gridrace/core';

const LOADERS: Readonly<Record<string, () => Promise<unknown>>> = {
  'wasm/nonogram': () => import('@gridrace/engine-wasm').then((m) => m.wasmEngine),
  'bitmask/nonogram': () => import('@gridrace/engine-bitmask').then((m) => m.bitmaskEngine),
  'naive/nonogram': () => import('@gridrace/engine-naive').then((m) => m.naiveEngine),
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
