import { clueOfLine, verify, type NonogramPuzzle } from '@gridrace/core';
import { expectSameSolutions, linePlacements, loadSeedPuzzles, nonogramFromClues } from '@gridrace/testkit';
import { describe, expect, it } from 'vitest';
import { createNaiveEngine, naiveEngine, type LineEvent, type PassEvent } from '../src/index.js';
import { enumeratePlacements, placementCount } from '../src/placements.js';

/** C(n, k) from Pascal's triangle, independent of the engine's formula. */
function pascal(n: number, k: number): number {
  if (k < 0 || n < 0 || k > n) return 0;
  let row = [1];
  for (let i = 1; i <= n; i++) row = [1, ...row.slice(1).map((v, j) => v + row[j]!), 1];
  return row[k]!;
}

describe('placements of one line', () => {
  const cases: [clue: number[], length: number][] = [
    [[], 1],
    [[], 7],
    [[1], 1],
    [[1], 5],
    [[3], 5],
    [[5], 5],
    [[6], 5],
    [[2, 1], 5],
    [[1, 1, 1], 5],
    [[1, 1, 1], 4],
    [[2, 2, 2], 10],
    [[7, 3, 1, 1, 7], 25],
    [[1, 3, 1, 3, 10, 2], 25],
    [[1, 1, 1, 1, 1, 1, 1, 1, 1], 20],
  ];
  it.each(cases)('clue %j in %i cells: C(n - sum + 1, k) placements', (clue, length) => {
    const sum = clue.reduce((a, b) => a + b, 0);
    const expected = pascal(length - sum + 1, clue.length);
    expect(placementCount(clue, length)).toBe(expected);
    const { count, cells } = enumeratePlacements(clue, length);
    expect(count).toBe(expected);
    expect(cells.length).toBe(expected * length);
    const lines = Array.from({ length: count }, (_, p) => Array.from(cells.subarray(p * length, (p + 1) * length)).join(''));
    expect(new Set(lines).size, 'placements are distinct').toBe(count);
    for (const line of lines) expect(clueOfLine(Array.from(line, Number))).toEqual(clue);
    // The same list, in the same leftmost-first order, as testkit's independent recursion.
    expect(lines).toEqual(linePlacements(clue, length).map((p) => Array.from(p).join('')));
  });
  it('counts a huge line without enumerating it', () => {
    expect(placementCount([1, 1, 1, 1, 1, 1, 1, 1, 1, 1], 100)).toBe(pascal(91, 10));
  });
});

describe('the seed GCHQ puzzle', () => {
  const gchq = loadSeedPuzzles().find((s) => s.file === 'gchq-2015.json')!.puzzle as NonogramPuzzle;
  it('goes 603 -> 317 -> 58 -> 10 -> 0 unknowns over four passes, as the seed notebook reports', async () => {
    const events: PassEvent[] = [];
    const engine = createNaiveEngine({ onPass: (e) => events.push(e) });
    const result = await engine.solve(gchq);
    expect(gchq.width * gchq.height - gchq.givens.length).toBe(603);
    // The fifth pass checks every line against the full grid and changes nothing.
    expect(events.map((e) => e.unknowns)).toEqual([317, 58, 10, 0, 0]);
    expect(events.every((e) => e.depth === 0)).toBe(true);
    expect(result.verdict).toBe('unique');
    expectSameSolutions(result.solutions, [gchq.solution!]);
    expect(result.stats.difficulty).toBe('line');
    expect(result.stats.counters).toMatchObject({ passes: 5, branches: 0, nodes: 1, linesSolved: 250 });
  });
  it('reports each line that fixed cells with the grid after it: cells only ever settle, and the last grid is the solution', async () => {
    const steps: LineEvent[] = [];
    const passes: PassEvent[] = [];
    await createNaiveEngine({ onLine: (e) => steps.push(e), onPass: (e) => passes.push(e) }).solve(gchq);
    expect(steps.length).toBeGreaterThan(10);
    let before: Uint8Array = new Uint8Array(625).fill(255);
    for (const g of gchq.givens) before[g.row * 25 + g.col] = g.filled ? 1 : 0;
    for (const step of steps) {
      const settled = step.grid.reduce((n, v, i) => n + (v !== 255 && before[i] === 255 ? 1 : 0), 0);
      expect(settled).toBe(step.fixed);
      // Settled cells stay as they were; only cells of the step's line settle.
      for (let i = 0; i < 625; i++) {
        if (before[i] !== 255) expect(step.grid[i]).toBe(before[i]);
        else if (step.grid[i] !== 255) expect(step.line < 25 ? Math.floor(i / 25) === step.line : i % 25 === step.line - 25).toBe(true);
      }
      before = step.grid;
    }
    expect([...steps.at(-1)!.grid]).toEqual([...gchq.solution!.cells]);
    // The per-pass counts are the steps' fixed cells, pass by pass.
    for (const p of passes) expect(603 - steps.filter((s) => s.pass <= p.pass).reduce((n, s) => n + s.fixed, 0)).toBe(p.unknowns);
  });
  it('reports every line placement it enumerated', async () => {
    const result = await naiveEngine.solve(gchq);
    const total = [...gchq.rows, ...gchq.columns].reduce((sum, clue) => sum + linePlacements(clue, 25).length, 0);
    expect(result.stats.counters.placements).toBe(total);
  });
});

describe('the placement cap', () => {
  // One 100-cell row holding ten single cells, every other cell from the left.
  const filled = new Set([0, 2, 4, 6, 8, 10, 12, 14, 16, 18]);
  const wide = nonogramFromClues([[1, 1, 1, 1, 1, 1, 1, 1, 1, 1]], Array.from({ length: 100 }, (_, c) => (filled.has(c) ? [1] : [])));

  it('a line with more placements than the cap ends incomplete/limit, naming the line and its count', async () => {
    const result = await createNaiveEngine({ maxPlacements: 1000 }).solve(wide);
    expect(result.verdict).toBe('incomplete');
    if (result.verdict !== 'incomplete') return;
    expect(result.reason).toBe('limit');
    expect(result.message).toMatch(/row 1 \(clue 1 1 1 1 1 1 1 1 1 1, 100 cells\)/);
    expect(result.message).toContain(pascal(91, 10).toLocaleString('en-US'));
    expect(result.message).toContain('maxPlacements');
    expect(result.solutions).toHaveLength(0);
    expect(result.stats.counters.placements).toBe(0);
  });

  it('the default cap (2,000,000) refuses the same line', async () => {
    const result = await naiveEngine.solve(wide);
    expect(result.verdict === 'incomplete' && result.reason).toBe('limit');
  });

  it('a puzzle needing exactly the cap is solved', async () => {
    const small = nonogramFromClues([[1, 1], [1]], [[1], [1], [1]]); // rows: 1 + 3, columns: 3 x 2
    const result = await createNaiveEngine({ maxPlacements: 10 }).solve(small);
    expect(result.stats.counters.placements).toBe(10);
    expect(result.verdict).toBe('unique');
    expect((await createNaiveEngine({ maxPlacements: 9 }).solve(small)).verdict).toBe('incomplete');
  });

  it('rejects a cap that is not a non-negative integer', () => {
    expect(() => createNaiveEngine({ maxPlacements: -1 })).toThrow(RangeError);
    expect(() => createNaiveEngine({ maxPlacements: 2.5 })).toThrow(RangeError);
  });
});

describe('search', () => {
  it('branches when line logic stalls and says so', async () => {
    const diagonals = nonogramFromClues([[1], [1]], [[1], [1]]);
    const result = await naiveEngine.solve(diagonals, { maxSolutions: 10 });
    expect(result.verdict).toBe('multiple');
    expect(result.solutions).toHaveLength(2);
    for (const s of result.solutions) expect(verify(diagonals, s)).toEqual({ ok: true });
    expect(result.stats.difficulty).toBe('branch');
    expect(result.stats.counters.branches).toBeGreaterThan(0);
    expect(result.stats.counters.maxDepth).toBeGreaterThan(0);
  });
  it('two givens that disagree about one cell: none', async () => {
    const p = nonogramFromClues([[1]], [[1]], [
      { row: 0, col: 0, filled: true },
      { row: 0, col: 0, filled: false },
    ]);
    expect((await naiveEngine.solve(p)).verdict).toBe('none');
  });
  it('a clue longer than its line: none, not an error', async () => {
    expect((await naiveEngine.solve(nonogramFromClues([[3]], [[1], [1]]))).verdict).toBe('none');
  });
  it('rejects malformed puzzles', async () => {
    await expect(naiveEngine.solve({ ...nonogramFromClues([[1]], [[1]]), height: 2 })).rejects.toThrow(RangeError);
    await expect(naiveEngine.solve(nonogramFromClues([[-1]], [[1]]))).rejects.toThrow(RangeError);
    await expect(naiveEngine.solve(nonogramFromClues([[1]], [[1]], [{ row: 1, col: 0, filled: true }]))).rejects.toThrow(RangeError);
  });
});
