// The one input contract every engine runs first (`checkSolveInput`): the puzzle's shape and
// the options' types and ranges, checked the same way for every engine so that the same input
// gets the same outcome everywhere: accepted (then normalised), or refused with the same
// error class and message. Also nonogram helpers engines share: whether every clue fits, clues
// packed for a solver, the solution of a grid without cells, and the distinct solutions found.
import { DIRECTIONS, type ArrowPathPuzzle, type Direction } from './model/arrowpath.js';
import { minimumLineLength, type GivenCell, type NonogramSolution, type PuzzleMeta } from './model/nonogram.js';
import type { PuzzleKind } from './model/puzzle.js';
import { checkColourNonogramInput, type CheckedColourNonogramPuzzle } from './engine-input-colour.js';
import { checkTimeLimitMs } from './limits.js';
import { badNumber, isRecord, show } from './show.js';
import { MAX_SOLUTIONS_LIMIT } from './limits.js';

export interface CheckedNonogram {
  readonly width: number;
  readonly height: number;
  /** Clues without zero blocks (`[0]` is the usual way to write an empty line). */
  readonly rows: number[][];
  readonly columns: number[][];
}

/** A nonogram as `checkSolveInput` hands it to an engine: zero blocks dropped, givens a list. */
export interface CheckedNonogramPuzzle extends CheckedNonogram {
  readonly kind: 'nonogram';
  readonly givens: readonly GivenCell[];
  readonly meta: PuzzleMeta;
}

/** An arrow path as `checkSolveInput` hands it to an engine: givens always one number per cell. */
export interface CheckedArrowPathPuzzle extends ArrowPathPuzzle {
  readonly givens: readonly number[];
}

/** The solve options with their defaults applied. */
export interface CheckedSolveOptions {
  readonly maxSolutions: number;
  readonly signal: AbortSignal | undefined;
  readonly timeLimitMs: number | undefined;
}

export interface CheckedSolveInput<P> {
  readonly puzzle: P;
  readonly options: CheckedSolveOptions;
}

function checkSize(value: unknown, what: string, min: number): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min) {
    badNumber(value, `${what} must be a ${min === 0 ? 'non-negative' : 'positive'} integer, got ${show(value)}`);
  }
  return value;
}

function checkClues(clues: unknown, count: number, what: 'row' | 'column'): number[][] {
  if (!Array.isArray(clues)) throw new TypeError(`${what}s must be a list of clues, got ${show(clues)}`);
  if (clues.length !== count) throw new RangeError(`expected ${count} ${what} clues, got ${clues.length}`);
  const out: number[][] = [];
  // An index loop, not map: map skips the holes of a sparse list.
  for (let i = 0; i < count; i++) {
    const clue: unknown = clues[i];
    if (!Array.isArray(clue)) throw new TypeError(`${what} ${i + 1}: the clue must be a list of blocks, got ${show(clue)}`);
    const blocks: number[] = [];
    for (let j = 0; j < clue.length; j++) {
      const block: unknown = clue[j];
      if (typeof block !== 'number' || !Number.isInteger(block) || block < 0) badNumber(block, `${what} ${i + 1}: block ${show(block)} is not a non-negative integer`);
      // Zero blocks mean nothing: [0] is an empty line and [1, 0, 1] is [1, 1].
      if (block > 0) blocks.push(block);
    }
    out.push(blocks);
  }
  return out;
}

function checkNonogramGivens(givens: unknown, width: number, height: number): GivenCell[] {
  // null and undefined both mean "no givens", as an absent field does.
  if (givens === undefined || givens === null) return [];
  if (!Array.isArray(givens)) throw new TypeError(`givens must be a list, got ${show(givens)}`);
  const out: GivenCell[] = [];
  for (let i = 0; i < givens.length; i++) {
    const g: unknown = givens[i];
    if (!isRecord(g)) throw new TypeError(`givens[${i}] must be an object { row, col, filled }, got ${show(g)}`);
    const { row, col, filled } = g;
    for (const [name, value] of [['row', row], ['col', col]] as const) {
      if (typeof value !== 'number' || !Number.isInteger(value)) badNumber(value, `givens[${i}].${name} must be an integer, got ${show(value)}`);
    }
    const r = row as number;
    const c = col as number;
    if (r < 0 || c < 0 || r >= height || c >= width) throw new RangeError(`givens[${i}] (row ${r}, col ${c}) lies outside the ${width}x${height} grid`);
    if (typeof filled !== 'boolean') throw new TypeError(`givens[${i}].filled must be true or false, got ${show(filled)}`);
    out.push({ row: r, col: c, filled });
  }
  return out;
}

function checkKind(puzzle: unknown, kind: 'nonogram' | 'arrowpath'): Record<string, unknown> {
  const expected = kind === 'arrowpath' ? 'an arrowpath puzzle' : 'a nonogram puzzle';
  if (!isRecord(puzzle)) throw new TypeError(`expected ${expected}, got ${show(puzzle)}`);
  if (puzzle.kind !== kind) throw new TypeError(`expected ${expected}, got a puzzle of kind ${show(puzzle.kind)}`);
  return puzzle;
}

/**
 * Check a nonogram handed to an engine: an object of kind `nonogram`, whole non-negative
 * sizes (a grid without cells is allowed), one clue of non-negative whole blocks per line,
 * givens (or null / undefined for none) inside the grid. Returns it with zero blocks dropped.
 * Throws TypeError (wrong type) or RangeError (a number out of range) naming the problem:
 * a caller's bug, not a puzzle without solution.
 */
export function checkNonogramInput(puzzle: unknown): CheckedNonogramPuzzle {
  const p = checkKind(puzzle, 'nonogram');
  const width = checkSize(p.width, 'width', 0);
  const height = checkSize(p.height, 'height', 0);
  const rows = checkClues(p.rows, height, 'row');
  const columns = checkClues(p.columns, width, 'column');
  const givens = checkNonogramGivens(p.givens, width, height);
  return { kind: 'nonogram', width, height, rows, columns, givens, meta: isRecord(p.meta) ? (p.meta as PuzzleMeta) : {} };
}

const DIRECTION_SET: ReadonlySet<unknown> = new Set<unknown>(DIRECTIONS);

/**
 * Check an arrow path handed to an engine: an object of kind `arrowpath`, positive whole
 * sizes, one arrow (a direction, or null) per cell, and givens (or null / undefined for none)
 * that are one non-negative integer per cell. Givens above N or repeated are not refused
 * here: such a puzzle has no solution (verdict `none`).
 */
export function checkArrowPathInput(puzzle: unknown): CheckedArrowPathPuzzle {
  const p = checkKind(puzzle, 'arrowpath');
  const width = checkSize(p.width, 'width', 1);
  const height = checkSize(p.height, 'height', 1);
  const n = width * height;
  const arrowList = p.arrows;
  if (!Array.isArray(arrowList)) throw new TypeError(`arrows must be a list, got ${show(arrowList)}`);
  if (arrowList.length !== n) throw new RangeError(`expected ${n} arrows, one per cell, got ${arrowList.length}`);
  const arrows: (Direction | null)[] = [];
  for (let i = 0; i < n; i++) {
    const arrow: unknown = arrowList[i];
    if (arrow !== null && !DIRECTION_SET.has(arrow)) {
      const message = `arrows[${i}] must be null or one of ${DIRECTIONS.join(', ')}, got ${show(arrow)}`;
      throw typeof arrow === 'string' ? new RangeError(message) : new TypeError(message);
    }
    arrows.push(arrow as Direction | null);
  }
  let givens: number[];
  if (p.givens === undefined || p.givens === null) {
    givens = new Array<number>(n).fill(0);
  } else {
    const list = p.givens;
    if (!Array.isArray(list)) throw new TypeError(`givens must be a list of numbers, got ${show(list)}`);
    if (list.length !== n) throw new RangeError(`expected ${n} givens, one per cell, got ${list.length}`);
    givens = [];
    for (let i = 0; i < n; i++) {
      const g: unknown = list[i];
      if (typeof g !== 'number' || !Number.isInteger(g) || g < 0) badNumber(g, `givens[${i}] must be a non-negative integer (0 for none), got ${show(g)}`);
      givens.push(g);
    }
  }
  return { kind: 'arrowpath', width, height, arrows, givens, meta: isRecord(p.meta) ? (p.meta as PuzzleMeta) : {} };
}

export const DEFAULT_MAX_SOLUTIONS = 2;

/** `maxSolutions`: absent (undefined or null) is the default 2, else a positive integer. */
export function checkMaxSolutions(value: unknown): number {
  if (value === undefined || value === null) return DEFAULT_MAX_SOLUTIONS;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1) badNumber(value, `maxSolutions must be a positive integer, got ${show(value)}`);
  // Every held solution costs its grid: a puzzle with billions of solutions would fill the heap.
  if (value > MAX_SOLUTIONS_LIMIT) throw new RangeError(`maxSolutions ${value} is over the limit of ${MAX_SOLUTIONS_LIMIT} (MAX_SOLUTIONS_LIMIT)`);
  return value;
}

/** `signal`: absent (undefined or null), or an AbortSignal-like object engines can read and listen to. */
export function checkSignal(value: unknown): AbortSignal | undefined {
  if (value === undefined || value === null) return undefined;
  const s = value as { aborted?: unknown; addEventListener?: unknown; removeEventListener?: unknown };
  if (typeof value !== 'object' || typeof s.aborted !== 'boolean' || typeof s.addEventListener !== 'function' || typeof s.removeEventListener !== 'function') {
    throw new TypeError(`signal must be an AbortSignal (a boolean aborted, addEventListener and removeEventListener), got ${show(value)}`);
  }
  return value as AbortSignal;
}

/** The solve options: absent (undefined or null) or an object; fields other than the three are ignored. */
export function checkSolveOptions(options: unknown): CheckedSolveOptions {
  if (options === undefined || options === null) return { maxSolutions: DEFAULT_MAX_SOLUTIONS, signal: undefined, timeLimitMs: undefined };
  if (!isRecord(options)) throw new TypeError(`options must be an object, got ${show(options)}`);
  return { maxSolutions: checkMaxSolutions(options.maxSolutions), timeLimitMs: checkTimeLimitMs(options.timeLimitMs), signal: checkSignal(options.signal) };
}

/**
 * What every engine's `solve` runs first: the puzzle (kind and shape), then the options.
 * The same input gives the same outcome in every engine: the checked (normalised) puzzle
 * and options, or the same TypeError / RangeError with the same message.
 */
export function checkSolveInput(kind: 'nonogram', puzzle: unknown, options: unknown): CheckedSolveInput<CheckedNonogramPuzzle>;
export function checkSolveInput(kind: 'colour-nonogram', puzzle: unknown, options: unknown): CheckedSolveInput<CheckedColourNonogramPuzzle>;
export function checkSolveInput(kind: 'arrowpath', puzzle: unknown, options: unknown): CheckedSolveInput<CheckedArrowPathPuzzle>;
export function checkSolveInput(
  kind: PuzzleKind,
  puzzle: unknown,
  options: unknown,
): CheckedSolveInput<CheckedNonogramPuzzle | CheckedColourNonogramPuzzle | CheckedArrowPathPuzzle> {
  const checked = kind === 'nonogram' ? checkNonogramInput(puzzle) : kind === 'colour-nonogram' ? checkColourNonogramInput(puzzle) : checkArrowPathInput(puzzle);
  return { puzzle: checked, options: checkSolveOptions(options) };
}

/**
 * The answer for a nonogram without cells (width or height 0), or null when it has cells:
 * one empty solution when every clue is empty, else none.
 */
export function solutionsWithoutCells(puzzle: CheckedNonogram): NonogramSolution[] | null {
  if (puzzle.width > 0 && puzzle.height > 0) return null;
  return cluesFit(puzzle) ? [{ width: puzzle.width, height: puzzle.height, cells: new Uint8Array(0) }] : [];
}

/** Whether every clue fits in its line (when one does not, the puzzle has no solution). */
export function cluesFit(puzzle: CheckedNonogram): boolean {
  return puzzle.rows.every((clue) => minimumLineLength(clue) <= puzzle.width) && puzzle.columns.every((clue) => minimumLineLength(clue) <= puzzle.height);
}
