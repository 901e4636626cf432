// Input cases for nonogram engines that take core's `checkNonogramInput` contract (bitmask,
// wasm): shapes refused with an error, and odd but valid inputs with known answers. naive and
// the z3 engines refuse zero blocks and empty grids instead, so these are not part of the
// conformance suite every engine runs.
import { nonogramFromSolution, verify, type Engine } from '@gridrace/core';
import { describe, expect, it } from 'vitest';
import { nonogramFromClues } from './puzzles.js';

export function describeNonogramInputCases(engine: Engine<'nonogram'>): void {
  describe(`engine ${engine.name}: shapes it refuses (errors, not crashes)`, () => {
    it('a clue list of the wrong length, a negative or fractional block, a given outside the grid', async () => {
      await expect(engine.solve({ ...nonogramFromClues([[1]], [[1]]), rows: [] })).rejects.toThrow(RangeError);
      await expect(engine.solve(nonogramFromClues([[-1]], [[1]]))).rejects.toThrow(RangeError);
      await expect(engine.solve(nonogramFromClues([[1.5]], [[1]]))).rejects.toThrow(RangeError);
      await expect(engine.solve(nonogramFromClues([[1]], [[1]], [{ row: 1, col: 0, filled: true }]))).rejects.toThrow(RangeError);
    });

    it('bad sizes: negative, fractional, not a number; another kind', async () => {
      await expect(engine.solve({ ...nonogramFromClues([], []), width: -1 })).rejects.toThrow(RangeError);
      await expect(engine.solve({ ...nonogramFromClues([[1]], [[1]]), width: 1.5 })).rejects.toThrow(RangeError);
      await expect(engine.solve({ ...nonogramFromClues([[1]], [[1]]), height: Number.NaN })).rejects.toThrow(RangeError);
      await expect(engine.solve({ ...nonogramFromClues([[1]], [[1]]), kind: 'arrowpath' } as never)).rejects.toThrow(TypeError);
      // The engine still works afterwards.
      expect((await engine.solve(nonogramFromClues([[1]], [[1]]))).verdict).toBe('unique');
    });
  });

  describe(`engine ${engine.name}: odd but valid inputs`, () => {
    it('a block written as 0 is an empty line', async () => {
      const result = await engine.solve(nonogramFromClues([[0], [1]], [[0], [1]]));
      expect(result.verdict).toBe('unique');
      expect(Array.from(result.solutions[0]!.cells)).toEqual([0, 0, 0, 1]);
    });

    it('a block longer than its line, or blocks that cannot fit: no solution', async () => {
      expect((await engine.solve(nonogramFromClues([[3]], [[1], [1]]))).verdict).toBe('none');
      expect((await engine.solve(nonogramFromClues([[1, 1]], [[1], [1]]))).verdict).toBe('none');
    });

    it('givens that disagree with each other, or with the clues: no solution', async () => {
      const p = nonogramFromClues([[1]], [[1]], [
        { row: 0, col: 0, filled: true },
        { row: 0, col: 0, filled: false },
      ]);
      expect((await engine.solve(p)).verdict).toBe('none');
      expect((await engine.solve(nonogramFromClues([[1]], [[1]], [{ row: 0, col: 0, filled: false }]))).verdict).toBe('none');
    });

    it('givens that pick one of two solutions', async () => {
      const p = nonogramFromClues([[1], [1]], [[1], [1]], [{ row: 0, col: 0, filled: true }]);
      const result = await engine.solve(p);
      expect(result.verdict).toBe('unique');
      expect(Array.from(result.solutions[0]!.cells)).toEqual([1, 0, 0, 1]);
    });

    it('grids without cells: empty clues have the one empty solution, others none', async () => {
      const empty = { ...nonogramFromClues([[], []], []), width: 0 };
      const result = await engine.solve(empty);
      expect(result.verdict).toBe('unique');
      expect(verify(empty, result.solutions[0]!)).toEqual({ ok: true });
      expect((await engine.solve({ ...nonogramFromClues([[1], []], []), width: 0 })).verdict).toBe('none');
    });

    it('lines longer than 32 cells: a 70x3 grid of random rows', async () => {
      const cells = new Uint8Array(70 * 3).map((_, i) => ((i * 7919) % 11 < 6 ? 1 : 0));
      const p = nonogramFromSolution({ width: 70, height: 3, cells });
      const result = await engine.solve(p, { maxSolutions: 5 });
      expect(['unique', 'multiple']).toContain(result.verdict);
      expect(result.solutions.length).toBeGreaterThan(0);
      for (const s of result.solutions) expect(verify(p, s)).toEqual({ ok: true });
    });
  });
}
