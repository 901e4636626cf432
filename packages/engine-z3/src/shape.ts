// Input checks before any model is built: a wrong kind or shape throws (the contract's only
// exceptions). A well-formed puzzle without solutions (a clue longer than its line, totals
// that differ, givens that clash) is left to the models, which make it unsatisfiable.
import type { NonogramPuzzle } from '@gridrace/core';

/** Throw for input that is not a well-formed nonogram (wrong kind or shape). */
export function checkShape(puzzle: NonogramPuzzle, engineName: string): void {
  const kind = (puzzle as { kind?: unknown }).kind;
  if (kind !== 'nonogram') throw new TypeError(`the ${engineName} engine solves nonograms, not ${String(kind)}`);
  const { width, height, rows, columns, givens } = puzzle;
  if (!Number.isInteger(width) || !Number.isInteger(height) || width < 1 || height < 1) {
    throw new RangeError(`nonogram size must be positive integers, got ${String(width)}x${String(height)}`);
  }
  if (!Array.isArray(rows) || !Array.isArray(columns) || rows.length !== height || columns.length !== width) {
    throw new RangeError(`a ${width}x${height} nonogram needs ${height} row and ${width} column clues`);
  }
  for (const clue of [...rows, ...columns]) {
    if (!Array.isArray(clue)) throw new TypeError('every clue must be a list of block lengths');
    for (const block of clue) if (!Number.isInteger(block) || block < 1) throw new RangeError(`clue blocks must be positive integers, got ${String(block)}`);
  }
  if (!Array.isArray(givens)) throw new TypeError('givens must be a list');
  for (const g of givens) {
    if (!Number.isInteger(g.row) || !Number.isInteger(g.col) || g.row < 0 || g.row >= height || g.col < 0 || g.col >= width) {
      throw new RangeError(`given cell (${String(g.row)}, ${String(g.col)}) is outside the ${width}x${height} grid`);
    }
    if (typeof g.filled !== 'boolean') throw new TypeError(`given cell (${g.row}, ${g.col}) is neither filled nor empty`);
  }
}
