import { describe, expect, it } from 'vitest';
import { checkNonogramInput, checkSolveInput, cluesFit, SolveBudget, solutionsWithoutCells, verify, type NonogramPuzzle } from '../src/index.js';

const puzzle = (rows: number[][], columns: number[][], extra: Partial<NonogramPuzzle> = {}): NonogramPuzzle =>
  ({ kind: 'nonogram', width: columns.length, height: rows.length, rows, columns, givens: [], ...extra }) as NonogramPuzzle;

describe('checkNonogramInput', () => {
  it('drops zero blocks and keeps the rest', () => {
    const checked = checkNonogramInput(puzzle([[0], [1, 0, 1]], [[1], [0], [1]]));
    expect(checked).toEqual({ kind: 'nonogram', width: 3, height: 2, rows: [[], [1, 1]], columns: [[1], [], [1]], givens: [], meta: {} });
    expect(checkNonogramInput({ ...puzzle([[1]], [[1]]), givens: null }).givens).toEqual([]);
  });

  it('names what is wrong', () => {
    expect(() => checkNonogramInput({ kind: 'arrowpath' } as never)).toThrow(/^expected a nonogram puzzle, got a puzzle of kind "arrowpath"$/);
    expect(() => checkNonogramInput(puzzle([[1]], [[1]], { width: 1.5 }))).toThrow(/^width must be a non-negative integer, got 1.5$/);
    expect(() => checkNonogramInput(puzzle([[1]], [[1]], { height: 2 }))).toThrow(/expected 2 row clues, got 1/);
    expect(() => checkNonogramInput(puzzle([[1]], [[-1]]))).toThrow(/^column 1: block -1 is not a non-negative integer$/);
    expect(() => checkNonogramInput(puzzle([5 as never], [[1]]))).toThrow(/^row 1: the clue must be a list of blocks, got 5$/);
    expect(() => checkNonogramInput(puzzle([[1]], [[1]], { givens: [{ row: 1, col: 0, value: 1 }] } as never))).toThrow(/^givens\[0\] \(row 1, col 0\) lies outside the 1x1 grid$/);
  });
});

describe('checkSolveInput', () => {
  const tiny = puzzle([[1]], [[1]]);
  it('applies the option defaults and treats null as absent', () => {
    expect(checkSolveInput('nonogram', tiny, undefined).options).toEqual({ maxSolutions: 2, signal: undefined, timeLimitMs: undefined });
    expect(checkSolveInput('nonogram', tiny, { maxSolutions: null, timeLimitMs: null, signal: null }).options).toEqual({ maxSolutions: 2, signal: undefined, timeLimitMs: undefined });
    const signal = new AbortController().signal;
    expect(checkSolveInput('nonogram', tiny, { maxSolutions: 3, timeLimitMs: 10, signal }).options).toEqual({ maxSolutions: 3, signal, timeLimitMs: 10 });
  });

  it('refuses option values of the wrong type with a TypeError, out of range with a RangeError', () => {
    expect(() => checkSolveInput('nonogram', tiny, { timeLimitMs: '60000' })).toThrow(TypeError);
    expect(() => checkSolveInput('nonogram', tiny, { maxSolutions: '2' })).toThrow(TypeError);
    expect(() => checkSolveInput('nonogram', tiny, { signal: {} })).toThrow(TypeError);
    expect(() => checkSolveInput('nonogram', tiny, { timeLimitMs: Number.POSITIVE_INFINITY })).toThrow(RangeError);
    expect(() => checkSolveInput('nonogram', tiny, { maxSolutions: 0 })).toThrow(RangeError);
  });

  it('checks arrow paths: null givens are none, negative givens and size 0 are refused', () => {
    const arrows = { kind: 'arrowpath', width: 2, height: 1, arrows: ['E', null], meta: {} };
    expect(checkSolveInput('arrowpath', { ...arrows, givens: null }, {}).puzzle.givens).toEqual([0, 0]);
    expect(() => checkSolveInput('arrowpath', { ...arrows, givens: [-1, 0] }, {})).toThrow(RangeError);
    expect(() => checkSolveInput('arrowpath', { ...arrows, width: 0, arrows: [], givens: [] }, {})).toThrow(/^width must be a positive integer, got 0$/);
  });

  it('a grid without cells: one empty solution when every clue is empty, else none', () => {
    expect(solutionsWithoutCells(checkNonogramInput(puzzle([[0], []], [])))).toEqual([{ width: 0, height: 2, cells: new Uint8Array(0) }]);
    expect(solutionsWithoutCells(checkNonogramInput(puzzle([[1]], [])))).toEqual([]);
    expect(solutionsWithoutCells(checkNonogramInput(tiny))).toBeNull();
  });
});

describe('SolveBudget time limit type', () => {
  it('refuses a string rather than concatenating it to the start time', () => {
    expect(() => new SolveBudget({ timeLimitMs: '60000' as never })).toThrow(TypeError);
  });
});

describe('verify reads puzzles as the input contract does', () => {
  it('zero blocks are no blocks; null givens are none', () => {
    const p = { ...puzzle([[1, 0, 1]], [[1], [0], [1]]), givens: null } as never;
    expect(verify(p, { width: 3, height: 1, cells: Uint8Array.of(1, 0, 1) })).toEqual({ ok: true });
  });
});

describe('cluesFit', () => {
  it('tells whether every clue fits its line', () => {
    expect(cluesFit(checkNonogramInput(puzzle([[1, 1], []], [[1], [], [1]])))).toBe(true);
    expect(cluesFit(checkNonogramInput(puzzle([[2, 1], []], [[1], [], [1]])))).toBe(false);
    expect(cluesFit(checkNonogramInput(puzzle([[1], [1]], [[3], [], []])))).toBe(false);
  });
});

describe('SolveBudget.deadline', () => {
  it('is the start plus the time limit, or Infinity without one', () => {
    const before = performance.now();
    const budget = new SolveBudget({ timeLimitMs: 1000 });
    const after = performance.now();
    expect(budget.deadline).toBeGreaterThanOrEqual(before + 1000);
    expect(budget.deadline).toBeLessThanOrEqual(after + 1000);
    expect(new SolveBudget().deadline).toBe(Number.POSITIVE_INFINITY);
  });
});

