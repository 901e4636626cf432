import type { Engine } from './engine.js';
import type { PuzzleKind } from './model/puzzle.js';

// One registry per process, even if two copies of @gridrace/core end up installed:
// engines registered through one copy must be found through the other.
const REGISTRY_KEY = Symbol.for('gridrace.engine-registry');
type RegistryHolder = { [REGISTRY_KEY]?: Map<string, Engine> };
const holder = globalThis as RegistryHolder;
const engines: Map<string, Engine> = (holder[REGISTRY_KEY] ??= new Map());

export class UnknownEngineError extends Error {
  override readonly name = 'UnknownEngineError';
  constructor(readonly engineName: string) {
    const known = [...engines.keys()].sort().join(', ') || '(none registered)';
    super(`unknown engine "${engineName}"; registered engines: ${known}`);
  }
}

/** Add an engine under its name. Registering the same object twice is harmless; another object with a taken name is an error. */
export function registerEngine(engine: Engine<'nonogram'> | Engine<'arrowpath'> | Engine): void {
  const existing = engines.get(engine.name);
  if (existing !== undefined && existing !== engine) {
    throw new Error(`an engine named "${engine.name}" is already registered`);
  }
  engines.set(engine.name, engine as Engine);
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
