// Puzzles built directly as model objects, for the tests.
import type { ArrowPathPuzzle, Direction } from '@gridrace/core';

/**
 * Rows whose left halves point east and right halves west, without a cell for N: no
 * solution (the path cannot change rows), but nothing local shows it, so any search runs long.
 */
export function stackedEastWestRows(width: number, height: number): ArrowPathPuzzle {
  const n = width * height;
  const arrows: Direction[] = Array.from({ length: n }, (_, i) => (i % width < width / 2 ? 'E' : 'W'));
  return { kind: 'arrowpath', width, height, arrows, givens: new Array<number>(n).fill(0), meta: { title: `${width}x${height} east-west rows` } };
}

/**
 * A snake: east along even rows, west along odd ones, south at the row ends, 1 in the top
 * left and N at the end. Unique, and every arrow sees most of its row: about
 * width * width * height / 2 candidate links.
 */
export function snake(width: number, height: number): ArrowPathPuzzle {
  const n = width * height;
  const arrows: (Direction | null)[] = [];
  for (let r = 0; r < height; r++) {
    for (let c = 0; c < width; c++) {
      const east = r % 2 === 0;
      arrows.push(east ? (c === width - 1 ? 'S' : 'E') : c === 0 ? 'S' : 'W');
    }
  }
  const last = height % 2 === 1 ? n - 1 : n - width;
  arrows[last] = null;
  const givens = new Array<number>(n).fill(0);
  givens[0] = 1;
  givens[last] = n;
  return { kind: 'arrowpath', width, height, arrows, givens, meta: { title: `${width}x${height} snake` } };
}
