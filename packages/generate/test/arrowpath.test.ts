import { verify, type ArrowPathPuzzle } from '@gridrace/core';
import { arrowPathDfsEngine, arrowPathEngine } from '@gridrace/engine-arrowpath';
import { describe, expect, it } from 'vitest';
import { Random, generateArrowPath, randomAlignedPath } from '../src/index.js';

const givenCount = (p: ArrowPathPuzzle) => p.givens.filter((g) => g !== 0).length;

/**
 * The generated puzzle is unique for the engine (no caps), and that solution is the stored one.
 * With `dfs`, the depth-first engine (which shares none of the propagating engine's
 * deductions) must find the same single solution too.
 */
async function expectUniqueAndConsistent(puzzle: ArrowPathPuzzle, dfs = false): Promise<void> {
  expect(puzzle.solution).toBeDefined();
  const solution = puzzle.solution!;
  expect(verify(puzzle, solution)).toEqual({ ok: true });
  puzzle.givens.forEach((g, cell) => {
    if (g !== 0) expect(solution.numbers[cell]).toBe(g);
  });
  for (const engine of dfs ? [arrowPathEngine, arrowPathDfsEngine] : [arrowPathEngine]) {
    const result = await engine.solve(puzzle, { maxSolutions: 2, timeLimitMs: 30_000 });
    expect([engine.name, result.verdict]).toEqual([engine.name, 'unique']);
    expect(Array.from(result.solutions[0]!.numbers)).toEqual(Array.from(solution.numbers));
  }
}

describe('generateArrowPath', () => {
  it('is deterministic for a seed, and different seeds give different puzzles', async () => {
    const a = await generateArrowPath({ width: 6, height: 5, seed: 'same' });
    const b = await generateArrowPath({ width: 6, height: 5, seed: 'same' });
    const c = await generateArrowPath({ width: 6, height: 5, seed: 'other' });
    expect(b.puzzle.arrows).toEqual(a.puzzle.arrows);
    expect(b.puzzle.givens).toEqual(a.puzzle.givens);
    expect(c.puzzle.arrows).not.toEqual(a.puzzle.arrows);
  });

  it('makes unique, verified puzzles over a range of sizes and seeds (unique for both engines up to 36 cells), far sparser than full', async () => {
    for (const [width, height, seed] of [
      [1, 1, 1],
      [1, 6, 2],
      [4, 4, 3],
      [6, 6, 1],
      [6, 6, 2],
      [7, 7, 4],
      [9, 6, 5],
      [10, 10, 6],
    ] as const) {
      const { puzzle, stats } = await generateArrowPath({ width, height, seed });
      expect(puzzle.width).toBe(width);
      expect(puzzle.height).toBe(height);
      // The depth-first engine finishes up to 6x6 in milliseconds; the short-step paths make
      // 7x7 and 9x6 take it 10 s or more (hundreds of millions of nodes).
      await expectUniqueAndConsistent(puzzle, width * height <= 36);
      expect(stats.givens).toBe(givenCount(puzzle));
      expect(stats.stopped).toBeNull();
      // 1 and N stay given by default; N is the only cell without an arrow.
      const n = width * height;
      expect(puzzle.givens).toContain(1);
      expect(puzzle.givens).toContain(n);
      expect(puzzle.arrows.filter((a) => a === null)).toHaveLength(1);
      if (n >= 49) expect(stats.givens).toBeLessThan(n / 3);
    }
  });

  it('reaches 7x7 puzzles with few givens', async () => {
    const counts: number[] = [];
    for (let seed = 1; seed <= 4; seed++) {
      const { puzzle } = await generateArrowPath({ width: 7, height: 7, seed });
      await expectUniqueAndConsistent(puzzle);
      counts.push(givenCount(puzzle));
    }
    expect(Math.min(...counts)).toBeLessThanOrEqual(8);
  });

  it('corners: 1 top-left and N bottom-right', async () => {
    for (const seed of [1, 2, 3]) {
      const { puzzle } = await generateArrowPath({ width: 6, height: 4, seed, corners: true });
      const n = 24;
      expect(puzzle.givens[0]).toBe(1);
      expect(puzzle.givens[n - 1]).toBe(n);
      expect(puzzle.arrows[n - 1]).toBeNull();
      await expectUniqueAndConsistent(puzzle);
    }
  });

  it('keepEnds false may remove 1 too', async () => {
    let removedOne = false;
    for (let seed = 1; seed <= 6 && !removedOne; seed++) {
      const { puzzle } = await generateArrowPath({ width: 6, height: 6, seed, keepEnds: false });
      await expectUniqueAndConsistent(puzzle);
      if (!puzzle.givens.includes(1)) removedOne = true;
    }
    expect(removedOne).toBe(true);
  });

  it('maxNodesPerCheck 0 (propagation only) gives a puzzle the engine solves without branching', async () => {
    const { puzzle } = await generateArrowPath({ width: 8, height: 8, seed: 9, maxNodesPerCheck: 0 });
    await expectUniqueAndConsistent(puzzle);
    const result = await arrowPathEngine.solve(puzzle);
    expect(result.stats.counters.branches).toBe(0);
  });

  it('an aborted signal stops before any removal; the puzzle is still unique', async () => {
    const { puzzle, stats } = await generateArrowPath({ width: 5, height: 5, seed: 1, signal: AbortSignal.abort() });
    expect(stats.stopped).toBe('aborted');
    expect(stats.tried).toBe(0);
    expect(givenCount(puzzle)).toBe(25);
    await expectUniqueAndConsistent(puzzle);
  });

  it('a time limit bounds a large generation; what it returns is unique', async () => {
    const { puzzle, stats } = await generateArrowPath({ width: 60, height: 60, seed: 1, timeLimitMs: 300 });
    expect(stats.stopped).toBe('time-limit');
    expect(stats.tried).toBeLessThan(3600);
    await expectUniqueAndConsistent(puzzle);
  });

  it('stops at a target density, sooner, with a unique puzzle, and says how far it has got', async () => {
    const seen: { tried: number; givens: number; candidates: number }[] = [];
    const target = await generateArrowPath({ width: 12, height: 12, seed: 'target', givens: 0.5, onProgress: (p) => seen.push(p) });
    const full = await generateArrowPath({ width: 12, height: 12, seed: 'target' });
    expect(target.stats.givens).toBe(72);
    expect(givenCount(target.puzzle)).toBe(72);
    expect(target.stats.stopped).toBeNull();
    expect(target.stats.tried).toBeLessThan(full.stats.tried);
    expect(full.stats.givens).toBeLessThan(72);
    await expectUniqueAndConsistent(target.puzzle);
    // The same path and arrows: the target only stops the removals earlier.
    expect(target.puzzle.arrows).toEqual(full.puzzle.arrows);
    // Progress comes as removals are decided: never backwards, ending where the stats do.
    expect(seen.length).toBeGreaterThan(1);
    seen.forEach((p, i) => {
      if (i > 0) expect(p.tried).toBeGreaterThanOrEqual(seen[i - 1]!.tried);
      if (i > 0) expect(p.givens).toBeLessThanOrEqual(seen[i - 1]!.givens);
      expect(p.candidates).toBe(seen[0]!.candidates);
    });
    expect(seen.at(-1)).toMatchObject({ tried: target.stats.tried, givens: 72 });
    await expect(generateArrowPath({ width: 4, height: 4, seed: 1, givens: 1.5 })).rejects.toThrow(/givens must be a share of the cells from 0 to 1/);
  });

  it('with a target, leaves givens spread along the path; without, tries them along it', async () => {
    const target = await generateArrowPath({ width: 14, height: 14, seed: 'spread', givens: 0.45 });
    const numbers = target.puzzle.solution!.numbers;
    const n = 14 * 14;
    const early = target.puzzle.givens.filter((g) => g !== 0 && g <= n / 2).length;
    expect(early / target.stats.givens).toBeGreaterThan(0.3);
    await expectUniqueAndConsistent(target.puzzle);
    // Without a target every given is tried once (pass 1) along the path.
    const full = await generateArrowPath({ width: 14, height: 14, seed: 'spread', maxNodesPerCheck: 0 });
    expect(full.stats.tried).toBe(n - 2);
    expect(Array.from(full.puzzle.solution!.numbers)).toEqual(Array.from(numbers));
  });

  it('thorough checks (all of the engine\'s deductions) make a unique puzzle on the same path', async () => {
    const fast = await generateArrowPath({ width: 16, height: 16, seed: 3 });
    const thorough = await generateArrowPath({ width: 16, height: 16, seed: 3, thorough: true });
    expect(thorough.puzzle.arrows).toEqual(fast.puzzle.arrows);
    await expectUniqueAndConsistent(fast.puzzle);
    await expectUniqueAndConsistent(thorough.puzzle);
  });

  it('a reach bounds how far back each check works out again: a short one keeps more givens, the puzzle is unique either way', async () => {
    const whole = await generateArrowPath({ width: 20, height: 20, seed: 4, reach: Infinity });
    const near = await generateArrowPath({ width: 20, height: 20, seed: 4, reach: 5 });
    const byDefault = await generateArrowPath({ width: 20, height: 20, seed: 4 });
    expect(near.puzzle.arrows).toEqual(whole.puzzle.arrows);
    expect(givenCount(near.puzzle)).toBeGreaterThan(givenCount(whole.puzzle));
    // The default reach (1000) covers a 20x20 path: the same puzzle as no limit.
    expect(byDefault.puzzle.givens).toEqual(whole.puzzle.givens);
    await expectUniqueAndConsistent(near.puzzle);
    const small = await generateArrowPath({ width: 6, height: 6, seed: 9, reach: 2 });
    await expectUniqueAndConsistent(small.puzzle, true);
  });

  it('rejects sizes and caps that make no sense', async () => {
    for (const reach of [0, -3, 2.5, Number.NaN]) {
      await expect(generateArrowPath({ width: 5, height: 5, seed: 1, reach })).rejects.toThrow(/reach must be a positive whole number of steps or Infinity/);
    }
    await expect(generateArrowPath({ width: 0, height: 3, seed: 1 })).rejects.toThrow(RangeError);
    await expect(generateArrowPath({ width: 2.5, height: 3, seed: 1 })).rejects.toThrow(RangeError);
    await expect(generateArrowPath({ width: 3, height: 3, seed: 1, maxNodesPerCheck: -1 })).rejects.toThrow(RangeError);
    await expect(generateArrowPath({ width: 1, height: 1, seed: 1, corners: true })).rejects.toThrow(RangeError);
  });
});

describe('randomAlignedPath', () => {
  it('draws its short steps so that few givens stay: a 30x30 with under 21% of its cells given', async () => {
    // With every direction as likely these seeds kept 23.7% and 24.8%; near cells, short rays
    // and rays few arrows cross bring them under 21% (the same deductions check both).
    for (const seed of [1, 2]) {
      const { puzzle, stats } = await generateArrowPath({ width: 30, height: 30, seed });
      expect(stats.givens / stats.cells).toBeLessThan(0.21);
      await expectUniqueAndConsistent(puzzle);
    }
  });

  it('visits every cell once, each step along a row, column or diagonal', () => {
    for (const [width, height] of [
      [1, 1],
      [1, 7],
      [5, 3],
      [12, 12],
      [30, 30],
    ] as const) {
      for (const corners of width * height > 1 ? [false, true] : [false]) {
        const { order } = randomAlignedPath(width, height, new Random(`${width}x${height}`), corners);
        expect(new Set(order).size).toBe(width * height);
        for (let i = 0; i + 1 < order.length; i++) {
          const dr = Math.floor(order[i + 1]! / width) - Math.floor(order[i]! / width);
          const dc = (order[i + 1]! % width) - (order[i]! % width);
          expect(dr === 0 || dc === 0 || Math.abs(dr) === Math.abs(dc)).toBe(true);
        }
        if (corners) {
          expect(order[0]).toBe(0);
          expect(order[order.length - 1]).toBe(width * height - 1);
        }
      }
    }
  });
});
