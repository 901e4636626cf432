// Mirek Olšák's `.g` format, as pbnsolve reads it (black and white, or colour):
//
//   4x4 colour test              free text before the first ':' line is ignored
//   #d                           colours: inchar:outchar, value (#RRGGBB or a name), comment
//      0:.  #FFFFFF  white       0 is the background (default white '.')
//      r:r  #FF0000  red         1 would be the colour of blocks written without a suffix
//      g:g  #00FF00  green
//   : rows                       rows, one per line, blocks such as 2r 1g
//   2r 1g
//   ...
//   : columns
//   ...
//   : end                        optional
//
// Without `#d` the puzzle is black and white (bare numbers). There is no size line: the
// sizes are the counts of clue lines, so a blank line is an empty clue (pbnsolve reads it so,
// also at the end of the file). A colour's name is the comment's first word when the value
// is #RRGGBB (`r:r #FF0000 red`), else the value (`r:r red`). `#t` (triddlers) is refused.
// The writer writes what both pbnsolve and nonogrid read: every colour with #RRGGBB and a
// name, a suffix on every colour block, no `: end`.
import { normaliseRgb, pickColourChar, type ColourBlock, type PaletteColour } from '../model/colour-nonogram.js';
import type { NonogramPuzzle } from '../model/nonogram.js';
import type { Puzzle } from '../model/puzzle.js';
import { fail, type SourceRef } from './errors.js';
import { MAX_SIDE, isBlank, quote, splitLines } from './text.js';
import { checkPalette, nonogramFromBlocks } from './validate-colour.js';
import { OUTPUT, requireGivenless, requireKind, requireOne } from './write-helpers.js';

interface Declared {
  readonly inchar: string;
  readonly colour: PaletteColour;
  readonly line: number;
}

function readColourLine(raw: string, line: number, source: SourceRef): { inchar: string; outchar: string; name: string; rgb: string } {
  const m = /^\s*(\S):(.)\s*(\S*)\s*(.*)$/.exec(raw);
  if (m === null) fail('bad-colour', `a colour line should read like "r:r #FF0000 red", found ${quote(raw.trim())}`, source, line);
  const [, inchar, outchar, word, comment] = m as unknown as [string, string, string, string, string];
  if (/[\d,]/.test(inchar) && inchar !== '0' && inchar !== '1') fail('bad-colour', `the colour key ${quote(inchar)} is a digit or a comma, which clues cannot tell from a number`, source, line);
  const hex = /^#[0-9a-fA-F]{6}$/.test(word) || /^#[0-9a-fA-F]{3}$/.test(word);
  const name = hex ? (comment.split(/\s+/)[0] ?? '') : word;
  if (/[/\\]/.test(word)) fail('unsupported-feature', `colour ${quote(inchar)} is a triangle (${word}): cells split between two colours are not supported`, source, line);
  const rgb = normaliseRgb(word);
  if (rgb === undefined) fail('bad-colour', `colour ${quote(inchar)} has the value ${quote(word)}; give #RRGGBB or a CSS colour name`, source, line);
  return { inchar, outchar, name: name === '' ? (inchar === '0' ? 'white' : `colour-${inchar}`) : name, rgb };
}

export function readOlsak(text: string, source: SourceRef): Puzzle[] {
  const lines = splitLines(text);
  let i = 0;
  let colourMode = false;
  const declared: Declared[] = [];
  let title: string | undefined;
  // The header: up to the first line that starts with ':'.
  for (; i < lines.length && !lines[i]!.startsWith(':'); i++) {
    const raw = lines[i]!;
    const at = i + 1;
    if (/^#[tT]/.test(raw)) fail('unsupported-feature', 'triddlers (#t) are not supported, only grids', source, at);
    if (/^#[dD]/.test(raw)) {
      colourMode = true;
      for (i++; i < lines.length && !lines[i]!.trimStart().startsWith(':'); i++) {
        const c = readColourLine(lines[i]!, i + 1, source);
        // Comments need not be unique names ("svetle zelena", "svetle ruzova"): a taken one gets its key.
        const name = declared.some((d) => d.colour.name === c.name) ? `${c.name}-${c.inchar}` : c.name;
        declared.push({ inchar: c.inchar, colour: { name, rgb: c.rgb, char: c.outchar }, line: i + 1 });
      }
      break;
    }
    if (title === undefined && !isBlank(raw) && !raw.startsWith('#')) title = raw.trim();
  }
  if (i >= lines.length) fail('bad-header', 'no ": rows" line (a line starting with ":" begins the row clues)', source, lines.length);
  const sections: { text: string; line: number }[][] = [[], []];
  let section = 0;
  for (i++; i < lines.length; i++) {
    if (lines[i]!.startsWith(':')) {
      if (++section === 2) break;
      continue;
    }
    sections[section]!.push({ text: lines[i]!, line: i + 1 });
  }
  if (section < 1) fail('bad-header', 'no ": columns" line after the rows', source, lines.length);
  const [rowLines, columnLines] = sections as [{ text: string; line: number }[], { text: string; line: number }[]];
  if (rowLines.length === 0 || columnLines.length === 0) fail('bad-size', `the puzzle has ${columnLines.length} columns and ${rowLines.length} rows; it needs at least one of each`, source, lines.length);

  // The palette: the background ('0', white by default), then the declared colours in order.
  const background = declared.find((d) => d.inchar === '0');
  const others = declared.filter((d) => d.inchar !== '0');
  const taken = new Set(declared.map((d) => d.colour.char).filter((c) => c.trim() !== ''));
  const fixChar = (c: PaletteColour, index: number): PaletteColour => {
    if (c.char.trim() !== '') return c;
    const char = pickColourChar(c.name, index, taken);
    taken.add(char);
    return { ...c, char };
  };
  const palette = [fixChar(background?.colour ?? { name: 'white', rgb: 'ffffff', char: '.' }, 0), ...others.map((d, k) => fixChar(d.colour, k + 1))];
  const byInchar = new Map<string, number>(others.map((d, k) => [d.inchar, k + 1]));
  const blackAndWhite = !colourMode || (others.length === 1 && others[0]!.colour.name === 'black' && others[0]!.inchar === '1');
  if (colourMode) checkPalette(palette, source, { palette: [background?.line, ...others.map((d) => d.line)], default: 1 });

  const readClue = (raw: string, label: string, line: number): ColourBlock[] => {
    const tokens = raw.trim().split(/\s+/).filter((t) => t !== '');
    if (tokens.length === 1 && tokens[0] === '0') return [];
    return tokens.map((token) => {
      const m = /^(\d+)(\D?)$/.exec(token);
      if (m === null) fail('bad-number', `${label} clue ${quote(raw.trim())} has ${quote(token)}; blocks are a number and at most one colour key, separated by spaces`, source, line);
      const length = Number(m[1]);
      if (length < 1 || length > MAX_SIDE) fail('bad-number', `${label} clue ${quote(raw.trim())} has a block of ${m[1]}; lengths are 1 to ${MAX_SIDE}`, source, line);
      const key = m[2] === '' ? '1' : m[2]!;
      if (!colourMode) {
        if (m[2] !== '') fail('bad-colour', `${label} clue has the colour key ${quote(key)} but the file declares no colours (#d)`, source, line);
        return { length, colour: 1 };
      }
      const colour = byInchar.get(key);
      if (colour === undefined) {
        const why = m[2] === '' ? 'a block without a colour key, and no default colour (1:) is declared' : `the colour key ${quote(key)}, which #d does not declare`;
        fail('bad-colour', `${label} clue has ${why}`, source, line);
      }
      return { length, colour };
    });
  };
  const rows = rowLines.map((l, r) => readClue(l.text, `row ${r + 1}`, l.line));
  const columns = columnLines.map((l, c) => readClue(l.text, `column ${c + 1}`, l.line));
  const meta = title === undefined ? {} : { title };
  const where = { default: 1, rows: rowLines.map((l) => l.line), columns: columnLines.map((l) => l.line) };
  return [nonogramFromBlocks(blackAndWhite, { palette, rows, columns, meta }, source.file, where)];
}

/** Keys clues can use for each colour: its character, unless that is a digit, a comma or whitespace. */
function clueKeys(palette: readonly PaletteColour[]): string[] {
  const taken = new Set<string>(['0', '1']);
  return palette.map((c, i) => {
    if (i === 0) return '0';
    let key = c.char;
    if (/[\d,\s:]/.test(key) || taken.has(key)) key = [...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ'].find((k) => !taken.has(k)) ?? key;
    taken.add(key);
    return key;
  });
}

export function writeOlsak(puzzles: readonly Puzzle[]): string {
  const one = requireOne(puzzles, 'g');
  const puzzle = one.kind === 'colour-nonogram' ? requireKind(one, 'colour-nonogram', '.g') : requireKind(one, 'nonogram', '.g');
  requireGivenless(puzzle as NonogramPuzzle, '.g');
  const out: string[] = [];
  const title = puzzle.meta.title?.replace(/[\r\n]+/g, ' ').trim();
  if (title !== undefined && title !== '') out.push(/^[:#]/.test(title) ? `title ${title}` : title);
  if (puzzle.kind === 'nonogram') {
    out.push(': rows', ...puzzle.rows.map((c) => c.join(' ')), ': columns', ...puzzle.columns.map((c) => c.join(' ')));
    return `${out.join('\n')}\n`;
  }
  const keys = clueKeys(puzzle.palette);
  out.push('#d');
  puzzle.palette.forEach((c, i) => {
    if (/\s/.test(c.name)) fail('unsupported-feature', `the colour name ${quote(c.name)} has a space, which .g cannot hold`, OUTPUT);
    out.push(`   ${keys[i]}:${c.char}  #${c.rgb.toUpperCase()}  ${c.name}`);
  });
  const clue = (blocks: readonly ColourBlock[]) => blocks.map((b) => `${b.length}${keys[b.colour]}`).join(' ');
  out.push(': rows', ...puzzle.rows.map(clue), ': columns', ...puzzle.columns.map(clue));
  return `${out.join('\n')}\n`;
}
