// The static facts both engines read from a puzzle: rays, givens, and the shape checks.
import { DIRECTIONS, rayCells, type ArrowPathPuzzle } from '@gridrace/core';

/** A puzzle checked and unpacked into typed arrays. */
export interface ArrowGrid {
  readonly width: number;
  readonly height: number;
  /** Number of cells, also the last number N. */
  readonly n: number;
  /** `rays[c]`: the cells the number in `c` may be followed by, nearest first. Empty for a cell without an arrow and for the cell given N. */
  readonly rays: readonly Int32Array[];
  /** `given[c]`: the number given in cell `c`, 0 for none. */
  readonly given: Int32Array;
  /** `cellOfGiven[k]`: the cell given number `k` (1..N), -1 for none. */
  readonly cellOfGiven: Int32Array;
  /** `hasArrow[c]`: 1 when cell `c` carries an arrow. */
  readonly hasArrow: Uint8Array;
  /** Why the givens contradict each other (a number outside 1..N, a number given twice), or null. */
  readonly contradiction: string | null;
}

const DIRECTION_SET: ReadonlySet<unknown> = new Set<unknown>(DIRECTIONS);

/**
 * Check the puzzle's shape and unpack it. Throws (TypeError, RangeError) for a puzzle of the
 * wrong kind or shape; contradictory givens are reported in `contradiction` (verdict `none`).
 */
export function prepareGrid(puzzle: ArrowPathPuzzle): ArrowGrid {
  if (puzzle.kind !== 'arrowpath') throw new TypeError(`expected an arrowpath puzzle, got ${String(puzzle.kind)}`);
  const { width, height } = puzzle;
  if (!Number.isInteger(width) || !Number.isInteger(height) || width < 1 || height < 1) {
    throw new RangeError(`arrow path size must be positive integers, got ${String(width)}x${String(height)}`);
  }
  const n = width * height;
  if (puzzle.arrows.length !== n) throw new RangeError(`expected ${n} arrows, got ${puzzle.arrows.length}`);
  if (puzzle.givens.length !== n) throw new RangeError(`expected ${n} givens, got ${puzzle.givens.length}`);

  const given = new Int32Array(n);
  const cellOfGiven = new Int32Array(n + 1).fill(-1);
  const hasArrow = new Uint8Array(n);
  let contradiction: string | null = null;
  for (let c = 0; c < n; c++) {
    const arrow = puzzle.arrows[c];
    if (arrow !== null && !DIRECTION_SET.has(arrow)) throw new RangeError(`cell ${c} has an unknown arrow ${String(arrow)}`);
    hasArrow[c] = arrow === null ? 0 : 1;
    const g = puzzle.givens[c];
    if (typeof g !== 'number' || !Number.isInteger(g)) throw new RangeError(`cell ${c} has a non-integer given ${String(g)}`);
    if (g === 0) continue;
    if (g < 1 || g > n) {
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

  const rays: Int32Array[] = [];
  for (let c = 0; c < n; c++) {
    const arrow = puzzle.arrows[c];
    // The cell given N ends the path: its arrow, if any, is ignored.
    rays.push(arrow === null || arrow === undefined || given[c] === n ? new Int32Array(0) : Int32Array.from(rayCells(width, height, c, arrow)));
  }
  return { width, height, n, rays, given, cellOfGiven, hasArrow, contradiction };
}
