// The TAAI / TCGA / ICGA computer-nonogram tournament format: many square puzzles per file.
//
//   $1                  a block per puzzle: `$` and its number (kept as meta.title `$1`)
//   <W lines>           COLUMN clues first, left to right, numbers tab-separated
//   <W lines>           then ROW clues, top to bottom
//   $2
//   ...
//
// The tournaments use 25x25; any square size is read (the block's lines split in half, so
// an odd count is an error). Tabs or spaces separate numbers; a blank line or `0` is an
// empty clue. Blank lines at the end of a block are separators, except that one is taken
// as the last clue when the block would otherwise have an odd number of lines.
// The writer writes tabs, `0` for an empty clue and no blank lines, so a file round-trips.
import type { NonogramPuzzle } from '../model/nonogram.js';
import type { Puzzle } from '../model/puzzle.js';
import { fail, type SourceRef } from './errors.js';
import { MAX_SIDE, clueTokens, isBlank, parseClue, quote, splitLines } from './text.js';
import { validateNonogram } from './validate.js';
import { OUTPUT, requireGivenless, requireKind, requireSome } from './write-helpers.js';

const TITLE = /^\$\s*(\d+)$/;

export function readTaai(text: string, source: SourceRef): Puzzle[] {
  const lines = splitLines(text);
  const puzzles: Puzzle[] = [];
  let i = 0;
  while (i < lines.length && isBlank(lines[i]!)) i++;
  while (i < lines.length) {
    const headerLine = i + 1;
    const header = lines[i]!.trim();
    const m = TITLE.exec(header);
    if (!m) {
      fail('bad-header', `expected a puzzle header such as "$1" (a $ and the puzzle number), found ${quote(header)}`, source, headerLine);
    }
    i++;
    const start = i;
    while (i < lines.length && !lines[i]!.trimStart().startsWith('$')) i++;
    let end = i;
    while (end > start && isBlank(lines[end - 1]!)) end--;
    let count = end - start;
    if (count % 2 === 1 && end < i) count++;
    if (count === 0) fail('line-count', `puzzle ${header} has no clue lines`, source, headerLine);
    if (count % 2 === 1) {
      fail('line-count', `puzzle ${header} has ${count} clue lines (lines ${start + 1}-${start + count}); a square puzzle needs as many column lines as row lines`, source, headerLine);
    }
    const size = count / 2;
    if (size > MAX_SIDE) fail('bad-size', `puzzle ${header} is ${size}x${size}, over the limit of ${MAX_SIDE}`, source, headerLine);
    const rows: number[][] = [];
    const columns: number[][] = [];
    const rowLines: number[] = [];
    const columnLines: number[] = [];
    for (let k = 0; k < count; k++) {
      const line = start + k + 1;
      const raw = lines[start + k]!;
      const isColumn = k < size;
      const label = `puzzle ${header} ${isColumn ? `column ${k + 1}` : `row ${k - size + 1}`}`;
      const clue = parseClue(clueTokens(raw, /[\t ]+/), raw.trim(), label, source, line);
      (isColumn ? columns : rows).push(clue);
      (isColumn ? columnLines : rowLines).push(line);
    }
    const puzzle: NonogramPuzzle = {
      kind: 'nonogram',
      width: size,
      height: size,
      rows,
      columns,
      givens: [],
      meta: { title: `$${m[1]}` },
    };
    validateNonogram(puzzle, source.file, { name: `puzzle ${header}`, default: headerLine, rows: rowLines, columns: columnLines });
    puzzles.push(puzzle);
  }
  return puzzles;
}

export function writeTaai(puzzles: readonly Puzzle[]): string {
  requireSome(puzzles, 'taai');
  const out: string[] = [];
  puzzles.forEach((p, index) => {
    const puzzle = requireKind(p, 'nonogram', 'taai');
    requireGivenless(puzzle, 'taai');
    if (puzzle.width !== puzzle.height) {
      fail('unsupported-feature', `taai holds square puzzles only; puzzle ${index + 1} is ${puzzle.width}x${puzzle.height}`, OUTPUT);
    }
    const title = puzzle.meta.title !== undefined && /^\$\d+$/.test(puzzle.meta.title) ? puzzle.meta.title : `$${index + 1}`;
    out.push(title);
    for (const clue of [...puzzle.columns, ...puzzle.rows]) out.push(clue.length === 0 ? '0' : clue.join('\t'));
  });
  return `${out.join('\n')}\n`;
}
