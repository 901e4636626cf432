// A second solution without search: the four corners of a rectangle can trade values when
// each of its two rows and two columns keeps its clue. That holds when, in each of those
// lines, the filled corner ends a block and the empty corner lies just past the block's other
// end (the block shifts by one: large pictures are full of such edges, a shape's side that
// could sit one cell further), or the filled corner is a lone cell and the empty one lies in
// the same gap (it moves). nonosolve checks the adjacent 2x2 case. Every candidate is
// confirmed by recomputing the four clues, so only a sound swap is ever reported.
import type { GivenCell } from '@gridrace/core';

/** What a swap needs of the puzzle: its size, clues and givens. */
export interface SwapPuzzle {
  readonly width: number;
  readonly height: number;
  readonly rows: readonly (readonly number[])[];
  readonly columns: readonly (readonly number[])[];
  readonly givens: readonly GivenCell[];
}

/** How far a lone cell is moved along its gap, at most. */
const MAX_JUMP = 64;

/** Finds clue-preserving rectangle swaps in solutions of one puzzle. */
export class RectangleSwaps {
  readonly #puzzle: SwapPuzzle;
  readonly #given: Uint8Array;

  constructor(puzzle: SwapPuzzle) {
    this.#puzzle = puzzle;
    this.#given = new Uint8Array(puzzle.width * puzzle.height);
    for (const g of puzzle.givens) this.#given[g.row * puzzle.width + g.col] = 1;
  }

  /**
   * Another solution that differs from `cells` (a solution, 0/1 per cell, row-major) in the
   * four corners of a rectangle, or null when none is found. Linear in the cells.
   */
  swapped(cells: Uint8Array): Uint8Array | null {
    const { width, height } = this.#puzzle;
    const given = this.#given;
    for (let a = 0; a < cells.length; a++) {
      if (cells[a] !== 1 || given[a] === 1) continue;
      const r1 = Math.floor(a / width);
      const c1 = a % width;
      // Only a cell that ends its block across and down can move (checked before scanning its blocks).
      const endsAcross = c1 === 0 || c1 === width - 1 || cells[a - 1] === 0 || cells[a + 1] === 0;
      const endsDown = r1 === 0 || r1 === height - 1 || cells[a - width] === 0 || cells[a + width] === 0;
      if (!endsAcross || !endsDown) continue;
      const across = moves(cells, r1 * width, 1, width, c1);
      if (across.length === 0) continue;
      const down = moves(cells, c1, width, height, r1);
      for (const c2 of across) {
        for (const r2 of down) {
          const b = r2 * width + c2;
          const p = r1 * width + c2;
          const q = r2 * width + c1;
          if (cells[b] !== 1 || given[b] === 1 || given[p] === 1 || given[q] === 1) continue;
          if (!moves(cells, r2 * width, 1, width, c2).includes(c1) || !moves(cells, c2, width, height, r2).includes(r1)) continue;
          const next = cells.slice();
          next[a] = 0;
          next[b] = 0;
          next[p] = 1;
          next[q] = 1;
          if (this.#keepsClues(next, r1, r2, c1, c2)) return next;
        }
      }
    }
    return null;
  }

  #keepsClues(cells: Uint8Array, r1: number, r2: number, c1: number, c2: number): boolean {
    const { width, height, rows, columns } = this.#puzzle;
    const same = (clue: readonly number[], length: number, cell: (i: number) => number) => {
      let k = 0;
      let run = 0;
      for (let i = 0; i <= length; i++) {
        if (i < length && cell(i) === 1) run++;
        else if (run > 0) {
          if (clue[k] !== run) return false;
          k++;
          run = 0;
        }
      }
      return k === clue.length;
    };
    return (
      same(rows[r1]!, width, (i) => cells[r1 * width + i]!) &&
      same(rows[r2]!, width, (i) => cells[r2 * width + i]!) &&
      same(columns[c1]!, height, (i) => cells[i * width + c1]!) &&
      same(columns[c2]!, height, (i) => cells[i * width + c2]!)
    );
  }
}

/**
 * Where the filled cell at position `i` of a line (cells `first + k * step`, k < n) can go so
 * that the line keeps its clue when only those two cells change: one past the far end of its
 * block when it ends the block (the block shifts by one), or anywhere in its gap when it is a
 * lone cell.
 */
function moves(cells: Uint8Array, first: number, step: number, n: number, i: number): number[] {
  const at = (k: number) => (k < 0 || k >= n ? 0 : cells[first + k * step]!);
  let s = i;
  while (at(s - 1) === 1) s--;
  let e = i;
  while (at(e + 1) === 1) e++;
  const out: number[] = [];
  if (s === e) {
    // A lone cell: to any cell of its gap whose neighbours are empty.
    for (let k = i + 2; k < n && k <= i + MAX_JUMP && at(k) === 0 && at(k - 1) === 0; k++) if (at(k + 1) === 0) out.push(k);
    for (let k = i - 2; k >= 0 && k >= i - MAX_JUMP && at(k) === 0 && at(k + 1) === 0; k--) if (at(k - 1) === 0) out.push(k);
    if (i + 1 < n && at(i + 2) === 0) out.push(i + 1);
    if (i - 1 >= 0 && at(i - 2) === 0) out.push(i - 1);
    return out;
  }
  if (i === s && e + 1 < n && at(e + 2) === 0) out.push(e + 1);
  if (i === e && s - 1 >= 0 && at(s - 2) === 0) out.push(s - 1);
  return out;
}
