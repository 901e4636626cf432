// A brute-force nonogram oracle that shares no code with any engine: the colour oracle
// (oracle-colour.ts) on a puzzle of one colour. Every row's placements are listed by a plain
// recursion; the oracle tries their product row by row, checking givens and the column clues
// once the grid is complete. The only pruning is a column prefix test (the runs finished so far
// must start the column's clue), which keeps 6x6 puzzles quick without changing what is enumerated.
import type { Clue, ColourNonogramPuzzle, NonogramPuzzle, NonogramSolution } from '@gridrace/core';
import { bruteForceColourNonogram, colourLinePlacements, type OracleResult } from './oracle-colour.js';

export type { OracleResult } from './oracle-colour.js';

/** Every way to write `clue` into a line of `length` cells, as 0/1 arrays. */
export function linePlacements(clue: Clue, length: number): Uint8Array[] {
  return colourLinePlacements(blocksOf(clue), length);
}

const blocksOf = (clue: Clue) => clue.map((length) => ({ length, colour: 1 }));

/**
 * All solutions of a small nonogram (up to about 6x6), at most `maxSolutions` of them: the colour
 * oracle on one colour (a filled cell is colour 1). `exhausted` is false when the search stopped
 * because `maxSolutions` were found, or because it tried `maxNodes` row placements (the search is
 * exponential in the grid size).
 */
export function bruteForceNonogram(puzzle: NonogramPuzzle, maxSolutions: number, maxNodes = Number.POSITIVE_INFINITY): OracleResult<NonogramSolution> {
  const asColour: ColourNonogramPuzzle = {
    ...puzzle,
    kind: 'colour-nonogram',
    palette: [
      { name: 'white', rgb: 'ffffff', char: '.' },
      { name: 'black', rgb: '000000', char: '#' },
    ],
    rows: puzzle.rows.map(blocksOf),
    columns: puzzle.columns.map(blocksOf),
    givens: puzzle.givens.map((g) => ({ row: g.row, col: g.col, colour: g.filled ? 1 : 0 })),
  };
  return bruteForceColourNonogram(asColour, maxSolutions, maxNodes);
}
