// Puzzles that keep any engine busy far longer than a test waits, for the abort and time
// limit checks: their solutions are astronomically many and the solve asks for all of them.
// And large pictures that only probing solves (discPicture), for the large-puzzle benchmark
// and the tests of probing on large boards.
import { FILLED, Random, nonogramFromSolution, type ArrowPathPuzzle, type ColourNonogramPuzzle, type Direction, type NonogramPuzzle } from '@gridrace/core';

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

/**
 * A picture of overlapping discs, side x side, from `seed`: radii 2 to 12 cells, one disc per
 * 300 cells, so about 45% filled and the same local structure at every side; its clues (no
 * givens) have several solutions, small regions that can be drawn two ways. Line logic settles
 * nothing on it: probing does the work (the large-puzzle benchmark's pictures).
 */
export function discPicture(side: number, seed: number): NonogramPuzzle {
  const random = new Random(`discs ${side} ${seed}`);
  const cells = new Uint8Array(side * side);
  const count = Math.max(1, Math.round((side * side) / 300));
  for (let k = 0; k < count; k++) {
    const cx = random.float() * side;
    const cy = random.float() * side;
    const r = 2 + random.float() * 10;
    for (let y = Math.max(0, Math.floor(cy - r)); y < Math.min(side, Math.ceil(cy + r)); y++) {
      for (let x = Math.max(0, Math.floor(cx - r)); x < Math.min(side, Math.ceil(cx + r)); x++) {
        if ((x + 0.5 - cx) ** 2 + (y + 0.5 - cy) ** 2 <= r * r) cells[y * side + x] = FILLED;
      }
    }
  }
  return nonogramFromSolution({ width: side, height: side, cells }, { title: `discs ${side}x${side} seed ${seed}`, source: 'benchmarks/scripts/large-pictures.mjs' });
}
