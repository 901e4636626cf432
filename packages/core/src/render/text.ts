import type { ArrowPathPuzzle, ArrowPathSolution, Direction } from '../model/arrowpath.js';
import { FILLED, type NonogramPuzzle, type NonogramSolution } from '../model/nonogram.js';
import type { ColourNonogramSolution } from '../model/colour-nonogram.js';
import type { Puzzle, Solution } from '../model/puzzle.js';
import { renderColourNonogramText } from './colour.js';
import { checkOutputSize } from '../limits.js';

export interface TextRenderOptions {
  /** Draw clues around a nonogram grid. Default true. */
  clues?: boolean;
  /** ANSI colours (the CLI turns this on only on a TTY). Default false. */
  color?: boolean;
}

const ARROW_GLYPHS: Record<Direction, string> = { N: '↑', NE: '↗', E: '→', SE: '↘', S: '↓', SW: '↙', W: '←', NW: '↖' };
const DIM = (s: string) => `\x1b[2m${s}\x1b[22m`;
const BOLD = (s: string) => `\x1b[1m${s}\x1b[22m`;

/**
 * A nonogram as text: two characters per cell (`██` filled, ` ·` empty, ` ?` unknown when no
 * solution is given, givens shown where known), with column clues stacked above and row clues left.
 */
export function renderNonogramText(puzzle: NonogramPuzzle, solution?: NonogramSolution, options: TextRenderOptions = {}): string {
  const { clues = true, color = false } = options;
  const { width, height } = puzzle;
  let clueChars = 0;
  for (const clue of [...puzzle.rows, ...puzzle.columns]) clueChars += clue.length * 6 + 2;
  checkOutputSize(`the text of a ${width}x${height} nonogram`, width * height * (color ? 11 : 2) + clueChars * (color ? 2 : 1) + height * 8);
  const given = new Map<number, boolean>();
  for (const g of puzzle.givens) given.set(g.row * width + g.col, g.filled);
  const cellText = (i: number): string => {
    const v = solution ? solution.cells[i] === FILLED : given.get(i);
    if (v === true) return '██';
    if (v === false) return color ? DIM(' ·') : ' ·';
    return color ? DIM(' ?') : ' ?';
  };
  const rowClueTexts = puzzle.rows.map((c) => (c.length === 0 ? '0' : c.join(' ')));
  const margin = clues ? Math.max(...rowClueTexts.map((s) => s.length), 1) + 1 : 0;
  const lines: string[] = [];
  if (clues) {
    const depth = Math.max(...puzzle.columns.map((c) => Math.max(c.length, 1)), 1);
    for (let d = 0; d < depth; d++) {
      let line = ' '.repeat(margin);
      for (const clue of puzzle.columns) {
        const shown = clue.length === 0 ? [0] : clue;
        const k = d - (depth - shown.length);
        line += k >= 0 ? String(shown[k]).padStart(2) : '  ';
      }
      lines.push(color ? BOLD(line.trimEnd()) : line.trimEnd());
    }
  }
  for (let r = 0; r < height; r++) {
    let line = clues ? `${rowClueTexts[r]!.padStart(margin - 1)} ` : '';
    if (color && clues) line = BOLD(line);
    for (let c = 0; c < width; c++) line += cellText(r * width + c);
    lines.push(line.trimEnd());
  }
  return lines.join('\n') + '\n';
}

/**
 * An arrow path as text: each cell shows its number (solved or given) and its arrow;
 * unknown numbers show as `·`.
 */
export function renderArrowPathText(puzzle: ArrowPathPuzzle, solution?: ArrowPathSolution, options: TextRenderOptions = {}): string {
  const { color = false } = options;
  const n = puzzle.width * puzzle.height;
  const numberWidth = String(n).length;
  checkOutputSize(`the text of a ${puzzle.width}x${puzzle.height} arrow path`, n * (numberWidth + (color ? 12 : 3)));
  const lines: string[] = [];
  for (let r = 0; r < puzzle.height; r++) {
    const cells: string[] = [];
    for (let c = 0; c < puzzle.width; c++) {
      const i = r * puzzle.width + c;
      const given = puzzle.givens[i] ?? 0;
      const value = solution ? solution.numbers[i]! : given;
      let num = value === 0 ? '·'.padStart(numberWidth) : String(value).padStart(numberWidth);
      if (color && given !== 0) num = BOLD(num);
      const arrow = puzzle.arrows[i];
      const isEnd = arrow === null || given === n || (solution !== undefined && value === n);
      cells.push(`${num}${isEnd ? ' ' : ARROW_GLYPHS[arrow!]}`);
    }
    lines.push(cells.join(' ').trimEnd());
  }
  return lines.join('\n') + '\n';
}

/** Text for either kind; `solution` must match the puzzle's kind. */
export function renderText(puzzle: Puzzle, solution?: Solution, options?: TextRenderOptions): string {
  if (puzzle.kind === 'nonogram') return renderNonogramText(puzzle, solution as NonogramSolution | undefined, options);
  if (puzzle.kind === 'colour-nonogram') return renderColourNonogramText(puzzle, solution as ColourNonogramSolution | undefined, options);
  return renderArrowPathText(puzzle, solution as ArrowPathSolution | undefined, options);
}
