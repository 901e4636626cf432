// Semantic checks every reader runs on the puzzle it built (and every writer on its input).
// Readers check syntax and report the exact spot; these checks catch what is wrong as a
// puzzle: sizes, clue lengths, givens, arrows, and a stored solution that disagrees. Row and
// column totals that differ are not among them: such clues are well formed, only contradictory,
// and every engine answers `none` for them, as for any other puzzle without a solution.
import { DIRECTIONS, type ArrowPathPuzzle } from '../model/arrowpath.js';
import { EMPTY, FILLED, minimumLineLength, type Clue, type NonogramPuzzle } from '../model/nonogram.js';
import { verifyArrowPath, verifyNonogram, type VerifyResult } from '../verify.js';
import { PuzzleFormatError, fail, type SourceRef } from './errors.js';
import { MAX_SIDE, cellLabel, checkSide, lineLabel } from './text.js';

/**
 * Where the parts of a nonogram were written, so errors can name a line. Every field is
 * optional; `default` is used for anything not given (single-line formats set only that).
 */
export interface NonogramLines {
  /** Names the puzzle in messages when a file holds several (`puzzle $3`). */
  readonly name?: string;
  readonly default?: number;
  /** The width/height declaration. */
  readonly size?: number;
  /** Line of each row clue, top first. */
  readonly rows?: readonly (number | undefined)[];
  /** Line of each column clue, left first. */
  readonly columns?: readonly (number | undefined)[];
  /** Where the totals were declared. Unused: totals that differ are read (the puzzle has no solution). */
  readonly totals?: number;
  /** Line of each given, in the order of `puzzle.givens`. */
  readonly givens?: readonly (number | undefined)[];
  /** The stored solution. */
  readonly solution?: number;
}

/** Where the parts of an arrow path were written (see NonogramLines). */
export interface ArrowPathLines {
  /** Names the puzzle in messages when a file holds several. */
  readonly name?: string;
  readonly default?: number;
  readonly size?: number;
  /** Line of each cell, row-major. */
  readonly cells?: readonly (number | undefined)[];
  readonly solution?: number;
}

const showClue = (clue: Clue): string => (clue.length === 0 ? '0' : clue.join(' '));

export function firstProblem(result: VerifyResult): string {
  if (result.ok) return '';
  const more = result.problems.length > 1 ? ` (and ${result.problems.length - 1} more)` : '';
  return `${result.problems[0]}${more}`;
}

function checkClues(
  clues: readonly Clue[],
  isRow: boolean,
  length: number,
  source: SourceRef,
  lines: readonly (number | undefined)[] | undefined,
  fallback: number | undefined,
): void {
  for (let i = 0; i < clues.length; i++) {
    const clue = clues[i];
    const line = lines?.[i] ?? fallback;
    const label = lineLabel(isRow, i);
    if (!Array.isArray(clue)) fail('bad-number', `${label} clue is not a list of numbers`, source, line);
    for (const block of clue) {
      if (typeof block !== 'number' || !Number.isInteger(block) || block < 1 || block > MAX_SIDE) {
        fail('bad-number', `${label} clue ${JSON.stringify(clue)} has a block ${String(block)}; blocks are whole numbers from 1 to ${MAX_SIDE}`, source, line);
      }
    }
    const need = minimumLineLength(clue);
    if (need > length) {
      fail('clue-too-long', `${label} clue "${showClue(clue)}" needs ${need} cells but the ${isRow ? 'row' : 'column'} has ${length}`, source, line);
    }
  }
}

/** The sizes, and one clue per row and per column: where the checks of both nonogram kinds start. */
export function checkSizeAndLineCounts(width: number, height: number, rows: unknown, columns: unknown, source: SourceRef, lines: NonogramLines): void {
  const at = lines.size ?? lines.default;
  checkSide(width, 'width', source, at);
  checkSide(height, 'height', source, at);
  if (!Array.isArray(rows) || rows.length !== height) fail('line-count', `${Array.isArray(rows) ? rows.length : 'no'} row clues for a puzzle ${height} high`, source, at);
  if (!Array.isArray(columns) || columns.length !== width) fail('line-count', `${Array.isArray(columns) ? columns.length : 'no'} column clues for a puzzle ${width} wide`, source, at);
}

/** Given cells inside the grid, none given twice; `checkValue` checks what each one gives. */
export function checkGivenCells<G extends { readonly row: number; readonly col: number }>(
  givens: readonly G[] | undefined,
  width: number,
  height: number,
  source: SourceRef,
  lines: NonogramLines,
  checkValue: (given: G, line: number | undefined) => void,
): void {
  const seen = new Map<number, number>();
  (Array.isArray(givens) ? givens : []).forEach((given, i) => {
    const line = lines.givens?.[i] ?? lines.default;
    const { row, col } = given;
    if (!Number.isInteger(row) || !Number.isInteger(col) || row < 0 || row >= height || col < 0 || col >= width) {
      fail('given-out-of-range', `given cell [${String(row)}, ${String(col)}] (0-based row, column) is outside the ${width}x${height} grid`, source, line);
    }
    checkValue(given, line);
    const cell = row * width + col;
    const first = seen.get(cell);
    if (first !== undefined) {
      const firstLine = lines.givens?.[first];
      fail('duplicate-given', `cell ${cellLabel(width, cell)} is given twice${firstLine === undefined || firstLine === line ? '' : ` (first on line ${firstLine})`}`, source, line);
    }
    seen.set(cell, i);
  });
}

/** A stored solution of the puzzle's size. */
export function checkSolutionSize(solution: { readonly width: number; readonly height: number; readonly cells?: ArrayLike<number> }, width: number, height: number, source: SourceRef, line: number | undefined): void {
  if (solution.width !== width || solution.height !== height || solution.cells?.length !== width * height) {
    fail('size-mismatch', `the solution is ${solution.width}x${solution.height} (${solution.cells?.length} cells) but the puzzle is ${width}x${height}`, source, line);
  }
}

/** Throw a PuzzleFormatError for the first thing wrong with a nonogram. */
export function validateNonogram(puzzle: NonogramPuzzle, file = '<input>', lines: NonogramLines = {}): void {
  named(lines.name, () => checkNonogram(puzzle, { file }, lines));
}

/** Run checks, prefixing any error's message with the puzzle's name. */
export function named(name: string | undefined, check: () => void): void {
  if (name === undefined) return check();
  try {
    check();
  } catch (e) {
    if (e instanceof PuzzleFormatError) throw new PuzzleFormatError(e.code, `${name}: ${e.detail}`, e.file, e.line);
    throw e;
  }
}

function checkNonogram(puzzle: NonogramPuzzle, source: SourceRef, lines: NonogramLines): void {
  const d = lines.default;
  const { width, height } = puzzle;
  checkSizeAndLineCounts(width, height, puzzle.rows, puzzle.columns, source, lines);
  checkClues(puzzle.rows, true, width, source, lines.rows, d);
  checkClues(puzzle.columns, false, height, source, lines.columns, d);
  checkGivenCells(puzzle.givens, width, height, source, lines, (given, line) => {
    if (typeof given.filled !== 'boolean') fail('bad-field', `given cell [${given.row}, ${given.col}] is neither filled nor empty`, source, line);
  });

  const solution = puzzle.solution;
  if (solution !== undefined) {
    const line = lines.solution ?? d;
    checkSolutionSize(solution, width, height, source, line);
    for (let i = 0; i < solution.cells.length; i++) {
      const v = solution.cells[i];
      if (v !== FILLED && v !== EMPTY) fail('bad-solution', `the solution holds ${v} at ${cellLabel(width, i)}; cells are 0 or 1`, source, line);
    }
    const check = verifyNonogram(puzzle, solution);
    if (!check.ok) fail('bad-solution', `the solution does not fit the puzzle: ${firstProblem(check)}`, source, line);
  }
}

/** Throw a PuzzleFormatError for the first thing wrong with an arrow path. */
export function validateArrowPath(puzzle: ArrowPathPuzzle, file = '<input>', lines: ArrowPathLines = {}): void {
  named(lines.name, () => checkArrowPath(puzzle, { file }, lines));
}

function checkArrowPath(puzzle: ArrowPathPuzzle, source: SourceRef, lines: ArrowPathLines): void {
  const d = lines.default;
  const { width, height } = puzzle;
  checkSide(width, 'width', source, lines.size ?? d);
  checkSide(height, 'height', source, lines.size ?? d);
  const n = width * height;
  if (!Array.isArray(puzzle.arrows) || puzzle.arrows.length !== n) {
    fail('size-mismatch', `${Array.isArray(puzzle.arrows) ? puzzle.arrows.length : 'no'} arrows for a ${width}x${height} grid of ${n} cells`, source, lines.size ?? d);
  }
  if (!Array.isArray(puzzle.givens) || puzzle.givens.length !== n) {
    fail('size-mismatch', `${Array.isArray(puzzle.givens) ? puzzle.givens.length : 'no'} givens for a ${width}x${height} grid of ${n} cells`, source, lines.size ?? d);
  }
  const lineOf = (cell: number) => lines.cells?.[cell] ?? d;
  const cellOf = new Map<number, number>();
  let arrowless = -1;
  for (let i = 0; i < n; i++) {
    const arrow = puzzle.arrows[i];
    if (arrow !== null && !(DIRECTIONS as readonly unknown[]).includes(arrow)) {
      fail('bad-direction', `cell ${cellLabel(width, i)} has an unknown direction ${JSON.stringify(arrow) ?? String(arrow)} (use ${DIRECTIONS.join(', ')})`, source, lineOf(i));
    }
    const given = puzzle.givens[i]!;
    if (typeof given !== 'number' || !Number.isInteger(given) || given < 0 || given > n) {
      fail('given-out-of-range', `cell ${cellLabel(width, i)} is given ${String(given)}, outside 1..${n}`, source, lineOf(i));
    }
    if (given !== 0) {
      const other = cellOf.get(given);
      if (other !== undefined) {
        fail('duplicate-given', `${given} is given twice, in ${cellLabel(width, other)} and ${cellLabel(width, i)}`, source, lineOf(i));
      }
      cellOf.set(given, i);
    }
    if (arrow === null) {
      if (arrowless !== -1) {
        fail('missing-arrow', `cells ${cellLabel(width, arrowless)} and ${cellLabel(width, i)} both have no arrow; only the cell holding ${n} may lack one`, source, lineOf(i));
      }
      if (given !== 0 && given !== n) {
        fail('missing-arrow', `cell ${cellLabel(width, i)} has no arrow but is given ${given}; only the last number, ${n}, may lack an arrow`, source, lineOf(i));
      }
      arrowless = i;
    }
  }
  const lastCell = cellOf.get(n);
  if (arrowless !== -1 && lastCell !== undefined && lastCell !== arrowless) {
    fail('missing-arrow', `${n} is given in ${cellLabel(width, lastCell)}, so ${cellLabel(width, arrowless)} cannot be the cell without an arrow`, source, lineOf(arrowless));
  }

  const solution = puzzle.solution;
  if (solution !== undefined) {
    const line = lines.solution ?? d;
    if (solution.width !== width || solution.height !== height || solution.numbers?.length !== n) {
      fail('size-mismatch', `the solution is ${solution.width}x${solution.height} (${solution.numbers?.length} cells) but the puzzle is ${width}x${height}`, source, line);
    }
    const check = verifyArrowPath(puzzle, solution);
    if (!check.ok) fail('bad-solution', `the solution does not fit the puzzle: ${firstProblem(check)}`, source, line);
  }
}
