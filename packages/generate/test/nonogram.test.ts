// The nonogram generator, checked by an independent brute-force counter written here: every
// row placement, pruned by column prefixes, counting solutions up to two.
import { describe, expect, it } from 'vitest';
import { Random, makeResult, verify, type Engine, type NonogramPuzzle, type NonogramSolution, type SolveResult } from '@gridrace/core';
import { GenerateNonogramError, generateNonogram, randomImage } from '../src/nonogram.js';

/** Every way to place a clue in a line of n cells. */
function placements(clue: readonly number[], n: number): Uint8Array[] {
  const out: Uint8Array[] = [];
  const line = new Uint8Array(n);
  const place = (k: number, from: number) => {
    if (k === clue.length) {
      out.push(Uint8Array.from(line));
      return;
    }
    const len = clue[k]!;
    let rest = 0;
    for (let j = k + 1; j < clue.length; j++) rest += clue[j]! + 1;
    for (let start = from; start + len + rest <= n; start++) {
      line.fill(1, start, start + len);
      place(k + 1, start + len + 1);
      line.fill(0, start, start + len);
    }
  };
  place(0, 0);
  return out;
}

/** Solutions of a small nonogram, at most `max`, by brute force over row placements. */
function bruteForce(puzzle: NonogramPuzzle, max: number): NonogramSolution[] {
  const { width, height } = puzzle;
  const rows = puzzle.rows.map((clue) => placements(clue, width));
  const grid = new Uint8Array(width * height);
  const found: NonogramSolution[] = [];
  // A column is still possible if its first `upTo` cells are a prefix of some placement.
  const columnPlacements = puzzle.columns.map((clue) => placements(clue, height));
  const columnOk = (c: number, upTo: number) =>
    columnPlacements[c]!.some((p) => {
      for (let r = 0; r < upTo; r++) if (p[r] !== grid[r * width + c]) return false;
      return true;
    });
  const fill = (r: number) => {
    if (found.length >= max) return;
    if (r === height) {
      found.push({ width, height, cells: Uint8Array.from(grid) });
      return;
    }
    for (const p of rows[r]!) {
      grid.set(p, r * width);
      let ok = true;
      for (let c = 0; c < width && ok; c++) ok = columnOk(c, r + 1);
      if (ok) fill(r + 1);
    }
    grid.fill(0, r * width, (r + 1) * width);
  };
  fill(0);
  return found;
}

function oracleEngine(difficulty?: (call: number) => 'line' | 'branch'): Engine<'nonogram'> & { calls: number } {
  const engine = {
    name: 'test-oracle',
    kind: 'nonogram' as const,
    description: 'brute force',
    calls: 0,
    async solve(puzzle: NonogramPuzzle, options?: { maxSolutions?: number }): Promise<SolveResult<NonogramSolution>> {
      engine.calls++;
      const solutions = bruteForce(puzzle, options?.maxSolutions ?? 2);
      const d = difficulty?.(engine.calls);
      return makeResult(solutions, null, { timeMs: 0, counters: {}, ...(d ? { difficulty: d } : {}) });
    },
  };
  return engine;
}

const rowsOf = (p: NonogramPuzzle) => JSON.stringify([p.rows, p.columns]);

describe('generateNonogram', () => {
  it('makes puzzles whose clues have exactly one solution, the attached one', async () => {
    for (const [width, height, seed] of [
      [6, 6, 1],
      [8, 5, 'abc'],
      [7, 7, 42],
    ] as const) {
      const { puzzle, stats } = await generateNonogram({ width, height, seed, checker: oracleEngine() });
      expect(puzzle).toMatchObject({ kind: 'nonogram', width, height, givens: [] });
      expect(verify(puzzle, puzzle.solution!).ok).toBe(true);
      const all = bruteForce(puzzle, 3);
      expect(all).toHaveLength(1);
      expect([...all[0]!.cells]).toEqual([...puzzle.solution!.cells]);
      expect(stats.checks).toBeGreaterThanOrEqual(1);
      expect(puzzle.meta.title).toContain(`seed ${seed}`);
    }
  });

  it('is a pure function of size, seed and options', async () => {
    const a = await generateNonogram({ width: 7, height: 6, seed: 5, checker: oracleEngine() });
    const b = await generateNonogram({ width: 7, height: 6, seed: 5, checker: oracleEngine() });
    const c = await generateNonogram({ width: 7, height: 6, seed: 6, checker: oracleEngine() });
    expect(rowsOf(a.puzzle)).toBe(rowsOf(b.puzzle));
    expect(rowsOf(a.puzzle)).not.toBe(rowsOf(c.puzzle));
  });

  it('repairs images whose clues allow several solutions', async () => {
    // Raw noise at half density is ambiguous often; over several seeds some must need repairs.
    let repaired = 0;
    for (let seed = 0; seed < 8; seed++) {
      const { puzzle, stats } = await generateNonogram({ width: 8, height: 8, seed, density: 0.5, smoothing: 0, checker: oracleEngine() });
      expect(bruteForce(puzzle, 2)).toHaveLength(1);
      if (stats.repairs > 0) repaired++;
    }
    expect(repaired).toBeGreaterThan(0);
  });

  it('with want "branching", keeps only puzzles the checker could not finish by line logic', async () => {
    // This checker calls its first three unique answers line-solvable, the rest not.
    let uniqueSeen = 0;
    const checker = oracleEngine();
    const classify: Engine<'nonogram'> = {
      ...checker,
      async solve(puzzle, options) {
        const r = await checker.solve(puzzle, options);
        if (r.verdict !== 'unique') return r;
        uniqueSeen++;
        return { ...r, stats: { ...r.stats, difficulty: uniqueSeen <= 3 ? 'line' : 'branch' } };
      },
    };
    const { puzzle, stats } = await generateNonogram({ width: 6, height: 6, seed: 3, checker: classify, want: 'branching' });
    expect(stats.attempts).toBe(4);
    expect(stats.difficulty).toBe('branch');
    expect(puzzle.meta.title).toContain('needs search');
    expect(bruteForce(puzzle, 2)).toHaveLength(1);
  });

  it('gives up with a clear error when the checker never settles', async () => {
    const stuck: Engine<'nonogram'> = {
      name: 'stuck',
      kind: 'nonogram',
      description: 'always out of time',
      solve: async () => makeResult([], 'time-limit', { timeMs: 0, counters: {} }),
    };
    await expect(generateNonogram({ width: 5, height: 5, seed: 1, checker: stuck, maxAttempts: 3 })).rejects.toThrow(GenerateNonogramError);
    await expect(generateNonogram({ width: 0, height: 5, seed: 1, checker: stuck })).rejects.toThrow(RangeError);
    await expect(generateNonogram({ width: 5, height: 5, seed: 1, checker: stuck, density: 2 })).rejects.toThrow(RangeError);
  });
});

describe('randomImage', () => {
  it('has about the asked density, and smoothing makes blobs (fewer row blocks)', () => {
    const raw = randomImage(60, 60, new Random(9), 0.5, 0);
    const smooth = randomImage(60, 60, new Random(9), 0.5, 2);
    const share = raw.reduce((s, v) => s + v, 0) / raw.length;
    expect(share).toBeGreaterThan(0.45);
    expect(share).toBeLessThan(0.55);
    const blocks = (cells: Uint8Array) => {
      let n = 0;
      for (let i = 0; i < cells.length; i++) if (cells[i] === 1 && (i % 60 === 0 || cells[i - 1] === 0)) n++;
      return n;
    };
    expect(blocks(smooth)).toBeLessThan(blocks(raw) * 0.7);
  });
});
