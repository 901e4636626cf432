// Simon Tatham's Pattern game IDs, one per line:
//
//   WxH:C1/C2/.../CW/R1/.../RH[,GIVENS]
//
// Column clues first (left to right), then row clues (top to bottom). Numbers in a clue are
// joined by `.`; an empty clue is an empty string (`0` is read too). `W:` means WxW.
// GIVENS is a run-length walk over the cells, row-major: a letter a..y / A..Y (k = 0..24)
// skips k cells and then marks the next cell as a given, empty for lowercase, filled for
// uppercase; `z`/`Z` skips 25 cells and marks none; a run that ends exactly at the end of
// the grid marks nothing. The walk must cover the grid exactly.
import type { GivenCell, NonogramPuzzle } from '../model/nonogram.js';
import type { Puzzle } from '../model/puzzle.js';
import { fail, type SourceRef } from './errors.js';
import { parseClue, quote } from './text.js';
import { readGameIds } from './tatham-id.js';
import { validateNonogram } from './validate.js';
import { requireKind, requireSome } from './write-helpers.js';

const SKIP = 25;
const LOWER_A = 'a'.charCodeAt(0);
const UPPER_A = 'A'.charCodeAt(0);

function readGivens(spec: string, width: number, height: number, source: SourceRef, line: number): GivenCell[] {
  const n = width * height;
  const givens: GivenCell[] = [];
  let cell = 0;
  let k = 0;
  for (; k < spec.length && cell < n; k++) {
    const ch = spec[k]!;
    const code = ch.charCodeAt(0);
    const upper = code >= UPPER_A && code < UPPER_A + 26;
    const lower = code >= LOWER_A && code < LOWER_A + 26;
    if (!upper && !lower) {
      fail('bad-field', `the givens after "," may hold only letters a-z and A-Z; character ${k + 1} is ${quote(ch)}`, source, line);
    }
    const skip = code - (upper ? UPPER_A : LOWER_A);
    cell += skip;
    if (cell > n) {
      fail('given-out-of-range', `the givens run past the end of the ${width}x${height} grid at character ${k + 1} (${quote(ch)})`, source, line);
    }
    if (skip < SKIP && cell < n) {
      givens.push({ row: Math.floor(cell / width), col: cell % width, filled: upper });
      cell++;
    }
  }
  if (k < spec.length) {
    fail('given-out-of-range', `the givens cover the ${width}x${height} grid after ${k} characters; ${quote(spec.slice(k), 20)} is left over`, source, line);
  }
  if (cell < n) {
    fail('given-out-of-range', `the givens cover ${cell} of the ${n} cells; a Pattern ID accounts for every cell (end with a lowercase letter for the rest)`, source, line);
  }
  return givens;
}

export function readPattern(text: string, source: SourceRef): Puzzle[] {
  return readGameIds(text, 'Pattern', /^$/, source).map(({ width, height, desc, line }) => {
    const comma = desc.indexOf(',');
    const clueText = comma < 0 ? desc : desc.slice(0, comma);
    const clues = clueText.split('/');
    if (clues.length !== width + height) {
      fail('line-count', `found ${clues.length} clues separated by "/", a ${width}x${height} Pattern ID has ${width + height} (${width} columns, then ${height} rows)`, source, line);
    }
    const parsed = clues.map((clue, i) => {
      const label = i < width ? `column ${i + 1}` : `row ${i - width + 1}`;
      return parseClue(clue === '' ? [] : clue.split('.'), clue, label, source, line);
    });
    const givens = comma < 0 ? [] : readGivens(desc.slice(comma + 1), width, height, source, line);
    const puzzle: NonogramPuzzle = {
      kind: 'nonogram',
      width,
      height,
      rows: parsed.slice(width),
      columns: parsed.slice(0, width),
      givens,
      meta: {},
    };
    validateNonogram(puzzle, source.file, { default: line });
    return puzzle;
  });
}

function writeGivens(puzzle: NonogramPuzzle): string {
  const n = puzzle.width * puzzle.height;
  const sorted = puzzle.givens
    .map((g) => ({ cell: g.row * puzzle.width + g.col, filled: g.filled }))
    .sort((a, b) => a.cell - b.cell);
  let out = '';
  let cell = 0;
  for (const given of sorted) {
    let gap = given.cell - cell;
    for (; gap >= SKIP; gap -= SKIP) out += 'z';
    out += String.fromCharCode((given.filled ? UPPER_A : LOWER_A) + gap);
    cell = given.cell + 1;
  }
  let rest = n - cell;
  for (; rest >= SKIP; rest -= SKIP) out += 'z';
  if (rest > 0) out += String.fromCharCode(LOWER_A + rest);
  return out;
}

export function writePattern(puzzles: readonly Puzzle[]): string {
  requireSome(puzzles, 'pattern');
  const ids = puzzles.map((p) => {
    const puzzle = requireKind(p, 'nonogram', 'pattern');
    const clues = [...puzzle.columns, ...puzzle.rows].map((clue) => clue.join('.')).join('/');
    const givens = puzzle.givens.length === 0 ? '' : `,${writeGivens(puzzle)}`;
    return `${puzzle.width}x${puzzle.height}:${clues}${givens}`;
  });
  return `${ids.join('\n')}\n`;
}
