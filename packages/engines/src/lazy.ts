// `@gridrace/engines/lazy`: the built-in engines by name, each package imported only when its
// engine is asked for. The main entry imports every engine package up front (z3-solver's
// 600 kB of JavaScript too), which is most of what a one-shot `gridrace solve` used to spend;
// this entry costs one module. The main entry is built on it, so both list the same engines.
import { getEngine, listEngines, registerEngine, registerMissingEngine, type Engine, type PuzzleKind } from '@gridrace/core';
import { importIfInstalled, isNotInstalled } from './optional-import.js';

/** A built-in engine: its name, kind and the package that brings it. */
export interface BuiltinEngineInfo {
  /** The name it is registered under. */
  readonly name: string;
  readonly kind: PuzzleKind;
  /** The package to install to get it. */
  readonly package: string;
}

interface Known extends BuiltinEngineInfo {
  /** The engine from its package, or undefined when the package is not installed. */
  readonly load: () => Promise<Engine | undefined>;
}

/**
 * A built-in engine: `load` imports its package (undefined when it is not installed) and
 * `pick` takes the engine from it. The import has a literal specifier so that bundlers and
 * TypeScript see it.
 */
function builtin<M>(name: string, kind: PuzzleKind, pkg: string, load: () => Promise<M>, pick: (module: M) => unknown): Known {
  const engine = async (): Promise<Engine | undefined> => {
    const module = await importIfInstalled(pkg, load);
    return module === undefined ? undefined : (pick(module) as Engine);
  };
  return { name, kind, package: pkg, load: engine };
}

const KNOWN: readonly Known[] = [
  builtin('bitmask', 'nonogram', '@gridrace/engine-bitmask', () => import('@gridrace/engine-bitmask'), (m) => m.bitmaskEngine),
  builtin('bitmask', 'colour-nonogram', '@gridrace/engine-bitmask', () => import('@gridrace/engine-bitmask'), (m) => m.bitmaskColourEngine),
  builtin('wasm', 'nonogram', '@gridrace/engine-wasm', () => import('@gridrace/engine-wasm'), (m) => m.wasmEngine),
  builtin('wasm', 'colour-nonogram', '@gridrace/engine-wasm', () => import('@gridrace/engine-wasm'), (m) => m.wasmColourEngine),
  builtin('portfolio', 'nonogram', '@gridrace/engine-portfolio', () => import('@gridrace/engine-portfolio'), (m) => m.portfolioEngine),
  builtin('naive', 'nonogram', '@gridrace/engine-naive', () => import('@gridrace/engine-naive'), (m) => m.naiveEngine),
  builtin('naive', 'colour-nonogram', '@gridrace/engine-naive', () => import('@gridrace/engine-naive'), (m) => m.naiveColourEngine),
  builtin('z3', 'nonogram', '@gridrace/engine-z3', () => import('@gridrace/engine-z3'), (m) => m.z3Engine),
  builtin('z3-prefix', 'nonogram', '@gridrace/engine-z3', () => import('@gridrace/engine-z3'), (m) => m.z3PrefixEngine),
  builtin('arrowpath', 'arrowpath', '@gridrace/engine-arrowpath', () => import('@gridrace/engine-arrowpath'), (m) => m.arrowPathEngine),
  builtin('arrowpath-dfs', 'arrowpath', '@gridrace/engine-arrowpath', () => import('@gridrace/engine-arrowpath'), (m) => m.arrowPathDfsEngine),
];

/** Every built-in engine, installed or not, in the order `gridrace engines` lists them. */
export const BUILTIN_ENGINES: readonly BuiltinEngineInfo[] = KNOWN.map(({ name, kind, package: pkg }) => ({ name, kind, package: pkg }));

/**
 * Preferred engine per kind, fastest first among engines that run everywhere (Node and
 * browsers); the first one installed is the default. wasm is bitmask's solver compiled to
 * WebAssembly and beat it on every nonogram set the race times (same answers).
 */
export const ENGINE_PREFERENCE: Readonly<Record<PuzzleKind, readonly string[]>> = {
  nonogram: ['wasm', 'bitmask', 'naive', 'z3', 'z3-prefix'],
  'colour-nonogram': ['wasm', 'bitmask', 'naive'],
  arrowpath: ['arrowpath', 'arrowpath-dfs'],
};

/**
 * Imports the engine's package; the engine, registered, or undefined when the package is not
 * installed (then recorded as missing, so that getEngine(name) names the package to install).
 */
async function loadKnown(known: Known): Promise<Engine | undefined> {
  const engine = await known.load();
  if (engine === undefined) {
    registerMissingEngine(known.name, known.package);
    return undefined;
  }
  // The written-out name must be the one the engine registers, or missingEngines would lie.
  if (engine.name !== known.name || engine.kind !== known.kind) {
    throw new Error(`${known.package} exports engine "${engine.name}" (${engine.kind}) where "${known.name}" (${known.kind}) was expected`);
  }
  registerEngine(engine);
  return engine;
}

/**
 * Imports every built-in engine package that is installed, side by side, and registers the
 * engines: what importing `@gridrace/engines` does. A package that is not installed is listed
 * in `missing` (and recorded with core's registerMissingEngine); any other failure (a broken
 * install, an error while it loads) throws.
 */
export async function loadBuiltinEngines(): Promise<{ engines: Engine[]; missing: BuiltinEngineInfo[] }> {
  const loaded = await Promise.all(KNOWN.map(loadKnown));
  return {
    engines: loaded.filter((e): e is Engine => e !== undefined),
    missing: BUILTIN_ENGINES.filter((_, i) => loaded[i] === undefined),
  };
}

const installed = new Map<string, boolean>();

/**
 * Whether a package can be imported, told by resolving it (reads its package.json, runs none
 * of it). Only a package that is not found is false: one that resolves to a missing file is
 * broken, not absent, and fails when it is loaded, as with the main entry. Where
 * import.meta.resolve is missing (Node 20 before 20.6 without its flag) every package counts.
 */
function isInstalled(pkg: string): boolean {
  let known = installed.get(pkg);
  if (known === undefined) {
    known = true;
    if (typeof import.meta.resolve === 'function') {
      try {
        import.meta.resolve(pkg);
      } catch (error) {
        known = !isNotInstalled(error, pkg);
      }
    }
    installed.set(pkg, known);
  }
  return known;
}

/** Whether the package of built-in engine `name` is installed (resolved, not loaded); false for a name that is not built in. */
export function isBuiltinInstalled(name: string): boolean {
  const known = KNOWN.find((k) => k.name === name);
  return known !== undefined && isInstalled(known.package);
}

/** The default engine name for a puzzle kind: the first preferred one whose package is installed, or undefined. Loads nothing. */
export function defaultEngineName(kind: PuzzleKind): string | undefined {
  return ENGINE_PREFERENCE[kind].find(isBuiltinInstalled);
}

/**
 * The engine named `name` (for puzzles of `kind`, when given), registered: one already
 * registered (by the app, an external one, a built-in one loaded before) is returned as it is;
 * a built-in one is loaded from its package alone. Any other name loads every built-in engine
 * first, so the `UnknownEngineError` it throws lists all the names the main entry would have
 * registered.
 */
export async function loadEngine(name: string, kind?: PuzzleKind): Promise<Engine> {
  const registered = listEngines(kind).find((e) => e.name === name);
  if (registered !== undefined) return registered;
  const known = KNOWN.find((k) => k.name === name && (kind === undefined || k.kind === kind));
  if (known !== undefined) {
    const engine = await loadKnown(known);
    if (engine !== undefined) return engine;
  }
  await loadBuiltinEngines();
  return getEngine(name, kind);
}
