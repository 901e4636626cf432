// The input contract for colour nonograms (see engine-input.ts): what every colour engine runs
// first, so the same input gets the same outcome in each.
import { badNumber, isRecord, show } from './show.js';
import { MAX_COLOURS, minimumColourLineLength, type ColourBlock, type ColourGivenCell, type ColourNonogramSolution, type PaletteColour } from './model/colour-nonogram.js';
import type { PuzzleMeta } from './model/nonogram.js';

/** A colour nonogram as `checkColourNonogramInput` hands it to an engine. */
export interface CheckedColourNonogramPuzzle {
  readonly kind: 'colour-nonogram';
  readonly width: number;
  readonly height: number;
  readonly palette: readonly PaletteColour[];
  /** Clues without zero-length blocks. */
  readonly rows: ColourBlock[][];
  readonly columns: ColourBlock[][];
  readonly givens: readonly ColourGivenCell[];
  readonly meta: PuzzleMeta;
}

function checkInteger(value: unknown, what: string, min: number, max = Number.MAX_SAFE_INTEGER): number {
  if (typeof value !== 'number' || !Number.isInteger(value)) badNumber(value, `${what} must be an integer, got ${show(value)}`);
  if (value < min || value > max) throw new RangeError(`${what} must be from ${min} to ${max}, got ${value}`);
  return value;
}

function checkColourClues(clues: unknown, count: number, colours: number, what: 'row' | 'column'): ColourBlock[][] {
  if (!Array.isArray(clues)) throw new TypeError(`${what}s must be a list of clues, got ${show(clues)}`);
  if (clues.length !== count) throw new RangeError(`expected ${count} ${what} clues, got ${clues.length}`);
  const out: ColourBlock[][] = [];
  for (let i = 0; i < count; i++) {
    const clue: unknown = clues[i];
    if (!Array.isArray(clue)) throw new TypeError(`${what} ${i + 1}: the clue must be a list of blocks, got ${show(clue)}`);
    const blocks: ColourBlock[] = [];
    for (let j = 0; j < clue.length; j++) {
      const block: unknown = clue[j];
      if (!isRecord(block)) throw new TypeError(`${what} ${i + 1}: block ${j + 1} must be an object { length, colour }, got ${show(block)}`);
      const length = checkInteger(block.length, `${what} ${i + 1} block ${j + 1} length`, 0);
      const colour = checkInteger(block.colour, `${what} ${i + 1} block ${j + 1} colour`, 1, colours - 1);
      if (length > 0) blocks.push({ length, colour });
    }
    out.push(blocks);
  }
  return out;
}

/**
 * Check a colour nonogram handed to an engine: kind `colour-nonogram`, whole non-negative
 * sizes, a palette of 2 to MAX_COLOURS colours, one clue per line of blocks `{ length, colour }`
 * whose colours are palette indices from 1, and givens `{ row, col, colour }` inside the grid.
 * Throws TypeError or RangeError naming the problem, as checkNonogramInput does.
 */
export function checkColourNonogramInput(puzzle: unknown): CheckedColourNonogramPuzzle {
  if (!isRecord(puzzle)) throw new TypeError(`expected a colour-nonogram puzzle, got ${show(puzzle)}`);
  if (puzzle.kind !== 'colour-nonogram') throw new TypeError(`expected a colour-nonogram puzzle, got a puzzle of kind ${show(puzzle.kind)}`);
  const width = checkInteger(puzzle.width, 'width', 0);
  const height = checkInteger(puzzle.height, 'height', 0);
  const palette = puzzle.palette;
  if (!Array.isArray(palette)) throw new TypeError(`palette must be a list of colours, got ${show(palette)}`);
  if (palette.length < 2 || palette.length > MAX_COLOURS) throw new RangeError(`palette must hold 2 to ${MAX_COLOURS} colours (the background first), got ${palette.length}`);
  const rows = checkColourClues(puzzle.rows, height, palette.length, 'row');
  const columns = checkColourClues(puzzle.columns, width, palette.length, 'column');
  const givens: ColourGivenCell[] = [];
  if (puzzle.givens !== undefined && puzzle.givens !== null) {
    if (!Array.isArray(puzzle.givens)) throw new TypeError(`givens must be a list, got ${show(puzzle.givens)}`);
    puzzle.givens.forEach((g: unknown, i) => {
      if (!isRecord(g)) throw new TypeError(`givens[${i}] must be an object { row, col, colour }, got ${show(g)}`);
      const row = checkInteger(g.row, `givens[${i}].row`, 0, Math.max(0, height - 1));
      const col = checkInteger(g.col, `givens[${i}].col`, 0, Math.max(0, width - 1));
      if (width === 0 || height === 0) throw new RangeError(`givens[${i}] lies outside the ${width}x${height} grid`);
      givens.push({ row, col, colour: checkInteger(g.colour, `givens[${i}].colour`, 0, palette.length - 1) });
    });
  }
  return { kind: 'colour-nonogram', width, height, palette: palette as PaletteColour[], rows, columns, givens, meta: isRecord(puzzle.meta) ? (puzzle.meta as PuzzleMeta) : {} };
}

/** Whether every clue fits its line (when one does not, the puzzle has no solution). */
export function colourCluesFit(puzzle: CheckedColourNonogramPuzzle): boolean {
  return puzzle.rows.every((c) => minimumColourLineLength(c) <= puzzle.width) && puzzle.columns.every((c) => minimumColourLineLength(c) <= puzzle.height);
}

/** The answer for a colour nonogram without cells, or null when it has cells. */
export function colourSolutionsWithoutCells(puzzle: CheckedColourNonogramPuzzle): ColourNonogramSolution[] | null {
  if (puzzle.width > 0 && puzzle.height > 0) return null;
  return colourCluesFit(puzzle) ? [{ width: puzzle.width, height: puzzle.height, cells: new Uint8Array(0) }] : [];
}
