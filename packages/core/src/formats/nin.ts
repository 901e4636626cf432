// Jakub Wilk's `.nin` format (webpbn's "nin" export):
//
//   W H                 width and height
//   <H lines>           row clues, top first, numbers separated by spaces, `0` = empty line
//   <W lines>           column clues, left first
//
// No comments and no meta. Trailing blank lines are ignored; a blank line inside the clues
// is read as an empty line (the writer always writes `0`).
import type { NonogramPuzzle } from '../model/nonogram.js';
import type { Puzzle } from '../model/puzzle.js';
import { fail, type SourceRef } from './errors.js';
import { clueTokens, isBlank, parseClue, parseSide, quote, splitLines } from './text.js';
import { validateNonogram } from './validate.js';
import { requireGivenless, requireKind, requireOne } from './write-helpers.js';

export function readNin(text: string, source: SourceRef): Puzzle[] {
  const lines = splitLines(text);
  while (lines.length > 0 && isBlank(lines[lines.length - 1]!)) lines.pop();
  let start = 0;
  while (start < lines.length && isBlank(lines[start]!)) start++;
  const headerLine = start + 1;
  const header = (lines[start] ?? '').trim().split(/\s+/);
  if (header.length !== 2) {
    fail('bad-header', `the first line should be "WIDTH HEIGHT", found ${quote(lines[start]?.trim() ?? '')}`, source, headerLine);
  }
  const width = parseSide(header[0]!, 'width', source, headerLine);
  const height = parseSide(header[1]!, 'height', source, headerLine);

  const body = lines.length - headerLine;
  const want = height + width;
  if (body > want) {
    const extra = headerLine + want + 1;
    fail('line-count', `line ${extra} is one more than the ${height} row and ${width} column lines the header on line ${headerLine} asks for`, source, extra);
  }
  if (body < want) {
    fail('line-count', `the header asks for ${height} row and ${width} column lines, but the file has ${body} (lines ${headerLine + 1}-${lines.length})`, source, headerLine);
  }

  const rows: number[][] = [];
  const columns: number[][] = [];
  const rowLines: number[] = [];
  const columnLines: number[] = [];
  for (let k = 0; k < want; k++) {
    const line = headerLine + 1 + k;
    const raw = lines[line - 1]!;
    const isRow = k < height;
    const label = isRow ? `row ${k + 1}` : `column ${k - height + 1}`;
    const clue = parseClue(clueTokens(raw, /\s+/), raw.trim(), label, source, line);
    (isRow ? rows : columns).push(clue);
    (isRow ? rowLines : columnLines).push(line);
  }
  const puzzle: NonogramPuzzle = { kind: 'nonogram', width, height, rows, columns, givens: [], meta: {} };
  validateNonogram(puzzle, source.file, { size: headerLine, rows: rowLines, columns: columnLines, totals: headerLine + height + 1 });
  return [puzzle];
}

export function writeNin(puzzles: readonly Puzzle[]): string {
  const puzzle = requireKind(requireOne(puzzles, 'nin'), 'nonogram', '.nin');
  requireGivenless(puzzle, '.nin');
  const out = [`${puzzle.width} ${puzzle.height}`];
  for (const clue of [...puzzle.rows, ...puzzle.columns]) out.push(clue.length === 0 ? '0' : clue.join(' '));
  return `${out.join('\n')}\n`;
}
