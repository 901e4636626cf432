// nonogrid's TOML format (tsionyx/nonogrid), black and white or colour:
//
//   [colors]                                   optional: its presence makes a colour puzzle
//   defs = ["r = (FF0000) %", "g = (0, 255, 0) *"]   name = (value) symbol
//
//   [clues]
//   rows = """
//   2r 1g        # one clue per line, or several per line separated by commas
//   1r 2g
//   """
//   columns = "2r 1g, 1r 2g, 2g 1r, 1g 2r"
//
// A block is a length and, directly after it, a colour's name (`2g`, `2red`); a bare number is
// black (`B`). `0` is an empty line; blank and comment-only lines (`#` or `;`) are skipped. White
// (`W`, the background, `.`) and black (`B`, `X`) always exist, and nonogrid ignores definitions
// of them, as this reader does. A value is hex (`FF0000`, `#F00`), an RGB triple or a CSS
// colour name; the symbol, the definition's last character, prints the colour. The sizes are the
// counts of clues. toml-subset.ts reads the TOML.
import { normaliseRgb, type ColourBlock, type PaletteColour } from '../model/colour-nonogram.js';
import type { NonogramPuzzle } from '../model/nonogram.js';
import type { Puzzle } from '../model/puzzle.js';
import { fail, type SourceRef } from './errors.js';
import { MAX_SIDE, quote, stripBom } from './text.js';
import { readTomlSubset, type TomlString, type TomlValue } from './toml-subset.js';
import { checkPalette, nonogramFromBlocks } from './validate-colour.js';
import { OUTPUT, requireGivenless, requireKind, requireOne } from './write-helpers.js';

const WHITE: PaletteColour = { name: 'white', rgb: 'ffffff', char: '.' };
const BLACK: PaletteColour = { name: 'black', rgb: '000000', char: 'X' };

/** The clues in one clue string: a clue per piece, pieces split by lines and commas, with the line of each. */
function clueTexts(s: TomlString): { text: string; line: number }[] {
  const out: { text: string; line: number }[] = [];
  s.value.split('\n').forEach((raw, i) => {
    const body = raw.replace(/[#;].*$/, '');
    for (const piece of body.split(',')) {
      const text = piece.trim().replace(/^['"]|['"]$/g, '').trim();
      if (text !== '') out.push({ text, line: s.line + i });
    }
  });
  return out;
}

/** "name = (value) symbol" as a palette colour. */
function readDefinition(def: TomlString, source: SourceRef): PaletteColour {
  const m = /^\s*([^=\s]+)\s*=\s*\(([^)]*)\)\s*(\S)\s*$/.exec(def.value);
  if (m === null) fail('bad-colour', `the colour ${quote(def.value)} should read like "r = (FF0000) %": a name, a value in brackets, a symbol`, source, def.line);
  const [, name, value, char] = m as unknown as [string, string, string, string];
  const triple = /^\s*(\d{1,3})\s*,\s*(\d{1,3})\s*,\s*(\d{1,3})\s*$/.exec(value);
  const rgb = triple
    ? triple
        .slice(1)
        .map((v) => Math.min(255, Number(v)).toString(16).padStart(2, '0'))
        .join('')
    : normaliseRgb(value);
  if (rgb === undefined) fail('bad-colour', `colour ${quote(name)} has the value ${quote(value)}; give hex (FF0000), an RGB triple or a CSS colour name`, source, def.line);
  return { name, rgb, char };
}

export function readToml(text: string, source: SourceRef): Puzzle[] {
  const tables = readTomlSubset(stripBom(text), (message, line) => fail('bad-toml', message, source, line));
  const clues = tables.get('clues');
  if (clues === undefined) fail('bad-toml', 'there is no [clues] table', source);
  const clueString = (key: 'rows' | 'columns'): TomlString => {
    const entry = clues.get(key);
    if (entry === undefined) fail('bad-toml', `[clues] has no "${key}"`, source);
    if (entry.value.type !== 'string') fail('bad-toml', `"${key}" should be a string of clues`, source, entry.line);
    return entry.value.string;
  };
  const defsEntry = tables.get('colors')?.get('defs');
  const defsValue: TomlValue | undefined = defsEntry?.value;
  if (defsValue !== undefined && defsValue.type !== 'list') fail('bad-toml', '"defs" should be a list of colours such as ["r = (FF0000) %"]', source, defsEntry!.line);
  const defs = defsValue?.type === 'list' ? defsValue.items : [];
  const colour = defs.length > 0;

  // White and black always exist (definitions of W and B are ignored, as in nonogrid).
  const defined = defs.map((d) => ({ colour: readDefinition(d, source), line: d.line })).filter((d) => d.colour.name !== 'W' && d.colour.name !== 'B');
  const byName = new Map<string, number>();
  const palette: PaletteColour[] = [WHITE];
  const lines: (number | undefined)[] = [undefined];
  let blackIndex = -1;
  const black = () => {
    if (blackIndex < 0) {
      blackIndex = palette.length;
      palette.push(BLACK);
      lines.push(undefined);
    }
    return blackIndex;
  };
  for (const d of defined) {
    byName.set(d.colour.name, palette.length);
    palette.push(d.colour);
    lines.push(d.line);
  }
  if (colour) checkPalette(palette, source, { palette: lines, default: defsEntry!.line });

  const readClue = ({ text: clueText, line }: { text: string; line: number }, label: string): ColourBlock[] => {
    const tokens = clueText.split(/\s+/);
    if (tokens.length === 1 && tokens[0] === '0') return [];
    return tokens.map((token) => {
      const m = /^(\d+)(.*)$/.exec(token);
      if (m === null) fail('bad-number', `${label} clue ${quote(clueText)} has ${quote(token)}; a block is a length and a colour name, such as 2r`, source, line);
      const length = Number(m[1]);
      if (length < 1 || length > MAX_SIDE) fail('bad-number', `${label} clue ${quote(clueText)} has a block of ${m[1]}; lengths are 1 to ${MAX_SIDE}`, source, line);
      const name = m[2]!;
      if (name === '' || name === 'B') return { length, colour: colour ? black() : 1 };
      if (!colour) fail('bad-colour', `${label} clue has the colour ${quote(name)} but the file defines no colours ([colors] defs)`, source, line);
      const index = byName.get(name);
      if (index === undefined) fail('bad-colour', `${label} clue has the colour ${quote(name)}, which [colors] does not define`, source, line);
      return { length, colour: index };
    });
  };
  const rowTexts = clueTexts(clueString('rows'));
  const columnTexts = clueTexts(clueString('columns'));
  const rows = rowTexts.map((c, i) => readClue(c, `row ${i + 1}`));
  const columns = columnTexts.map((c, i) => readClue(c, `column ${i + 1}`));
  if (rows.length === 0 || columns.length === 0) fail('bad-size', `the puzzle has ${columns.length} columns and ${rows.length} rows; it needs at least one of each`, source, clues.get('rows')!.line);
  const where = { default: clues.get('rows')!.line, rows: rowTexts.map((c) => c.line), columns: columnTexts.map((c) => c.line) };
  return [nonogramFromBlocks(!colour, { palette, rows, columns, meta: {} }, source.file, { ...where, palette: lines })];
}

/** A colour's name in clues: black is `B`; others must start with a letter and hold no separator. */
function clueName(c: PaletteColour): string {
  if (c.name === 'black' && c.rgb === '000000') return 'B';
  if (!/^[A-Za-z][^\s,#;='"()]*$/.test(c.name) || c.name === 'W' || c.name === 'B') {
    fail('unsupported-feature', `the colour name ${quote(c.name)} cannot be written in nonogrid's TOML (it must start with a letter, hold no separator and not be W or B)`, OUTPUT);
  }
  return c.name;
}

export function writeToml(puzzles: readonly Puzzle[]): string {
  const one = requireOne(puzzles, 'toml');
  const puzzle = one.kind === 'colour-nonogram' ? requireKind(one, 'colour-nonogram', 'TOML') : requireKind(one, 'nonogram', 'TOML');
  requireGivenless(puzzle as NonogramPuzzle, 'TOML');
  const out: string[] = [];
  if (puzzle.meta.title !== undefined) out.push(`# ${puzzle.meta.title.replace(/[\r\n]+/g, ' ')}`);
  let clue: (line: number) => string;
  if (puzzle.kind === 'nonogram') {
    const lines = [...puzzle.rows, ...puzzle.columns];
    clue = (i) => (lines[i]!.length === 0 ? '0' : lines[i]!.join(' '));
  } else {
    const names = puzzle.palette.map((c, i) => (i === 0 ? '' : clueName(c)));
    const defs = puzzle.palette.slice(1).filter((_, i) => names[i + 1] !== 'B');
    out.push('[colors]', 'defs = [', ...defs.map((c) => `  "${clueName(c)} = (${c.rgb.toUpperCase()}) ${c.char === '"' || c.char === '\\' ? `\\${c.char}` : c.char}",`), ']', '');
    const lines = [...puzzle.rows, ...puzzle.columns];
    clue = (i) => (lines[i]!.length === 0 ? '0' : lines[i]!.map((b) => `${b.length}${names[b.colour]}`).join(' '));
  }
  const section = (from: number, count: number) => Array.from({ length: count }, (_, i) => clue(from + i));
  out.push('[clues]', 'rows = """', ...section(0, puzzle.height), '"""', 'columns = """', ...section(puzzle.height, puzzle.width), '"""');
  return `${out.join('\n')}\n`;
}
