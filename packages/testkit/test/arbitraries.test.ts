import { verify } from '@gridrace/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  arrowPathArbitrary,
  arrowPathCaseArbitrary,
  arrowPathFromNumbering,
  bruteForceArrowPath,
  bruteForceNonogram,
  directionBetween,
  nonogramArbitrary,
  nonogramCaseArbitrary,
  randomAlignedPath,
  symmetricNonogramArbitrary,
} from '../src/index.js';

const lineFits = (clue: readonly number[], length: number) => clue.every((b) => Number.isInteger(b) && b >= 1) && clue.reduce((a, b) => a + b, 0) + Math.max(0, clue.length - 1) <= length;

describe('nonogram arbitraries', () => {
  it('symmetric puzzles: the grid solves them and reads the same after its symmetry, every sort occurs', () => {
    const sorts = new Set<string>();
    fc.assert(
      fc.property(symmetricNonogramArbitrary(7), ({ sort, puzzle, grid }) => {
        sorts.add(sort);
        expect(verify(puzzle, grid).ok).toBe(true);
        const { width: w, height: h, cells } = grid;
        const at = (r: number, c: number) => cells[r * w + c];
        for (let r = 0; r < h; r++) {
          for (let c = 0; c < w; c++) {
            // Row i of the clues read backwards, or the grid turned: the same cell value.
            const image = sort === 'mirror' ? at(r, w - 1 - c) : sort === 'half-turn' ? at(h - 1 - r, w - 1 - c) : sort === 'diagonal' ? at(c, r) : at(w - 1 - c, r);
            expect(image, `${sort} at ${r},${c}`).toBe(at(r, c));
          }
        }
      }),
      { numRuns: 300 },
    );
    expect([...sorts].sort()).toEqual(['diagonal', 'half-turn', 'mirror', 'quarter-turn']);
  });

  it('make well-shaped puzzles; solvable sorts are solved by their grid, contradictory ones by nothing', () => {
    fc.assert(
      fc.property(nonogramCaseArbitrary({ maxWidth: 5, maxHeight: 5 }), (c) => {
        const { puzzle } = c;
        expect(puzzle.rows).toHaveLength(puzzle.height);
        expect(puzzle.columns).toHaveLength(puzzle.width);
        expect(puzzle.width).toBeLessThanOrEqual(5);
        expect(puzzle.height).toBeLessThanOrEqual(5);
        puzzle.rows.forEach((clue) => expect(lineFits(clue, puzzle.width)).toBe(true));
        puzzle.columns.forEach((clue) => expect(lineFits(clue, puzzle.height)).toBe(true));
        for (const g of puzzle.givens) expect(g.row < puzzle.height && g.col < puzzle.width).toBe(true);
        expect(puzzle.solution, 'puzzles do not carry the grid they came from').toBeUndefined();
        if (c.sort === 'contradictory') expect(bruteForceNonogram(puzzle, 1)).toEqual({ solutions: [], exhausted: true });
        else expect(verify(puzzle, c.grid)).toEqual({ ok: true });
        if (c.sort === 'clues') expect(puzzle.givens).toEqual([]);
      }),
      { numRuns: 300 },
    );
  });

  it('make all three sorts, contradictions with equal and unequal totals, and puzzles with several solutions', () => {
    const cases = fc.sample(nonogramCaseArbitrary({ maxWidth: 5, maxHeight: 5 }), { numRuns: 400, seed: 42 });
    const sorts = new Set(cases.map((c) => c.sort));
    expect([...sorts].sort()).toEqual(['clues', 'contradictory', 'givens']);
    const total = (clues: readonly (readonly number[])[]) => clues.flat().reduce((a, b) => a + b, 0);
    const contradictions = cases.filter((c) => c.sort === 'contradictory');
    expect(contradictions.some((c) => total(c.puzzle.rows) === total(c.puzzle.columns))).toBe(true);
    expect(contradictions.some((c) => total(c.puzzle.rows) !== total(c.puzzle.columns))).toBe(true);
    expect(contradictions.some((c) => c.how.includes('given'))).toBe(true);
    expect(cases.some((c) => c.sort !== 'contradictory' && bruteForceNonogram(c.puzzle, 2).solutions.length === 2)).toBe(true);
    expect(cases.some((c) => c.sort === 'givens' && c.puzzle.givens.some((g) => !g.filled))).toBe(true);
  });

  it('keep to the sorts asked for', () => {
    const only = fc.sample(nonogramArbitrary({ maxWidth: 3, maxHeight: 3, withGivens: false, withContradictions: false }), { numRuns: 50, seed: 1 });
    for (const p of only) {
      expect(p.givens).toEqual([]);
      expect(bruteForceNonogram(p, 1).solutions).toHaveLength(1);
    }
  });
});

describe('arrow-path arbitraries', () => {
  it('randomAlignedPath numbers every cell once, each step along a line', () => {
    for (const [w, h] of [[1, 2], [2, 1], [1, 7], [3, 3], [4, 4], [7, 5], [10, 10]] as const) {
      for (let seed = 0; seed < 5; seed++) {
        const path = randomAlignedPath(w, h, seed);
        expect([...path.numbers].sort((a, b) => a - b)).toEqual(Array.from({ length: w * h }, (_, i) => i + 1));
        const cellOf = new Map([...path.numbers].map((k, cell) => [k, cell]));
        for (let k = 1; k < w * h; k++) expect(directionBetween(w, cellOf.get(k)!, cellOf.get(k + 1)!)).not.toBeNull();
        const puzzle = arrowPathFromNumbering(path, []);
        expect(verify(puzzle, path)).toEqual({ ok: true });
      }
    }
  });

  it('make solvable puzzles solved by their path and contradictory ones solved by nothing', () => {
    fc.assert(
      fc.property(arrowPathCaseArbitrary({ maxWidth: 4, maxHeight: 4 }), (c) => {
        const { puzzle } = c;
        expect(puzzle.width * puzzle.height).toBeGreaterThanOrEqual(2);
        expect(puzzle.arrows).toHaveLength(puzzle.width * puzzle.height);
        expect(puzzle.givens).toHaveLength(puzzle.width * puzzle.height);
        expect(puzzle.solution).toBeUndefined();
        if (c.sort === 'solvable') expect(verify(puzzle, c.path)).toEqual({ ok: true });
        else expect(bruteForceArrowPath(puzzle, 1)).toEqual({ solutions: [], exhausted: true });
      }),
      { numRuns: 300 },
    );
  });

  it('vary the givens and the contradictions', () => {
    const cases = fc.sample(arrowPathCaseArbitrary({ maxWidth: 4, maxHeight: 4 }), { numRuns: 300, seed: 7 });
    const givenCount = (c: (typeof cases)[number]) => c.puzzle.givens.filter((g) => g !== 0).length;
    expect(cases.some((c) => c.sort === 'solvable' && givenCount(c) === 0)).toBe(true);
    expect(cases.some((c) => c.sort === 'solvable' && givenCount(c) >= c.puzzle.givens.length / 2)).toBe(true);
    expect(cases.some((c) => c.how.includes('moved'))).toBe(true);
    expect(cases.some((c) => c.how.includes('turned'))).toBe(true);
    expect(cases.some((c) => c.sort === 'solvable' && bruteForceArrowPath(c.puzzle, 2).solutions.length === 2)).toBe(true);
    const plain = fc.sample(arrowPathArbitrary({ maxWidth: 3, maxHeight: 2, sorts: ['solvable'] }), { numRuns: 30, seed: 3 });
    for (const p of plain) expect(bruteForceArrowPath(p, 1).solutions).toHaveLength(1);
  });
});
