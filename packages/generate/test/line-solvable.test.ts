// Line logic against brute force, and the large-nonogram generator against the bitmask engine:
// what the logic settles holds in every solution, it settles a line exactly as far as all of its
// fillings agree, and a generated puzzle has one solution, the picture.
import { describe, expect, it } from 'vitest';
import { EMPTY, FILLED, Random, UNKNOWN, nonogramFromSolution, verify, type NonogramPuzzle } from '@gridrace/core';
import { bruteForceNonogram } from '@gridrace/testkit';
import { createBitmaskEngine, createLineSolver } from '@gridrace/engine-bitmask';
import { LineLogicGrid } from '../src/line-logic.js';
import { generateLineSolvableNonogram } from '../src/line-solvable.js';
import { GenerateNonogramError } from '../src/nonogram.js';

const clueOf = (line: ArrayLike<number>) => {
  const clue: number[] = [];
  let run = 0;
  for (let i = 0; i <= line.length; i++) {
    if (i < line.length && line[i] === FILLED) run++;
    else if (run > 0) clue.push(run), (run = 0);
  }
  return clue;
};

/** What every filling of the line that matches the clue and the known cells agrees on; null when none matches. */
function forcedByBruteForce(cells: Uint8Array, clue: readonly number[]): Uint8Array | null {
  const n = cells.length;
  let agreed: Uint8Array | null = null;
  for (let bits = 0; bits < 1 << n; bits++) {
    const line = Uint8Array.from({ length: n }, (_, i) => ((bits >> i) & 1 ? FILLED : EMPTY));
    if (line.some((v, i) => cells[i] !== UNKNOWN && cells[i] !== v)) continue;
    if (clueOf(line).join() !== clue.join()) continue;
    if (agreed === null) agreed = line;
    else agreed = agreed.map((v, i) => (v === line[i] ? v : UNKNOWN));
  }
  return agreed === null ? null : agreed.map((v, i) => (cells[i] !== UNKNOWN ? cells[i]! : v));
}

describe('line logic', () => {
  it('settles exactly the cells every filling agrees on, and finds every contradiction (3,000 random lines of up to 10 cells)', () => {
    const random = new Random('line logic');
    const solver = createLineSolver(10, 5);
    let contradictions = 0;
    let settledSome = 0;
    for (let t = 0; t < 3000; t++) {
      const n = 1 + random.int(10);
      const picture = Uint8Array.from({ length: n }, () => (random.float() < 0.55 ? FILLED : EMPTY));
      // Mostly the picture's own clue; sometimes another line's, so that some cases contradict.
      const clue = random.float() < 0.8 ? clueOf(picture) : clueOf(Uint8Array.from({ length: n }, () => (random.float() < 0.5 ? FILLED : EMPTY)));
      const cells = picture.map((v) => (random.float() < 0.3 ? v : UNKNOWN));
      const expected = forcedByBruteForce(cells, clue);
      const got = Uint8Array.from(cells);
      const ok = solver.solve(got, 0, n, clue);
      expect(ok, `${[...cells].join('')} ${clue.join(' ')}`).toBe(expected !== null);
      if (expected === null) {
        contradictions++;
        continue;
      }
      expect([...got].join(''), `${[...cells].join('')} ${clue.join(' ')}`).toBe([...expected].join(''));
      if (got.some((v, i) => v !== cells[i])) settledSome++;
    }
    expect(contradictions).toBeGreaterThan(100);
    expect(settledSome).toBeGreaterThan(1000);
  });

  it('on whole grids: settled cells hold in every solution, and a grid settled completely has one solution (500 random puzzles up to 5x5)', () => {
    const random = new Random('line logic grids');
    let complete = 0;
    for (let t = 0; t < 500; t++) {
      const width = 1 + random.int(5);
      const height = 1 + random.int(5);
      const cells = Uint8Array.from({ length: width * height }, () => (random.float() < 0.55 ? FILLED : EMPTY));
      const puzzle: NonogramPuzzle = nonogramFromSolution({ width, height, cells });
      const grid = new LineLogicGrid(width, height, puzzle.rows, puzzle.columns);
      expect(grid.propagate()).toBe(true);
      const oracle = bruteForceNonogram(puzzle, 50);
      for (const solution of oracle.solutions) {
        for (let i = 0; i < cells.length; i++) if (grid.cells[i] !== UNKNOWN) expect(grid.cells[i]).toBe(solution.cells[i]);
      }
      if (grid.unknown === 0) {
        complete++;
        expect(oracle.solutions).toHaveLength(1);
      }
    }
    expect(complete).toBeGreaterThan(100);
  });
});

/** The fixpoint of whole-line solves, every line again until nothing changes: what the grid's queue must reach. */
function wholeLineFixpoint(puzzle: NonogramPuzzle, givens: ReadonlyMap<number, number>): Uint8Array {
  const { width, height } = puzzle;
  const cells = new Uint8Array(width * height).fill(UNKNOWN);
  for (const [index, value] of givens) cells[index] = value;
  const solver = createLineSolver(Math.max(width, height), Math.max(width, height));
  for (let changed = true; changed; ) {
    changed = false;
    for (let line = 0; line < width + height; line++) {
      const isRow = line < height;
      const n = isRow ? width : height;
      const at = (i: number) => (isRow ? line * width + i : i * width + (line - height));
      const buffer = Uint8Array.from({ length: n }, (_, i) => cells[at(i)]!);
      expect(solver.solve(buffer, 0, n, isRow ? puzzle.rows[line]! : puzzle.columns[line - height]!)).toBe(true);
      for (let i = 0; i < n; i++) if (buffer[i] !== cells[at(i)]) (cells[at(i)] = buffer[i]!), (changed = true);
    }
  }
  return cells;
}

describe('line logic on a grid', () => {
  it('settles the same cells as sweeps of whole-line solves, givens added one by one (200 random pictures up to 24x24)', () => {
    const random = new Random('stretches');
    for (let t = 0; t < 200; t++) {
      const width = 2 + random.int(23);
      const height = 2 + random.int(23);
      const picture = Uint8Array.from({ length: width * height }, () => (random.float() < 0.6 ? FILLED : EMPTY));
      const puzzle = nonogramFromSolution({ width, height, cells: picture });
      const grid = new LineLogicGrid(width, height, puzzle.rows, puzzle.columns);
      const givens = new Map<number, number>();
      for (;;) {
        expect(grid.propagate()).toBe(true);
        expect([...grid.cells].join('')).toBe([...wholeLineFixpoint(puzzle, givens)].join(''));
        if (grid.unknown === 0 || givens.size >= 6) break;
        let cell = random.int(width * height);
        while (grid.cells[cell] !== UNKNOWN) cell = (cell + 1) % (width * height);
        givens.set(cell, picture[cell]!);
        grid.set(cell, picture[cell] === FILLED ? FILLED : EMPTY);
      }
    }
  });
});

describe('generateLineSolvableNonogram', () => {
  const bitmask = createBitmaskEngine();

  it('makes puzzles with one solution, the picture, by the bitmask engine (sizes 30x30 to 120x90)', async () => {
    for (const [width, height, seed] of [[30, 30, 1], [30, 30, 2], [60, 40, 'a'], [120, 90, 7]] as const) {
      const { puzzle, stats } = await generateLineSolvableNonogram({ width, height, seed });
      expect(puzzle.width).toBe(width);
      expect(puzzle.givens).toHaveLength(stats.givens);
      expect(verify(puzzle, puzzle.solution!).ok).toBe(true);
      const result = await bitmask.solve(puzzle, { maxSolutions: 2, timeLimitMs: 60_000 });
      expect(result.verdict, `${width}x${height} seed ${seed}`).toBe('unique');
      expect([...result.solutions[0]!.cells]).toEqual([...puzzle.solution!.cells]);
    }
  });

  it('gives the same puzzle for the same seed, and another for another seed', async () => {
    const a = await generateLineSolvableNonogram({ width: 50, height: 50, seed: 3, smoothing: 1 });
    const b = await generateLineSolvableNonogram({ width: 50, height: 50, seed: 3, smoothing: 1 });
    const c = await generateLineSolvableNonogram({ width: 50, height: 50, seed: 4, smoothing: 1 });
    expect(JSON.stringify(b.puzzle)).toBe(JSON.stringify(a.puzzle));
    expect(JSON.stringify(c.puzzle.rows)).not.toBe(JSON.stringify(a.puzzle.rows));
  });

  it('adds givens where line logic stalls (a noisy picture), and stops on an abort', async () => {
    const noisy = await generateLineSolvableNonogram({ width: 40, height: 40, seed: 1, smoothing: 0, density: 0.5 });
    expect(noisy.stats.givens).toBeGreaterThan(10);
    // Aborted while it runs (a timer can fire only because the generator pauses now and then).
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 50);
    const progress: number[] = [];
    await expect(generateLineSolvableNonogram({ width: 400, height: 400, seed: 1, signal: controller.signal, onProgress: (p) => progress.push(p.settled) })).rejects.toThrow(GenerateNonogramError);
    expect(progress.length).toBeGreaterThan(0);
  });
});
