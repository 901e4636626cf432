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
    // The rows' filled masks identify the grid.
    const key = board.rowFilled.join(',');
    if (!this.#keys.has(key)) {
      this.#keys.add(key);
      this.found.push({ width: board.width, height: board.height, cells: board.cells.slice() });
    }
    return this.full;
  }
}
