import { verify } from '@gridrace/core';
import { describe, expect, it } from 'vitest';
import { bruteForceArrowPath, expectSameSolutions, loadSeedPuzzles } from '../src/index.js';

describe('loadSeedPuzzles', () => {
  const seeds = loadSeedPuzzles();
  it('reads the five seed puzzles: three nonograms, two arrow paths', () => {
    expect(seeds.map((s) => s.file)).toEqual(['gchq-2015.json', 'mathematica-20x30.json', 'pijlenpad-1.json', 'pijlenpad-2.json', 'z3-prefix-15x15.json']);
    expect(seeds.filter((s) => s.puzzle.kind === 'nonogram')).toHaveLength(3);
    expect(seeds.filter((s) => s.puzzle.kind === 'arrowpath')).toHaveLength(2);
  });
  it('GCHQ has its 22 givens and its known solution verifies', () => {
    const gchq = seeds.find((s) => s.file === 'gchq-2015.json')!.puzzle;
    expect(gchq.kind).toBe('nonogram');
    if (gchq.kind !== 'nonogram') return;
    expect(gchq.width).toBe(25);
    expect(gchq.givens).toHaveLength(22);
    expect(verify(gchq, gchq.solution!)).toEqual({ ok: true });
  });
  it('every known solution verifies', () => {
    for (const { puzzle } of seeds) if (puzzle.solution !== undefined) expect(verify(puzzle, puzzle.solution)).toEqual({ ok: true });
  });
  it('the arrow-path seeds have exactly their known solution, by brute force', () => {
    for (const { puzzle } of seeds) {
      if (puzzle.kind !== 'arrowpath') continue;
      const r = bruteForceArrowPath(puzzle, 2);
      expect(r.exhausted).toBe(true);
      expectSameSolutions(r.solutions, [puzzle.solution!]);
    }
  });
});
