// The one line solver (solver/line-solver.ts), its JavaScript build, against brute force. The
// suite is @gridrace/testkit's; engine-wasm runs the same suite on the WebAssembly build.
import { describeLineSolver } from '@gridrace/testkit';
import { createSolver } from '../src/solver-instance.js';

describeLineSolver('JavaScript', () => {
  const s = createSolver();
  return {
    wordLimit: s.WORD_LIMIT,
    outFilledW: () => s.filledWord(),
    outEmptyW: () => s.emptyWord(),
    setupLineSolver: (length, blocks) => s.setupLineSolver(length, blocks),
    solveWord: (clue, k, n, filled, empty) => s.solveWord(clue, k, n, filled, empty),
    solveWords: (clue, k, n, filled, empty, outFilled, outEmpty) => s.solveWords(clue, k, n, filled, empty, outFilled, outEmpty),
    solveTrimmed: (clue, k, n, filled, empty, outFilled, outEmpty) => s.solveTrimmed(clue, k, n, filled, empty, outFilled, outEmpty),
    tryAlloc: (bytes) => s.tryAlloc(bytes),
    memory: () => s.memoryBuffer(),
  };
});
