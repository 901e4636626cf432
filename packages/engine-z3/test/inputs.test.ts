// What the engines accept: malformed puzzles and other kinds are refused (thrown), puzzles
// that cannot have a solution are verdict `none`, and the counters count what the loop did.
import type { NonogramPuzzle } from '@gridrace/core';
import { afterAll, describe, expect, it } from 'vitest';
import { z3Engine, z3PrefixEngine } from '../src/index.js';

const base: NonogramPuzzle = { kind: 'nonogram', width: 3, height: 2, rows: [[2], [1]], columns: [[1], [2], []], givens: [], meta: {} };

describe.each([z3Engine, z3PrefixEngine])('$name inputs', (engine) => {
  afterAll(() => engine.dispose!());

  it.each([
    ['a non-integer width', { ...base, width: 2.5 }],
    ['a negative height', { ...base, height: -1, rows: [] }],
    ['a missing row clue', { ...base, rows: [[2]] }],
    ['a negative block', { ...base, rows: [[2], [-1]] }],
    ['a given outside the grid', { ...base, givens: [{ row: 2, col: 0, filled: true }] }],
  ])('refuses %s with an exception', async (_, puzzle) => {
    await expect(Promise.resolve().then(() => engine.solve(puzzle as NonogramPuzzle))).rejects.toThrow();
  });

  it.each([
    ['a clue longer than its line', { ...base, rows: [[2, 1], [1]], columns: [[1], [2], [1]] }],
    ['row and column totals that differ', { ...base, columns: [[1], [2], [1]] }],
    ['a given empty cell that every solution fills', { ...base, givens: [{ row: 0, col: 1, filled: false }] }],
    ['the same cell given filled and empty', { ...base, givens: [{ row: 1, col: 2, filled: true }, { row: 1, col: 2, filled: false }] }],
  ])('a puzzle with %s: none', async (_, puzzle) => {
    const result = await engine.solve(puzzle);
    expect(result.verdict).toBe('none');
    expect(result.solutions).toHaveLength(0);
  });

  it('counts one check per model plus the final unsat one', async () => {
    const unique = await engine.solve(base);
    expect(unique.verdict).toBe('unique');
    expect(unique.stats.counters).toMatchObject({ checks: 2, models: 1 });
    const none = await engine.solve({ ...base, givens: [{ row: 0, col: 1, filled: false }] });
    expect(none.stats.counters).toMatchObject({ checks: 1, models: 0 });
  });
});
