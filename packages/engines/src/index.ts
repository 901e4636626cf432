// Importing this module registers every built-in engine whose package is installed with
// @gridrace/core's registry, so an app picks one by name: `getEngine('naive')`. The engine
// packages are optional peers, so an app installs only the ones it wants; each is imported
// here if present. A new engine package is added to KNOWN and loaded below.
import { registerEngine, registerMissingEngine, type Engine, type PuzzleKind } from '@gridrace/core';
import { importIfInstalled } from './optional-import.js';

/** A built-in engine whose package is not installed. */
export interface MissingEngine {
  /** The name it would be registered under. */
  readonly name: string;
  readonly kind: PuzzleKind;
  /** The package to install to get it. */
  readonly package: string;
}

// Loaded side by side; a package that is not installed gives undefined, any other failure throws.
const [arrowpath, bitmask, naive, wasm, z3] = await Promise.all([
  importIfInstalled('@gridrace/engine-arrowpath', () => import('@gridrace/engine-arrowpath')),
  importIfInstalled('@gridrace/engine-bitmask', () => import('@gridrace/engine-bitmask')),
  importIfInstalled('@gridrace/engine-naive', () => import('@gridrace/engine-naive')),
  importIfInstalled('@gridrace/engine-wasm', () => import('@gridrace/engine-wasm')),
  importIfInstalled('@gridrace/engine-z3', () => import('@gridrace/engine-z3')),
]);

// Every built-in engine, in the order `gridrace engines` lists them. Names and kinds are
// written out so a missing engine can be reported without its package.
const KNOWN: readonly (MissingEngine & { readonly engine: Engine | undefined })[] = [
  { name: 'bitmask', kind: 'nonogram', package: '@gridrace/engine-bitmask', engine: bitmask?.bitmaskEngine as Engine | undefined },
  { name: 'wasm', kind: 'nonogram', package: '@gridrace/engine-wasm', engine: wasm?.wasmEngine as Engine | undefined },
  { name: 'naive', kind: 'nonogram', package: '@gridrace/engine-naive', engine: naive?.naiveEngine as Engine | undefined },
  { name: 'z3', kind: 'nonogram', package: '@gridrace/engine-z3', engine: z3?.z3Engine as Engine | undefined },
  { name: 'z3-prefix', kind: 'nonogram', package: '@gridrace/engine-z3', engine: z3?.z3PrefixEngine as Engine | undefined },
  { name: 'arrowpath', kind: 'arrowpath', package: '@gridrace/engine-arrowpath', engine: arrowpath?.arrowPathEngine as Engine | undefined },
  { name: 'arrowpath-dfs', kind: 'arrowpath', package: '@gridrace/engine-arrowpath', engine: arrowpath?.arrowPathDfsEngine as Engine | undefined },
];

for (const known of KNOWN) {
  // The written-out name must be the one the engine registers, or missingEngines would lie.
  if (known.engine !== undefined && (known.engine.name !== known.name || known.engine.kind !== known.kind)) {
    throw new Error(`${known.package} exports engine "${known.engine.name}" (${known.engine.kind}) where "${known.name}" (${known.kind}) was expected`);
  }
}

/** The built-in engines whose packages are installed (all registered), in the order `gridrace engines` lists them. */
export const builtinEngines: readonly Engine[] = KNOWN.flatMap((k) => (k.engine === undefined ? [] : [k.engine]));

/** The built-in engines whose packages are not installed, with the package that brings each. */
export const missingEngines: readonly MissingEngine[] = KNOWN.filter((k) => k.engine === undefined).map(({ name, kind, package: pkg }) => ({ name, kind, package: pkg }));

for (const engine of builtinEngines) registerEngine(engine);
// So that getEngine('naive') without its package says which package to install.
for (const m of missingEngines) registerMissingEngine(m.name, m.package);

/**
 * Preferred engine per kind, fastest first among engines that run everywhere (Node and
 * browsers); the first one installed is the default. wasm is bitmask's solver compiled to
 * WebAssembly and beat it on every nonogram set the race times (same answers).
 */
const PREFERENCE: Record<PuzzleKind, readonly string[]> = {
  nonogram: ['wasm', 'bitmask', 'naive', 'z3', 'z3-prefix'],
  arrowpath: ['arrowpath', 'arrowpath-dfs'],
};

/** The default engine name for a puzzle kind: the first preferred one installed, or undefined when none is. */
export function defaultEngineName(kind: PuzzleKind): string | undefined {
  const names = new Set(builtinEngines.filter((e) => e.kind === kind).map((e) => e.name));
  return PREFERENCE[kind].find((name) => names.has(name));
}

export { getEngine, listEngines } from '@gridrace/core';
