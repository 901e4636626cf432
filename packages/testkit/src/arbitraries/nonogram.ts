// fast-check arbitraries for small nonograms: the clues of a random grid, the same with
// some givens, and contradictory ones. Every case carries the grid it was made from.
import { EMPTY, FILLED, nonogramFromSolution, type Clue, type GivenCell, type NonogramPuzzle, type NonogramSolution } from '@gridrace/core';
import fc from 'fast-check';
import { bruteForceNonogram } from '../oracle-nonogram.js';

export type NonogramCaseSort =
  /** The clues of a random grid: solvable, often with several solutions. */
  | 'clues'
  /** The same plus some cells of the grid given: still solvable. */
  | 'givens'
  /** No solution: a clue perturbed (totals kept equal or not), or a given no solution has. */
  | 'contradictory';

export interface NonogramCase {
  readonly sort: NonogramCaseSort;
  readonly puzzle: NonogramPuzzle;
  /** The random grid the clues came from (it solves the puzzle unless `sort` is `contradictory`). */
  readonly grid: NonogramSolution;
  /** How a contradictory case was made, for failure messages. */
  readonly how: string;
}

export interface NonogramArbitraryOptions {
  readonly maxWidth: number;
  readonly maxHeight: number;
  readonly minWidth?: number;
  readonly minHeight?: number;
  /** Include the `givens` sort (default true). */
  readonly withGivens?: boolean;
  /** Include the `contradictory` sort (default true). */
  readonly withContradictions?: boolean;
  /** Exactly these sorts, overriding the two flags above. */
  readonly sorts?: readonly NonogramCaseSort[];
}

function sortsOf(options: NonogramArbitraryOptions): NonogramCaseSort[] {
  if (options.sorts !== undefined) {
    if (options.sorts.length === 0) throw new RangeError('sorts must name at least one sort');
    return [...options.sorts];
  }
  const sorts: NonogramCaseSort[] = ['clues'];
  if (options.withGivens ?? true) sorts.push('givens');
  if (options.withContradictions ?? true) sorts.push('contradictory');
  return sorts;
}

const lineFits = (clue: Clue, length: number): boolean => clue.reduce((a, b) => a + b, 0) + Math.max(0, clue.length - 1) <= length;

/** One small edit of a clue; `op` and `at` pick which. The result always fits the line. */
function editClue(clue: Clue, length: number, op: number, at: number, keepTotal: boolean): number[] | null {
  const c = [...clue];
  const i = c.length === 0 ? 0 : at % c.length;
  const candidates: (() => number[] | null)[] = keepTotal
    ? [
        // split a block into two
        () => (c[i] !== undefined && c[i]! >= 2 ? [...c.slice(0, i), 1, c[i]! - 1, ...c.slice(i + 1)] : null),
        // merge two neighbouring blocks
        () => (i + 1 < c.length ? [...c.slice(0, i), c[i]! + c[i + 1]!, ...c.slice(i + 2)] : null),
        // move one cell from one block to the next
        () => (i + 1 < c.length && c[i]! >= 2 ? [...c.slice(0, i), c[i]! - 1, c[i + 1]! + 1, ...c.slice(i + 2)] : null),
        // move one cell from one block to the previous
        () => (i >= 1 && c[i]! >= 2 ? [...c.slice(0, i - 1), c[i - 1]! + 1, c[i]! - 1, ...c.slice(i + 1)] : null),
      ]
    : [
        () => (c[i] !== undefined ? c.map((b, j) => (j === i ? b + 1 : b)) : null),
        () => (c[i] !== undefined ? c.flatMap((b, j) => (j === i ? (b > 1 ? [b - 1] : []) : [b])) : null),
        () => [...c.slice(0, i), 1, ...c.slice(i)],
        () => (c.length > 0 ? c.filter((_, j) => j !== i) : null),
      ];
  for (let k = 0; k < candidates.length; k++) {
    const edited = candidates[(op + k) % candidates.length]!();
    if (edited !== null && lineFits(edited, length) && edited.join() !== c.join()) return edited;
  }
  return null;
}

const gridArbitrary = (options: NonogramArbitraryOptions): fc.Arbitrary<NonogramSolution> =>
  fc
    .record({
      width: fc.integer({ min: options.minWidth ?? 1, max: options.maxWidth }),
      height: fc.integer({ min: options.minHeight ?? 1, max: options.maxHeight }),
      density: fc.constantFrom(25, 50, 50, 75),
    })
    .chain(({ width, height, density }) =>
      fc
        .array(fc.integer({ min: 0, max: 99 }), { minLength: width * height, maxLength: width * height })
        .map((draws) => ({ width, height, cells: Uint8Array.from(draws, (d) => (d < density ? FILLED : EMPTY)) })),
    );

/** Some cells of `grid` as givens: each drawn number below `rate` (0..99) picks a cell. */
function givensFrom(grid: NonogramSolution, draws: readonly number[], rate: number): GivenCell[] {
  const givens: GivenCell[] = [];
  for (let i = 0; i < grid.cells.length; i++) {
    if ((draws[i] ?? 100) < rate) givens.push({ row: Math.floor(i / grid.width), col: i % grid.width, filled: grid.cells[i] === FILLED });
  }
  return givens;
}

function withoutSolution(puzzle: NonogramPuzzle): NonogramPuzzle {
  const { solution: _solution, ...rest } = puzzle;
  return rest;
}

/**
 * Make a contradictory puzzle from a grid, or null when this choice of edit happens to
 * leave it solvable, or the brute-force oracle cannot decide within ORACLE_NODES (the
 * arbitrary then draws again). The oracle decides; on grids of 10x10 and more it could
 * otherwise run for minutes.
 */
const ORACLE_NODES = 200_000;

function contradict(grid: NonogramSolution, plan: { mode: number; line: number; op: number; at: number; draws: number[]; rate: number }): NonogramCase | null {
  const base = withoutSolution(nonogramFromSolution(grid));
  const givens = givensFrom(grid, plan.draws, plan.rate);
  const onRow = plan.line % (grid.width + grid.height) < grid.height;
  const index = onRow ? plan.line % (grid.width + grid.height) : (plan.line % (grid.width + grid.height)) - grid.height;
  const rows = base.rows.map((c) => [...c]);
  const columns = base.columns.map((c) => [...c]);
  let how: string;
  let puzzle: NonogramPuzzle;
  if (plan.mode === 0 || plan.mode === 1) {
    // mode 0: row and column totals then differ; mode 1: totals stay equal.
    const keepTotal = plan.mode === 1;
    const lines = onRow ? rows : columns;
    const edited = editClue(lines[index]!, onRow ? grid.width : grid.height, plan.op, plan.at, keepTotal);
    if (edited === null) return null;
    how = `${onRow ? 'row' : 'column'} ${index + 1} clue ${lines[index]!.join(' ') || '0'} -> ${edited.join(' ') || '0'}${keepTotal ? ' (totals equal)' : ' (totals differ)'}`;
    lines[index] = edited;
    puzzle = { ...base, rows, columns, givens };
  } else {
    // mode 2: a given that every solution disagrees with.
    const clean = { ...base, givens };
    const all = bruteForceNonogram(clean, 64, ORACLE_NODES);
    if (!all.exhausted || all.solutions.length === 0) return null;
    const fixed: number[] = [];
    for (let i = 0; i < grid.cells.length; i++) if (all.solutions.every((s) => s.cells[i] === all.solutions[0]!.cells[i])) fixed.push(i);
    const cell = fixed.find((i) => !givens.some((g) => g.row * grid.width + g.col === i));
    if (cell === undefined) return null;
    const filled = all.solutions[0]!.cells[cell] !== FILLED;
    const row = Math.floor(cell / grid.width);
    const col = cell % grid.width;
    how = `row ${row + 1} column ${col + 1} given ${filled ? 'filled' : 'empty'}, against all ${all.solutions.length} solution(s)`;
    puzzle = { ...clean, givens: [...givens, { row, col, filled }] };
  }
  const check = bruteForceNonogram(puzzle, 1, ORACLE_NODES);
  if (!check.exhausted || check.solutions.length > 0) return null;
  return { sort: 'contradictory', puzzle, grid, how };
}

/** Small nonogram cases with their sort and source grid. */
export function nonogramCaseArbitrary(options: NonogramArbitraryOptions): fc.Arbitrary<NonogramCase> {
  const sorts = sortsOf(options);
  return gridArbitrary(options).chain((grid) => {
    const n = grid.cells.length;
    const draws = fc.array(fc.integer({ min: 0, max: 99 }), { minLength: n, maxLength: n });
    const choices: fc.Arbitrary<NonogramCase | null>[] = [];
    if (sorts.includes('clues')) {
      choices.push(fc.constant<NonogramCase>({ sort: 'clues', puzzle: withoutSolution(nonogramFromSolution(grid, { title: 'random grid' })), grid, how: 'clues of a random grid' }));
    }
    if (sorts.includes('givens')) {
      choices.push(
        fc.record({ draws, rate: fc.constantFrom(10, 30, 60) }).map(({ draws: d, rate }) => ({
          sort: 'givens' as const,
          puzzle: { ...withoutSolution(nonogramFromSolution(grid, { title: 'random grid with givens' })), givens: givensFrom(grid, d, rate) },
          grid,
          how: `clues of a random grid, ${rate}% of cells given`,
        })),
      );
    }
    if (sorts.includes('contradictory')) {
      choices.push(
        fc
          .record({
            mode: fc.integer({ min: 0, max: 2 }),
            line: fc.nat(),
            op: fc.nat(),
            at: fc.nat(),
            draws,
            rate: fc.constantFrom(0, 0, 20),
          })
          .map((plan) => contradict(grid, plan)),
      );
    }
    return fc.oneof(...choices);
  }).filter((c): c is NonogramCase => c !== null);
}

/** Small nonograms of the sorts `options` asks for (default: all three). */
export function nonogramArbitrary(options: NonogramArbitraryOptions): fc.Arbitrary<NonogramPuzzle> {
  return nonogramCaseArbitrary(options).map((c) => c.puzzle);
}

/** How `symmetricNonogramArbitrary` makes a grid symmetric. */
export type GridSymmetrySort = 'mirror' | 'half-turn' | 'quarter-turn' | 'diagonal';

/**
 * The cells of `cell`'s orbit under one symmetry of a width x height grid, written out
 * directly (not from core) so tests of core's symmetry detection stay independent.
 */
function orbitOf(sort: GridSymmetrySort, cell: number, width: number, height: number): number[] {
  const r = Math.floor(cell / width);
  const c = cell % width;
  const at = (row: number, col: number) => row * width + col;
  switch (sort) {
    case 'mirror':
      return [cell, at(r, width - 1 - c)];
    case 'half-turn':
      return [cell, at(height - 1 - r, width - 1 - c)];
    case 'diagonal':
      return [cell, at(c, r)];
    case 'quarter-turn':
      return [cell, at(c, width - 1 - r), at(height - 1 - r, width - 1 - c), at(width - 1 - c, r)];
  }
}

/**
 * Clues of random grids that are symmetric (each row a palindrome, the same turned half
 * way or a quarter way, or mirrored about the diagonal; square for the last two), so their
 * solutions come in symmetric orbits. Several solutions are common.
 */
export function symmetricNonogramArbitrary(maxSize: number): fc.Arbitrary<{ readonly sort: GridSymmetrySort; readonly puzzle: NonogramPuzzle; readonly grid: NonogramSolution }> {
  return fc
    .record({
      sort: fc.constantFrom<GridSymmetrySort>('mirror', 'half-turn', 'quarter-turn', 'diagonal'),
      width: fc.integer({ min: 2, max: maxSize }),
      height: fc.integer({ min: 2, max: maxSize }),
      density: fc.constantFrom(30, 50, 70),
    })
    .chain(({ sort, width, height: h, density }) => {
      const height = sort === 'quarter-turn' || sort === 'diagonal' ? width : h;
      return fc.array(fc.integer({ min: 0, max: 99 }), { minLength: width * height, maxLength: width * height }).map((draws) => {
        const cells = new Uint8Array(width * height);
        // Every cell takes the draw of the first cell of its orbit.
        for (let cell = 0; cell < cells.length; cell++) cells[cell] = draws[Math.min(...orbitOf(sort, cell, width, height))]! < density ? FILLED : EMPTY;
        const grid: NonogramSolution = { width, height, cells };
        return { sort, puzzle: withoutSolution(nonogramFromSolution(grid, { title: `random ${sort} symmetric grid` })), grid };
      });
    });
}
