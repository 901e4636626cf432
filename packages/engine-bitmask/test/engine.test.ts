// The engine's own behaviour around the contract: shapes it refuses, odd but valid inputs,
// resource caps, stats and difficulty classes. Answers are checked with core's verify.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { nonogramFromSolution, readPuzzle, verify, type NonogramPuzzle } from '@gridrace/core';
import { describe, expect, it } from 'vitest';
import { bitmaskEngine, createBitmaskEngine } from '../src/index.js';

const puzzle = (rows: number[][], columns: number[][], givens: NonogramPuzzle['givens'] = []): NonogramPuzzle => ({
  kind: 'nonogram',
  width: columns.length,
  height: rows.length,
  rows,
  columns,
  givens,
  meta: {},
});

describe('the engine object', () => {
  it('is the nonogram engine registered as "bitmask"', () => {
    expect(bitmaskEngine.name).toBe('bitmask');
    expect(bitmaskEngine.kind).toBe('nonogram');
  });
});

describe('shapes it refuses', () => {
  it('a clue list of the wrong length, a negative or fractional block, a given outside the grid', async () => {
    await expect(bitmaskEngine.solve({ ...puzzle([[1]], [[1]]), rows: [] })).rejects.toThrow(RangeError);
    await expect(bitmaskEngine.solve(puzzle([[-1]], [[1]]))).rejects.toThrow(RangeError);
    await expect(bitmaskEngine.solve(puzzle([[1.5]], [[1]]))).rejects.toThrow(RangeError);
    await expect(bitmaskEngine.solve(puzzle([[1]], [[1]], [{ row: 1, col: 0, filled: true }]))).rejects.toThrow(RangeError);
  });
});

describe('odd but valid inputs', () => {
  it('a block written as 0 is an empty line', async () => {
    const result = await bitmaskEngine.solve(puzzle([[0], [1]], [[0], [1]]));
    expect(result.verdict).toBe('unique');
    expect(Array.from(result.solutions[0]!.cells)).toEqual([0, 0, 0, 1]);
  });

  it('a block longer than its line, or blocks that cannot fit: no solution', async () => {
    expect((await bitmaskEngine.solve(puzzle([[3]], [[1], [1]]))).verdict).toBe('none');
    expect((await bitmaskEngine.solve(puzzle([[1, 1]], [[1], [1]]))).verdict).toBe('none');
  });

  it('givens that disagree with each other: no solution', async () => {
    const p = puzzle([[1]], [[1]], [
      { row: 0, col: 0, filled: true },
      { row: 0, col: 0, filled: false },
    ]);
    expect((await bitmaskEngine.solve(p)).verdict).toBe('none');
  });

  it('grids without cells: empty clues have the one empty solution, others none', async () => {
    const empty = { ...puzzle([[], []], []), width: 0 };
    const result = await bitmaskEngine.solve(empty);
    expect(result.verdict).toBe('unique');
    expect(verify(empty, result.solutions[0]!)).toEqual({ ok: true });
    expect((await bitmaskEngine.solve({ ...puzzle([[1], []], []), width: 0 })).verdict).toBe('none');
  });

  it('lines longer than 32 cells: a 70x3 grid of random rows', async () => {
    const cells = new Uint8Array(70 * 3).map((_, i) => ((i * 7919) % 11 < 6 ? 1 : 0));
    const p = nonogramFromSolution({ width: 70, height: 3, cells });
    const result = await bitmaskEngine.solve(p, { maxSolutions: 5 });
    expect(['unique', 'multiple']).toContain(result.verdict);
    for (const s of result.solutions) expect(verify(p, s)).toEqual({ ok: true });
  });
});

describe('resource caps', () => {
  it('a grid above maxCells: incomplete/limit with a message, no exception', async () => {
    const engine = createBitmaskEngine({ name: 'bitmask-tiny', maxCells: 10 });
    const result = await engine.solve(puzzle([[1], [1], [1], [1]], [[4], [], [], []]));
    expect(result.verdict).toBe('incomplete');
    if (result.verdict === 'incomplete') {
      expect(result.reason).toBe('limit');
      expect(result.message).toMatch(/limit/);
    }
  });
});

describe('stats and difficulty', () => {
  const shared = fileURLToPath(new URL('../../../../shared/puzzles/', import.meta.url));

  it('counts lines, cache hits, probes, branches, depth and nodes', async () => {
    const result = await bitmaskEngine.solve(puzzle([[1], [1]], [[1], [1]]), { maxSolutions: 5 });
    expect(result.verdict).toBe('multiple');
    for (const name of ['linesSolved', 'cacheHits', 'probes', 'branches', 'maxDepth', 'nodes']) {
      expect(typeof result.stats.counters[name], name).toBe('number');
    }
    expect(result.stats.counters.branches).toBeGreaterThan(0);
  });

  it('line: a puzzle line logic finishes (Cauldron, 512x512)', async () => {
    const cauldron = readPuzzle(readFileSync(`${shared}extra/cauldron.non`, 'utf8'), { file: 'cauldron.non' }) as NonogramPuzzle;
    const result = await bitmaskEngine.solve(cauldron);
    expect(result.verdict).toBe('unique');
    expect(result.stats.difficulty).toBe('line');
    expect(result.stats.counters.probes).toBe(0);
  });

  it('probe: 4-Dom needs probing but no branching', async () => {
    const dom = readPuzzle(readFileSync(`${shared}extra/domino-4.non`, 'utf8'), { file: 'domino-4.non' }) as NonogramPuzzle;
    const result = await bitmaskEngine.solve(dom);
    expect(result.verdict).toBe('unique');
    expect(result.stats.difficulty).toBe('probe');
    expect(result.stats.counters.branches).toBe(0);
  });

  it('branch: a puzzle with two solutions needs a guess', async () => {
    const result = await bitmaskEngine.solve(puzzle([[1], [1]], [[1], [1]]));
    expect(result.verdict).toBe('multiple');
    expect(result.stats.difficulty).toBe('branch');
  });
});
