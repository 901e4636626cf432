// The solutions a solve has found, without repeats: probing, backtracking and clause learning
// (and a side search among symmetric solutions) may reach the same grid.
import type { NonogramSolution } from '@gridrace/core';
import { symmetricImage, type CellSymmetry } from './symmetry.js';

/**
 * The distinct solutions a search has found, up to `maxSolutions`: different parts of a
 * search (probing, backtracking, clause learning) may reach the same grid.
 */
export class DistinctSolutions {
  readonly found: NonogramSolution[] = [];
  /** 1 when the second solution came from `neighbour`, not from the search. */
  byNeighbour = 0;
  /** Grids by a hash of their cells, to find duplicates without comparing every grid. */
  readonly #byHash = new Map<number, number[]>();
  readonly #max: number;
  readonly #neighbour: ((cells: Uint8Array) => Uint8Array | null) | undefined;

  /**
   * `neighbour`, when given, is asked for another solution next to the first one found (a swap
   * of a few cells that keeps every clue): a second solution without search.
   */
  constructor(maxSolutions: number, neighbour?: (cells: Uint8Array) => Uint8Array | null) {
    this.#max = maxSolutions;
    this.#neighbour = neighbour;
  }

  /** True once `maxSolutions` distinct solutions are known. */
  get full(): boolean {
    return this.found.length >= this.#max;
  }

  /** Record a complete grid (one 0/1 byte per cell, row-major; copied). True once the limit is reached. */
  add(width: number, height: number, cells: Uint8Array): boolean {
    let h = 0x811c9dc5;
    for (let i = 0; i < cells.length; i++) h = Math.imul(h ^ cells[i]!, 0x01000193);
    const same = this.#byHash.get(h);
    if (same !== undefined) {
      for (const index of same) {
        const other = this.found[index]!.cells;
        let equal = other.length === cells.length;
        for (let i = 0; i < cells.length && equal; i++) equal = other[i] === cells[i];
        if (equal) return this.full;
      }
      same.push(this.found.length);
    } else {
      this.#byHash.set(h, [this.found.length]);
    }
    this.found.push({ width, height, cells: cells.slice() });
    // The first solution's neighbour settles a verdict (`multiple`); later ones would only
    // repeat what a count finds anyway.
    const first = this.found.length === 1;
    if (this.full || this.#neighbour === undefined || !first) return this.full;
    const next = this.#neighbour(cells);
    if (next === null) return false;
    const full = this.add(width, height, next);
    this.byNeighbour = this.found.length > 1 ? 1 : 0;
    return full;
  }
}

/**
 * Distinct solutions where each one found also brings its images under the symmetries
 * (each a solution too, since the clues and givens map onto themselves).
 */
export class SolutionsWithImages extends DistinctSolutions {
  readonly #symmetries: readonly CellSymmetry[];
  #scratch = new Uint8Array(0);

  constructor(maxSolutions: number, symmetries: readonly CellSymmetry[], neighbour?: (cells: Uint8Array) => Uint8Array | null) {
    super(maxSolutions, neighbour);
    this.#symmetries = symmetries;
  }

  override add(width: number, height: number, cells: Uint8Array): boolean {
    if (super.add(width, height, cells)) return true;
    if (this.#scratch.length !== cells.length) this.#scratch = new Uint8Array(cells.length);
    for (const symmetry of this.#symmetries) if (super.add(width, height, symmetricImage(symmetry, cells, this.#scratch))) return true;
    return false;
  }
}
