// Test-only entry: the one line solver (@gridrace/engine-bitmask/solver/line-solver.ts) as
// the wasm engine compiles it, with its 64-bit path, for test/line-solver.test.ts. Not part
// of the engine build.
import { outEmptyW as emptyW, outFilledW as filledW } from '@gridrace/engine-bitmask/solver/line-solver';

export { WORD_LIMIT, setupLineSolver, solveTrimmed, solveWord, solveWords } from '@gridrace/engine-bitmask/solver/line-solver';
export { tryAlloc } from 'solver-target';

export function outFilledW(): i32 {
  return filledW;
}

export function outEmptyW(): i32 {
  return emptyW;
}
