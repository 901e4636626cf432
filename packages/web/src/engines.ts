// The engines the workbench races: the built-ins that run in a browser. The page knows only
// their names; the solve worker loads each on first use (engine-loaders.ts). z3 is left out:
// its WebAssembly build needs cross-origin isolation, which a plain static folder cannot promise.
import type { PuzzleKind } from '@gridrace/core';

export interface BrowserEngine {
  readonly name: string;
  readonly kind: PuzzleKind;
  readonly description: string;
}

const engine = (name: string, kind: PuzzleKind, description: string): BrowserEngine => ({ name, kind, description });

export const BROWSER_ENGINES: readonly BrowserEngine[] = [
  engine('wasm', 'nonogram', 'the bitmask solver compiled to WebAssembly'),
  engine('bitmask', 'nonogram', 'line solving on bitmasks, probing and search, in TypeScript'),
  engine('naive', 'nonogram', 'every placement of every line (the reference)'),
  engine('portfolio', 'nonogram', 'differently seeded wasm searches in Web Workers of their own; the first answer wins'),
  engine('wasm', 'colour-nonogram', 'the colour solver compiled to WebAssembly'),
  engine('bitmask', 'colour-nonogram', 'the colour solver in TypeScript'),
  engine('naive', 'colour-nonogram', 'every placement of every line (the reference)'),
  engine('arrowpath', 'arrowpath', 'the propagating backtracker'),
  engine('arrowpath-dfs', 'arrowpath', 'plain depth-first search (the reference)'),
];

/** Engine names in the order the page offers them. */
export const ENGINE_NAMES: readonly string[] = [...new Set(BROWSER_ENGINES.map((e) => e.name))];

export function findEngine(name: string, kind: PuzzleKind): BrowserEngine | undefined {
  return BROWSER_ENGINES.find((e) => e.name === name && e.kind === kind);
}
