// The engines' exact line solver (solver/line-solver.ts, this package's JavaScript build) for
// callers that settle lines themselves, such as the large-nonogram generator's line logic: a
// clue and a line's known cells in, every cell all placements agree on out. Bit sets, 32 cells
// a word, and on long lines each block costs the words its placements span.
import { EMPTY, FILLED } from '@gridrace/core';
import { createSolver } from './solver-instance.js';

export interface LineSolver {
  /**
   * Settles in place what `clue` forces in `cells[offset .. offset + n)` (each EMPTY, FILLED or
   * UNKNOWN), n up to the solver's length. False when no placement fits the known cells
   * (the cells are then left as they were).
   */
  solve(cells: Uint8Array, offset: number, n: number, clue: readonly number[]): boolean;
}

/** A line solver for lines of up to `maxLength` cells and clues of up to `maxBlocks` blocks. */
export function createLineSolver(maxLength: number, maxBlocks: number): LineSolver {
  const solver = createSolver();
  const words = Math.ceil(Math.max(1, maxLength) / 32) + 1;
  const clueAt = solver.tryAlloc(4 * Math.max(1, maxBlocks));
  const filledAt = solver.tryAlloc(4 * words);
  const emptyAt = solver.tryAlloc(4 * words);
  const outFilledAt = solver.tryAlloc(4 * words);
  const outEmptyAt = solver.tryAlloc(4 * words);
  if (outEmptyAt === 0 || !solver.setupLineSolver(Math.max(1, maxLength), Math.max(1, maxBlocks))) {
    throw new Error(`line solver: no memory for lines of ${maxLength} cells with ${maxBlocks} blocks`);
  }
  const memory = new Int32Array(solver.memoryBuffer());
  // The same places as indices of 32-bit words.
  const clueWord = clueAt >> 2;
  const filled = filledAt >> 2;
  const empty = emptyAt >> 2;
  const outFilled = outFilledAt >> 2;
  const outEmpty = outEmptyAt >> 2;
  return {
    solve(cells, offset, n, clue) {
      if (n > maxLength || clue.length > maxBlocks) throw new RangeError(`line solver: a line of ${n} cells with ${clue.length} blocks is past its ${maxLength} cells and ${maxBlocks} blocks`);
      for (let j = 0; j < clue.length; j++) memory[clueWord + j] = clue[j]!;
      const lw = (n + 31) >>> 5;
      memory.fill(0, filled, filled + lw);
      memory.fill(0, empty, empty + lw);
      for (let i = 0; i < n; i++) {
        const v = cells[offset + i];
        if (v === FILLED) memory[filled + (i >>> 5)]! |= 1 << (i & 31);
        else if (v === EMPTY) memory[empty + (i >>> 5)]! |= 1 << (i & 31);
      }
      if (!solver.solveTrimmed(clueAt, clue.length, n, filledAt, emptyAt, outFilledAt, outEmptyAt)) return false;
      for (let w = 0; w < lw; w++) {
        // The cells this solve settled: forced, and not known before (the solver's words hold
        // no bit at or past n).
        let settled = (memory[outFilled + w]! | memory[outEmpty + w]!) & ~(memory[filled + w]! | memory[empty + w]!);
        while (settled !== 0) {
          const bit = 31 - Math.clz32(settled & -settled);
          settled &= settled - 1;
          cells[offset + (w << 5) + bit] = (memory[outFilled + w]! >>> bit) & 1 ? FILLED : EMPTY;
        }
      }
      return true;
    },
  };
}
