// The solutions found so far, without duplicates: backtracking (or probing) and clause
// learning may both reach the same grid, so every solution is recorded through here once.
import type { NonogramSolution } from '@gridrace/core';
import type { Board } from './lines.js';

export class Solutions {
  readonly found: NonogramSolution[] = [];
  /** Grids by a hash of their cells, to find duplicates without comparing every grid. */
  readonly #byHash = new Map<number, number[]>();
  readonly #max: number;

  constructor(maxSolutions: number) {
    this.#max = maxSolutions;
  }

  /** True once `maxSolutions` distinct solutions are known. */
  get full(): boolean {
    return this.found.length >= this.#max;
  }

  /** Record the complete grid on the board. Returns true when the limit is reached. */
  add(board: Board): boolean {
    return this.addCells(board.width, board.height, board.cells);
  }

  /** Record a complete grid (one 0/1 byte per cell, row-major). Returns true when the limit is reached. */
  addCells(width: number, height: number, cells: Uint8Array): boolean {
    let h = 0x811c9dc5;
    for (let i = 0; i < cells.length; i++) h = Math.imul(h ^ cells[i]!, 0x01000193);
    const same = this.#byHash.get(h);
    if (same !== undefined) {
      for (const index of same) {
        const other = this.found[index]!.cells;
        let equal = true;
        for (let i = 0; i < cells.length && equal; i++) equal = other[i] === cells[i];
        if (equal) return this.full;
      }
    }
    if (same === undefined) this.#byHash.set(h, [this.found.length]);
    else same.push(this.found.length);
    this.found.push({ width, height, cells: cells.slice() });
    return this.full;
  }
}
