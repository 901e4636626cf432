// The solutions found so far, without duplicates: probing may complete the grid before
// the search reaches the same leaf, so every solution is recorded through here once.
import type { NonogramSolution } from '@gridrace/core';
import type { Board } from './lines.js';

export class Solutions {
  readonly found: NonogramSolution[] = [];
  readonly #keys = new Set<string>();
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
    let key = '';
    for (let i = 0; i < cells.length; i += 4096) key += String.fromCharCode(...cells.subarray(i, i + 4096).map((v) => 48 + v));
    if (!this.#keys.has(key)) {
      this.#keys.add(key);
      this.found.push({ width, height, cells: cells.slice() });
    }
    return this.full;
  }
}
