// Independent regions (src/host/regions.ts): a line's cuts are exactly the places where every
// fitting placement puts the same number of blocks before a known empty cell; the regions
// split a board's completions into a product; and a search that takes the regions answers as
// the plain search and brute force do. The wasm engine runs the same host code.
import { describe, expect, it } from 'vitest';
import { Random, clueOfLine, nonogramFromSolution, verify, type NonogramPuzzle } from '@gridrace/core';
import { bruteForceNonogram, linePlacements } from '@gridrace/testkit';
import { createBitmaskEngine } from '../src/index.js';
import { groupPuzzle, groupRegions, independentRegions, lineCuts } from '../src/host/regions.js';

const UNKNOWN = 2;
const key = (cells: ArrayLike<number>) => Array.from(cells).join('');

/** A random picture of the given density, with its clues and a few givens. */
function randomPuzzle(random: Random, maxSide: number, density: number, givens: number): NonogramPuzzle {
  const width = 2 + random.int(maxSide - 1);
  const height = 2 + random.int(maxSide - 1);
  const cells = Uint8Array.from({ length: width * height }, () => (random.float() < density ? 1 : 0));
  const puzzle = nonogramFromSolution({ width, height, cells });
  const given = Array.from({ length: givens }, () => random.int(width * height));
  return { ...puzzle, givens: [...new Set(given)].map((i) => ({ row: Math.floor(i / width), col: i % width, filled: cells[i] === 1 })) };
}

/**
 * Two random pictures side by side, a filled column between them with an empty one on each
 * side: each row's blocks on the left of it are those of the left picture, so whatever each
 * picture leaves open often makes regions of its own.
 */
function sideBySidePuzzle(random: Random, maxSide: number, density: number): NonogramPuzzle {
  const height = 2 + random.int(maxSide - 1);
  const leftWidth = 2 + random.int(maxSide - 1);
  const width = leftWidth + 3 + 2 + random.int(maxSide - 1);
  const cells = new Uint8Array(width * height);
  for (let r = 0; r < height; r++) {
    for (let c = 0; c < width; c++) {
      if (c === leftWidth + 1) cells[r * width + c] = 1;
      else if (c !== leftWidth && c !== leftWidth + 2 && random.float() < density) cells[r * width + c] = 1;
    }
  }
  return nonogramFromSolution({ width, height, cells });
}

/** Every filling of `line`'s unknown cells whose blocks are `clue`: the placements that keep its known cells. */
function fillings(line: Uint8Array, clue: readonly number[]): Uint8Array[] {
  return linePlacements(clue, line.length).filter((p) => p.every((v, i) => line[i] === UNKNOWN || line[i] === v));
}

describe('line cuts', () => {
  it('are the known empty cells before which every filling has the same blocks (3,000 random lines against enumeration)', () => {
    const random = new Random('line cuts');
    let cuts = 0;
    for (let t = 0; t < 3000; t++) {
      const n = 1 + random.int(14);
      const truth = Uint8Array.from({ length: n }, () => (random.float() < 0.5 ? 1 : 0));
      const clue = clueOfLine(truth);
      const line = truth.map((v) => (random.float() < 0.5 ? v : UNKNOWN));
      const all = fillings(line, clue);
      const cut = lineCuts(line, clue);
      for (let i = 1; i < n; i++) {
        const before = new Set(all.map((f) => clueOfLine(f.subarray(0, i)).length));
        const expected = line[i - 1] === 0 && before.size === 1;
        expect(cut[i] === 1, `${key(line)} ${key(clue)} at ${i}`).toBe(expected);
        if (expected) cuts++;
      }
    }
    expect(cuts).toBeGreaterThan(1000);
  });
});

describe('independent regions', () => {
  it("split a board's completions into a product: each completion combines the regions' own (1,000 random boards)", () => {
    const random = new Random('regions product');
    let split = 0;
    for (let t = 0; t < 1000; t++) {
      const puzzle = randomPuzzle(random, 6, 0.4, 0);
      const { width, height } = puzzle;
      const truth = puzzle.solution!.cells;
      // A board that some of the truth's cells are known on (not all: so regions are left).
      const board = truth.map((v) => (random.float() < 0.55 ? v : UNKNOWN));
      const free = [...board.keys()].filter((i) => board[i] === UNKNOWN);
      if (free.length > 14) continue;
      const completions: Uint8Array[] = [];
      for (let m = 0; m < 1 << free.length; m++) {
        const cells = board.slice();
        free.forEach((cell, b) => (cells[cell] = (m >> b) & 1));
        if (verify(puzzle, { width, height, cells }).ok) completions.push(cells);
      }
      const regions = independentRegions(puzzle, board);
      expect(regions.flatMap((r) => [...r]).sort((a, b) => a - b)).toEqual(free);
      // Completions are always within the product of their projections; equal sizes make them equal.
      const product = regions.reduce((n, region) => n * new Set(completions.map((c) => key([...region].map((i) => c[i]!)))).size, 1);
      expect(product, JSON.stringify({ puzzle, board: key(board) })).toBe(completions.length);
      if (regions.length >= 2) split++;
    }
    expect(split).toBeGreaterThan(200);
  });

  it("a group's puzzle (its box and a cell around it) has exactly the group's fillings that fit the whole puzzle", () => {
    const random = new Random('group puzzle');
    let checked = 0;
    for (let t = 0; t < 300; t++) {
      const puzzle = randomPuzzle(random, 9, 0.35, 0);
      const first = puzzle.solution!;
      const board = first.cells.map((v) => (random.float() < 0.7 ? v : UNKNOWN));
      for (const group of groupRegions(independentRegions(puzzle, board), 3)) {
        if (group.length > 12) continue;
        const { puzzle: part, top, left } = groupPuzzle(first, group);
        const local = bruteForceNonogram(part, 1 << 12).solutions.map((s) => key([...group].map((cell) => s.cells[(Math.floor(cell / puzzle.width) - top) * part.width + (cell % puzzle.width) - left]!)));
        const whole: string[] = [];
        for (let m = 0; m < 1 << group.length; m++) {
          const cells = first.cells.slice();
          group.forEach((cell, b) => (cells[cell] = (m >> b) & 1));
          if (verify(puzzle, { width: puzzle.width, height: puzzle.height, cells }).ok) whole.push(key([...group].map((cell) => cells[cell]!)));
        }
        expect(local.sort()).toEqual(whole.sort());
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(300);
  });

  it('the search with regions answers as the plain search and brute force: verdicts with 2 solutions, every solution when counting (3,000 random puzzles up to 8x8 and 5x13)', async () => {
    const random = new Random('regions against search');
    const withRegions = createBitmaskEngine({ symmetry: false, swaps: false, regions: true });
    const plain = createBitmaskEngine({ symmetry: false, swaps: false, regions: false });
    let byRegions = 0;
    let counted = 0;
    for (let t = 0; t < 3000; t++) {
      const puzzle = t % 3 === 0 ? randomPuzzle(random, 8, 0.3, random.int(3)) : sideBySidePuzzle(random, 5, 0.35);
      const oracle = bruteForceNonogram(puzzle, 128);
      const [a, b] = await Promise.all([withRegions.solve(puzzle, { maxSolutions: 2 }), plain.solve(puzzle, { maxSolutions: 2 })]);
      expect(a.verdict, JSON.stringify(puzzle)).toBe(b.verdict);
      expect(a.verdict).toBe(oracle.solutions.length === 0 ? 'none' : oracle.solutions.length === 1 ? 'unique' : 'multiple');
      for (const s of a.solutions) expect(verify(puzzle, s).ok).toBe(true);
      expect(new Set(a.solutions.map((s) => key(s.cells))).size).toBe(a.solutions.length);
      if ((a.stats.counters.regions ?? 0) > 0) byRegions++;
      if (oracle.solutions.length < 64) {
        const all = await withRegions.solve(puzzle, { maxSolutions: 64 });
        expect(all.verdict).toBe(b.verdict);
        expect(all.solutions.map((s) => key(s.cells)).sort()).toEqual(oracle.solutions.map((s) => key(s.cells)).sort());
        if ((all.stats.counters.regions ?? 0) > 0) counted++;
      } else {
        const some = await withRegions.solve(puzzle, { maxSolutions: 64 });
        expect(some.verdict).toBe('multiple');
        expect(some.solutions).toHaveLength(64);
        for (const s of some.solutions) expect(verify(puzzle, s).ok).toBe(true);
      }
    }
    expect(byRegions).toBeGreaterThan(80);
    expect(counted).toBeGreaterThan(80);
  });

  it('is off with maxSolutions 1 and with regions: false', async () => {
    const random = new Random('regions off');
    const engine = createBitmaskEngine({ regions: true, swaps: false, symmetry: false });
    let puzzle: NonogramPuzzle | null = null;
    for (let t = 0; t < 500 && puzzle === null; t++) {
      const candidate = randomPuzzle(random, 7, 0.3, 0);
      if (((await engine.solve(candidate, { maxSolutions: 100 })).stats.counters.regions ?? 0) >= 2) puzzle = candidate;
    }
    expect(puzzle).not.toBeNull();
    const one = await engine.solve(puzzle!, { maxSolutions: 1 });
    expect(one.solutions).toHaveLength(1);
    expect(one.stats.counters.regions).toBeUndefined();
    const never = await createBitmaskEngine({ regions: false }).solve(puzzle!, { maxSolutions: 100 });
    expect(never.stats.counters.regions).toBeUndefined();
    const all = await engine.solve(puzzle!, { maxSolutions: 100 });
    expect(all.solutions.map((s) => key(s.cells)).sort()).toEqual(never.solutions.map((s) => key(s.cells)).sort());
  });
});
