// What every nonogram engine does first with the puzzle it is handed, in one place: check
// its shape (a programming error when wrong, so it throws), drop zero blocks, and tell
// whether every clue fits its line; and the set of distinct solutions a search has found.
import { minimumLineLength, type NonogramPuzzle, type NonogramSolution } from './model/nonogram.js';

export interface CheckedNonogram {
  readonly width: number;
  readonly height: number;
  /** Clues without zero blocks (`0` is the usual way to write an empty line). */
  readonly rows: number[][];
  readonly columns: number[][];
}

function checkClues(clues: unknown, count: number, what: string): number[][] {
  if (!Array.isArray(clues) || clues.length !== count) throw new RangeError(`expected ${count} ${what} clues, got ${String((clues as unknown[] | undefined)?.length)}`);
  return clues.map((clue: unknown, i) => {
    if (!Array.isArray(clue)) throw new RangeError(`${what} ${i + 1}: the clue is not a list of blocks`);
    const out: number[] = [];
    for (const block of clue as unknown[]) {
      if (!Number.isInteger(block) || (block as number) < 0) throw new RangeError(`${what} ${i + 1}: block ${String(block)} is not a non-negative integer`);
      if ((block as number) > 0) out.push(block as number);
    }
    return out;
  });
}

/**
 * Check a nonogram handed to engine `engine`: the kind, a whole-number size, one clue of
 * non-negative whole blocks per line, givens inside the grid. Throws TypeError / RangeError
 * naming the problem (a caller's bug, not a puzzle without solution).
 */
export function checkNonogramInput(puzzle: NonogramPuzzle, engine: string): CheckedNonogram {
  if (puzzle?.kind !== 'nonogram') throw new TypeError(`the ${engine} engine solves nonograms, not ${String(puzzle?.kind)}`);
  const { width, height } = puzzle;
  if (!Number.isInteger(width) || !Number.isInteger(height) || width < 0 || height < 0) {
    throw new RangeError(`bad grid size ${String(width)}x${String(height)}`);
  }
  const rows = checkClues(puzzle.rows, height, 'row');
  const columns = checkClues(puzzle.columns, width, 'column');
  for (const g of puzzle.givens ?? []) {
    if (!Number.isInteger(g.row) || !Number.isInteger(g.col) || g.row < 0 || g.col < 0 || g.row >= height || g.col >= width) {
      throw new RangeError(`given cell (${g.row}, ${g.col}) lies outside the ${width}x${height} grid`);
    }
  }
  return { width, height, rows, columns };
}

/** Whether every clue fits in its line (when one does not, the puzzle has no solution). */
export function cluesFit(puzzle: CheckedNonogram): boolean {
  return puzzle.rows.every((clue) => minimumLineLength(clue) <= puzzle.width) && puzzle.columns.every((clue) => minimumLineLength(clue) <= puzzle.height);
}

/** The clues of all lines flattened for a solver: rows first (0..height-1), then columns. */
export interface PackedClues {
  /** Blocks of all lines, line after line. */
  readonly blocks: Int32Array;
  /** Start of line i's blocks in `blocks` (lines + 1 entries: the last is the total). */
  readonly offset: Int32Array;
  /** Lines with the same clue and the same length share an id (for a line cache). */
  readonly id: Int32Array;
  /** The most blocks in one line. */
  readonly maxBlocks: number;
}

/** Flatten a checked puzzle's clues into typed arrays, giving equal lines one id. */
export function packClues(puzzle: CheckedNonogram): PackedClues {
  const all = [...puzzle.rows, ...puzzle.columns];
  const offset = new Int32Array(all.length + 1);
  let total = 0;
  let maxBlocks = 0;
  for (let i = 0; i < all.length; i++) {
    offset[i] = total;
    total += all[i]!.length;
    maxBlocks = Math.max(maxBlocks, all[i]!.length);
  }
  offset[all.length] = total;
  const blocks = new Int32Array(total);
  const id = new Int32Array(all.length);
  const ids = new Map<string, number>();
  for (let i = 0; i < all.length; i++) {
    blocks.set(all[i]!, offset[i]!);
    const key = `${i < puzzle.height ? puzzle.width : puzzle.height}:${all[i]!.join(',')}`;
    let known = ids.get(key);
    if (known === undefined) {
      known = ids.size;
      ids.set(key, known);
    }
    id[i] = known;
  }
  return { blocks, offset, id, maxBlocks };
}

/**
 * The distinct solutions a search has found, up to `maxSolutions`: different parts of a
 * search (probing, backtracking, clause learning) may reach the same grid.
 */
export class DistinctSolutions {
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
    return this.full;
  }
}
