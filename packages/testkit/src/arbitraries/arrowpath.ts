// fast-check arbitraries for small arrow paths: a random numbering whose consecutive numbers
// are aligned, arrows from k to k+1, a random subset of givens; and contradictory ones.
import type { ArrowPathPuzzle, ArrowPathSolution, Direction } from '@gridrace/core';
import fc from 'fast-check';
import { bruteForceArrowPath } from '../oracle-arrowpath.js';

export type ArrowPathCaseSort =
  /** Arrows of a random path with some givens kept: solvable. */
  | 'solvable'
  /** No solution: a given moved to another cell, or an arrow turned. */
  | 'contradictory';

export interface ArrowPathCase {
  readonly sort: ArrowPathCaseSort;
  readonly puzzle: ArrowPathPuzzle;
  /** The random numbering the arrows came from (a solution unless `sort` is `contradictory`). */
  readonly path: ArrowPathSolution;
  readonly how: string;
}

export interface ArrowPathArbitraryOptions {
  readonly maxWidth: number;
  readonly maxHeight: number;
  readonly minWidth?: number;
  readonly minHeight?: number;
  /** Exactly these sorts (default both). */
  readonly sorts?: readonly ArrowPathCaseSort[];
}

/** A small seeded generator (mulberry32) of numbers in [0, 1): what is drawn with it (a path, a formula) is a pure function of the seed. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function shuffle<T>(items: T[], random: () => number): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [items[i], items[j]] = [items[j]!, items[i]!];
  }
  return items;
}

/** The direction from cell `a` to cell `b`, or null when they are not on one line. */
export function directionBetween(width: number, a: number, b: number): Direction | null {
  const dr = Math.floor(b / width) - Math.floor(a / width);
  const dc = (b % width) - (a % width);
  if (a === b || (dr !== 0 && dc !== 0 && Math.abs(dr) !== Math.abs(dc))) return null;
  const names: Record<string, Direction> = { '-1,0': 'N', '-1,1': 'NE', '0,1': 'E', '1,1': 'SE', '1,0': 'S', '1,-1': 'SW', '0,-1': 'W', '-1,-1': 'NW' };
  return names[`${Math.sign(dr)},${Math.sign(dc)}`]!;
}

/**
 * A random numbering of a width x height grid in which every k and k+1 are aligned (same
 * row, column or diagonal): a random walk over aligned jumps that backtracks from dead ends.
 */
export function randomAlignedPath(width: number, height: number, seed: number): ArrowPathSolution {
  const n = width * height;
  if (n < 1) throw new RangeError(`grid must have cells, got ${width}x${height}`);
  const random = seededRandom(seed);
  const numbers = new Int32Array(n);
  for (let attempt = 0; ; attempt++) {
    numbers.fill(0);
    let budget = 50 * n;
    const walk = (cell: number, k: number): boolean => {
      numbers[cell] = k;
      if (k === n) return true;
      const next = shuffle(
        Array.from({ length: n }, (_, i) => i).filter((i) => numbers[i] === 0 && directionBetween(width, cell, i) !== null),
        random,
      );
      for (const i of next) {
        if (budget-- <= 0) break;
        if (walk(i, k + 1)) return true;
      }
      numbers[cell] = 0;
      return false;
    };
    if (walk(Math.floor(random() * n), 1)) return { width, height, numbers };
    if (attempt > 1000) throw new Error(`no aligned path found on ${width}x${height}`);
  }
}

/** The puzzle of a numbering: arrows from each k to k+1, the cell of N without an arrow. */
export function arrowPathFromNumbering(path: ArrowPathSolution, givenCells: readonly number[]): ArrowPathPuzzle {
  const { width, height } = path;
  const n = width * height;
  const cellOf = new Array<number>(n + 1);
  path.numbers.forEach((k, cell) => (cellOf[k] = cell));
  const arrows = Array.from(path.numbers, (k, cell) => (k === n ? null : directionBetween(width, cell, cellOf[k + 1]!)));
  const givens = new Array<number>(n).fill(0);
  for (const cell of givenCells) givens[cell] = path.numbers[cell]!;
  return { kind: 'arrowpath', width, height, arrows, givens, meta: { title: 'random aligned path' } };
}

type GivenMode = 'none' | 'ends' | 'some' | 'many';

function pickGivens(path: ArrowPathSolution, mode: GivenMode, draws: readonly number[]): number[] {
  const n = path.numbers.length;
  const cells: number[] = [];
  for (let cell = 0; cell < n; cell++) {
    const k = path.numbers[cell]!;
    const isEnd = k === 1 || k === n;
    const draw = draws[cell] ?? 100;
    if ((mode === 'ends' && isEnd) || (mode === 'some' && (draw < 20 || (isEnd && draw < 60))) || (mode === 'many' && draw < 65)) cells.push(cell);
  }
  return cells;
}

const DIRS: readonly Direction[] = ['N', 'NE', 'E', 'SE', 'S', 'SW', 'W', 'NW'];

interface Plan {
  readonly width: number;
  readonly height: number;
  readonly seed: number;
  readonly mode: GivenMode;
  readonly draws: readonly number[];
  /** Give the cell of N an (ignored) arrow too. */
  readonly endArrow: number;
  readonly contradiction: number;
  readonly pick: number;
  readonly pick2: number;
}

function buildCase(plan: Plan, contradictory: boolean): ArrowPathCase | null {
  const path = randomAlignedPath(plan.width, plan.height, plan.seed);
  const n = plan.width * plan.height;
  const givenCells = pickGivens(path, plan.mode, plan.draws);
  let puzzle = arrowPathFromNumbering(path, givenCells);
  const endCell = path.numbers.indexOf(n);
  if (plan.endArrow % 4 === 0 && puzzle.givens[endCell] === n) {
    puzzle = { ...puzzle, arrows: puzzle.arrows.map((a, cell) => (cell === endCell ? DIRS[plan.pick2 % DIRS.length]! : a)) };
  }
  const base = `${plan.width}x${plan.height} path, givens: ${plan.mode} (${givenCells.length})`;
  if (!contradictory) return { sort: 'solvable', puzzle, path, how: base };

  let how: string;
  if (plan.contradiction % 2 === 0) {
    // Move a given (adding one first if there are none) to a cell that holds no given.
    const givens = [...puzzle.givens];
    let from = givens.findIndex((g, cell) => g !== 0 && cell >= plan.pick % n);
    if (from === -1) from = givens.findIndex((g) => g !== 0);
    if (from === -1) {
      from = plan.pick % n;
      givens[from] = path.numbers[from]!;
    }
    const free = givens.map((g, cell) => (g === 0 ? cell : -1)).filter((cell) => cell !== -1);
    if (free.length === 0) return null;
    const to = free[plan.pick2 % free.length]!;
    how = `${base}; given ${givens[from]} moved from cell ${from} to cell ${to}`;
    givens[to] = givens[from]!;
    givens[from] = 0;
    puzzle = { ...puzzle, givens };
  } else {
    // Turn one arrow.
    const cell = plan.pick % n;
    const old = puzzle.arrows[cell] ?? null;
    const choices = DIRS.filter((d) => d !== old);
    const turned = choices[plan.pick2 % choices.length]!;
    how = `${base}; arrow of cell ${cell} turned from ${old ?? 'none'} to ${turned}`;
    puzzle = { ...puzzle, arrows: puzzle.arrows.map((a, i) => (i === cell ? turned : a)) };
  }
  const check = bruteForceArrowPath(puzzle, 1);
  if (!check.exhausted || check.solutions.length > 0) return null;
  return { sort: 'contradictory', puzzle, path, how };
}

/** Small arrow-path cases with their sort and source numbering. */
export function arrowPathCaseArbitrary(options: ArrowPathArbitraryOptions): fc.Arbitrary<ArrowPathCase> {
  const sorts = options.sorts ?? ['solvable', 'contradictory'];
  if (sorts.length === 0) throw new RangeError('sorts must name at least one sort');
  return fc
    .record({
      width: fc.integer({ min: options.minWidth ?? 1, max: options.maxWidth }),
      height: fc.integer({ min: options.minHeight ?? 1, max: options.maxHeight }),
    })
    .filter(({ width, height }) => width * height >= 2)
    .chain(({ width, height }) =>
      fc.record({
        width: fc.constant(width),
        height: fc.constant(height),
        seed: fc.nat(),
        mode: fc.constantFrom<GivenMode>('none', 'ends', 'ends', 'some', 'some', 'many'),
        draws: fc.array(fc.integer({ min: 0, max: 99 }), { minLength: width * height, maxLength: width * height }),
        endArrow: fc.nat(),
        contradiction: fc.nat(),
        pick: fc.nat(),
        pick2: fc.nat(),
        contradictory: fc.constantFrom(...sorts.map((s) => s === 'contradictory')),
      }),
    )
    .map((plan) => buildCase(plan, plan.contradictory))
    .filter((c): c is ArrowPathCase => c !== null);
}

/** Small arrow paths of the sorts `options` asks for (default both). */
export function arrowPathArbitrary(options: ArrowPathArbitraryOptions): fc.Arbitrary<ArrowPathPuzzle> {
  return arrowPathCaseArbitrary(options).map((c) => c.puzzle);
}
