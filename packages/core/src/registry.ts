import type { Engine } from './engine.js';
import type { PuzzleKind } from './model/puzzle.js';

// One registry per process, even if two copies of @gridrace/core end up installed:
// engines registered through one copy must be found through the other.
const REGISTRY_KEY = Symbol.for('gridrace.engine-registry');
// Engines known by name whose package is not installed (name -> package), so that asking for
// one says what to install. Kept beside the registry for the same reason.
const MISSING_KEY = Symbol.for('gridrace.engine-registry.missing');
type RegistryHolder = { [REGISTRY_KEY]?: Map<string, Engine>; [MISSING_KEY]?: Map<string, string> };
const holder = globalThis as RegistryHolder;
const engines: Map<string, Engine> = (holder[REGISTRY_KEY] ??= new Map());
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

/** Add an engine under its name. Registering the same object twice is harmless; another object with a taken name is an error. */
export function registerEngine(engine: Engine<'nonogram'> | Engine<'arrowpath'> | Engine): void {
  const existing = engines.get(engine.name);
  if (existing !== undefined && existing !== engine) {
    throw new Error(`an engine named "${engine.name}" is already registered`);
  }
  engines.set(engine.name, engine as Engine);
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

export function unregisterEngine(name: string): boolean {
  return engines.delete(name);
}

/** The engine registered under `name`; throws `UnknownEngineError` listing the known names. */
export function getEngine<K extends PuzzleKind = PuzzleKind>(name: string, kind?: K): Engine<K> {
  const engine = engines.get(name);
  if (engine === undefined) throw new UnknownEngineError(name);
  if (kind !== undefined && engine.kind !== kind) {
    throw new Error(`engine "${name}" solves ${engine.kind} puzzles, not ${kind}`);
  }
  return engine as unknown as Engine<K>;
}

/** Registered engines, sorted by name, optionally only those of one kind. */
export function listEngines(kind?: PuzzleKind): Engine[] {
  return [...engines.values()].filter((e) => kind === undefined || e.kind === kind).sort((a, b) => a.name.localeCompare(b.name));
}
