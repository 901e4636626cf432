// The colour nonogram in gridrace's JSON format (see json.ts for the file as a whole):
//
//   { "gridrace": 1, "kind": "colour-nonogram", "width": 3, "height": 2,
//     "colours": [["white", "ffffff", "."], ["red", "ff0000", "r"], ["blue", "0000ff", "b"]],
//     "rows": [[[2, "red"], [1, "blue"]], []],        (a block is [length, colour name])
//     "columns": [...],
//     "givens"?: [[row, col, "red"], ...],             (0-based; "white" gives a background cell)
//     "solution"?: ["rrb", "..."] }                    (each colour's character)
//
// The first colour is the background. A colour is [name, value, character]; the value may be
// `#f00`, `ff0000` or a CSS colour name, and the character may be left out (one is picked).
import {
  colourSolutionToRows,
  normaliseRgb,
  pickColourChar,
  type ColourBlock,
  type ColourGivenCell,
  type ColourNonogramPuzzle,
  type PaletteColour,
} from '../model/colour-nonogram.js';
import { fail, type SourceRef } from './errors.js';
import { Fields, readMeta } from './json-fields.js';
import { showNode, type JsonNode } from './json-syntax.js';
import { MAX_SIDE } from './text.js';
import { checkPalette, validateColourNonogram } from './validate-colour.js';

function readPalette(fields: Fields): { palette: PaletteColour[]; lines: number[] } {
  const list = fields.array('colours');
  const { source } = fields;
  const taken = new Set<string>();
  const entries = list.items.map((item, i) => {
    const parts = item.type === 'array' ? item.items : [];
    const [name, value, char] = parts;
    if (parts.length < 2 || parts.length > 3 || name?.type !== 'string' || value?.type !== 'string' || (char !== undefined && char.type !== 'string')) {
      fail('bad-colour', `colour ${i + 1} should be [name, value] or [name, value, character] such as ["red", "ff0000", "r"], found ${showNode(item)}`, source, item.line);
    }
    const rgb = normaliseRgb(value.value);
    if (rgb === undefined) fail('bad-colour', `colour "${name.value}" has the value ${JSON.stringify(value.value)}; use six hex digits such as ff0000`, source, item.line);
    if (char !== undefined && char.type === 'string') taken.add(char.value);
    return { name: name.value, rgb, char: char?.type === 'string' ? char.value : undefined, line: item.line };
  });
  const palette = entries.map((e, i) => {
    const char = e.char ?? pickColourChar(e.name, i, taken);
    taken.add(char);
    return { name: e.name, rgb: e.rgb, char };
  });
  const lines = entries.map((e) => e.line);
  checkPalette(palette, source, { palette: lines, default: fields.lineOf('colours') });
  return { palette, lines };
}

function colourIndex(node: JsonNode | undefined, names: ReadonlyMap<string, number>, where: string, source: SourceRef, line: number): number {
  if (node?.type !== 'string') fail('bad-colour', `${where} should name a colour, found ${node === undefined ? 'nothing' : showNode(node)}`, source, line);
  const index = names.get(node.value);
  if (index === undefined) fail('bad-colour', `${where} names the colour "${node.value}", which "colours" does not list`, source, line);
  return index;
}

function readColourClues(fields: Fields, key: 'rows' | 'columns', want: number, names: ReadonlyMap<string, number>) {
  const { source } = fields;
  const list = fields.array(key);
  if (list.items.length !== want) {
    fail('line-count', `"${key}" has ${list.items.length} clues but ${key === 'rows' ? 'height' : 'width'} is ${want}`, source, fields.lineOf(key));
  }
  const label = key === 'rows' ? 'row' : 'column';
  const clues = list.items.map((clue, i): ColourBlock[] => {
    const where = `${label} ${i + 1} clue`;
    if (clue.type !== 'array') fail('bad-field', `${where} should be a list of [length, colour] blocks, found ${showNode(clue)}`, source, clue.line);
    return clue.items.map((block) => {
      const parts = block.type === 'array' ? block.items : [];
      const [length, colour] = parts;
      if (parts.length !== 2 || length?.type !== 'number' || !Number.isInteger(length.value) || length.value < 1 || length.value > MAX_SIDE) {
        fail('bad-number', `${where} has ${showNode(block)}; a block is [length, colour] with a length from 1 to ${MAX_SIDE}`, source, block.line);
      }
      return { length: length.value, colour: colourIndex(colour, names, where, source, block.line) };
    });
  });
  return { clues, lines: list.items.map((item) => item.line) };
}

function readColourSolution(node: JsonNode, puzzle: { width: number; height: number }, palette: readonly PaletteColour[], source: SourceRef): Uint8Array {
  const { width, height } = puzzle;
  const byChar = new Map(palette.map((c, i) => [c.char, i]));
  if (node.type !== 'array') fail('bad-field', `"solution" should be a list of row strings of colour characters, found ${showNode(node)}`, source, node.line);
  if (node.items.length !== height) fail('size-mismatch', `"solution" has ${node.items.length} rows but height is ${height}`, source, node.line);
  const cells = new Uint8Array(width * height);
  node.items.forEach((row, r) => {
    if (row.type !== 'string') fail('bad-field', `solution row ${r + 1} should be a string of colour characters, found ${showNode(row)}`, source, row.line);
    const chars = [...row.value];
    if (chars.length !== width) fail('size-mismatch', `solution row ${r + 1} has ${chars.length} cells but width is ${width}`, source, row.line);
    chars.forEach((ch, c) => {
      const index = byChar.get(ch);
      if (index === undefined) fail('bad-solution', `solution row ${r + 1} has ${JSON.stringify(ch)} in column ${c + 1}, which is no colour's character`, source, row.line);
      cells[r * width + c] = index;
    });
  });
  return cells;
}

/** Reads a colour nonogram's fields (kind "colour-nonogram"). */
export function readColourNonogram(fields: Fields): ColourNonogramPuzzle {
  const { source } = fields;
  const width = fields.side('width');
  const height = fields.side('height');
  const { palette, lines: paletteLines } = readPalette(fields);
  const names = new Map<string, number>();
  palette.forEach((c, i) => {
    if (!names.has(c.name)) names.set(c.name, i);
  });
  const rows = readColourClues(fields, 'rows', height, names);
  const columns = readColourClues(fields, 'columns', width, names);
  const givens: { given: ColourGivenCell; line: number }[] = [];
  if (fields.get('givens') !== undefined) {
    for (const [i, item] of fields.array('givens').items.entries()) {
      const parts = item.type === 'array' ? item.items : [];
      const [row, col, colour] = parts;
      if (parts.length !== 3 || row?.type !== 'number' || col?.type !== 'number' || !Number.isInteger(row.value) || !Number.isInteger(col.value)) {
        fail('bad-field', `"givens" entry ${i + 1} should be [row, column, colour] (0-based), found ${showNode(item)}`, source, item.line);
      }
      const index = colourIndex(colour, names, `"givens" entry ${i + 1}`, source, item.line);
      givens.push({ given: { row: row.value, col: col.value, colour: index }, line: item.line });
    }
  }
  givens.sort((a, b) => a.given.row - b.given.row || a.given.col - b.given.col);
  const solutionNode = fields.get('solution');
  const puzzle: ColourNonogramPuzzle = {
    kind: 'colour-nonogram',
    width,
    height,
    palette,
    rows: rows.clues,
    columns: columns.clues,
    givens: givens.map((g) => g.given),
    ...(solutionNode === undefined ? {} : { solution: { width, height, cells: readColourSolution(solutionNode, { width, height }, palette, source) } }),
    meta: readMeta(fields),
  };
  validateColourNonogram(puzzle, source.file, {
    size: fields.lineOf('width'),
    palette: paletteLines,
    rows: rows.lines,
    columns: columns.lines,
    givens: givens.map((g) => g.line),
    solution: fields.lineOf('solution'),
  });
  return puzzle;
}

/** The fields of a colour nonogram after the size, as [key, JSON text]; `block` lays out a list. */
export function colourNonogramFields(puzzle: ColourNonogramPuzzle, block: (items: readonly string[]) => string): [string, string][] {
  const str = (value: string) => JSON.stringify(value);
  const name = (index: number) => str(puzzle.palette[index]!.name);
  const clue = (c: readonly ColourBlock[]) => `[${c.map((b) => `[${b.length}, ${name(b.colour)}]`).join(', ')}]`;
  const fields: [string, string][] = [
    ['colours', block(puzzle.palette.map((c) => `[${str(c.name)}, ${str(c.rgb)}, ${str(c.char)}]`))],
    ['rows', block(puzzle.rows.map(clue))],
    ['columns', block(puzzle.columns.map(clue))],
  ];
  if (puzzle.givens.length > 0) {
    const sorted = [...puzzle.givens].sort((a, b) => a.row - b.row || a.col - b.col);
    fields.push(['givens', `[${sorted.map((g) => `[${g.row}, ${g.col}, ${name(g.colour)}]`).join(', ')}]`]);
  }
  if (puzzle.solution !== undefined) fields.push(['solution', block(colourSolutionToRows(puzzle.solution, puzzle.palette).map(str))]);
  return fields;
}
