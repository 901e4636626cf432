// fast-check arbitraries for small colour nonograms: the clues of a random grid in 2 to 4
// colours on a background, the same with some givens, and contradictory ones (decided by the
// brute-force oracle). Every case carries the grid it was made from.
import { colourNonogramFromSolution, type ColourGivenCell, type ColourNonogramPuzzle, type ColourNonogramSolution, type PaletteColour } from '@gridrace/core';
import fc from 'fast-check';
import { bruteForceColourNonogram } from '../oracle-colour.js';

export type ColourCaseSort = 'clues' | 'givens' | 'contradictory';

export interface ColourCase {
  readonly sort: ColourCaseSort;
  readonly puzzle: ColourNonogramPuzzle;
  readonly grid: ColourNonogramSolution;
  readonly how: string;
}

export interface ColourArbitraryOptions {
  readonly maxWidth: number;
  readonly maxHeight: number;
  /** Colours besides the background: from 2 (default) to this many (default 4). */
  readonly minColours?: number;
  readonly maxColours?: number;
  readonly sorts?: readonly ColourCaseSort[];
}

const COLOURS: readonly PaletteColour[] = [
  { name: 'white', rgb: 'ffffff', char: '.' },
  { name: 'red', rgb: 'ff0000', char: 'r' },
  { name: 'green', rgb: '008000', char: 'g' },
  { name: 'blue', rgb: '0000ff', char: 'b' },
  { name: 'black', rgb: '000000', char: 'X' },
  { name: 'yellow', rgb: 'ffff00', char: 'y' },
];

/** The background and the first `colours` colours of a fixed list. */
export const colourPalette = (colours: number): PaletteColour[] => COLOURS.slice(0, colours + 1);

const ORACLE_NODES = 200_000;

const gridArbitrary = (options: ColourArbitraryOptions) =>
  fc
    .record({
      width: fc.integer({ min: 1, max: options.maxWidth }),
      height: fc.integer({ min: 1, max: options.maxHeight }),
      colours: fc.integer({ min: options.minColours ?? 2, max: options.maxColours ?? 4 }),
      background: fc.constantFrom(25, 40, 60),
    })
    .chain(({ width, height, colours, background }) =>
      fc.array(fc.integer({ min: 0, max: 99 }), { minLength: width * height, maxLength: width * height }).map((draws) => ({
        palette: colourPalette(colours),
        grid: { width, height, cells: Uint8Array.from(draws, (d) => (d < background ? 0 : 1 + (d % colours))) },
      })),
    );

function givensFrom(grid: ColourNonogramSolution, draws: readonly number[], rate: number): ColourGivenCell[] {
  const givens: ColourGivenCell[] = [];
  for (let i = 0; i < grid.cells.length; i++) {
    if ((draws[i] ?? 100) < rate) givens.push({ row: Math.floor(i / grid.width), col: i % grid.width, colour: grid.cells[i]! });
  }
  return givens;
}

const clean = (grid: ColourNonogramSolution, palette: PaletteColour[], title: string): ColourNonogramPuzzle => {
  const { solution: _solution, ...rest } = colourNonogramFromSolution(grid, palette, { title });
  return rest;
};

/** A contradictory puzzle from a grid, or null when the edit leaves it solvable or the oracle cannot tell. */
function contradict(grid: ColourNonogramSolution, palette: PaletteColour[], plan: { mode: number; line: number; at: number; draws: number[] }): ColourCase | null {
  const base = clean(grid, palette, 'contradictory');
  const lines = grid.width + grid.height;
  const onRow = plan.line % lines < grid.height;
  const index = onRow ? plan.line % lines : (plan.line % lines) - grid.height;
  const rows = base.rows.map((c) => [...c]);
  const columns = base.columns.map((c) => [...c]);
  const clues = onRow ? rows : columns;
  const clue = clues[index]!;
  let how: string;
  let puzzle: ColourNonogramPuzzle;
  if (plan.mode === 0 && clue.length > 0) {
    // Recolour one block: the cell counts per colour of rows and columns may still agree.
    const at = plan.at % clue.length;
    const colour = 1 + (clue[at]!.colour % (palette.length - 1));
    clues[index] = clue.map((b, i) => (i === at ? { ...b, colour } : b));
    how = `${onRow ? 'row' : 'column'} ${index + 1} block ${at + 1} recoloured`;
    puzzle = { ...base, rows, columns };
  } else if (plan.mode === 1 && clue.length > 1) {
    // Swap two neighbouring blocks of different colours.
    const at = plan.at % (clue.length - 1);
    const swapped = [...clue];
    [swapped[at], swapped[at + 1]] = [swapped[at + 1]!, swapped[at]!];
    clues[index] = swapped;
    how = `${onRow ? 'row' : 'column'} ${index + 1} blocks ${at + 1} and ${at + 2} swapped`;
    puzzle = { ...base, rows, columns };
  } else {
    // A given that no solution has.
    const all = bruteForceColourNonogram(base, 64, ORACLE_NODES);
    if (!all.exhausted || all.solutions.length === 0) return null;
    const cell = plan.at % grid.cells.length;
    const used = new Set(all.solutions.map((s) => s.cells[cell]!));
    const colour = [...palette.keys()].find((c) => !used.has(c));
    if (colour === undefined) return null;
    how = `row ${Math.floor(cell / grid.width) + 1} column ${(cell % grid.width) + 1} given ${palette[colour]!.name}, against all ${all.solutions.length} solution(s)`;
    puzzle = { ...base, givens: [{ row: Math.floor(cell / grid.width), col: cell % grid.width, colour }] };
  }
  if (!cluesFitLines(puzzle)) return null;
  const check = bruteForceColourNonogram(puzzle, 1, ORACLE_NODES);
  if (!check.exhausted || check.solutions.length > 0) return null;
  return { sort: 'contradictory', puzzle, grid, how };
}

function cluesFitLines(puzzle: ColourNonogramPuzzle): boolean {
  const need = (clue: ColourNonogramPuzzle['rows'][number]) => clue.reduce((sum, b, i) => sum + b.length + (i > 0 && clue[i - 1]!.colour === b.colour ? 1 : 0), 0);
  return puzzle.rows.every((c) => need(c) <= puzzle.width) && puzzle.columns.every((c) => need(c) <= puzzle.height);
}

/** Small colour nonogram cases with their sort and source grid. */
export function colourCaseArbitrary(options: ColourArbitraryOptions): fc.Arbitrary<ColourCase> {
  const sorts = options.sorts ?? ['clues', 'givens', 'contradictory'];
  return gridArbitrary(options)
    .chain(({ palette, grid }) => {
      const n = grid.cells.length;
      const draws = fc.array(fc.integer({ min: 0, max: 99 }), { minLength: n, maxLength: n });
      const choices: fc.Arbitrary<ColourCase | null>[] = [];
      if (sorts.includes('clues')) choices.push(fc.constant<ColourCase>({ sort: 'clues', puzzle: clean(grid, palette, 'random grid'), grid, how: 'clues of a random grid' }));
      if (sorts.includes('givens')) {
        choices.push(
          fc.record({ draws, rate: fc.constantFrom(10, 30, 60) }).map(({ draws: d, rate }) => ({
            sort: 'givens' as const,
            puzzle: { ...clean(grid, palette, 'random grid with givens'), givens: givensFrom(grid, d, rate) },
            grid,
            how: `clues of a random grid, ${rate}% of cells given`,
          })),
        );
      }
      if (sorts.includes('contradictory')) {
        choices.push(fc.record({ mode: fc.integer({ min: 0, max: 2 }), line: fc.nat(), at: fc.nat(), draws }).map((plan) => contradict(grid, palette, plan)));
      }
      return fc.oneof(...choices);
    })
    .filter((c): c is ColourCase => c !== null);
}
