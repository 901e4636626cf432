// Colour nonograms as text (ANSI colours on a terminal, each colour's character without) and SVG.
import type { ColourClue, ColourNonogramPuzzle, ColourNonogramSolution, PaletteColour } from '../model/colour-nonogram.js';
import { checkOutputSize } from '../limits.js';
import type { SvgRenderOptions } from './svg.js';
import { gridAndGivens, highlightCells, svgDocument } from './svg.js';
import type { TextRenderOptions } from './text.js';

const RESET = '\x1b[0m';
const rgbOf = (colour: PaletteColour) => [0, 2, 4].map((i) => parseInt(colour.rgb.slice(i, i + 2), 16)).join(';');
const background = (colour: PaletteColour) => `\x1b[48;2;${rgbOf(colour)}m`;
const foreground = (colour: PaletteColour) => `\x1b[38;2;${rgbOf(colour)}m`;

/** Each cell's palette index where known: the solution, else the givens; -1 for unknown. */
function knownCells(puzzle: ColourNonogramPuzzle, solution: ColourNonogramSolution | undefined): Int16Array {
  const known = new Int16Array(puzzle.width * puzzle.height).fill(-1);
  if (solution) known.set(solution.cells);
  else for (const g of puzzle.givens) known[g.row * puzzle.width + g.col] = g.colour;
  return known;
}

/**
 * A colour nonogram as text. With `color`, cells are painted in their colours and clue numbers
 * written in theirs; without, a cell shows its colour's character twice (the background ` ·`,
 * unknown ` ?`) and a clue block reads `2r` (length, then the colour's character).
 */
export function renderColourNonogramText(puzzle: ColourNonogramPuzzle, solution?: ColourNonogramSolution, options: TextRenderOptions = {}): string {
  const { clues = true, color = false } = options;
  const { width, height, palette } = puzzle;
  let blocks = 0;
  for (const clue of [...puzzle.rows, ...puzzle.columns]) blocks += clue.length + 1;
  checkOutputSize(`the text of a ${width}x${height} colour nonogram`, (width * height + blocks) * (color ? 40 : 6) + height * 8);
  const longest = Math.max(1, ...[...puzzle.rows, ...puzzle.columns].flat().map((b) => String(b.length).length));
  const cellWidth = color ? Math.max(2, longest + 1) : Math.max(2, longest + 2);
  const blockText = (length: number, colour: number, pad: number) => {
    const text = color ? String(length) : `${length}${palette[colour]!.char}`;
    const padded = text.padStart(pad);
    return color ? `${foreground(palette[colour]!)}${padded}${RESET}` : padded;
  };
  const clueText = (clue: ColourClue) => (clue.length === 0 ? '0' : clue.map((b) => blockText(b.length, b.colour, 0)).join(' '));
  const clueWidth = (clue: ColourClue) => (clue.length === 0 ? 1 : clue.reduce((sum, b) => sum + String(b.length).length + (color ? 0 : 1), clue.length - 1));
  const margin = clues ? Math.max(1, ...puzzle.rows.map(clueWidth)) + 1 : 0;
  const known = knownCells(puzzle, solution);
  const cellText = (i: number): string => {
    const v = known[i]!;
    if (v < 0) return '?'.padStart(cellWidth);
    if (color) return v === 0 ? '·'.padStart(cellWidth) : `${background(palette[v]!)}${' '.repeat(cellWidth)}${RESET}`;
    return v === 0 ? '·'.padStart(cellWidth) : palette[v]!.char.repeat(cellWidth);
  };
  const lines: string[] = [];
  if (clues) {
    const depth = Math.max(1, ...puzzle.columns.map((c) => c.length));
    for (let d = 0; d < depth; d++) {
      let line = ' '.repeat(margin);
      for (const clue of puzzle.columns) {
        const k = d - (depth - Math.max(clue.length, 1));
        if (k < 0) line += ' '.repeat(cellWidth);
        else if (clue.length === 0) line += '0'.padStart(cellWidth);
        else line += blockText(clue[k]!.length, clue[k]!.colour, cellWidth);
      }
      lines.push(line.trimEnd());
    }
  }
  for (let r = 0; r < height; r++) {
    let line = clues ? `${' '.repeat(margin - 1 - clueWidth(puzzle.rows[r]!))}${clueText(puzzle.rows[r]!)} ` : '';
    for (let c = 0; c < width; c++) line += cellText(r * width + c);
    lines.push(line.trimEnd());
  }
  return lines.join('\n') + '\n';
}

/** A colour nonogram with its clues, each clue number on its colour; cells painted, givens outlined. */
export function renderColourNonogramSvg(puzzle: ColourNonogramPuzzle, solution?: ColourNonogramSolution, options: SvgRenderOptions = {}): string {
  const s = options.cellSize ?? 20;
  const { width, height, palette } = puzzle;
  const font = Math.round(s * 0.6);
  const left = Math.max(1, ...puzzle.rows.map((c) => c.length)) * s + s * 0.4;
  const top = Math.max(1, ...puzzle.columns.map((c) => c.length)) * s + s * 0.4;
  let blocks = 0;
  for (const clue of [...puzzle.rows, ...puzzle.columns]) blocks += Math.max(clue.length, 1);
  checkOutputSize(`the SVG of a ${width}x${height} colour nonogram`, blocks * 220 + width * height * 80 + (width + height) * 90 + (options.highlight?.length ?? 0) * 110 + 300);
  // Light colours get dark numbers, dark ones light numbers.
  const ink = (colour: PaletteColour) => {
    const [r, g, b] = [0, 2, 4].map((i) => parseInt(colour.rgb.slice(i, i + 2), 16));
    return 0.299 * r! + 0.587 * g! + 0.114 * b! > 150 ? '#000' : '#fff';
  };
  const body: string[] = [];
  const clueBox = (x: number, y: number, length: number, colour: number | undefined) => {
    const fill = colour === undefined ? undefined : palette[colour]!;
    if (fill) body.push(`<rect x="${x + 1}" y="${y + 1}" width="${s - 2}" height="${s - 2}" fill="#${fill.rgb}"/>`);
    body.push(`<text x="${x + s / 2}" y="${y + s / 2}" font-size="${font}" text-anchor="middle" dominant-baseline="central" fill="${fill ? ink(fill) : '#000'}">${length}</text>`);
  };
  puzzle.columns.forEach((clue, c) => {
    const shown = clue.length === 0 ? [undefined] : clue;
    shown.forEach((b, k) => clueBox(left + c * s, top - (shown.length - k) * s - s * 0.2, b?.length ?? 0, b?.colour));
  });
  puzzle.rows.forEach((clue, r) => {
    const shown = clue.length === 0 ? [undefined] : clue;
    shown.forEach((b, k) => clueBox(left - (shown.length - k) * s - s * 0.2, top + r * s, b?.length ?? 0, b?.colour));
  });
  const known = knownCells(puzzle, solution);
  const cells: string[] = [];
  for (let i = 0; i < known.length; i++) {
    const v = known[i]!;
    if (v <= 0) continue;
    cells.push(`<rect x="${left + (i % width) * s}" y="${top + Math.floor(i / width) * s}" width="${s}" height="${s}" fill="#${palette[v]!.rgb}"/>`);
  }
  body.push(`<g>${cells.join('')}</g>`);
  body.push(...gridAndGivens(width, height, left, top, s, puzzle.givens.map((g) => ({ ...g, fill: 'none' }))));
  body.push(...highlightCells(width, left, top, s, options.highlight));
  return svgDocument(left + width * s + 2, top + height * s + 2, options.title ?? puzzle.meta.title, body, `#${palette[0]!.rgb}`);
}
