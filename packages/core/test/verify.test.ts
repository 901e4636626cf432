import { describe, expect, it } from 'vitest';
import { nonogramFromSolution, verify, type NonogramSolution } from '../src/index.js';

describe('verify (nonogram)', () => {
  const grid: NonogramSolution = { width: 3, height: 2, cells: Uint8Array.from([1, 0, 1, 1, 1, 0]) };
  const puzzle = nonogramFromSolution(grid);
  it('accepts the grid the clues came from', () => {
    expect(verify(puzzle, grid)).toEqual({ ok: true });
  });
  it('names the row and column a wrong grid breaks', () => {
    const wrong = { ...grid, cells: Uint8Array.from([1, 1, 1, 1, 1, 0]) };
    const r = verify(puzzle, wrong);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.problems.join('\n')).toMatch(/row 1.*\n.*column 2/);
  });
});
