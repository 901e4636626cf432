// The semantic checks of a colour nonogram, run by every reader on the puzzle it built and by
// every writer on its input: the palette, each clue's blocks and colours and whether it fits
// its line, the givens, and a stored solution. Clues that merely contradict each other are not
// an error (engines answer `none`), as for black and white.
import {
  MAX_COLOURS,
  minimumColourLineLength,
  showColourClue,
  type ColourClue,
  type ColourNonogramPuzzle,
  type PaletteColour,
} from '../model/colour-nonogram.js';
import { verifyColourNonogram } from '../verify.js';
import { fail, type SourceRef } from './errors.js';
import { MAX_SIDE, lineLabel } from './text.js';
import { checkGivenCells, checkSizeAndLineCounts, checkSolutionSize, firstProblem, named, validateNonogram, type NonogramLines } from './validate.js';
import type { NonogramPuzzle, PuzzleMeta } from '../model/nonogram.js';

/** Where the parts of a colour nonogram were written: NonogramLines, plus the palette's line. */
export interface ColourNonogramLines extends NonogramLines {
  /** Line of each palette colour, background first. */
  readonly palette?: readonly (number | undefined)[];
}

const RGB = /^[0-9a-f]{6}$/;

/** The palette's checks alone, for readers that need a sound palette before they read clues by colour. */
export function checkPalette(palette: readonly PaletteColour[], source: SourceRef, lines: ColourNonogramLines): void {
  const d = lines.default;
  if (!Array.isArray(palette) || palette.length < 2) {
    fail('bad-colour', `the palette has ${Array.isArray(palette) ? palette.length : 'no'} colour(s); a colour puzzle needs a background and at least one colour`, source, lines.palette?.[0] ?? d);
  }
  if (palette.length > MAX_COLOURS) {
    fail('bad-colour', `the palette has ${palette.length} colours; the limit is ${MAX_COLOURS} with the background`, source, lines.palette?.[MAX_COLOURS] ?? d);
  }
  const names = new Map<string, number>();
  const chars = new Map<string, number>();
  palette.forEach((colour, i) => {
    const line = lines.palette?.[i] ?? d;
    if (typeof colour.name !== 'string' || colour.name === '' || /\s/.test(colour.name)) {
      fail('bad-colour', `palette colour ${i} has the name ${JSON.stringify(colour.name)}; names are one word`, source, line);
    }
    if (typeof colour.rgb !== 'string' || !RGB.test(colour.rgb)) {
      fail('bad-colour', `colour "${colour.name}" has the value ${JSON.stringify(colour.rgb)}; values are six hex digits such as ff0000`, source, line);
    }
    if (typeof colour.char !== 'string' || [...colour.char].length !== 1 || colour.char.trim() === '') {
      fail('bad-colour', `colour "${colour.name}" has the character ${JSON.stringify(colour.char)}; each colour needs one printable character`, source, line);
    }
    for (const [seen, key, what] of [[names, colour.name, 'name'], [chars, colour.char, 'character']] as const) {
      const first = seen.get(key);
      if (first !== undefined) fail('bad-colour', `colours "${palette[first]!.name}" and "${colour.name}" share the ${what} ${JSON.stringify(key)}`, source, line);
      seen.set(key, i);
    }
  });
}

function checkColourClues(
  clues: readonly ColourClue[],
  isRow: boolean,
  length: number,
  palette: readonly PaletteColour[],
  source: SourceRef,
  lines: readonly (number | undefined)[] | undefined,
  fallback: number | undefined,
): void {
  for (let i = 0; i < clues.length; i++) {
    const clue = clues[i];
    const line = lines?.[i] ?? fallback;
    const label = lineLabel(isRow, i);
    if (!Array.isArray(clue)) fail('bad-number', `${label} clue is not a list of blocks`, source, line);
    for (const block of clue) {
      const { length: size, colour } = block ?? {};
      if (typeof size !== 'number' || !Number.isInteger(size) || size < 1 || size > MAX_SIDE) {
        fail('bad-number', `${label} clue has a block of length ${String(size)}; lengths are whole numbers from 1 to ${MAX_SIDE}`, source, line);
      }
      if (typeof colour !== 'number' || !Number.isInteger(colour) || colour < 1 || colour >= palette.length) {
        const why = colour === 0 ? `the background "${palette[0]!.name}"` : `colour ${String(colour)}, which the palette does not have`;
        fail('bad-colour', `${label} clue has a block in ${why}`, source, line);
      }
    }
    const need = minimumColourLineLength(clue);
    if (need > length) {
      fail('clue-too-long', `${label} clue "${showColourClue(clue, palette)}" needs ${need} cells but the ${isRow ? 'row' : 'column'} has ${length}`, source, line);
    }
  }
}

/** Throw a PuzzleFormatError for the first thing wrong with a colour nonogram. */
export function validateColourNonogram(puzzle: ColourNonogramPuzzle, file = '<input>', lines: ColourNonogramLines = {}): void {
  named(lines.name, () => checkColourNonogram(puzzle, { file }, lines));
}

function checkColourNonogram(puzzle: ColourNonogramPuzzle, source: SourceRef, lines: ColourNonogramLines): void {
  const d = lines.default;
  const { width, height, palette } = puzzle;
  checkSizeAndLineCounts(width, height, puzzle.rows, puzzle.columns, source, lines);
  checkPalette(palette, source, lines);
  checkColourClues(puzzle.rows, true, width, palette, source, lines.rows, d);
  checkColourClues(puzzle.columns, false, height, palette, source, lines.columns, d);
  checkGivenCells(puzzle.givens, width, height, source, lines, ({ row, col, colour }, line) => {
    if (!Number.isInteger(colour) || colour < 0 || colour >= palette.length) {
      fail('bad-colour', `given cell [${row}, ${col}] has colour ${String(colour)}, which the palette does not have`, source, line);
    }
  });

  const solution = puzzle.solution;
  if (solution !== undefined) {
    const line = lines.solution ?? d;
    checkSolutionSize(solution, width, height, source, line);
    const check = verifyColourNonogram(puzzle, solution);
    if (!check.ok) fail('bad-solution', `the solution does not fit the puzzle: ${firstProblem(check)}`, source, line);
  }
}

/**
 * The last step of a reader whose files hold either kind (webpbn XML, Olšák .g, nonogrid TOML):
 * clues read as coloured blocks become a black-and-white nonogram (their lengths) when
 * `blackAndWhite`, else a colour one; either way validated against where its parts were written.
 */
export function nonogramFromBlocks(
  blackAndWhite: boolean,
  parts: { readonly palette: readonly PaletteColour[]; readonly rows: ColourClue[]; readonly columns: ColourClue[]; readonly meta: PuzzleMeta; readonly cells?: Uint8Array },
  file: string,
  lines: ColourNonogramLines,
): NonogramPuzzle | ColourNonogramPuzzle {
  const width = parts.columns.length;
  const height = parts.rows.length;
  const solution = parts.cells === undefined ? {} : { solution: { width, height, cells: parts.cells } };
  if (blackAndWhite) {
    const lengths = (clue: ColourClue) => clue.map((b) => b.length);
    const puzzle: NonogramPuzzle = { kind: 'nonogram', width, height, rows: parts.rows.map(lengths), columns: parts.columns.map(lengths), givens: [], meta: parts.meta, ...solution };
    validateNonogram(puzzle, file, lines);
    return puzzle;
  }
  const puzzle: ColourNonogramPuzzle = { kind: 'colour-nonogram', width, height, palette: parts.palette, rows: parts.rows, columns: parts.columns, givens: [], meta: parts.meta, ...solution };
  validateColourNonogram(puzzle, file, lines);
  return puzzle;
}
