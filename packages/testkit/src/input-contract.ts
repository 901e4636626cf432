// The input contract (core's `checkSolveInput`) as cases every engine runs through the
// conformance suite: each input has one expected outcome, the same for every engine of its
// kind: a verdict with its solutions (checked by core's verifier), or an error of an exact
// class and message. Odd shapes (zero blocks, grids without cells, null givens, option
// values of the wrong type) are here because engines once disagreed on them.
import type { NonogramSolution, PuzzleKind, SolveResult, Solution, StopReason } from '@gridrace/core';
import { expect } from 'vitest';
import { expectSameSolutions, expectWellFormedResult } from './expect.js';

export type ExpectedOutcome =
  | { readonly verdict: 'unique' | 'multiple' | 'none'; readonly solutions: readonly Solution[] }
  | { readonly verdict: 'incomplete'; readonly reason: StopReason }
  | { readonly error: TypeErrorConstructor | RangeErrorConstructor; readonly message: string };

export interface InputCase {
  readonly name: string;
  /** Deliberately untyped: many of these are what the types forbid. */
  readonly puzzle: unknown;
  readonly options?: unknown;
  readonly expected: ExpectedOutcome;
}

const grid = (width: number, height: number, cells: number[]): NonogramSolution => ({ width, height, cells: Uint8Array.from(cells) });
const numbering = (width: number, height: number, numbers: number[]): Solution => ({ width, height, numbers: Int32Array.from(numbers) });
const refused = (error: TypeErrorConstructor | RangeErrorConstructor, message: string): ExpectedOutcome => ({ error, message });
const unique = (solution: Solution): ExpectedOutcome => ({ verdict: 'unique', solutions: [solution] });
const none: ExpectedOutcome = { verdict: 'none', solutions: [] };

const nono = (rows: unknown, columns: unknown, extra: Record<string, unknown> = {}): Record<string, unknown> => ({
  kind: 'nonogram',
  width: Array.isArray(columns) ? columns.length : 0,
  height: Array.isArray(rows) ? rows.length : 0,
  rows,
  columns,
  givens: [],
  meta: {},
  ...extra,
});
/** 2x2, rows [2] [1], columns [2] [1]: only ## / #. */
const tinyNono = nono([[2], [1]], [[2], [1]]);
const tinyNonoSolution = grid(2, 2, [1, 1, 1, 0]);

const arrow = (width: number, height: number, arrows: unknown, givens: unknown, extra: Record<string, unknown> = {}): Record<string, unknown> => ({
  kind: 'arrowpath',
  width,
  height,
  arrows,
  givens,
  meta: {},
  ...extra,
});
/** 2x2: 1 E, 2 SW, 3 E, 4 without arrow. */
const tinyArrow = arrow(2, 2, ['E', 'SW', 'E', null], [0, 0, 0, 0]);
const tinyArrowSolution = numbering(2, 2, [1, 2, 3, 4]);

const colourGrid = (width: number, height: number, cells: number[]): Solution => ({ width, height, cells: Uint8Array.from(cells) });
const PALETTE = [
  { name: 'white', rgb: 'ffffff', char: '.' },
  { name: 'red', rgb: 'ff0000', char: 'r' },
  { name: 'blue', rgb: '0000ff', char: 'b' },
];
const block = (length: unknown, colour: unknown) => ({ length, colour });
const colourNono = (rows: unknown, columns: unknown, extra: Record<string, unknown> = {}): Record<string, unknown> => ({
  ...nono(rows, columns),
  kind: 'colour-nonogram',
  palette: PALETTE,
  ...extra,
});
/** 2x2, rows [1r 1b] [1r], columns [2r] [1b]: only rb / r. */
const tinyColour = colourNono([[block(1, 1), block(1, 2)], [block(1, 1)]], [[block(2, 1)], [block(1, 2)]]);
const tinyColourSolution = colourGrid(2, 2, [1, 2, 1, 0]);

const OTHER_KIND_MESSAGE = (want: PuzzleKind, got: PuzzleKind) => `expected ${want === 'arrowpath' ? 'an' : 'a'} ${want} puzzle, got a puzzle of kind "${got}"`;

export const NONOGRAM_INPUT_CASES: readonly InputCase[] = [
  // Zero blocks mean nothing: [0] is an empty line, [1, 0, 1] is [1, 1].
  { name: 'clue [0] is an empty line', puzzle: nono([[0], [1]], [[0], [1]]), expected: unique(grid(2, 2, [0, 0, 0, 1])) },
  { name: 'zeros inside a clue: [1, 0, 1] is [1, 1]', puzzle: nono([[1, 0, 1]], [[1], [0], [1]]), expected: unique(grid(3, 1, [1, 0, 1])) },
  { name: 'zeros around and between blocks: [0, 2, 0, 0]', puzzle: nono([[0, 2, 0, 0]], [[1], [1]]), expected: unique(grid(2, 1, [1, 1])) },
  // Grids without cells are accepted: all clues empty, one empty solution; any block, none.
  { name: '0x0 grid: one empty solution', puzzle: nono([], []), expected: unique(grid(0, 0, [])) },
  { name: '0x2 grid (no columns), empty row clues', puzzle: nono([[], [0]], []), expected: unique(grid(0, 2, [])) },
  { name: '2x0 grid (no rows), empty column clues', puzzle: nono([], [[], []]), expected: unique(grid(2, 0, [])) },
  { name: '0x1 grid with a block: none', puzzle: nono([[1]], []), expected: none },
  // Givens: null or undefined are the same as none.
  { name: 'givens null', puzzle: { ...tinyNono, givens: null }, expected: unique(tinyNonoSolution) },
  { name: 'givens undefined', puzzle: { ...tinyNono, givens: undefined }, expected: unique(tinyNonoSolution) },
  { name: 'givens that pick one of two solutions', puzzle: nono([[1], [1]], [[1], [1]], { givens: [{ row: 0, col: 0, filled: true }] }), expected: unique(grid(2, 2, [1, 0, 0, 1])) },
  {
    name: 'the same cell given filled and empty: none',
    puzzle: nono([[1]], [[1]], { givens: [{ row: 0, col: 0, filled: true }, { row: 0, col: 0, filled: false }] }),
    expected: none,
  },
  { name: 'a clue longer than its line: none', puzzle: nono([[3]], [[1], [1]]), expected: none },
  { name: 'a puzzle without meta', puzzle: { ...tinyNono, meta: undefined }, expected: unique(tinyNonoSolution) },

  { name: 'puzzle null', puzzle: null, expected: refused(TypeError, 'expected a nonogram puzzle, got null') },
  { name: 'puzzle undefined', puzzle: undefined, expected: refused(TypeError, 'expected a nonogram puzzle, got undefined') },
  { name: 'puzzle a string', puzzle: '2x2', expected: refused(TypeError, 'expected a nonogram puzzle, got "2x2"') },
  { name: 'puzzle a list', puzzle: [], expected: refused(TypeError, 'expected a nonogram puzzle, got a list') },
  { name: 'an arrow path', puzzle: tinyArrow, expected: refused(TypeError, OTHER_KIND_MESSAGE('nonogram', 'arrowpath')) },
  { name: 'width a string', puzzle: { ...tinyNono, width: '2' }, expected: refused(TypeError, 'width must be a non-negative integer, got "2"') },
  { name: 'width -1', puzzle: { ...nono([], []), width: -1 }, expected: refused(RangeError, 'width must be a non-negative integer, got -1') },
  { name: 'width 1.5', puzzle: { ...tinyNono, width: 1.5 }, expected: refused(RangeError, 'width must be a non-negative integer, got 1.5') },
  { name: 'height NaN', puzzle: { ...tinyNono, height: Number.NaN }, expected: refused(RangeError, 'height must be a non-negative integer, got NaN') },
  { name: 'rows null', puzzle: { ...tinyNono, rows: null }, expected: refused(TypeError, 'rows must be a list of clues, got null') },
  { name: 'columns missing', puzzle: { ...tinyNono, columns: undefined }, expected: refused(TypeError, 'columns must be a list of clues, got undefined') },
  { name: 'too few row clues', puzzle: { ...tinyNono, rows: [[2]] }, expected: refused(RangeError, 'expected 2 row clues, got 1') },
  { name: 'a row clue null', puzzle: { ...tinyNono, rows: [[2], null] }, expected: refused(TypeError, 'row 2: the clue must be a list of blocks, got null') },
  { name: 'a sparse row list', puzzle: { ...tinyNono, rows: [, [1]] }, expected: refused(TypeError, 'row 1: the clue must be a list of blocks, got undefined') },
  { name: 'a block "1"', puzzle: { ...tinyNono, columns: [[2], ['1']] }, expected: refused(TypeError, 'column 2: block "1" is not a non-negative integer') },
  { name: 'a block -1', puzzle: nono([[-1]], [[1]]), expected: refused(RangeError, 'row 1: block -1 is not a non-negative integer') },
  { name: 'a block 1.5', puzzle: nono([[1.5]], [[1]]), expected: refused(RangeError, 'row 1: block 1.5 is not a non-negative integer') },
  { name: 'a block Infinity', puzzle: nono([[1]], [[Number.POSITIVE_INFINITY]]), expected: refused(RangeError, 'column 1: block Infinity is not a non-negative integer') },
  { name: 'givens an object', puzzle: { ...tinyNono, givens: {} }, expected: refused(TypeError, 'givens must be a list, got an object') },
  { name: 'a given null', puzzle: { ...tinyNono, givens: [null] }, expected: refused(TypeError, 'givens[0] must be an object { row, col, filled }, got null') },
  {
    name: 'a given outside the grid',
    puzzle: nono([[1]], [[1]], { givens: [{ row: 1, col: 0, filled: true }] }),
    expected: refused(RangeError, 'givens[0] (row 1, col 0) lies outside the 1x1 grid'),
  },
  { name: 'a given row "0"', puzzle: { ...tinyNono, givens: [{ row: '0', col: 0, filled: true }] }, expected: refused(TypeError, 'givens[0].row must be an integer, got "0"') },
  { name: 'a given col 0.5', puzzle: { ...tinyNono, givens: [{ row: 0, col: 0.5, filled: true }] }, expected: refused(RangeError, 'givens[0].col must be an integer, got 0.5') },
  { name: 'a given filled 1', puzzle: { ...tinyNono, givens: [{ row: 0, col: 0, filled: 1 }] }, expected: refused(TypeError, 'givens[0].filled must be true or false, got 1') },
  // The puzzle is checked before the options.
  { name: 'a bad puzzle and bad options: the puzzle is named', puzzle: null, options: { maxSolutions: 0 }, expected: refused(TypeError, 'expected a nonogram puzzle, got null') },
];

export const ARROWPATH_INPUT_CASES: readonly InputCase[] = [
  { name: 'givens null', puzzle: { ...tinyArrow, givens: null }, expected: unique(tinyArrowSolution) },
  { name: 'givens undefined', puzzle: { ...tinyArrow, givens: undefined }, expected: unique(tinyArrowSolution) },
  { name: '1x1 without arrow', puzzle: arrow(1, 1, [null], [0]), expected: unique(numbering(1, 1, [1])) },
  { name: 'a given above N: none', puzzle: arrow(2, 2, ['E', 'SW', 'E', null], [5, 0, 0, 0]), expected: none },
  { name: 'a number given twice: none', puzzle: arrow(2, 2, ['E', 'SW', 'E', null], [1, 1, 0, 0]), expected: none },
  { name: 'a puzzle without meta', puzzle: { ...tinyArrow, meta: undefined }, expected: unique(tinyArrowSolution) },

  { name: 'puzzle null', puzzle: null, expected: refused(TypeError, 'expected an arrowpath puzzle, got null') },
  { name: 'a nonogram', puzzle: tinyNono, expected: refused(TypeError, OTHER_KIND_MESSAGE('arrowpath', 'nonogram')) },
  // An arrow path needs a cell to hold 1: no grid without cells.
  { name: 'width 0', puzzle: arrow(0, 2, [], []), expected: refused(RangeError, 'width must be a positive integer, got 0') },
  { name: 'height "2"', puzzle: { ...tinyArrow, height: '2' }, expected: refused(TypeError, 'height must be a positive integer, got "2"') },
  { name: 'arrows null', puzzle: { ...tinyArrow, arrows: null }, expected: refused(TypeError, 'arrows must be a list, got null') },
  { name: 'too few arrows', puzzle: { ...tinyArrow, arrows: ['E', 'SW', 'E'] }, expected: refused(RangeError, 'expected 4 arrows, one per cell, got 3') },
  { name: 'an arrow "up"', puzzle: { ...tinyArrow, arrows: ['E', 'up', 'E', null] }, expected: refused(RangeError, 'arrows[1] must be null or one of N, NE, E, SE, S, SW, W, NW, got "up"') },
  { name: 'an arrow 3', puzzle: { ...tinyArrow, arrows: ['E', 'SW', 3, null] }, expected: refused(TypeError, 'arrows[2] must be null or one of N, NE, E, SE, S, SW, W, NW, got 3') },
  { name: 'an arrow undefined', puzzle: { ...tinyArrow, arrows: ['E', 'SW', 'E', undefined] }, expected: refused(TypeError, 'arrows[3] must be null or one of N, NE, E, SE, S, SW, W, NW, got undefined') },
  { name: 'givens an object', puzzle: { ...tinyArrow, givens: {} }, expected: refused(TypeError, 'givens must be a list of numbers, got an object') },
  { name: 'too few givens', puzzle: { ...tinyArrow, givens: [0, 0, 0] }, expected: refused(RangeError, 'expected 4 givens, one per cell, got 3') },
  { name: 'a given 0.5', puzzle: { ...tinyArrow, givens: [0.5, 0, 0, 0] }, expected: refused(RangeError, 'givens[0] must be a non-negative integer (0 for none), got 0.5') },
  { name: 'a given -1', puzzle: { ...tinyArrow, givens: [0, -1, 0, 0] }, expected: refused(RangeError, 'givens[1] must be a non-negative integer (0 for none), got -1') },
  { name: 'a given "1"', puzzle: { ...tinyArrow, givens: ['1', 0, 0, 0] }, expected: refused(TypeError, 'givens[0] must be a non-negative integer (0 for none), got "1"') },
];

export const COLOUR_INPUT_CASES: readonly InputCase[] = [
  { name: 'a block of length 0 means nothing', puzzle: colourNono([[block(1, 1), block(0, 2), block(1, 2)], [block(1, 1)]], [[block(2, 1)], [block(1, 2)]]), expected: unique(tinyColourSolution) },
  { name: 'givens null', puzzle: { ...tinyColour, givens: null }, expected: unique(tinyColourSolution) },
  { name: 'a given against the only solution: none', puzzle: { ...tinyColour, givens: [{ row: 1, col: 1, colour: 2 }] }, expected: none },
  { name: 'blocks of one colour need a gap: none', puzzle: colourNono([[block(1, 1), block(1, 1)]], [[block(1, 1)], [block(1, 1)]]), expected: none },
  { name: 'a grid without cells', puzzle: colourNono([], []), expected: unique(colourGrid(0, 0, [])) },
  { name: 'puzzle null', puzzle: null, expected: refused(TypeError, 'expected a colour-nonogram puzzle, got null') },
  { name: 'a black-and-white nonogram', puzzle: tinyNono, expected: refused(TypeError, 'expected a colour-nonogram puzzle, got a puzzle of kind "nonogram"') },
  { name: 'a palette of one colour', puzzle: { ...tinyColour, palette: PALETTE.slice(0, 1) }, expected: refused(RangeError, 'palette must hold 2 to 32 colours (the background first), got 1') },
  { name: 'a block in the background colour', puzzle: colourNono([[block(1, 0)], [block(1, 1)]], [[block(2, 1)], [block(1, 2)]]), expected: refused(RangeError, 'row 1 block 1 colour must be from 1 to 2, got 0') },
  { name: 'a block colour "red"', puzzle: colourNono([[block(1, 'red')], [block(1, 1)]], [[block(2, 1)], [block(1, 2)]]), expected: refused(TypeError, 'row 1 block 1 colour must be an integer, got "red"') },
  { name: 'a block a number', puzzle: colourNono([[2], [block(1, 1)]], [[block(2, 1)], [block(1, 2)]]), expected: refused(TypeError, 'row 1: block 1 must be an object { length, colour }, got 2') },
  { name: 'a given colour 3', puzzle: { ...tinyColour, givens: [{ row: 0, col: 0, colour: 3 }] }, expected: refused(RangeError, 'givens[0].colour must be from 0 to 2, got 3') },
];

/** A signal-like object that is not an AbortSignal: accepted when it has the three members. */
const fakeSignal = (aborted: unknown) => ({ aborted, addEventListener() {}, removeEventListener() {} });

/** Option cases, on a tiny puzzle of the engine's kind with a unique solution. */
export function optionInputCases(kind: PuzzleKind): readonly InputCase[] {
  const puzzle = kind === 'nonogram' ? tinyNono : kind === 'colour-nonogram' ? tinyColour : tinyArrow;
  const solved = unique(kind === 'nonogram' ? tinyNonoSolution : kind === 'colour-nonogram' ? tinyColourSolution : tinyArrowSolution);
  const maxSolutions = (value: string) => `maxSolutions must be a positive integer, got ${value}`;
  const timeLimit = (value: string) => `timeLimitMs must be a finite non-negative number, got ${value}`;
  const signal = (value: string) => `signal must be an AbortSignal (a boolean aborted, addEventListener and removeEventListener), got ${value}`;
  return [
    { name: 'options null', puzzle, options: null, expected: solved },
    { name: 'options fields null are absent', puzzle, options: { maxSolutions: null, timeLimitMs: null, signal: null }, expected: solved },
    { name: 'an unknown option is ignored', puzzle, options: { verbose: true }, expected: solved },
    { name: 'a long finite time limit', puzzle, options: { timeLimitMs: 1e12 }, expected: solved },
    { name: 'a signal-like object, not aborted', puzzle, options: { signal: fakeSignal(false) }, expected: solved },
    { name: 'a signal-like object, aborted', puzzle, options: { signal: fakeSignal(true) }, expected: { verdict: 'incomplete', reason: 'aborted' } },
    { name: 'options a string', puzzle, options: 'fast', expected: refused(TypeError, 'options must be an object, got "fast"') },
    { name: 'maxSolutions "2"', puzzle, options: { maxSolutions: '2' }, expected: refused(TypeError, maxSolutions('"2"')) },
    { name: 'maxSolutions 0', puzzle, options: { maxSolutions: 0 }, expected: refused(RangeError, maxSolutions('0')) },
    { name: 'maxSolutions 1.5', puzzle, options: { maxSolutions: 1.5 }, expected: refused(RangeError, maxSolutions('1.5')) },
    { name: 'maxSolutions Infinity', puzzle, options: { maxSolutions: Number.POSITIVE_INFINITY }, expected: refused(RangeError, maxSolutions('Infinity')) },
    { name: 'timeLimitMs "60000"', puzzle, options: { timeLimitMs: '60000' }, expected: refused(TypeError, timeLimit('"60000"')) },
    { name: 'timeLimitMs -1', puzzle, options: { timeLimitMs: -1 }, expected: refused(RangeError, timeLimit('-1')) },
    { name: 'timeLimitMs NaN', puzzle, options: { timeLimitMs: Number.NaN }, expected: refused(RangeError, timeLimit('NaN')) },
    { name: 'timeLimitMs Infinity', puzzle, options: { timeLimitMs: Number.POSITIVE_INFINITY }, expected: refused(RangeError, timeLimit('Infinity')) },
    { name: 'signal {}', puzzle, options: { signal: {} }, expected: refused(TypeError, signal('an object')) },
    { name: 'signal true', puzzle, options: { signal: true }, expected: refused(TypeError, signal('true')) },
    { name: 'signal with aborted "no"', puzzle, options: { signal: fakeSignal('no') }, expected: refused(TypeError, signal('an object')) },
  ];
}

/** Every input case for engines of `kind`. */
export function inputCasesFor(kind: PuzzleKind): readonly InputCase[] {
  const own = kind === 'nonogram' ? NONOGRAM_INPUT_CASES : kind === 'colour-nonogram' ? COLOUR_INPUT_CASES : ARROWPATH_INPUT_CASES;
  return [...own, ...optionInputCases(kind)];
}

/** Solve one case and check the outcome it expects. `solve` must turn a synchronous throw into a rejection. */
export async function expectInputOutcome(solve: (puzzle: unknown, options: unknown) => Promise<SolveResult>, c: InputCase): Promise<void> {
  let result: SolveResult | undefined;
  let error: unknown;
  try {
    result = await solve(c.puzzle, c.options);
  } catch (e) {
    error = e;
  }
  const { expected } = c;
  if ('error' in expected) {
    expect(result, 'the engine solved an input the contract refuses').toBeUndefined();
    expect((error as Error | undefined)?.constructor, String(error)).toBe(expected.error);
    expect((error as Error).message).toBe(expected.message);
    return;
  }
  if (error !== undefined) throw error;
  const max = typeof (c.options as { maxSolutions?: unknown } | null)?.maxSolutions === 'number' ? (c.options as { maxSolutions: number }).maxSolutions : 2;
  // Verified against the puzzle as given (zeros, null givens and all).
  expectWellFormedResult(c.puzzle as never, result!, max);
  expect(result!.verdict).toBe(expected.verdict);
  if ('solutions' in expected) expectSameSolutions(result!.solutions, expected.solutions);
  else if (result!.verdict === 'incomplete') expect(result!.reason).toBe(expected.reason);
}
