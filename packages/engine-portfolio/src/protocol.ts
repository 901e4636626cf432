// What the portfolio and its search threads say to each other, which searches it runs, and
// the engine that runs one.
import type { Engine, NonogramPuzzle, NonogramSolution, SolveResult } from '@gridrace/core';
import { createBitmaskEngine } from '@gridrace/engine-bitmask';
import type { SolverConfig } from '@gridrace/engine-bitmask/host';
import { createWasmEngine } from '@gridrace/engine-wasm';

/** Which build of the one solver a search runs. */
export type SearchBuild = 'wasm' | 'bitmask';

/** The search-specific part of a solver config (everything but the name and the memory cap, which the portfolio sets). */
export type SearchConfig = Omit<SolverConfig, 'name' | 'maxMemoryMb'>;

/** Parent to thread: run one search; stop it (the thread answers with what it has). */
export type ToSearch =
  | {
      readonly type: 'solve';
      readonly id: number;
      readonly build: SearchBuild;
      readonly config: SearchConfig & { readonly maxMemoryMb: number };
      readonly puzzle: NonogramPuzzle;
      readonly maxSolutions: number;
      readonly timeLimitMs: number | undefined;
    }
  | { readonly type: 'stop'; readonly id: number };

/** Thread to parent: the search's result and the CPU time the thread spent on it. */
export type FromSearch =
  | { readonly type: 'done'; readonly id: number; readonly result: SolveResult<NonogramSolution>; readonly cpuMs: number }
  | { readonly type: 'failed'; readonly id: number; readonly message: string };

/**
 * The i-th search of a portfolio by default. The first is the default search (seed 0, probing
 * and learning in turns), the one a plain `wasm` solve runs; the others alternate clause
 * learning from the start and the default's turns, each with a seed of its own, so no two take
 * the same path.
 */
export function defaultSearch(i: number): SearchConfig {
  if (i === 0) return {};
  return i % 2 === 1 ? { strategy: 'learn', seed: i } : { strategy: 'auto', seed: i };
}

/** The engine of one search: `build`'s engine with the search's config (a wrong config throws its RangeError here). */
export function searchEngine(build: SearchBuild, config: SolverConfig): Engine<'nonogram'> {
  return build === 'wasm' ? createWasmEngine(config) : createBitmaskEngine(config);
}
