// Solution grids, for checking a solver's or a tournament's answers with `verify`.
//
// Nonogram: rows of `#`/`.` or `1`/`0`, optionally separated by spaces or tabs (TAAI
// solution files are `$n` then rows of tab-separated 0/1). Arrow path: rows of
// whitespace-separated numbers. Colour nonogram: rows of the palette's characters. A file may hold several grids: each `$...` line or blank
// line ends the grid before it. Every grid must have the puzzle's size.
import { EMPTY, FILLED, solutionToRows, type NonogramSolution } from '../model/nonogram.js';
import type { ArrowPathSolution } from '../model/arrowpath.js';
import { colourSolutionToRows, type ColourNonogramSolution, type PaletteColour } from '../model/colour-nonogram.js';
import type { PuzzleKind, Solution } from '../model/puzzle.js';
import { fail, type SourceRef } from './errors.js';
import { checkSide, isBlank, quote, splitLines, type TextLine } from './text.js';

export interface ReadSolutionsOptions {
  /** For error messages; default `<input>`. */
  readonly file?: string;
  readonly width: number;
  readonly height: number;
  readonly kind: PuzzleKind;
  /** A colour nonogram's palette: its characters name the cells. Required for that kind. */
  readonly palette?: readonly PaletteColour[];
}

function readNonogramGrid(rows: readonly TextLine[], width: number, height: number, source: SourceRef): NonogramSolution {
  const cells = new Uint8Array(width * height);
  rows.forEach(({ text, line }, r) => {
    const trimmed = text.trim();
    const tokens = /\s/.test(trimmed) ? trimmed.split(/\s+/) : [...trimmed];
    if (tokens.length !== width) {
      fail('size-mismatch', `solution row ${r + 1} has ${tokens.length} cells but the puzzle is ${width} wide`, source, line);
    }
    tokens.forEach((token, c) => {
      if (token === '#' || token === '1') cells[r * width + c] = FILLED;
      else if (token === '.' || token === '0') cells[r * width + c] = EMPTY;
      else fail('bad-solution', `solution row ${r + 1} has ${quote(token, 10)} in column ${c + 1}; use # or 1 for filled, . or 0 for empty`, source, line);
    });
  });
  return { width, height, cells };
}

function readColourGrid(rows: readonly TextLine[], width: number, height: number, palette: readonly PaletteColour[], source: SourceRef): ColourNonogramSolution {
  const byChar = new Map(palette.map((c, i) => [c.char, i]));
  const cells = new Uint8Array(width * height);
  rows.forEach(({ text, line }, r) => {
    const trimmed = text.trim();
    const tokens = /\s/.test(trimmed) ? trimmed.split(/\s+/) : [...trimmed];
    if (tokens.length !== width) fail('size-mismatch', `solution row ${r + 1} has ${tokens.length} cells but the puzzle is ${width} wide`, source, line);
    tokens.forEach((token, c) => {
      const index = byChar.get(token);
      if (index === undefined) {
        const known = palette.map((p) => `${p.char} (${p.name})`).join(', ');
        fail('bad-solution', `solution row ${r + 1} has ${quote(token, 10)} in column ${c + 1}; the colours are ${known}`, source, line);
      }
      cells[r * width + c] = index;
    });
  });
  return { width, height, cells };
}

function readArrowPathGrid(rows: readonly TextLine[], width: number, height: number, source: SourceRef): ArrowPathSolution {
  const n = width * height;
  const numbers = new Int32Array(n);
  const where = new Map<number, number>();
  rows.forEach(({ text, line }, r) => {
    const tokens = text.trim().split(/[\s,]+/);
    if (tokens.length !== width) {
      fail('size-mismatch', `solution row ${r + 1} has ${tokens.length} numbers but the puzzle is ${width} wide`, source, line);
    }
    tokens.forEach((token, c) => {
      const value = /^\d+$/.test(token) ? Number(token) : NaN;
      if (!(value >= 1 && value <= n)) {
        fail('bad-solution', `solution row ${r + 1} has ${quote(token, 10)} in column ${c + 1}; cells hold the numbers 1 to ${n}`, source, line);
      }
      const previous = where.get(value);
      if (previous !== undefined) fail('bad-solution', `${value} appears twice in the solution (first on line ${previous})`, source, line);
      where.set(value, line);
      numbers[r * width + c] = value;
    });
  });
  return { width, height, numbers };
}

/** Every solution grid in `text`, in order. */
export function readSolutions(text: string, options: ReadSolutionsOptions): Solution[] {
  const source: SourceRef = { file: options.file ?? '<input>' };
  const { width, height, kind } = options;
  checkSide(width, 'width', source, undefined);
  checkSide(height, 'height', source, undefined);
  const blocks: TextLine[][] = [];
  let current: TextLine[] = [];
  const close = () => {
    if (current.length > 0) blocks.push(current);
    current = [];
  };
  splitLines(text).forEach((raw, index) => {
    if (isBlank(raw) || raw.trimStart().startsWith('$')) close();
    else current.push({ text: raw, line: index + 1 });
  });
  close();
  if (blocks.length === 0) fail('empty-input', 'there is no solution grid in the input', source);
  return blocks.map((rows) => {
    if (rows.length !== height) {
      const range = `lines ${rows[0]!.line}-${rows[rows.length - 1]!.line}`;
      fail('size-mismatch', `the solution grid on ${range} has ${rows.length} rows but the puzzle is ${height} high`, source, rows[0]!.line);
    }
    if (kind === 'colour-nonogram') {
      if (options.palette === undefined) throw new TypeError('readSolutions needs the palette to read colour grids');
      return readColourGrid(rows, width, height, options.palette, source);
    }
    return kind === 'nonogram' ? readNonogramGrid(rows, width, height, source) : readArrowPathGrid(rows, width, height, source);
  });
}

/**
 * Rows of `#`/`.` for a nonogram, of the palette's characters for a colour nonogram (pass its
 * palette), right-aligned numbers for an arrow path. Ends in a newline.
 */
export function writeSolution(solution: Solution, palette?: readonly PaletteColour[]): string {
  if ('cells' in solution) return `${(palette ? colourSolutionToRows(solution, palette) : solutionToRows(solution)).join('\n')}\n`;
  const { width, height, numbers } = solution;
  const pad = String(width * height).length;
  const rows: string[] = [];
  for (let r = 0; r < height; r++) {
    const cells: string[] = [];
    for (let c = 0; c < width; c++) cells.push(String(numbers[r * width + c]).padStart(pad));
    rows.push(cells.join(' '));
  }
  return `${rows.join('\n')}\n`;
}
