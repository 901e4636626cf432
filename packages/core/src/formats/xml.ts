// Jan Wolter's XML format for paint-by-number puzzles (webpbn's export, version 0.3), the
// black-and-white subset:
//
//   <puzzleset>
//     <puzzle type="grid" defaultcolor="black" backgroundcolor="white">
//       <title/> <author/> <copyright/> <source/> <id/> <description/>   (meta, all optional)
//       <color name="white" char=".">fff</color> <color name="black" char="X">000</color>
//       <clues type="columns"> <line><count>2</count><count color="black">1</count></line> ... </clues>
//       <clues type="rows"> ... </clues>
//       <solution type="goal"><image> |X.X| one row per line </image></solution>
//     </puzzle>
//   </puzzleset>
//
// A `<line/>` without counts is an empty line. A count's colour defaults to the puzzle's
// `defaultcolor`; a clue in any other colour makes a colour puzzle, refused with its line
// until gridrace models colour. Meta is read trimmed; `license` has no element. The first solution of type `goal` or `solution` becomes the
// puzzle's known solution (`saved` ones, partial work, are skipped). Triddlers (type
// "triddler") are refused. xml-events.ts reads the XML, with the line of every event.
import { EMPTY, FILLED, type NonogramPuzzle, type NonogramSolution, type PuzzleMeta } from '../model/nonogram.js';
import type { Puzzle } from '../model/puzzle.js';
import { fail, type SourceRef } from './errors.js';
import { MAX_SIDE, quote, stripBom } from './text.js';
import { validateNonogram } from './validate.js';
import { escapeXml, readXmlEvents } from './xml-events.js';
import { OUTPUT, requireKind, requireSome } from './write-helpers.js';

interface Clues {
  readonly line: number;
  readonly lines: number[][];
  readonly lineNumbers: number[];
}

interface PuzzleDraft {
  readonly line: number;
  readonly defaultColor: string;
  readonly background: string;
  /** Colour name -> its image character. */
  readonly chars: Map<string, string>;
  meta: PuzzleMeta;
  rows?: Clues;
  columns?: Clues;
  image?: { readonly text: string; readonly line: number };
}

const META_TAGS: Readonly<Record<string, keyof PuzzleMeta>> = { title: 'title', author: 'author', copyright: 'copyright', source: 'source', id: 'catalogue' };

export function readXml(text: string, source: SourceRef): Puzzle[] {
  const puzzles: Puzzle[] = [];
  const stack: string[] = [];
  let draft: PuzzleDraft | undefined;
  let clues: { type: 'rows' | 'columns'; value: Clues } | undefined;
  let line: number[] | undefined;
  let count: { color: string; line: number } | undefined;
  let solution: { take: boolean } | undefined;
  let textBuffer = '';
  let imageLine = 0;
  let firstTag = true;
  let here = 0;

  const open = (name: string, attributes: Readonly<Record<string, string>>, at: number) => {
    here = at;
    const attr = (key: string): string | undefined => attributes[key];
    if (firstTag && name !== 'puzzleset' && name !== 'puzzle') fail('bad-xml', `expected <puzzleset> or <puzzle>, found <${name}>`, source, here);
    firstTag = false;
    const parent = stack.at(-1);
    stack.push(name);
    textBuffer = '';
    if (name === 'puzzle') {
      if (draft !== undefined) fail('bad-xml', `a <puzzle> inside the <puzzle> of line ${draft.line}`, source, here);
      const type = attr('type') ?? 'grid';
      if (type !== 'grid') fail('unsupported-feature', `puzzles of type ${quote(type)} are not supported, only "grid"`, source, here);
      draft = { line: here, defaultColor: attr('defaultcolor') ?? 'black', background: attr('backgroundcolor') ?? 'white', chars: new Map(), meta: {} };
    } else if (draft === undefined) {
      // The set's own title, source and notes: not kept.
    } else if (name === 'color' && parent === 'puzzle') {
      const colourName = attr('name');
      if (colourName === undefined) fail('bad-xml', '<color> without a name', source, here);
      draft.chars.set(colourName, attr('char') ?? '');
    } else if (name === 'clues' && parent === 'puzzle') {
      const type = attr('type');
      if (type !== 'rows' && type !== 'columns') fail('bad-xml', `<clues> needs type="rows" or type="columns", found ${quote(type ?? '')}`, source, here);
      if (draft[type] !== undefined) fail('bad-xml', `a second <clues type="${type}"> (the first is on line ${draft[type].line})`, source, here);
      clues = { type, value: { line: here, lines: [], lineNumbers: [] } };
    } else if (name === 'line' && parent === 'clues' && clues !== undefined) {
      line = [];
      clues.value.lineNumbers.push(here);
    } else if (name === 'count' && parent === 'line' && line !== undefined) {
      count = { color: attr('color') ?? draft.defaultColor, line: here };
    } else if (name === 'solution' && parent === 'puzzle') {
      const type = attr('type') ?? 'goal';
      solution = { take: (type === 'goal' || type === 'solution') && draft.image === undefined };
    } else if (name === 'image' && parent === 'solution') {
      imageLine = here;
    }
  };
  const close = (name: string) => {
    stack.pop();
    const raw = textBuffer;
    const body = raw.trim();
    textBuffer = '';
    if (draft === undefined) return;
    if (name === 'count' && count !== undefined && line !== undefined) {
      if (!/^\d+$/.test(body) || Number(body) < 1 || Number(body) > MAX_SIDE) {
        fail('bad-number', `a clue count ${quote(body)} is not a whole number from 1 to ${MAX_SIDE}`, source, count.line);
      }
      if (count.color !== draft.defaultColor) {
        const known = draft.chars.has(count.color) ? '' : ' (and no <color> of that name is defined)';
        fail('unsupported-feature', `a clue in colour ${quote(count.color)}${known}: colour puzzles are not supported yet, only ${quote(draft.defaultColor)} on ${quote(draft.background)}`, source, count.line);
      }
      line.push(Number(body));
      count = undefined;
    } else if (name === 'line' && line !== undefined && clues !== undefined) {
      clues.value.lines.push(line);
      line = undefined;
    } else if (name === 'clues' && clues !== undefined) {
      draft[clues.type] = clues.value;
      clues = undefined;
    } else if (name === 'image' && solution?.take) {
      draft.image = { text: raw, line: imageLine };
    } else if (name === 'solution') {
      solution = undefined;
    } else if (name in META_TAGS && stack.at(-1) === 'puzzle' && body !== '') {
      draft.meta[META_TAGS[name]!] = body;
    } else if (name === 'puzzle') {
      puzzles.push(finishPuzzle(draft, source));
      draft = undefined;
    }
  };

  readXmlEvents(stripBom(text), { open, text: (chunk) => (textBuffer += chunk), close }, (message, line) => fail('bad-xml', `malformed XML: ${message}`, source, line));
  if (puzzles.length === 0) fail('bad-xml', 'the XML holds no <puzzle>', source, firstTag ? undefined : 1);
  return puzzles;
}

function finishPuzzle(draft: PuzzleDraft, source: SourceRef): NonogramPuzzle {
  const { rows, columns } = draft;
  if (rows === undefined || columns === undefined) {
    fail('bad-xml', `the <puzzle> needs <clues type="rows"> and <clues type="columns">; ${rows === undefined ? 'rows' : 'columns'} are missing`, source, draft.line);
  }
  const width = columns.lines.length;
  const height = rows.lines.length;
  if (width === 0 || height === 0) fail('bad-size', `the puzzle has ${width} columns and ${height} rows; it needs at least one of each`, source, draft.line);
  const solution = draft.image === undefined ? undefined : readImage(draft, width, height, source);
  const puzzle: NonogramPuzzle = {
    kind: 'nonogram',
    width,
    height,
    rows: rows.lines,
    columns: columns.lines,
    givens: [],
    meta: draft.meta,
    ...(solution === undefined ? {} : { solution }),
  };
  validateNonogram(puzzle, source.file, { default: draft.line, size: draft.line, rows: rows.lineNumbers, columns: columns.lineNumbers, ...(draft.image ? { solution: draft.image.line } : {}) });
  return puzzle;
}

/** A goal image: one `|...|` row per line, a character per cell from the puzzle's colours. */
function readImage(draft: PuzzleDraft, width: number, height: number, source: SourceRef): NonogramSolution {
  const image = draft.image!;
  const filled = draft.chars.get(draft.defaultColor) || 'X';
  const empty = draft.chars.get(draft.background) || '.';
  // Each row with the line it is on: the text starts on the line of <image>.
  const rows: { text: string; line: number }[] = [];
  image.text.split(/\r?\n/).forEach((l, i) => {
    if (l.trim() !== '') rows.push({ text: l.trim(), line: image.line + i });
  });
  if (rows.length !== height) fail('bad-solution', `the goal image has ${rows.length} rows; the clues give ${height}`, source, image.line);
  const cells = new Uint8Array(width * height);
  rows.forEach(({ text: raw, line: at }, r) => {
    const row = raw.replace(/^\|/, '').replace(/\|$/, '');
    if (row.length !== width) fail('bad-solution', `goal image row ${r + 1} ${quote(raw)} has ${row.length} cells; the clues give ${width} columns`, source, at);
    for (let c = 0; c < width; c++) {
      const ch = row[c]!;
      if (ch === filled) cells[r * width + c] = FILLED;
      else if (ch === empty) cells[r * width + c] = EMPTY;
      else fail('bad-solution', `goal image row ${r + 1} has ${quote(ch)}, which is neither ${quote(filled)} (${draft.defaultColor}) nor ${quote(empty)} (${draft.background})`, source, at);
    }
  });
  return { width, height, cells };
}

/** Characters XML 1.0 cannot hold at all, escaped or not: a file with them would not parse. */
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

function xmlText(text: string, what: string): string {
  if (NOT_XML.test(text)) fail('unsupported-feature', `the ${what} holds a character XML cannot hold (a control character or a lone surrogate)`, OUTPUT);
  return escapeXml(text);
}

export function writeXml(puzzles: readonly Puzzle[]): string {
  requireSome(puzzles, 'XML');
  const out = ['<?xml version="1.0"?>', '<!DOCTYPE pbn SYSTEM "http://webpbn.com/pbn-0.3.dtd">', '<puzzleset>'];
  for (const p of puzzles) {
    const puzzle = requireKind(p, 'nonogram', 'XML');
    if (puzzle.givens.length > 0) fail('unsupported-feature', 'the XML format has no place for given cells; write JSON instead', OUTPUT);
    out.push('<puzzle type="grid" defaultcolor="black">');
    for (const [tag, key] of Object.entries(META_TAGS)) {
      const value = puzzle.meta[key];
      if (value !== undefined && value.trim() !== '') out.push(`<${tag}>${xmlText(value, key)}</${tag}>`);
    }
    out.push('<color name="white" char=".">fff</color>', '<color name="black" char="X">000</color>');
    for (const [type, lines] of [['columns', puzzle.columns], ['rows', puzzle.rows]] as const) {
      out.push(`<clues type="${type}">`);
      for (const clue of lines) out.push(`<line>${clue.map((n) => `<count>${n}</count>`).join('')}</line>`);
      out.push('</clues>');
    }
    if (puzzle.solution !== undefined) {
      const { width, height, cells } = puzzle.solution;
      out.push('<solution type="goal">', '<image>');
      for (let r = 0; r < height; r++) {
        let row = '';
        for (let c = 0; c < width; c++) row += cells[r * width + c] === FILLED ? 'X' : '.';
        out.push(`|${row}|`);
      }
      out.push('</image>', '</solution>');
    }
    out.push('</puzzle>');
  }
  out.push('</puzzleset>', '');
  return out.join('\n');
}

