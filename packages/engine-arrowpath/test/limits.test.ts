// Behaviour tables: contradictions, odd shapes, caps, budgets.
import { verify, type ArrowPathPuzzle, type Direction } from '@gridrace/core';
import { describe, expect, it } from 'vitest';
import { arrowPathDfsEngine, arrowPathEngine, createArrowPathDfsEngine, createArrowPathEngine } from '../src/index.js';
import { stackedEastWestRows } from './helpers.js';

const ENGINES = [arrowPathEngine, arrowPathDfsEngine];

function puzzle(width: number, height: number, arrows: (Direction | null)[], givens?: number[]): ArrowPathPuzzle {
  return { kind: 'arrowpath', width, height, arrows, givens: givens ?? new Array<number>(width * height).fill(0), meta: {} };
}

// 1 -> 2 -> 3 -> 4 along a 2x2 square: cells 0 (E), 1 (SW), 2 (E), 3 (N holds 4).
const square = (givens: number[], last: Direction | null = null) => puzzle(2, 2, ['E', 'SW', 'E', last], givens);

describe.each(ENGINES.map((e) => [e.name, e] as const))('%s', (_name, engine) => {
  const cases: [string, ArrowPathPuzzle, string, number][] = [
    ['a single cell', puzzle(1, 1, [null]), 'unique', 1],
    ['a single cell given 1, with an arrow', puzzle(1, 1, ['E'], [1]), 'unique', 1],
    ['2x2 with no givens', square([0, 0, 0, 0]), 'unique', 1],
    ['2x2 given N in its cell, with an (ignored) arrow', square([0, 0, 0, 4], 'W'), 'unique', 1],
    ['2x2 with the end cell arrowed and nothing given: still one way', square([0, 0, 0, 0], 'N'), 'unique', 1],
    ['two cells pointing at each other, nothing given: either may start', puzzle(2, 1, ['E', 'W']), 'multiple', 2],
    ['a number given twice', square([1, 1, 0, 0]), 'none', 0],
    ['a given above N', square([0, 0, 0, 5]), 'none', 0],
    ['two cells without arrows', puzzle(2, 1, [null, null]), 'none', 0],
    ['a given below N in the cell without an arrow', square([0, 0, 0, 3]), 'none', 0],
    ['1 given where nothing can follow it', puzzle(3, 1, ['W', 'E', null], [1, 0, 0]), 'none', 0],
    ['a row of east arrows, 1 and N missing: left to right', puzzle(4, 1, ['E', 'E', 'E', 'E']), 'unique', 1],
  ];
  it.each(cases)('%s: %s', async (_what, p, verdict, count) => {
    const result = await engine.solve(p);
    expect(result.verdict).toBe(verdict);
    expect(result.solutions).toHaveLength(count);
    for (const s of result.solutions) expect(verify(p, s)).toEqual({ ok: true });
  });

  it('throws for a puzzle of the wrong shape', async () => {
    await expect(engine.solve(puzzle(2, 2, ['E', 'E', 'E']))).rejects.toThrow(RangeError);
    await expect(engine.solve(puzzle(2, 2, ['E', 'E', 'E', 'E'], [0, 0, 0]))).rejects.toThrow(RangeError);
    await expect(engine.solve(puzzle(0, 2, []))).rejects.toThrow(RangeError);
    await expect(engine.solve(puzzle(2, 1, ['E', 'up' as Direction]))).rejects.toThrow(RangeError);
    await expect(engine.solve(puzzle(2, 1, ['E', null], [0.5, 0]))).rejects.toThrow(RangeError);
    await expect(engine.solve(puzzle(2, 1, ['E', null], [-1, 0]))).rejects.toThrow(RangeError);
  });

  it('maxSolutions 1 on a unique puzzle: unique or incomplete/solution-limit, with the solution', async () => {
    const p = square([0, 0, 0, 0]);
    const result = await engine.solve(p, { maxSolutions: 1 });
    expect(result.solutions).toHaveLength(1);
    expect(verify(p, result.solutions[0]!)).toEqual({ ok: true });
    if (result.verdict === 'incomplete') expect(result.reason).toBe('solution-limit');
    else expect(result.verdict).toBe('unique');
  });

  it('counts all solutions of an open row up to the cap', async () => {
    // 1x5 with E arrows on the left half and W on the right, last cell free: many orders.
    const p = puzzle(5, 1, ['E', 'E', 'W', 'W', 'W']);
    const all = await engine.solve(p, { maxSolutions: 1000 });
    expect(all.verdict).toBe('multiple');
    const few = await engine.solve(p, { maxSolutions: 2 });
    expect(few.solutions).toHaveLength(2);
    expect(all.solutions.length).toBeGreaterThan(2);
    expect(all.solutions.length).toBeLessThan(1000);
  });
});

describe('resource caps', () => {
  it('a node cap gives incomplete/limit with a message, and no crash', async () => {
    for (const engine of [createArrowPathEngine({ maxNodes: 10 }), createArrowPathDfsEngine({ maxNodes: 10 })]) {
      const result = await engine.solve(stackedEastWestRows(8, 3), { maxSolutions: 2 });
      expect(result.verdict).toBe('incomplete');
      if (result.verdict === 'incomplete') {
        expect(result.reason).toBe('limit');
        expect(result.message).toMatch(/node limit/);
      }
      expect(result.stats.counters.nodes).toBeLessThanOrEqual(10);
    }
  });

  it('arrowpath refutes stacked rows only by search, arrowpath-dfs as well', async () => {
    // Small enough to finish: no solution, as the rows never connect.
    for (const engine of ENGINES) {
      const result = await engine.solve(stackedEastWestRows(6, 2));
      expect(result.verdict).toBe('none');
    }
  });

  it('stats carry the shared counters', async () => {
    const result = await arrowPathEngine.solve(stackedEastWestRows(6, 2));
    for (const name of ['nodes', 'branches', 'maxDepth', 'links']) expect(result.stats.counters[name]).toBeTypeOf('number');
    const dfs = await arrowPathDfsEngine.solve(stackedEastWestRows(6, 2));
    for (const name of ['nodes', 'maxDepth']) expect(dfs.stats.counters[name]).toBeTypeOf('number');
  });
});
