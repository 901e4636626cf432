// GCHQ's 2015 Christmas puzzle, with its 22 given cells: one solution, the known grid.
import { readFileSync } from 'node:fs';
import { readPuzzle, solutionToRows, verify, type NonogramPuzzle } from '@gridrace/core';
import { describe, expect, it } from 'vitest';
import { bitmaskEngine, createBitmaskEngine } from '../src/index.js';

const file = new URL('../../../puzzles/seed/gchq-2015.json', import.meta.url);
const gchq = readPuzzle(readFileSync(file, 'utf8'), { file: 'gchq-2015.json' }) as NonogramPuzzle;

describe('GCHQ 2015', () => {
  it('has givens and a known solution in the seed file', () => {
    expect(gchq.givens.length).toBe(22);
    expect(gchq.solution).toBeDefined();
  });

  for (const engine of [bitmaskEngine, createBitmaskEngine({ name: 'bitmask-learn', strategy: 'learn' })]) {
    it(`${engine.name}: unique, equal to the known grid`, async () => {
      const result = await engine.solve(gchq);
      expect(result.verdict).toBe('unique');
      expect(result.solutions).toHaveLength(1);
      expect(verify(gchq, result.solutions[0]!)).toEqual({ ok: true });
      expect(solutionToRows(result.solutions[0]!)).toEqual(solutionToRows(gchq.solution!));
    });
  }

  it('without its givens the clues alone allow other grids: two distinct solutions that verify', async () => {
    const bare = { ...gchq, givens: [] };
    const result = await bitmaskEngine.solve(bare);
    expect(result.verdict).toBe('multiple');
    const [a, b] = result.solutions;
    expect(verify(bare, a!)).toEqual({ ok: true });
    expect(verify(bare, b!)).toEqual({ ok: true });
    expect(solutionToRows(a!)).not.toEqual(solutionToRows(b!));
  });

  it('a given that contradicts the grid: no solution', async () => {
    const [g] = gchq.givens;
    const result = await bitmaskEngine.solve({ ...gchq, givens: [...gchq.givens.slice(1), { ...g!, filled: !g!.filled }] });
    expect(result.verdict).toBe('none');
    expect(result.solutions).toHaveLength(0);
  });
});
