import type { Engine } from './engine.js';
import type { PuzzleKind } from './model/puzzle.js';

// One registry per process, even if two copies of @gridrace/core end up installed:
// engines registered through one copy must be found through the other.
const REGISTRY_KEY = Symbol.for('gridrace.engine-registry');
// Engines known by name whose package is not installed (name -> package), so that asking for
// one says what to install. Kept beside the registry for the same reason.
const MISSING_KEY = Symbol.for('gridrace.engine-registry.missing');
// Keyed by name, then kind: one name may serve several kinds (`naive` solves black-and-white and
// colour nonograms), so an app asks for an engine by name and the puzzle picks the kind.
type RegistryHolder = { [REGISTRY_KEY]?: Map<string, Map<PuzzleKind, Engine>>; [MISSING_KEY]?: Map<string, string> };
const holder = globalThis as RegistryHolder;
const engines: Map<string, Map<PuzzleKind, Engine>> = (holder[REGISTRY_KEY] ??= new Map());
const missing: Map<string, string> = (holder[MISSING_KEY] ??= new Map());

export class UnknownEngineError extends Error {
  override readonly name = 'UnknownEngineError';
  /** The package that brings this engine when it is a known one that is not installed (registerMissingEngine). */
  readonly missingPackage: string | undefined;
  constructor(readonly engineName: string) {
    const known = [...engines.keys()].sort().join(', ') || '(none registered)';
    const missingPackage = missing.get(engineName);
    const why = missingPackage === undefined ? '' : `: it comes with ${missingPackage}, which is not installed`;
    super(`unknown engine "${engineName}"${why}; registered engines: ${known}`);
    this.missingPackage = missingPackage;
  }
}

/**
 * Add an engine under its name and kind. Registering the same object twice is harmless; another
 * object with a taken name and kind is an error. Engines of different kinds may share a name.
 */
export function registerEngine(engine: Engine<'nonogram'> | Engine<'colour-nonogram'> | Engine<'arrowpath'> | Engine): void {
  let byKind = engines.get(engine.name);
  const existing = byKind?.get(engine.kind);
  if (existing !== undefined && existing !== engine) {
    throw new Error(`an engine named "${engine.name}" for ${engine.kind} puzzles is already registered`);
  }
  if (byKind === undefined) engines.set(engine.name, (byKind = new Map()));
  byKind.set(engine.kind, engine as Engine);
  missing.delete(engine.name);
}

/**
 * Record that engine `name` exists but its package `packageName` is not installed, so that
 * `getEngine(name)` says which package to install. `@gridrace/engines` records the built-in
 * engines it could not load; registering an engine of that name later clears it.
 */
export function registerMissingEngine(name: string, packageName: string): void {
  if (!engines.has(name)) missing.set(name, packageName);
}

/** Remove the engine `name` of `kind`, or of every kind when `kind` is left out. True if one was removed. */
export function unregisterEngine(name: string, kind?: PuzzleKind): boolean {
  if (kind === undefined) return engines.delete(name);
  const byKind = engines.get(name);
  const removed = byKind?.delete(kind) ?? false;
  if (byKind?.size === 0) engines.delete(name);
  return removed;
}

/**
 * The engine registered under `name` for puzzles of `kind`; without `kind`, the first one
 * registered under that name. Throws `UnknownEngineError` listing the known names, or an Error
 * when the name is known only for other kinds.
 */
export function getEngine<K extends PuzzleKind = PuzzleKind>(name: string, kind?: K): Engine<K> {
  const byKind = engines.get(name);
  if (byKind === undefined) throw new UnknownEngineError(name);
  const engine = kind === undefined ? byKind.values().next().value : byKind.get(kind);
  if (engine === undefined) {
    throw new Error(`engine "${name}" solves ${[...byKind.keys()].join(' and ')} puzzles, not ${kind}`);
  }
  return engine as unknown as Engine<K>;
}

/** Registered engines, sorted by name (then kind, in registration order), optionally only those of one kind. */
export function listEngines(kind?: PuzzleKind): Engine[] {
  return [...engines.values()]
    .flatMap((byKind) => [...byKind.values()])
    .filter((e) => kind === undefined || e.kind === kind)
    .sort((a, b) => a.name.localeCompare(b.name));
}
