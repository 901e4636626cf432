/** A block-length clue for one row or column, in reading order. `[]` is an empty line. */
export type Clue = readonly number[];

/** Cell values used by every nonogram grid in gridrace. */
export const EMPTY = 0;
export const FILLED = 1;
/** Only in partial grids (givens, engine state): the value is not known. */
export const UNKNOWN = 2;
export type CellValue = typeof EMPTY | typeof FILLED;
export type PartialCellValue = CellValue | typeof UNKNOWN;

/** A cell whose value the puzzle states up front (GCHQ's 22 black squares, Pattern's immutables). */
export interface GivenCell {
  readonly row: number;
  readonly col: number;
  readonly filled: boolean;
}

/** Descriptive fields a file may carry; formats keep what they can hold. */
export interface PuzzleMeta {
  title?: string;
  author?: string;
  copyright?: string;
  license?: string;
  source?: string;
  catalogue?: string;
}

export interface NonogramPuzzle {
  readonly kind: 'nonogram';
  readonly width: number;
  readonly height: number;
  /** One clue per row, top to bottom. */
  readonly rows: readonly Clue[];
  /** One clue per column, left to right. */
  readonly columns: readonly Clue[];
  readonly givens: readonly GivenCell[];
  /** A known solution (a `.non` goal, a seed file's solution), if the file has one. */
  readonly solution?: NonogramSolution;
  readonly meta: PuzzleMeta;
}

/** A complete grid: `cells[row * width + col]` is FILLED (1) or EMPTY (0). */
export interface NonogramSolution {
  readonly width: number;
  readonly height: number;
  readonly cells: Uint8Array;
}

/** The clue a line of cells produces: lengths of its runs of filled cells. */
export function clueOfLine(cells: ArrayLike<number>): number[] {
  const clue: number[] = [];
  let run = 0;
  for (let i = 0; i < cells.length; i++) {
    if (cells[i] === FILLED) run++;
    else if (run > 0) {
      clue.push(run);
      run = 0;
    }
  }
  if (run > 0) clue.push(run);
  return clue;
}

/** The smallest number of cells a clue needs: blocks plus one gap between each pair. */
export function minimumLineLength(clue: Clue): number {
  if (clue.length === 0) return 0;
  let sum = clue.length - 1;
  for (const block of clue) sum += block;
  return sum;
}

export function rowOf(solution: NonogramSolution, row: number): Uint8Array {
  return solution.cells.subarray(row * solution.width, (row + 1) * solution.width);
}

export function columnOf(solution: NonogramSolution, col: number): Uint8Array {
  const out = new Uint8Array(solution.height);
  for (let r = 0; r < solution.height; r++) out[r] = solution.cells[r * solution.width + col]!;
  return out;
}

/** Rows as strings of `#` (filled) and `.` (empty): the form used in JSON output and seed files. */
export function solutionToRows(solution: NonogramSolution): string[] {
  const rows: string[] = [];
  for (let r = 0; r < solution.height; r++) {
    let line = '';
    for (let c = 0; c < solution.width; c++) line += solution.cells[r * solution.width + c] === FILLED ? '#' : '.';
    rows.push(line);
  }
  return rows;
}

/** The puzzle whose clues a complete grid produces (no givens). Used by generators and tests. */
export function nonogramFromSolution(solution: NonogramSolution, meta: PuzzleMeta = {}): NonogramPuzzle {
  const rows: number[][] = [];
  const columns: number[][] = [];
  for (let r = 0; r < solution.height; r++) rows.push(clueOfLine(rowOf(solution, r)));
  for (let c = 0; c < solution.width; c++) columns.push(clueOfLine(columnOf(solution, c)));
  return { kind: 'nonogram', width: solution.width, height: solution.height, rows, columns, givens: [], solution, meta };
}
