// The solutions a solve found, without duplicates: backtracking (or probing) and clause
// learning may both reach the same grid, so the module reports every grid and this keeps
// the distinct ones.
import type { NonogramSolution } from '@gridrace/core';

export class Solutions {
  readonly found: NonogramSolution[] = [];
  readonly #byHash = new Map<number, number[]>();
  readonly #max: number;
  readonly #width: number;
  readonly #height: number;

  constructor(maxSolutions: number, width: number, height: number) {
    this.#max = maxSolutions;
    this.#width = width;
    this.#height = height;
  }

  get full(): boolean {
    return this.found.length >= this.#max;
  }

  /** Record a complete grid (a view into the module's memory; copied). True once the limit is reached. */
  add(cells: Uint8Array): boolean {
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
      same.push(this.found.length);
    } else {
      this.#byHash.set(h, [this.found.length]);
    }
    this.found.push({ width: this.#width, height: this.#height, cells: cells.slice() });
    return this.full;
  }
}
