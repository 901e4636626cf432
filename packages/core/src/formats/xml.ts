// Jan Wolter's XML format for paint-by-number puzzles (webpbn's export, version 0.3):
//
//   <puzzleset>
//     <puzzle type="grid" defaultcolor="black" backgroundcolor="white">
//       <title/> <author/> <copyright/> <source/> <id/> <description/>   (meta, all optional)
//       <color name="white" char=".">fff</color> <color name="red" char="r">f00</color> ...
//       <clues type="columns"> <line><count>2</count><count color="red">1</count></line> ... </clues>
//       <clues type="rows"> ... </clues>
//       <solution type="goal"><image> |rr.X| one row per line </image></solution>
//     </puzzle>
//   </puzzleset>
//
// A `<line/>` without counts is an empty line. A count's colour defaults to the puzzle's
// `defaultcolor` (default black) on `backgroundcolor` (default white). A puzzle whose counts are
// all in the default colour, black, is a black-and-white nonogram; any other is a colour
// nonogram whose palette is the background, then the colours its clues use in the order of their
// `<color>` elements (black and white need none: 000 and fff). A count in a colour no `<color>`
// defines is refused with its line. Meta is read trimmed; `license` has no element. The first
// solution of type `goal` or `solution` becomes the puzzle's known solution (`saved` ones, partial
// work, are skipped); its characters are the colours' `char`s. Triddlers are refused.
// xml-events.ts reads the XML, with the line of every event.
import { colourSolutionToRows, normaliseRgb, pickColourChar, type ColourNonogramPuzzle, type PaletteColour } from '../model/colour-nonogram.js';
import { FILLED, type NonogramPuzzle, type PuzzleMeta } from '../model/nonogram.js';
import type { Puzzle } from '../model/puzzle.js';
import { fail, type SourceRef } from './errors.js';
import { MAX_SIDE, quote, stripBom } from './text.js';
import { checkPalette, nonogramFromBlocks } from './validate-colour.js';
import { escapeXml, readXmlEvents } from './xml-events.js';
import { OUTPUT, requireKind, requireSome } from './write-helpers.js';

/** A count as read: its length, colour name and line. */
interface XmlBlock {
  readonly length: number;
  readonly colour: string;
  readonly line: number;
}

interface Clues {
  readonly line: number;
  readonly lines: XmlBlock[][];
  readonly lineNumbers: number[];
}

interface XmlColour {
  readonly char: string;
  rgb: string;
  readonly line: number;
}

interface PuzzleDraft {
  readonly line: number;
  readonly defaultColor: string;
  readonly background: string;
  /** Colour name -> its image character (may be empty), value and line. */
  readonly colours: Map<string, XmlColour>;
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
  let line: XmlBlock[] | undefined;
  let colour: XmlColour | undefined;
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
      draft = { line: here, defaultColor: attr('defaultcolor') ?? 'black', background: attr('backgroundcolor') ?? 'white', colours: new Map(), meta: {} };
    } else if (draft === undefined) {
      // The set's own title, source and notes: not kept.
    } else if (name === 'color' && parent === 'puzzle') {
      const colourName = attr('name');
      if (colourName === undefined) fail('bad-xml', '<color> without a name', source, here);
      if (draft.colours.has(colourName)) fail('bad-colour', `a second <color name="${colourName}"> (the first is on line ${draft.colours.get(colourName)!.line})`, source, here);
      colour = { char: attr('char') ?? '', rgb: '', line: here };
      draft.colours.set(colourName, colour);
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
      line.push({ length: Number(body), colour: count.color, line: count.line });
      count = undefined;
    } else if (name === 'color' && colour !== undefined) {
      colour.rgb = body;
      colour = undefined;
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

/** Black and white need no <color>: webpbn's defaults. */
const BUILT_IN: Readonly<Record<string, { rgb: string; char: string }>> = { black: { rgb: '000000', char: 'X' }, white: { rgb: 'ffffff', char: '.' } };

/** The background, then the colours the clues use, in the order of their <color> elements. */
function paletteOf(draft: PuzzleDraft, blocks: readonly XmlBlock[], source: SourceRef): { palette: PaletteColour[]; lines: (number | undefined)[] } {
  const used = new Map<string, number>();
  for (const b of blocks) if (!used.has(b.colour)) used.set(b.colour, b.line);
  if (used.has(draft.background)) {
    fail('bad-colour', `a clue in the background colour ${quote(draft.background)}`, source, used.get(draft.background));
  }
  const defined = [...draft.colours.keys()];
  const names = [draft.background, ...defined.filter((n) => used.has(n)), ...[...used.keys()].filter((n) => !draft.colours.has(n))];
  const taken = new Set([...draft.colours.values()].map((c) => c.char).filter((c) => c !== ''));
  const lines: (number | undefined)[] = [];
  const palette = names.map((name, i) => {
    const def = draft.colours.get(name);
    const builtIn = Object.hasOwn(BUILT_IN, name) ? BUILT_IN[name] : undefined;
    if (def === undefined && builtIn === undefined) {
      const where = i === 0 ? 'the background colour' : 'a clue in colour';
      fail('bad-colour', `${where} ${quote(name)}, which no <color> defines`, source, i === 0 ? draft.line : used.get(name));
    }
    const rgb = def === undefined ? builtIn!.rgb : normaliseRgb(def.rgb);
    if (rgb === undefined) fail('bad-colour', `<color name="${name}"> has the value ${quote(def!.rgb)}; use hex digits such as f00 or ff0000`, source, def!.line);
    let char = def?.char || (builtIn !== undefined && !taken.has(builtIn.char) ? builtIn.char : '');
    if (char === '') char = pickColourChar(name, i, taken);
    taken.add(char);
    lines.push(def?.line ?? draft.line);
    return { name, rgb, char };
  });
  checkPalette(palette, source, { palette: lines, default: draft.line });
  return { palette, lines };
}

function finishPuzzle(draft: PuzzleDraft, source: SourceRef): NonogramPuzzle | ColourNonogramPuzzle {
  const { rows, columns } = draft;
  if (rows === undefined || columns === undefined) {
    fail('bad-xml', `the <puzzle> needs <clues type="rows"> and <clues type="columns">; ${rows === undefined ? 'rows' : 'columns'} are missing`, source, draft.line);
  }
  const width = columns.lines.length;
  const height = rows.lines.length;
  if (width === 0 || height === 0) fail('bad-size', `the puzzle has ${width} columns and ${height} rows; it needs at least one of each`, source, draft.line);
  const blocks = [...rows.lines.flat(), ...columns.lines.flat()];
  const blackAndWhite = draft.defaultColor === 'black' && blocks.every((b) => b.colour === 'black');
  // A black-and-white puzzle's palette gives its image characters (and checks its colours).
  const { palette, lines: paletteLines } = paletteOf(draft, blackAndWhite ? [{ length: 1, colour: 'black', line: draft.line }] : blocks, source);
  const cells = draft.image === undefined ? undefined : readImage(draft, width, height, palette, source);
  const index = new Map(palette.map((c, i) => [c.name, i]));
  const coloured = (clues: Clues) => clues.lines.map((clue) => clue.map((b) => ({ length: b.length, colour: index.get(b.colour)! })));
  const lines = { default: draft.line, size: draft.line, rows: rows.lineNumbers, columns: columns.lineNumbers, palette: paletteLines, ...(draft.image ? { solution: draft.image.line } : {}) };
  return nonogramFromBlocks(blackAndWhite, { palette, rows: coloured(rows), columns: coloured(columns), meta: draft.meta, ...(cells ? { cells } : {}) }, source.file, lines);
}

/** A goal image: one `|...|` row per line, a palette index per cell from its colour's character. */
function readImage(draft: PuzzleDraft, width: number, height: number, palette: readonly PaletteColour[], source: SourceRef): Uint8Array {
  const image = draft.image!;
  const byChar = new Map(palette.map((c, i) => [c.char, i]));
  // Each row with the line it is on: the text starts on the line of <image>.
  const rows: { text: string; line: number }[] = [];
  image.text.split(/\r?\n/).forEach((l, i) => {
    if (l.trim() !== '') rows.push({ text: l.trim(), line: image.line + i });
  });
  if (rows.length !== height) fail('bad-solution', `the goal image has ${rows.length} rows; the clues give ${height}`, source, image.line);
  const cells = new Uint8Array(width * height);
  rows.forEach(({ text: raw, line: at }, r) => {
    const row = [...raw.replace(/^\|/, '').replace(/\|$/, '')];
    if (row.length !== width) fail('bad-solution', `goal image row ${r + 1} ${quote(raw)} has ${row.length} cells; the clues give ${width} columns`, source, at);
    row.forEach((ch, c) => {
      const colour = byChar.get(ch);
      if (colour === undefined) {
        const known = palette.map((p) => `${quote(p.char)} (${p.name})`).join(', ');
        fail('bad-solution', `goal image row ${r + 1} has ${quote(ch)}, which is none of the puzzle's colours: ${known}`, source, at);
      }
      cells[r * width + c] = colour;
    });
  });
  return cells;
}

/** Characters XML 1.0 cannot hold at all, escaped or not: a file with them would not parse. */
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

function xmlText(text: string, what: string): string {
  if (NOT_XML.test(text)) fail('unsupported-feature', `the ${what} holds a character XML cannot hold (a control character or a lone surrogate)`, OUTPUT);
  return escapeXml(text);
}

/** A black-and-white nonogram seen as a colour one: black on white. */
function asColour(puzzle: NonogramPuzzle): ColourNonogramPuzzle {
  const palette = [{ name: 'white', rgb: 'ffffff', char: '.' }, { name: 'black', rgb: '000000', char: 'X' }];
  const blocks = (clue: readonly number[]) => clue.map((length) => ({ length, colour: 1 }));
  const solution = puzzle.solution && { ...puzzle.solution, cells: puzzle.solution.cells.map((v) => (v === FILLED ? 1 : 0)) };
  return { ...puzzle, kind: 'colour-nonogram', palette, rows: puzzle.rows.map(blocks), columns: puzzle.columns.map(blocks), givens: [], ...(solution ? { solution } : {}) };
}

export function writeXml(puzzles: readonly Puzzle[]): string {
  requireSome(puzzles, 'XML');
  const out = ['<?xml version="1.0"?>', '<!DOCTYPE pbn SYSTEM "http://webpbn.com/pbn-0.3.dtd">', '<puzzleset>'];
  for (const p of puzzles) {
    // An arrow path is refused as "not a nonogram": colour is the exception, not the rule.
    const puzzle = p.kind === 'colour-nonogram' ? requireKind(p, 'colour-nonogram', 'XML') : requireKind(p, 'nonogram', 'XML');
    if (puzzle.givens.length > 0) fail('unsupported-feature', 'the XML format has no place for given cells; write JSON instead', OUTPUT);
    const { palette, rows, columns, solution } = puzzle.kind === 'nonogram' ? asColour(puzzle) : puzzle;
    const name = (i: number) => xmlText(palette[i]!.name, 'colour name');
    // The first colour is the default, so most counts need no colour attribute.
    out.push(`<puzzle type="grid" defaultcolor="${name(1)}" backgroundcolor="${name(0)}">`);
    for (const [tag, key] of Object.entries(META_TAGS)) {
      const value = puzzle.meta[key];
      if (value !== undefined && value.trim() !== '') out.push(`<${tag}>${xmlText(value, key)}</${tag}>`);
    }
    palette.forEach((c, i) => out.push(`<color name="${name(i)}" char="${xmlText(c.char, 'colour character')}">${c.rgb}</color>`));
    for (const [type, lines] of [['columns', columns], ['rows', rows]] as const) {
      out.push(`<clues type="${type}">`);
      for (const clue of lines) out.push(`<line>${clue.map((b) => `<count${b.colour === 1 ? '' : ` color="${name(b.colour)}"`}>${b.length}</count>`).join('')}</line>`);
      out.push('</clues>');
    }
    if (solution !== undefined) {
      out.push('<solution type="goal">', '<image>');
      for (const row of colourSolutionToRows(solution, palette)) out.push(`|${xmlText(row, 'goal image')}|`);
      out.push('</image>', '</solution>');
    }
    out.push('</puzzle>');
  }
  out.push('</puzzleset>', '');
  return out.join('\n');
}
