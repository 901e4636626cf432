// Small puzzle objects written inline in tests.
import type { NonogramPuzzle } from '@gridrace/core';

/** A nonogram from its row and column clues (and givens): width and height follow from them. */
export function nonogramFromClues(rows: number[][], columns: number[][], givens: NonogramPuzzle['givens'] = []): NonogramPuzzle {
  return { kind: 'nonogram', width: columns.length, height: rows.length, rows, columns, givens, meta: {} };
}
