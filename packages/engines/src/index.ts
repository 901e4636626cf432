// Importing this module registers every built-in engine whose package is installed with
// @gridrace/core's registry, so an app picks one by name: `getEngine('naive')`. The engine
// packages are optional peers, so an app installs only the ones it wants; each is imported
// here if present. A new engine package is added to KNOWN in lazy.ts, which also loads a
// single engine by name without importing the others (`@gridrace/engines/lazy`).
import type { Engine, PuzzleKind } from '@gridrace/core';
import { ENGINE_PREFERENCE, loadBuiltinEngines, type BuiltinEngineInfo } from './lazy.js';

/** A built-in engine whose package is not installed: the name it would be registered under, its kind, the package to install. */
export type MissingEngine = BuiltinEngineInfo;

// Loaded side by side; a package that is not installed is missing, any other failure throws.
const loaded = await loadBuiltinEngines();

/** The built-in engines whose packages are installed (all registered), in the order `gridrace engines` lists them. */
export const builtinEngines: readonly Engine[] = loaded.engines;

/** The built-in engines whose packages are not installed, with the package that brings each. */
export const missingEngines: readonly MissingEngine[] = loaded.missing;

/** The default engine name for a puzzle kind: the first preferred one installed, or undefined when none is. */
export function defaultEngineName(kind: PuzzleKind): string | undefined {
  const names = new Set(builtinEngines.filter((e) => e.kind === kind).map((e) => e.name));
  return ENGINE_PREFERENCE[kind].find((name) => names.has(name));
}

export { getEngine, listEngines } from '@gridrace/core';
