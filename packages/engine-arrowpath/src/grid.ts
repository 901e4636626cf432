// The static facts both engines read from a puzzle: rays and givens (core checked its shape).
import { DIRECTION_STEPS, type CheckedArrowPathPuzzle, type SolveBudget, type StopReason } from '@gridrace/core';

/** A puzzle checked and unpacked into typed arrays. */
export interface ArrowGrid {
  readonly width: number;
  readonly height: number;
  /** Number of cells, also the last number N. */
  readonly n: number;
  /**
   * The ray of cell `c` (the cells its number may be followed by, nearest first) is
   * `c + k * rayStep[c]` for k = 1..rayLength[c]; length 0 for a cell without an arrow and
   * for the cell given N. Rays are never materialised: a snake-shaped 1000x1000 grid has
   * half a billion ray cells, and counting them is enough to refuse it.
   */
  readonly rayStep: Int32Array;
  readonly rayLength: Int32Array;
  /** Sum of `rayLength`: the candidate links between cells. */
  readonly rayCells: number;
  /** `given[c]`: the number given in cell `c`, 0 for none. */
  readonly given: Int32Array;
  /** `cellOfGiven[k]`: the cell given number `k` (1..N), -1 for none. */
  readonly cellOfGiven: Int32Array;
  /** `hasArrow[c]`: 1 when cell `c` carries an arrow. */
  readonly hasArrow: Uint8Array;
  /** Why the givens contradict each other (a number outside 1..N, a number given twice), or null. */
  readonly contradiction: string | null;
}

/** How many cells lie on the ray from (row, col) in direction (dr, dc): counted, not walked. */
export function rayLengthOf(width: number, height: number, row: number, col: number, dr: number, dc: number): number {
  const byRow = dr > 0 ? height - 1 - row : dr < 0 ? row : Number.POSITIVE_INFINITY;
  const byCol = dc > 0 ? width - 1 - col : dc < 0 ? col : Number.POSITIVE_INFINITY;
  return Math.min(byRow, byCol);
}

/** Cells unpacked between two budget checks (about a millisecond of work). */
const CELLS_PER_CHECK = 1 << 16;

/**
 * Unpack a puzzle that passed core's input contract (`checkSolveInput`, which refuses a wrong
 * kind or shape), checking the budget (and yielding) every slice of cells, so a time limit
 * or an abort holds on huge grids. Contradictory givens (above N, repeated) are reported in
 * `contradiction` (verdict `none`); returns a stop reason when the budget ran out.
 */
export async function prepareGrid(puzzle: CheckedArrowPathPuzzle, budget: SolveBudget): Promise<ArrowGrid | StopReason> {
  const { width, height } = puzzle;
  const n = width * height;

  const given = new Int32Array(n);
  const cellOfGiven = new Int32Array(n + 1).fill(-1);
  const hasArrow = new Uint8Array(n);
  let contradiction: string | null = null;
  for (let c = 0; c < n; c++) {
    if ((c + 1) % CELLS_PER_CHECK === 0) {
      const stop = await budget.checkpoint();
      if (stop !== null) return stop;
    }
    hasArrow[c] = puzzle.arrows[c] === null ? 0 : 1;
    const g = puzzle.givens[c]!;
    if (g === 0) continue;
    if (g > n) {
      contradiction ??= `cell ${c} is given ${g}, outside 1..${n}`;
      continue;
    }
    if (cellOfGiven[g] !== -1) {
      contradiction ??= `number ${g} is given twice`;
      continue;
    }
    cellOfGiven[g] = c;
    given[c] = g;
  }

  const rayStep = new Int32Array(n);
  const rayLength = new Int32Array(n);
  let rayCells = 0;
  for (let c = 0; c < n; c++) {
    if ((c + 1) % CELLS_PER_CHECK === 0) {
      const stop = await budget.checkpoint();
      if (stop !== null) return stop;
    }
    const arrow = puzzle.arrows[c];
    // The cell given N ends the path: its arrow, if any, is ignored.
    if (arrow === null || arrow === undefined || given[c] === n) continue;
    const [dr, dc] = DIRECTION_STEPS[arrow];
    const length = rayLengthOf(width, height, Math.floor(c / width), c % width, dr, dc);
    rayStep[c] = dr * width + dc;
    rayLength[c] = length;
    rayCells += length;
  }
  return { width, height, n, rayStep, rayLength, rayCells, given, cellOfGiven, hasArrow, contradiction };
}
