// The JavaScript entry of the one source of the solver: what a createSolver() instance offers
// the bitmask engine's host. The solver's entry points (index.ts, the same as the wasm
// module's exports), and what the WebAssembly host gets from the module's memory and imports
// instead: the memory, its limit, and where solutions go. Only functions and constants: the
// bundle hands out a plain copy of these exports.
export * from './index';
export { freshMemory, memoryBuffer, setMemoryLimit, setSolutionHandler } from 'solver-target';

// For the line solver's own tests (testkit's describeLineSolver), which run on both targets.
import { outEmptyW, outFilledW } from './line-solver';
export { WORD_LIMIT, setupLineSolver, solveTrimmed, solveWord, solveWords } from './line-solver';
export { resetArena, tryAlloc } from 'solver-target';
// And the colour line solver's, for its own test.
export { setupColourLine, solveColourLine } from './colour-line';
// And the line cache's, for its own test.
export { lookupWord, setupCache, storeWord } from './cache';

/** Forced filled cells of the last successful `solveWord`. */
export function filledWord(): i32 {
  return outFilledW;
}

/** Forced empty cells of the last successful `solveWord`. */
export function emptyWord(): i32 {
  return outEmptyW;
}
