// The JavaScript entry of the one source of the solver: what a createSolver() instance
// offers the bitmask engine (the WebAssembly entry is engine-wasm/assembly/index.ts). Only
// functions and constants: the bundle hands out a plain copy of these exports, so a
// variable's later value is read through a function.
import { outOfMemory } from 'solver-target';
import { outEmptyW, outFilledW } from './line-solver';

export { WORD_LIMIT, setupLineSolver, solveTrimmed, solveWord, solveWords } from './line-solver';
export { memoryBuffer, resetArena, setMemoryLimit, tryAlloc } from 'solver-target';

/** Forced filled cells of the last successful `solveWord`. */
export function filledWord(): i32 {
  return outFilledW;
}

/** Forced empty cells of the last successful `solveWord`. */
export function emptyWord(): i32 {
  return outEmptyW;
}

/** Whether an allocation failed since the last `resetArena`. */
export function memoryFailed(): bool {
  return outOfMemory;
}
