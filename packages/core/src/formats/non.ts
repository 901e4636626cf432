// Steve Simpson's `.non` format (as extended by mikix/nonogram-db): key lines, a `rows`
// and a `columns` section of comma-separated clues, and an optional `goal` solution.
//
//   title "Dancer"            meta keys: catalogue, title, by (-> author), copyright, license
//   width 5
//   height 10
//
//   rows                      then `height` lines, `0` = empty line
//   2,1
//   ...
//
//   columns                   then `width` lines
//   ...
//   goal "0110..."            optional: width*height 0/1, row by row (quotes optional)
//
// Unknown keys are ignored. A section runs until a blank line, a known key or the end.
import type { NonogramPuzzle, PuzzleMeta } from '../model/nonogram.js';
import type { Puzzle } from '../model/puzzle.js';
import { fail, type SourceRef } from './errors.js';
import { clueTokens, isBlank, parseClue, parseSide, quote, splitLines, type TextLine } from './text.js';
import { validateNonogram } from './validate.js';
import { OUTPUT, requireGivenless, requireKind, requireOne, solutionFromBits, solutionToBits } from './write-helpers.js';

const META_KEYS: readonly (readonly [key: string, field: keyof PuzzleMeta])[] = [
  ['catalogue', 'catalogue'],
  ['title', 'title'],
  ['by', 'author'],
  ['copyright', 'copyright'],
  ['license', 'license'],
];
const KNOWN_KEYS = new Set(['width', 'height', 'rows', 'columns', 'goal', ...META_KEYS.map(([key]) => key)]);
const CLUE_SEPARATORS = /\s*,\s*|\s+/;

interface Section {
  readonly keyLine: number;
  readonly lines: TextLine[];
}

/** The value after a key: the text between the outer quotes, or the bare rest of the line. */
function unquote(value: string): string {
  const v = value.trim();
  return v.length >= 2 && v.startsWith('"') && v.endsWith('"') ? v.slice(1, -1) : v;
}

function keyOf(text: string): { key: string; value: string } | undefined {
  const m = /^\s*([A-Za-z_][\w-]*)(?:\s+(.*))?$/s.exec(text);
  return m ? { key: m[1]!.toLowerCase(), value: m[2] ?? '' } : undefined;
}

export function readNon(text: string, source: SourceRef): Puzzle[] {
  const lines = splitLines(text);
  const meta: PuzzleMeta = {};
  const sizes: { width?: { value: number; line: number }; height?: { value: number; line: number } } = {};
  const sections: { rows?: Section; columns?: Section } = {};
  let goal: { value: string; line: number } | undefined;

  let i = 0;
  while (i < lines.length) {
    const raw = lines[i]!;
    const line = i + 1;
    i++;
    if (isBlank(raw)) continue;
    const kv = keyOf(raw);
    if (kv === undefined) {
      if (/^[\d\s,]+$/.test(raw)) {
        fail('line-count', `clue line ${quote(raw.trim())} is outside a rows or columns section (a section above has too many lines, or a blank line splits it)`, source, line);
      }
      continue; // not a key line: ignore, like any unknown key
    }
    const { key, value } = kv;
    if (key === 'width' || key === 'height') {
      const previous = sizes[key];
      if (previous) fail('bad-header', `a second ${key} line (the first is line ${previous.line})`, source, line);
      sizes[key] = { value: parseSide(unquote(value), key, source, line), line };
    } else if (key === 'rows' || key === 'columns') {
      const previous = sections[key];
      if (previous) fail('bad-header', `a second "${key}" section (the first starts on line ${previous.keyLine})`, source, line);
      if (value.trim() !== '') fail('bad-header', `"${key}" stands alone on its line; the clues follow on the next lines`, source, line);
      const section: Section = { keyLine: line, lines: [] };
      while (i < lines.length && !isBlank(lines[i]!) && !KNOWN_KEYS.has(keyOf(lines[i]!)?.key ?? '')) {
        section.lines.push({ text: lines[i]!, line: i + 1 });
        i++;
      }
      sections[key] = section;
    } else if (key === 'goal') {
      if (goal) fail('bad-header', `a second goal line (the first is line ${goal.line})`, source, line);
      goal = { value: unquote(value), line };
    } else {
      const field = META_KEYS.find(([k]) => k === key)?.[1];
      if (field !== undefined) meta[field] = unquote(value);
    }
  }

  const { width, height } = sizes;
  if (width === undefined) fail('bad-header', 'there is no "width N" line', source);
  if (height === undefined) fail('bad-header', 'there is no "height N" line', source);
  const parsed = { rows: [] as number[][], columns: [] as number[][] };
  const clueLines = { rows: [] as number[], columns: [] as number[] };
  for (const key of ['rows', 'columns'] as const) {
    const section = sections[key];
    const isRow = key === 'rows';
    const want = isRow ? height.value : width.value;
    const sizeKey = isRow ? 'height' : 'width';
    if (section === undefined) fail('bad-header', `there is no "${key}" section`, source);
    if (section.lines.length > want) {
      const extra = section.lines[want]!;
      fail('line-count', `"${key}" (line ${section.keyLine}) has ${section.lines.length} lines but ${sizeKey} is ${want}; line ${extra.line} is one too many`, source, extra.line);
    }
    if (section.lines.length < want) {
      fail('line-count', `"${key}" has ${section.lines.length} lines but ${sizeKey} is ${want}`, source, section.keyLine);
    }
    section.lines.forEach((entry, index) => {
      const label = `${isRow ? 'row' : 'column'} ${index + 1}`;
      parsed[key].push(parseClue(clueTokens(entry.text, CLUE_SEPARATORS), entry.text.trim(), label, source, entry.line));
      clueLines[key].push(entry.line);
    });
  }

  const puzzle: NonogramPuzzle = {
    kind: 'nonogram',
    width: width.value,
    height: height.value,
    rows: parsed.rows,
    columns: parsed.columns,
    givens: [],
    ...(goal === undefined ? {} : { solution: solutionFromBits(goal.value, width.value, height.value, 'goal', source, goal.line) }),
    meta,
  };
  validateNonogram(puzzle, source.file, {
    size: height.line,
    rows: clueLines.rows,
    columns: clueLines.columns,
    totals: Math.max(sections.rows!.keyLine, sections.columns!.keyLine),
    ...(goal === undefined ? {} : { solution: goal.line }),
  });
  return [puzzle];
}

function metaLine(key: string, value: string): string {
  if (/[\r\n]/.test(value)) fail('unsupported-feature', `.non cannot hold a ${key} with a line break`, OUTPUT);
  return key === 'license' && /^[^\s"]+$/.test(value) ? `${key} ${value}` : `${key} "${value}"`;
}

export function writeNon(puzzles: readonly Puzzle[]): string {
  const puzzle = requireKind(requireOne(puzzles, 'non'), 'nonogram', 'non');
  requireGivenless(puzzle, 'non');
  const out: string[] = [];
  for (const [key, field] of META_KEYS) {
    const value = puzzle.meta[field];
    if (value !== undefined) out.push(metaLine(key, value));
  }
  out.push(`width ${puzzle.width}`, `height ${puzzle.height}`, '', 'rows');
  for (const clue of puzzle.rows) out.push(clue.length === 0 ? '0' : clue.join(','));
  out.push('', 'columns');
  for (const clue of puzzle.columns) out.push(clue.length === 0 ? '0' : clue.join(','));
  if (puzzle.solution !== undefined) out.push('', `goal "${solutionToBits(puzzle.solution)}"`);
  return `${out.join('\n')}\n`;
}
