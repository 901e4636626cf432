// The one source of the solver (../solver/, shared with the wasm engine), compiled to
// JavaScript by scripts/build-solver.mjs: createSolver() makes an instance with its own
// memory and state, like instantiating the WebAssembly module. Addresses are byte offsets
// into memoryBuffer(); i32 values are JavaScript numbers in int32 range.
import { createSolver as createInstance } from '../dist/solver.js';

export interface SolverInstance {
  /** Longest line `solveWord` takes. */
  readonly WORD_LIMIT: number;
  /** Results of the last successful `solveWord`: forced filled and forced empty cells. */
  filledWord(): number;
  emptyWord(): number;
  /** Whether an allocation failed since the last `resetArena`. */
  memoryFailed(): boolean;
  /** Scratch for lines up to `length` cells and clues up to `blocks` blocks; false when out of memory. */
  setupLineSolver(length: number, blocks: number): boolean;
  /** A line of 1..WORD_LIMIT cells, its known cells as bit masks; false for a contradiction. */
  solveWord(clue: number, k: number, n: number, filled: number, empty: number): boolean;
  /** A line of any length: masks of ceil(n/32) words at the addresses given. */
  solveWords(clue: number, k: number, n: number, filled: number, empty: number, outFilled: number, outEmpty: number): boolean;
  /** `solveWords` on the part of the line that is still open (the engine's entry for long lines). */
  solveTrimmed(clue: number, k: number, n: number, filled: number, empty: number, outFilled: number, outEmpty: number): boolean;
  /** A zeroed buffer of `bytes` bytes, or 0 when the memory limit cannot hold it. */
  tryAlloc(bytes: number): number;
  /** Forget every allocation (the start of a solve). */
  resetArena(): void;
  setMemoryLimit(bytes: number): void;
  /** The memory; an allocation may move it, so views are taken after the last one. */
  memoryBuffer(): ArrayBuffer;
}

export function createSolver(): SolverInstance {
  return createInstance() as SolverInstance;
}

/**
 * Instances for one engine's solves: a solve takes one per search and gives them back when
 * it ends, so solves in a row reuse them (a new instance costs its set-up, and its calls
 * start cold) while solves at the same time each get their own.
 */
export class SolverPool {
  readonly #idle: SolverInstance[] = [];

  take(): SolverInstance {
    return this.#idle.pop() ?? createSolver();
  }

  give(instances: readonly SolverInstance[]): void {
    this.#idle.push(...instances);
  }
}
