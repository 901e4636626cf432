import { CSS_COLOURS } from './colour-names.js';
import type { PuzzleMeta } from './nonogram.js';

/**
 * A colour of a colour nonogram's palette. Index 0 of a palette is the background (webpbn's
 * `backgroundcolor`, usually white); the others are the colours clues name.
 */
export interface PaletteColour {
  /** The name clues use in files that name colours (webpbn XML, nonogrid TOML): `black`, `red`. */
  readonly name: string;
  /** Six lowercase hex digits, no `#`: `ff0000`. */
  readonly rgb: string;
  /** One printable character for grids written as text: `.` for the background, `X`, `r`. */
  readonly char: string;
}

/** A block of a colour clue: `length` cells of palette colour `colour` (1 or more, never the background). */
export interface ColourBlock {
  readonly length: number;
  readonly colour: number;
}

/**
 * A colour clue, in reading order. Two blocks of one colour need at least one cell between
 * them; blocks of different colours may touch.
 */
export type ColourClue = readonly ColourBlock[];

/** A cell the puzzle states up front: its palette index (0 for the background). */
export interface ColourGivenCell {
  readonly row: number;
  readonly col: number;
  readonly colour: number;
}

/** Palettes hold the background and up to 31 colours: engines keep a cell's candidates in 32 bits. */
export const MAX_COLOURS = 32;

export interface ColourNonogramPuzzle {
  readonly kind: 'colour-nonogram';
  readonly width: number;
  readonly height: number;
  /** The background first, then at least one colour; at most MAX_COLOURS in all. */
  readonly palette: readonly PaletteColour[];
  readonly rows: readonly ColourClue[];
  readonly columns: readonly ColourClue[];
  readonly givens: readonly ColourGivenCell[];
  readonly solution?: ColourNonogramSolution;
  readonly meta: PuzzleMeta;
}

/** A complete grid: `cells[row * width + col]` is the palette index of that cell. */
export interface ColourNonogramSolution {
  readonly width: number;
  readonly height: number;
  readonly cells: Uint8Array;
}

/** The clue a line of palette indices produces: its runs of one non-background colour. */
export function colourClueOfLine(cells: ArrayLike<number>): ColourBlock[] {
  const clue: ColourBlock[] = [];
  let run = 0;
  let colour = 0;
  for (let i = 0; i <= cells.length; i++) {
    const c = i < cells.length ? cells[i]! : 0;
    if (c === colour) {
      run++;
      continue;
    }
    if (colour !== 0) clue.push({ length: run, colour });
    colour = c;
    run = 1;
  }
  return clue;
}

/** The fewest cells a colour clue needs: its blocks, and one gap between neighbours of one colour. */
export function minimumColourLineLength(clue: ColourClue): number {
  let sum = 0;
  for (let i = 0; i < clue.length; i++) {
    sum += clue[i]!.length;
    if (i > 0 && clue[i - 1]!.colour === clue[i]!.colour) sum++;
  }
  return sum;
}

/** Rows as strings of palette characters: the form used in JSON output and `solution` fields. */
export function colourSolutionToRows(solution: ColourNonogramSolution, palette: readonly PaletteColour[]): string[] {
  const rows: string[] = [];
  for (let r = 0; r < solution.height; r++) {
    let line = '';
    for (let c = 0; c < solution.width; c++) line += palette[solution.cells[r * solution.width + c]!]?.char ?? '?';
    rows.push(line);
  }
  return rows;
}

/** The puzzle whose clues a complete grid produces (no givens). Used by generators and tests. */
export function colourNonogramFromSolution(
  solution: ColourNonogramSolution,
  palette: readonly PaletteColour[],
  meta: PuzzleMeta = {},
): ColourNonogramPuzzle {
  const { width, height, cells } = solution;
  const rows: ColourBlock[][] = [];
  const columns: ColourBlock[][] = [];
  for (let r = 0; r < height; r++) rows.push(colourClueOfLine(cells.subarray(r * width, (r + 1) * width)));
  for (let c = 0; c < width; c++) {
    const column = new Uint8Array(height);
    for (let r = 0; r < height; r++) column[r] = cells[r * width + c]!;
    columns.push(colourClueOfLine(column));
  }
  return { kind: 'colour-nonogram', width, height, palette, rows, columns, givens: [], solution, meta };
}

/** A clue as text: `2r 1b` with each colour's name, `0` for an empty line. */
export function showColourClue(clue: ColourClue, palette: readonly PaletteColour[]): string {
  if (clue.length === 0) return '0';
  return clue.map((b) => `${b.length}${palette[b.colour]?.name ?? `#${b.colour}`}`).join(' ');
}

/**
 * Default palette entries for files that give colours without characters or values: the
 * background `.` white, then these in turn.
 */
const DEFAULT_CHARS = 'X%@*+=&o$~ABCDEFGHIJKLMNOPQRSTUVW';

/** A character for colour `index` that `taken` does not hold yet: the colour name's first letter when free. */
export function pickColourChar(name: string, index: number, taken: ReadonlySet<string>): string {
  if (index === 0 && !taken.has('.')) return '.';
  const first = name.charAt(0);
  if (/^[A-Za-z0-9]$/.test(first) && !taken.has(first)) return first;
  for (const ch of DEFAULT_CHARS) if (!taken.has(ch)) return ch;
  return String.fromCharCode(0x100 + index);
}

/** The CSS named colours with their values, for files that name colours without values. */
export const NAMED_COLOURS: Readonly<Record<string, string>> = CSS_COLOURS;

/** A colour value as six lowercase hex digits: from `#f00`, `f00`, `FF0000` or a CSS colour name; undefined when it is none of these. */
export function normaliseRgb(text: string): string | undefined {
  const t = text.trim().toLowerCase().replace(/^#/, '');
  if (/^[0-9a-f]{6}$/.test(t)) return t;
  if (/^[0-9a-f]{3}$/.test(t)) return [...t].map((d) => d + d).join('');
  return NAMED_COLOURS[t];
}
