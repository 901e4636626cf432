import { type ArrowPathPuzzle } from '@gridrace/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  arrowPathCaseArbitrary,
  bruteForceArrowPath,
  bruteForceColourNonogram,
  bruteForceNonogram,
  colourCaseArbitrary,
  colourLinePlacements,
  eastWestArrowPath,
  expectSameSolutions,
  linePlacements,
  nonogramCaseArbitrary,
  nonogramFromClues,
  permutationNonogram,
  solutionKeys,
} from '../src/index.js';
import { everyColouring, everyGrid, everyNumbering } from './slow-oracles.js';

const grid = (...lines: string[]) => ({ width: lines[0]!.length, height: lines.length, cells: Uint8Array.from(lines.join(''), (ch) => (ch === '#' ? 1 : 0)) });

describe('linePlacements', () => {
  it.each([
    [[], 3, ['...']],
    [[1], 3, ['#..', '.#.', '..#']],
    [[2, 1], 5, ['##.#.', '##..#', '.##.#']],
    [[3], 3, ['###']],
    [[2, 2], 4, []],
  ])('clue %j in %i cells', (clue, length, expected) => {
    const got = linePlacements(clue, length).map((p) => Array.from(p, (v) => (v ? '#' : '.')).join(''));
    expect(got).toEqual(expected);
  });
});

describe('bruteForceNonogram on hand-checked puzzles', () => {
  it('2x2 with all clues 1 has the two diagonals', () => {
    const r = bruteForceNonogram(nonogramFromClues([[1], [1]], [[1], [1]]), 10);
    expect(r.exhausted).toBe(true);
    expectSameSolutions(r.solutions, [grid('#.', '.#'), grid('.#', '#.')]);
  });
  it('a given picks one diagonal', () => {
    const r = bruteForceNonogram(nonogramFromClues([[1], [1]], [[1], [1]], [{ row: 0, col: 1, filled: false }]), 10);
    expectSameSolutions(r.solutions, [grid('#.', '.#')]);
  });
  it('stops at maxSolutions and says it did not finish', () => {
    const r = bruteForceNonogram(nonogramFromClues([[1], [1]], [[1], [1]]), 1);
    expect(r.solutions).toHaveLength(1);
    expect(r.exhausted).toBe(false);
  });
  it('stops after maxNodes row placements and says it did not finish', () => {
    // Two solutions; the full search tries 6 row placements (2 for row 1, then 2 for row 2 under each).
    const p = nonogramFromClues([[1], [1]], [[1], [1]]);
    expect(bruteForceNonogram(p, 10, 6)).toMatchObject({ exhausted: true });
    expect(bruteForceNonogram(p, 10, 6).solutions).toHaveLength(2);
    const capped = bruteForceNonogram(p, 10, 2);
    expect(capped.exhausted).toBe(false);
    expect(capped.solutions.length).toBeLessThan(2);
  });
  it('finds nothing when row and column totals differ, or a given contradicts', () => {
    expect(bruteForceNonogram(nonogramFromClues([[2], [1]], [[1], [1]]), 10)).toEqual({ solutions: [], exhausted: true });
    expect(bruteForceNonogram(nonogramFromClues([[2], []], [[1], [1]], [{ row: 0, col: 0, filled: false }]), 10)).toEqual({ solutions: [], exhausted: true });
  });
  it('a 3x3 picture with a unique solution', () => {
    const r = bruteForceNonogram(nonogramFromClues([[1, 1], [1], [3]], [[1, 1], [2], [1, 1]]), 10);
    expectSameSolutions(r.solutions, [grid('#.#', '.#.', '###')]);
  });
  it('n x n permutation matrices: n! solutions', () => {
    expect(bruteForceNonogram(permutationNonogram(4), 100).solutions).toHaveLength(24);
    expect(bruteForceNonogram(permutationNonogram(5), 1000).solutions).toHaveLength(120);
  });
});

describe('bruteForceNonogram agrees with trying every grid', () => {
  it('on random puzzles up to 4x4 of all sorts', () => {
    fc.assert(
      fc.property(nonogramCaseArbitrary({ maxWidth: 4, maxHeight: 4 }), (c) => {
        const all = everyGrid(c.puzzle);
        const r = bruteForceNonogram(c.puzzle, 1 << 16);
        expect(r.exhausted).toBe(true);
        expectSameSolutions(r.solutions, all);
        const capped = bruteForceNonogram(c.puzzle, 2);
        expect(capped.solutions.length).toBe(Math.min(2, all.length));
        expect(capped.exhausted).toBe(all.length < 2);
      }),
      { numRuns: 120 },
    );
  });
});

describe('the colour oracle', () => {
  it('places blocks of one colour a cell apart, and blocks of different colours touching or not', () => {
    const show = (clue: { length: number; colour: number }[], length: number) => colourLinePlacements(clue, length).map((p) => Array.from(p, (v) => '.rb'[v]).join(''));
    expect(show([{ length: 1, colour: 1 }, { length: 1, colour: 2 }], 3)).toEqual(['rb.', 'r.b', '.rb']);
    expect(show([{ length: 1, colour: 1 }, { length: 1, colour: 1 }], 3)).toEqual(['r.r']);
    expect(show([{ length: 2, colour: 2 }, { length: 1, colour: 1 }], 3)).toEqual(['bbr']);
  });

  it('agrees with trying every colouring on random puzzles up to 3x2 in 2 or 3 colours, of all sorts', () => {
    fc.assert(
      fc.property(colourCaseArbitrary({ maxWidth: 3, maxHeight: 2, maxColours: 3 }), (c) => {
        const all = everyColouring(c.puzzle);
        const r = bruteForceColourNonogram(c.puzzle, 1 << 16);
        expect(r.exhausted).toBe(true);
        expectSameSolutions(r.solutions, all);
        if (c.sort === 'contradictory') expect(all, c.how).toHaveLength(0);
        else expect(all.some((g) => g.cells.every((v, i) => v === c.grid.cells[i])), 'the source grid solves its clues').toBe(true);
        const capped = bruteForceColourNonogram(c.puzzle, 2);
        expect(capped.solutions.length).toBe(Math.min(2, all.length));
        expect(capped.exhausted).toBe(all.length < 2);
      }),
      { numRuns: 120 },
    );
  });
});

const arrowPath = (width: number, height: number, arrows: ArrowPathPuzzle['arrows'], givens: number[]): ArrowPathPuzzle => ({
  kind: 'arrowpath',
  width,
  height,
  arrows,
  givens,
  meta: {},
});

describe('bruteForceArrowPath on hand-checked puzzles', () => {
  it('pijlenpad-1 (3x3, 1 and 9 given) has its one solution', () => {
    const p = arrowPath(3, 3, ['SE', 'SW', 'S', 'S', 'N', 'N', 'E', 'NE', null], [1, 0, 0, 0, 0, 0, 0, 0, 9]);
    const r = bruteForceArrowPath(p, 10);
    expect(r.exhausted).toBe(true);
    expectSameSolutions(r.solutions, [{ width: 3, height: 3, numbers: Int32Array.from([1, 3, 8, 4, 2, 7, 5, 6, 9]) }]);
  });
  it('a 1x3 row pointing east has one numbering; pointing at the edge, none', () => {
    expect(solutionKeys(bruteForceArrowPath(arrowPath(3, 1, ['E', 'E', null], [0, 0, 0]), 10).solutions)).toEqual(['3x1:1,2,3']);
    expect(bruteForceArrowPath(arrowPath(3, 1, ['W', 'E', null], [0, 0, 0]), 10)).toEqual({ solutions: [], exhausted: true });
  });
  it('givens are honoured', () => {
    // E, E, then W back: 1x3 where the middle cell is the end.
    const p = arrowPath(3, 1, ['E', null, 'W'], [0, 0, 0]);
    expect(solutionKeys(bruteForceArrowPath(p, 10).solutions)).toEqual(['3x1:1,3,2', '3x1:2,3,1']);
    expect(solutionKeys(bruteForceArrowPath({ ...p, givens: [2, 0, 0] }, 10).solutions)).toEqual(['3x1:2,3,1']);
    expect(bruteForceArrowPath({ ...p, givens: [0, 2, 0] }, 10).solutions).toEqual([]);
  });
  it('the east-west row has 3, 31 and 675 solutions at lengths 4, 6 and 8', () => {
    expect([4, 6, 8].map((n) => bruteForceArrowPath(eastWestArrowPath(n), 1e6).solutions.length)).toEqual([3, 31, 675]);
    expect([4, 6, 8].map((n) => everyNumbering(eastWestArrowPath(n)).length)).toEqual([3, 31, 675]);
  });
});

describe('bruteForceArrowPath agrees with trying every numbering', () => {
  it('on random arrow paths of at most 9 cells, of both sorts', () => {
    fc.assert(
      fc.property(arrowPathCaseArbitrary({ maxWidth: 3, maxHeight: 3 }), (c) => {
        const all = everyNumbering(c.puzzle);
        const r = bruteForceArrowPath(c.puzzle, 1e6);
        expect(r.exhausted).toBe(true);
        expectSameSolutions(r.solutions, all);
      }),
      { numRuns: 60 },
    );
  });
});
