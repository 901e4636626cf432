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
