// gridrace's own JSON format, version 1. One puzzle per file:
//
//   { "gridrace": 1, "kind": "nonogram", "name"?: "...", "width": 5, "height": 10,
//     "rows": [[2], [2, 1], ...], "columns": [...],
//     "filled"?: [[row, col], ...], "empty"?: [[row, col], ...],   (0-based givens)
//     "solution"?: ["..##.", ...] }                                ('#' filled, '.' empty)
//
//   { "gridrace": 1, "kind": "arrowpath", "width": 3, "height": 3,
//     "grid": [[[1, "SE"], [0, "SW"], ...], ...],   ([given or 0, direction or ""] per cell)
//     "solution"?: [[[1, "SE"], [3, "SW"], ...], ...] }   (same shape; bare numbers are read too)
//
//   { "gridrace": 1, "kind": "colour-nonogram", ... }    (json-colour.ts)
//
// or several: `{ "gridrace": 1, "puzzles": [ {...}, ... ] }`. Meta fields: name (-> title),
// author, copyright, license, catalogue, source. The seed files, which have no `gridrace`
// and no `kind`, are read too: `grid` means an arrow path, `rows` a nonogram. Unknown
// fields are ignored; a `gridrace` version other than 1 is refused.
import { DIRECTIONS, type ArrowPathPuzzle, type Direction } from '../model/arrowpath.js';
import { EMPTY, FILLED, solutionToRows, type GivenCell, type NonogramPuzzle } from '../model/nonogram.js';
import { PUZZLE_KINDS, type Puzzle } from '../model/puzzle.js';
import { fail, type SourceRef } from './errors.js';
import { colourNonogramFields, readColourNonogram } from './json-colour.js';
import { META_FIELDS, Fields, JSON_VERSION, asObject, checkVersion, readMeta } from './json-fields.js';
import { parseJson, showNode, type JsonNode } from './json-syntax.js';
import { MAX_SIDE, stripBom } from './text.js';
import { validateArrowPath, validateNonogram } from './validate.js';
import { requireSome, validateForOutput } from './write-helpers.js';

function readClue(node: JsonNode, label: string, source: SourceRef): number[] {
  if (node.type !== 'array') fail('bad-field', `${label} clue should be a list of numbers such as [3, 1], found ${showNode(node)}`, source, node.line);
  const items = node.items;
  if (items.length === 1 && items[0]!.type === 'number' && items[0]!.value === 0) return [];
  const where = `${label} clue ${showNode(node)}`;
  return items.map((item) => {
    if (item.type !== 'number' || !Number.isInteger(item.value)) {
      fail('bad-number', `${where} has a malformed number ${showNode(item)}`, source, node.line);
    }
    if (item.value < 0) fail('bad-number', `${where} has a negative number ${item.raw}`, source, node.line);
    if (item.value === 0) fail('bad-number', `${where} has a block of length 0 (only a lone 0 means an empty line)`, source, node.line);
    if (item.value > MAX_SIDE) fail('bad-number', `${where} has an absurdly large number ${item.raw} (the limit is ${MAX_SIDE})`, source, node.line);
    return item.value;
  });
}

function readClues(fields: Fields, key: 'rows' | 'columns', want: number): { clues: number[][]; lines: number[] } {
  const list = fields.array(key);
  const size = key === 'rows' ? 'height' : 'width';
  if (list.items.length !== want) {
    fail('line-count', `"${key}" has ${list.items.length} clues but ${size} is ${want}`, fields.source, fields.lineOf(key));
  }
  const label = key === 'rows' ? 'row' : 'column';
  return {
    clues: list.items.map((item, i) => readClue(item, `${label} ${i + 1}`, fields.source)),
    lines: list.items.map((item) => item.line),
  };
}

function readGivens(fields: Fields, key: 'filled' | 'empty', out: { given: GivenCell; line: number }[]): void {
  if (fields.get(key) === undefined) return;
  for (const [i, item] of fields.array(key).items.entries()) {
    const pair = item.type === 'array' ? item.items : [];
    const [row, col] = pair;
    if (pair.length !== 2 || row?.type !== 'number' || col?.type !== 'number' || !Number.isInteger(row.value) || !Number.isInteger(col.value)) {
      fail('bad-field', `"${key}" entry ${i + 1} should be a [row, column] pair of whole numbers (0-based), found ${showNode(item)}`, fields.source, item.line);
    }
    out.push({ given: { row: row.value, col: col.value, filled: key === 'filled' }, line: item.line });
  }
}

function readNonogramSolution(node: JsonNode, width: number, height: number, source: SourceRef): Uint8Array {
  if (node.type !== 'array') fail('bad-field', `"solution" should be a list of row strings such as "#..#", found ${showNode(node)}`, source, node.line);
  if (node.items.length !== height) fail('size-mismatch', `"solution" has ${node.items.length} rows but height is ${height}`, source, node.line);
  const cells = new Uint8Array(width * height);
  node.items.forEach((row, r) => {
    if (row.type !== 'string') fail('bad-field', `solution row ${r + 1} should be a string such as "#..#", found ${showNode(row)}`, source, row.line);
    if (row.value.length !== width) fail('size-mismatch', `solution row ${r + 1} has ${row.value.length} cells but width is ${width}`, source, row.line);
    for (let c = 0; c < width; c++) {
      const ch = row.value[c]!;
      if (ch === '#' || ch === '1') cells[r * width + c] = FILLED;
      else if (ch === '.' || ch === '0') cells[r * width + c] = EMPTY;
      else fail('bad-solution', `solution row ${r + 1} has ${JSON.stringify(ch)} in column ${c + 1}; use # for filled and . for empty`, source, row.line);
    }
  });
  return cells;
}

function readNonogram(fields: Fields): NonogramPuzzle {
  const { source } = fields;
  const width = fields.side('width');
  const height = fields.side('height');
  const rows = readClues(fields, 'rows', height);
  const columns = readClues(fields, 'columns', width);
  const givens: { given: GivenCell; line: number }[] = [];
  readGivens(fields, 'filled', givens);
  readGivens(fields, 'empty', givens);
  givens.sort((a, b) => a.given.row - b.given.row || a.given.col - b.given.col);
  const solutionNode = fields.get('solution');
  const puzzle: NonogramPuzzle = {
    kind: 'nonogram',
    width,
    height,
    rows: rows.clues,
    columns: columns.clues,
    givens: givens.map((g) => g.given),
    ...(solutionNode === undefined ? {} : { solution: { width, height, cells: readNonogramSolution(solutionNode, width, height, source) } }),
    meta: readMeta(fields),
  };
  validateNonogram(puzzle, source.file, {
    size: fields.lineOf('width'),
    rows: rows.lines,
    columns: columns.lines,
    totals: fields.lineOf('columns'),
    givens: givens.map((g) => g.line),
    solution: fields.lineOf('solution'),
  });
  return puzzle;
}

/** Rows of cells, checked against the size; `what` names the field in messages. */
function gridCells(node: JsonNode, what: string, width: number, height: number, source: SourceRef): JsonNode[] {
  if (node.type !== 'array') fail('bad-field', `"${what}" should be a list of rows, found ${showNode(node)}`, source, node.line);
  if (node.items.length !== height) fail('size-mismatch', `"${what}" has ${node.items.length} rows but height is ${height}`, source, node.line);
  const cells: JsonNode[] = [];
  node.items.forEach((row, r) => {
    if (row.type !== 'array') fail('bad-field', `${what} row ${r + 1} should be a list of cells, found ${showNode(row)}`, source, row.line);
    if (row.items.length !== width) fail('size-mismatch', `${what} row ${r + 1} has ${row.items.length} cells but width is ${width}`, source, row.line);
    cells.push(...row.items);
  });
  return cells;
}

const cellName = (what: string, width: number, i: number) => `${what} row ${Math.floor(i / width) + 1} cell ${(i % width) + 1}`;

function readArrowPath(fields: Fields): ArrowPathPuzzle {
  const { source } = fields;
  const width = fields.side('width');
  const height = fields.side('height');
  const cells = gridCells(fields.required('grid'), 'grid', width, height, source);
  const n = width * height;
  const arrows: (Direction | null)[] = [];
  const givens: number[] = [];
  cells.forEach((cell, i) => {
    const name = cellName('grid', width, i);
    const pair = cell.type === 'array' ? cell.items : [];
    const [given, dir] = pair;
    if (pair.length !== 2 || given === undefined || dir === undefined) {
      fail('bad-field', `${name} should be [given number or 0, direction or ""], found ${showNode(cell)}`, source, cell.line);
    }
    if (given.type !== 'number' || !Number.isInteger(given.value)) {
      fail('bad-field', `${name} should give a whole number (0 for none), found ${showNode(given)}`, source, cell.line);
    }
    if (dir.type === 'null' || (dir.type === 'string' && dir.value === '')) arrows.push(null);
    else if (dir.type === 'string' && (DIRECTIONS as readonly string[]).includes(dir.value)) arrows.push(dir.value as Direction);
    else fail('bad-direction', `${name} has an unknown direction ${showNode(dir)} (use ${DIRECTIONS.join(', ')}, or "" for none)`, source, cell.line);
    givens.push(given.value);
  });

  const solutionNode = fields.get('solution');
  let numbers: Int32Array | undefined;
  if (solutionNode !== undefined) {
    numbers = new Int32Array(n);
    gridCells(solutionNode, 'solution', width, height, source).forEach((cell, i) => {
      const name = cellName('solution', width, i);
      let value: JsonNode | undefined = cell;
      if (cell.type === 'array') {
        const [v, dir] = cell.items;
        value = v;
        const arrow = arrows[i];
        const same = dir !== undefined && (dir.type === 'string' || dir.type === 'null') && (dir.type === 'null' || dir.value === '' ? null : dir.value) === arrow;
        if (cell.items.length !== 2 || !same) {
          fail('bad-solution', `${name} should be [number, ${JSON.stringify(arrow ?? '')}] (the grid's arrow) or a bare number, found ${showNode(cell)}`, source, cell.line);
        }
      }
      if (value?.type !== 'number' || !Number.isInteger(value.value) || value.value < 1 || value.value > n) {
        fail('bad-solution', `${name} should hold a number from 1 to ${n}, found ${showNode(cell)}`, source, cell.line);
      }
      numbers![i] = value.value;
    });
  }
  const puzzle: ArrowPathPuzzle = {
    kind: 'arrowpath',
    width,
    height,
    arrows,
    givens,
    ...(numbers === undefined ? {} : { solution: { width, height, numbers } }),
    meta: readMeta(fields),
  };
  validateArrowPath(puzzle, source.file, { size: fields.lineOf('width'), cells: cells.map((c) => c.line), solution: fields.lineOf('solution') });
  return puzzle;
}

function readOne(node: JsonNode, source: SourceRef): Puzzle {
  const object = asObject(node, 'a puzzle', source);
  checkVersion(object, source);
  const fields = new Fields(object, source);
  const kindNode = fields.get('kind');
  let kind: string;
  if (kindNode === undefined) {
    if (fields.get('grid') !== undefined) kind = 'arrowpath';
    else if (fields.get('rows') !== undefined || fields.get('columns') !== undefined) kind = 'nonogram';
    else fail('bad-field', 'cannot tell the kind of puzzle: there is no "kind", no "rows" (nonogram) and no "grid" (arrow path)', source, object.line);
  } else if (kindNode.type === 'string' && (PUZZLE_KINDS as readonly string[]).includes(kindNode.value)) {
    kind = kindNode.value;
  } else {
    fail('bad-field', `"kind" should be one of ${PUZZLE_KINDS.map((k) => `"${k}"`).join(', ')}, found ${showNode(kindNode)}`, source, kindNode.line);
  }
  if (kind === 'colour-nonogram') return readColourNonogram(fields);
  return kind === 'nonogram' ? readNonogram(fields) : readArrowPath(fields);
}

export function readJson(text: string, source: SourceRef): Puzzle[] {
  const root = parseJson(stripBom(text), source);
  if (root.type === 'array') return root.items.map((item) => readOne(item, source));
  const object = asObject(root, 'the JSON file', source);
  const list = object.entries.get('puzzles');
  if (list === undefined) return [readOne(object, source)];
  checkVersion(object, source);
  if (list.type !== 'array') fail('bad-field', `"puzzles" should be a list of puzzles, found ${showNode(list)}`, source, list.line);
  return list.items.map((item) => readOne(item, source));
}

// --- Writer ---------------------------------------------------------------------------

const str = (value: string) => JSON.stringify(value);

/** A multi-line list: one item per line. */
function block(items: readonly string[], indent: string): string {
  if (items.length === 0) return '[]';
  return `[\n${items.map((item) => `${indent}  ${item}`).join(',\n')}\n${indent}]`;
}

function objectText(fields: readonly (readonly [string, string])[], indent: string): string {
  return `{\n${fields.map(([key, value]) => `${indent}  ${str(key)}: ${value}`).join(',\n')}\n${indent}}`;
}

function puzzleFields(puzzle: Puzzle, indent: string): [string, string][] {
  const inner = `${indent}  `;
  const fields: [string, string][] = [['kind', str(puzzle.kind)]];
  for (const [key, field] of META_FIELDS) {
    const value = puzzle.meta[field];
    if (value !== undefined) fields.push([key, str(value)]);
  }
  fields.push(['width', String(puzzle.width)], ['height', String(puzzle.height)]);
  if (puzzle.kind === 'nonogram') {
    fields.push(['rows', block(puzzle.rows.map((c) => `[${c.join(', ')}]`), inner)]);
    fields.push(['columns', block(puzzle.columns.map((c) => `[${c.join(', ')}]`), inner)]);
    const sorted = [...puzzle.givens].sort((a, b) => a.row - b.row || a.col - b.col);
    for (const [key, filled] of [['filled', true], ['empty', false]] as const) {
      const cells = sorted.filter((g) => g.filled === filled).map((g) => `[${g.row}, ${g.col}]`);
      if (cells.length > 0) fields.push([key, `[${cells.join(', ')}]`]);
    }
    if (puzzle.solution !== undefined) fields.push(['solution', block(solutionToRows(puzzle.solution).map(str), inner)]);
  } else if (puzzle.kind === 'colour-nonogram') {
    fields.push(...colourNonogramFields(puzzle, (items) => block(items, inner)));
  } else {
    const { width, height } = puzzle;
    const rows = (cell: (i: number) => string) => {
      const out: string[] = [];
      for (let r = 0; r < height; r++) {
        const cells: string[] = [];
        for (let c = 0; c < width; c++) cells.push(cell(r * width + c));
        out.push(`[${cells.join(', ')}]`);
      }
      return block(out, inner);
    };
    const arrow = (i: number) => str(puzzle.arrows[i] ?? '');
    fields.push(['grid', rows((i) => `[${puzzle.givens[i]}, ${arrow(i)}]`)]);
    const solution = puzzle.solution;
    if (solution !== undefined) fields.push(['solution', rows((i) => `[${solution.numbers[i]}, ${arrow(i)}]`)]);
  }
  return fields;
}

export function writeJson(puzzles: readonly Puzzle[]): string {
  puzzles.forEach(validateForOutput);
  const version: [string, string] = ['gridrace', String(JSON_VERSION)];
  if (puzzles.length === 1) return `${objectText([version, ...puzzleFields(puzzles[0]!, '')], '')}\n`;
  requireSome(puzzles, 'json');
  const items = puzzles.map((p) => objectText(puzzleFields(p, '    '), '    '));
  return `${objectText([version, ['puzzles', `[\n${items.map((i) => `    ${i}`).join(',\n')}\n  ]`]], '')}\n`;
}
