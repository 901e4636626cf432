// Importing this module registers every built-in engine with @gridrace/core's registry,
// so an app can pick one by name: `getEngine('naive')`. A new engine package is added here.
import { registerEngine, type Engine, type PuzzleKind } from '@gridrace/core';
import { arrowPathDfsEngine, arrowPathEngine } from '@gridrace/engine-arrowpath';
import { bitmaskEngine } from '@gridrace/engine-bitmask';
import { naiveEngine } from '@gridrace/engine-naive';
import { wasmEngine } from '@gridrace/engine-wasm';
import { z3Engine, z3PrefixEngine } from '@gridrace/engine-z3';

/** Every built-in engine, in the order `gridrace engines` lists them. */
export const builtinEngines: readonly Engine[] = [bitmaskEngine, wasmEngine, naiveEngine, z3Engine, z3PrefixEngine, arrowPathEngine, arrowPathDfsEngine] as Engine[];

for (const engine of builtinEngines) registerEngine(engine);

/**
 * Preferred engine per kind, fastest first among engines that run everywhere (Node and
 * browsers); the first one registered is the default. wasm is bitmask's solver compiled to
 * WebAssembly and beat it on every nonogram set the race times (same answers).
 */
const PREFERENCE: Record<PuzzleKind, readonly string[]> = {
  nonogram: ['wasm', 'bitmask', 'naive', 'z3', 'z3-prefix'],
  arrowpath: ['arrowpath', 'arrowpath-dfs'],
};

/** The default engine name for a puzzle kind, or undefined when none is registered. */
export function defaultEngineName(kind: PuzzleKind): string | undefined {
  const names = new Set(builtinEngines.filter((e) => e.kind === kind).map((e) => e.name));
  return PREFERENCE[kind].find((name) => names.has(name));
}

export { getEngine, listEngines } from '@gridrace/core';
