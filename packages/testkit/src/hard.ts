// Puzzles that keep any engine busy far longer than a test waits, for the abort and time
// limit checks: their solutions are astronomically many and the solve asks for all of them.
import type { ArrowPathPuzzle, ColourNonogramPuzzle, Direction, NonogramPuzzle } from '@gridrace/core';

/**
 * A size x size nonogram whose every row and column clue is `1`: its solutions are the
 * permutation matrices, size! of them (30! is about 2.7e32). No line logic applies.
 */
export function permutationNonogram(size = 30): NonogramPuzzle {
  const ones = Array.from({ length: size }, () => [1]);
  return {
    kind: 'nonogram',
    width: size,
    height: size,
    rows: ones,
    columns: ones.map((c) => [...c]),
    givens: [],
    meta: { title: `${size}x${size} permutation matrices` },
  };
}

/**
 * A one-row arrow path of `length` cells with no givens: the left half points E, the right
 * half W, the last cell has no arrow (it holds N). Solutions grow faster than exponentially
 * with the length (3, 31, 675, 25231, 1441923 for lengths 4 to 12, by brute force).
 */
export function eastWestArrowPath(length = 40): ArrowPathPuzzle {
  const arrows: (Direction | null)[] = Array.from({ length }, (_, i) => (i === length - 1 ? null : i < length / 2 ? 'E' : 'W'));
  return { kind: 'arrowpath', width: length, height: 1, arrows, givens: new Array<number>(length).fill(0), meta: { title: `1x${length} east-west` } };
}

/**
 * permutationNonogram in colour: every row and column clue one red cell, on a palette that also
 * has blue (unused), so engines carry a second colour through the search. size! solutions.
 */
export function permutationColourNonogram(size = 30): ColourNonogramPuzzle {
  const red = () => [{ length: 1, colour: 1 }];
  return {
    kind: 'colour-nonogram',
    width: size,
    height: size,
    palette: [
      { name: 'white', rgb: 'ffffff', char: '.' },
      { name: 'red', rgb: 'ff0000', char: 'r' },
      { name: 'blue', rgb: '0000ff', char: 'b' },
    ],
    rows: Array.from({ length: size }, red),
    columns: Array.from({ length: size }, red),
    givens: [],
    meta: { title: `${size}x${size} red permutation matrices` },
  };
}
