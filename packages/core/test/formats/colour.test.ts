// Colour nonograms in core: the model's helpers, the verifier, webpbn XML and JSON read from
// files written by hand after their published descriptions, round trips, rendering, solution
// grids, and bad input with the line to fix.
import { describe, expect, it } from 'vitest';
import {
  colourClueOfLine,
  colourNonogramFromSolution,
  minimumColourLineLength,
  readPuzzle,
  readSolutions,
  renderColourNonogramSvg,
  renderColourNonogramText,
  verify,
  writePuzzle,
  writeSolution,
  type ColourNonogramPuzzle,
} from '../../src/index.js';
import { expectFormatError } from './helpers.js';

// A 4x3 picture in red and blue on white; red is the default colour, so its counts need no
// colour attribute. Blocks of different colours touch (row 1: rr then b).
const FLAG_XML = `<?xml version="1.0"?>
<!DOCTYPE pbn SYSTEM "http://webpbn.com/pbn-0.3.dtd">
<puzzleset>
<puzzle type="grid" defaultcolor="red" backgroundcolor="white">
<title>Flag</title>
<color name="white" char=".">fff</color>
<color name="red" char="r">f00</color>
<color name="blue" char="b">0000FF</color>
<clues type="columns">
<line><count>1</count><count>1</count></line>
<line><count>1</count><count color="blue">1</count><count>1</count></line>
<line><count color="blue">2</count></line>
<line><count color="blue">1</count></line>
</clues>
<clues type="rows">
<line><count>2</count><count color="blue">1</count></line>
<line><count color="blue">2</count></line>
<line><count>2</count><count color="blue">1</count></line>
</clues>
<solution type="goal"><image>
|rrb.|
|.bb.|
|rr.b|
</image></solution>
</puzzle>
</puzzleset>
`;

const FLAG_JSON = `{
  "gridrace": 1,
  "kind": "colour-nonogram",
  "name": "Flag",
  "width": 4,
  "height": 3,
  "colours": [["white", "#fff", "."], ["red", "ff0000", "r"], ["blue", "blue", "b"]],
  "rows": [[[2, "red"], [1, "blue"]], [[2, "blue"]], [[2, "red"], [1, "blue"]]],
  "columns": [[[1, "red"], [1, "red"]], [[1, "red"], [1, "blue"], [1, "red"]], [[2, "blue"]], [[1, "blue"]]],
  "solution": ["rrb.", ".bb.", "rr.b"]
}
`;

const RED = 1;
const BLUE = 2;
const flag = () => readPuzzle(FLAG_XML, { file: 'flag.xml' }) as ColourNonogramPuzzle;

describe('colour nonogram model', () => {
  it('reads the runs of each colour, and counts a gap only between blocks of one colour', () => {
    expect(colourClueOfLine([1, 1, 2, 0, 2, 0, 0, 1])).toEqual([
      { length: 2, colour: 1 },
      { length: 1, colour: 2 },
      { length: 1, colour: 2 },
      { length: 1, colour: 1 },
    ]);
    expect(colourClueOfLine([0, 0])).toEqual([]);
    expect(minimumColourLineLength([{ length: 2, colour: RED }, { length: 1, colour: RED }, { length: 1, colour: BLUE }])).toBe(5);
  });
});

describe('colour nonograms in webpbn XML and JSON', () => {
  it('reads the XML: palette background first, blocks by colour, the goal image', () => {
    const p = flag();
    expect(p.kind).toBe('colour-nonogram');
    expect(p.palette).toEqual([
      { name: 'white', rgb: 'ffffff', char: '.' },
      { name: 'red', rgb: 'ff0000', char: 'r' },
      { name: 'blue', rgb: '0000ff', char: 'b' },
    ]);
    expect(p.rows[0]).toEqual([{ length: 2, colour: RED }, { length: 1, colour: BLUE }]);
    expect(p.columns[1]).toEqual([{ length: 1, colour: RED }, { length: 1, colour: BLUE }, { length: 1, colour: RED }]);
    expect([...p.solution!.cells]).toEqual([1, 1, 2, 0, 0, 2, 2, 0, 1, 1, 0, 2]);
    expect(verify(p, p.solution!)).toEqual({ ok: true });
    expect(p.meta.title).toBe('Flag');
  });

  it('reads the same puzzle from JSON', () => {
    expect(readPuzzle(FLAG_JSON, { file: 'flag.json' })).toEqual(flag());
  });

  it('writes and reads back XML and JSON unchanged; formats without colour refuse it', () => {
    const p = flag();
    for (const format of ['xml', 'json'] as const) expect(readPuzzle(writePuzzle(p, format), { format })).toEqual(p);
    for (const format of ['non', 'nin', 'pattern', 'taai', 'signpost'] as const) {
      expectFormatError(() => writePuzzle(p, format), 'unsupported-feature', undefined, /holds an? (nonogram|arrow path), not a colour nonogram/);
    }
  });

  it('keeps givens in JSON, and refuses them in XML', () => {
    const p: ColourNonogramPuzzle = { ...flag(), givens: [{ row: 0, col: 2, colour: BLUE }, { row: 1, col: 0, colour: 0 }] };
    expect(readPuzzle(writePuzzle(p, 'json'))).toEqual(p);
    expectFormatError(() => writePuzzle(p, 'xml'), 'unsupported-feature', undefined, /no place for given cells/);
  });

  const xmlAt = (needle: string) => FLAG_XML.slice(0, FLAG_XML.indexOf(needle)).split('\n').length;
  const jsonAt = (needle: string) => FLAG_JSON.slice(0, FLAG_JSON.indexOf(needle)).split('\n').length;
  const broken: [name: string, file: string, text: string, code: string, line: number, message: RegExp][] = [
    ['a clue colour no <color> defines', 'x.xml', FLAG_XML.replace('<line><count color="blue">2</count></line>\n<line><count>2', '<line><count color="green">2</count></line>\n<line><count>2'), 'bad-colour', xmlAt('<line><count color="blue">2</count></line>\n<line><count>2'), /a clue in colour "green", which no <color> defines/],
    ['a colour value that is not hex', 'x.xml', FLAG_XML.replace('0000FF', 'bleu'), 'bad-colour', xmlAt('0000FF'), /<color name="blue"> has the value "bleu"/],
    ['a clue in the background colour', 'x.xml', FLAG_XML.replace('<count color="blue">1</count></line>\n</clues>', '<count color="white">1</count></line>\n</clues>'), 'bad-colour', xmlAt('<line><count color="blue">1</count></line>\n</clues>'), /a clue in the background colour "white"/],
    ['a colour defined twice', 'x.xml', FLAG_XML.replace('<color name="blue"', '<color name="red"'), 'bad-colour', xmlAt('<color name="blue"'), /a second <color name="red"> \(the first is on line \d+\)/],
    ['malformed XML', 'x.xml', FLAG_XML.replace('</title>', '</titel>'), 'bad-xml', xmlAt('</title>'), /malformed XML/],
    ['a block longer than its line', 'x.xml', FLAG_XML.replace('<line><count color="blue">2</count></line>\n<line><count color="blue">1', '<line><count color="blue">4</count></line>\n<line><count color="blue">1'), 'clue-too-long', xmlAt('<line><count color="blue">2</count></line>\n<line><count color="blue">1'), /column 3 clue "4blue" needs 4 cells but the column has 3/],
    ['an image character of no colour', 'x.xml', FLAG_XML.replace('|.bb.|', '|.bg.|'), 'bad-solution', xmlAt('|.bb.|'), /goal image row 2 has "g", which is none of the puzzle's colours/],
    ['a palette of one colour', 'x.json', FLAG_JSON.replace('[["white", "#fff", "."], ["red", "ff0000", "r"], ["blue", "blue", "b"]]', '[["white", "fff"]]'), 'bad-colour', jsonAt('"colours"'), /the palette has 1 colour\(s\); a colour puzzle needs a background and at least one colour/],
    ['a clue colour the palette lacks', 'x.json', FLAG_JSON.replace('[[2, "blue"]], [[2, "red"]', '[[2, "green"]], [[2, "red"]'), 'bad-colour', jsonAt('"rows"'), /row 2 clue names the colour "green", which "colours" does not list/],
    ['two colours with one character', 'x.json', FLAG_JSON.replace('"blue", "b"]', '"blue", "r"]'), 'bad-colour', jsonAt('"colours"'), /colours "red" and "blue" share the character "r"/],
    ['an unknown colour value', 'x.json', FLAG_JSON.replace('"blue", "blue", "b"', '"blue", "bleu", "b"'), 'bad-colour', jsonAt('"colours"'), /colour "blue" has the value "bleu"/],
    ['a solution character of no colour', 'x.json', FLAG_JSON.replace('".bb."', '".bx."'), 'bad-solution', jsonAt('"solution"'), /solution row 2 has "x" in column 3, which is no colour's character/],
  ];
  it.each(broken)('%s: one line naming the file, the line and the problem', (_name, file, text, code, line, message) => {
    const error = expectFormatError(() => readPuzzle(text, { file }), code as never, line, message);
    expect(error.message.split('\n')).toHaveLength(1);
    expect(error.message.startsWith(`${file}:${line}: `)).toBe(true);
  });
});

// Olšák's .g as pbnsolve reads it: a 4x4 puzzle in red and green, and the same shape in black and white.
const COLOUR_G = `4x4 colour test
#d
   0:.  #FFFFFF  white
   r:r  #FF0000  red
   g:g  #00FF00  green
: rows
2r 1g
1r 2g
1g 1r
2g 2r
: columns
2r 1g
1r 2g
2g 1r
1g 2r
: end
`;

describe("Olšák's .g", () => {
  it('reads colours (inchar:outchar, #RRGGBB, name), the rows and columns, and a title', () => {
    const p = readPuzzle(COLOUR_G, { file: 'c.g' }) as ColourNonogramPuzzle;
    expect(p.palette).toEqual([
      { name: 'white', rgb: 'ffffff', char: '.' },
      { name: 'red', rgb: 'ff0000', char: 'r' },
      { name: 'green', rgb: '00ff00', char: 'g' },
    ]);
    expect(p.rows[3]).toEqual([{ length: 2, colour: 2 }, { length: 2, colour: 1 }]);
    expect(p.meta.title).toBe('4x4 colour test');
    // Its one solution (pbnsolve prints rrg. / r.gg / .g.r / ggrr).
    expect(verify(p, { width: 4, height: 4, cells: Uint8Array.from([1, 1, 2, 0, 1, 0, 2, 2, 0, 2, 0, 1, 2, 2, 1, 1]) })).toEqual({ ok: true });
    expect(readPuzzle(writePuzzle(p, 'olsak'))).toEqual(p);
  });

  it('reads CSS colour names as values, and names two colours whose comments start alike apart', () => {
    const text = '#d\n   b:b  brown\n   g:g  #62F218  svetle zelena\n   s:s  #F6BEF6  svetle ruzova\n: rows\n1b 1g 1s\n: columns\n1b\n1g\n1s\n';
    const p = readPuzzle(text, { file: 'names.g' }) as ColourNonogramPuzzle;
    expect(p.palette.slice(1)).toEqual([
      { name: 'brown', rgb: 'a52a2a', char: 'b' },
      { name: 'svetle', rgb: '62f218', char: 'g' },
      { name: 'svetle-s', rgb: 'f6bef6', char: 's' },
    ]);
  });

  it('reads black and white without #d, a blank line as an empty clue, the format by content', () => {
    const p = readPuzzle(': rows\n2\n\n: columns\n1\n1\n');
    expect(p).toMatchObject({ kind: 'nonogram', width: 2, height: 2, rows: [[2], []], columns: [[1], [1]] });
  });

  const gAt = (text: string, needle: string) => text.slice(0, text.indexOf(needle)).split('\n').length;
  const broken: [name: string, text: string, code: string, line: number, message: RegExp][] = [
    ['a colour key #d does not declare', COLOUR_G.replace('1g 1r\n2g', '1b 1r\n2g'), 'bad-colour', gAt(COLOUR_G, '1g 1r\n2g'), /row 3 clue has the colour key "b", which #d does not declare/],
    ['a block without a key and no default', COLOUR_G.replace('2r 1g\n1r 2g\n1g', '2 1g\n1r 2g\n1g'), 'bad-colour', gAt(COLOUR_G, '2r 1g'), /no default colour \(1:\) is declared/],
    ['a bad colour value', COLOUR_G.replace('#FF0000', '#FF00'), 'bad-colour', gAt(COLOUR_G, '#FF0000'), /colour "r" has the value "#FF00"/],
    ['a triddler', COLOUR_G.replace('#d', '#t'), 'unsupported-feature', 2, /triddlers/],
    ['a triangle colour', COLOUR_G.replace('#00FF00', 'black/green'), 'unsupported-feature', gAt(COLOUR_G, '#00FF00'), /colour "g" is a triangle \(black\/green\)/],
    ['no columns', COLOUR_G.replace(/: columns[\s\S]*/, ''), 'bad-header', 10, /no ": columns" line/],
    ['a comma in a clue', COLOUR_G.replace('2r 1g\n1r', '2r, 1g\n1r'), 'bad-number', gAt(COLOUR_G, '2r 1g'), /has "2r,"/],
  ];
  it.each(broken)('%s: one line naming the file, the line and the problem', (_name, text, code, line, message) => {
    const error = expectFormatError(() => readPuzzle(text, { file: 'x.g' }), code as never, line, message);
    expect(error.message.startsWith(`x.g:${line}: `)).toBe(true);
  });
});

// nonogrid's TOML, written after its examples (hello.toml, UK.toml): the same 4x4 puzzle, colours
// with hex and RGB-triple values, clues one per line with comments, or comma-separated.
const COLOUR_TOML = `# 4x4 colour test puzzle for nonogrid
[colors]
defs = [
    "r = (FF0000) r",
    "g = (0, 255, 0) g",
]

[clues]
rows = """
2r 1g
1r 2g   # a comment
1g 1r   ; another

2g 2r
"""
columns = "2r 1g, 1r 2g, 2g 1r, 1g 2r"
`;

describe("nonogrid's TOML", () => {
  it('reads colours (name = (value) symbol), clues per line or per comma, comments and blank lines', () => {
    const p = readPuzzle(COLOUR_TOML, { file: 'c.toml' }) as ColourNonogramPuzzle;
    const g = readPuzzle(COLOUR_G) as ColourNonogramPuzzle;
    expect(p.rows).toEqual(g.rows);
    expect(p.columns).toEqual(g.columns);
    expect(p.palette).toEqual([
      { name: 'white', rgb: 'ffffff', char: '.' },
      { name: 'r', rgb: 'ff0000', char: 'r' },
      { name: 'g', rgb: '00ff00', char: 'g' },
    ]);
    expect(readPuzzle(writePuzzle(p, 'toml'))).toEqual(p);
  });

  it('reads black and white without [colors], 0 as an empty line, the format by content', () => {
    expect(readPuzzle('[clues]\nrows = "2, 1 1, 3, 0"\ncolumns = """\n1 1\n3\n2  # comment\n1\n"""\n')).toMatchObject({
      kind: 'nonogram',
      rows: [[2], [1, 1], [3], []],
      columns: [[1, 1], [3], [2], [1]],
    });
  });

  const tAt = (text: string, needle: string) => text.slice(0, text.indexOf(needle)).split('\n').length;
  const broken: [name: string, text: string, code: string, line: number, message: RegExp][] = [
    ['a colour [colors] does not define', COLOUR_TOML.replace('1g 1r', '1b 1r'), 'bad-colour', tAt(COLOUR_TOML, '1g 1r'), /row 3 clue has the colour "b", which \[colors\] does not define/],
    ['a bad colour definition', COLOUR_TOML.replace('"r = (FF0000) r"', '"r = FF0000"'), 'bad-colour', tAt(COLOUR_TOML, '"r = (FF0000) r"'), /should read like "r = \(FF0000\) %"/],
    ['a bad colour value', COLOUR_TOML.replace('(FF0000)', '(FF00)'), 'bad-colour', tAt(COLOUR_TOML, '(FF0000)'), /colour "r" has the value "FF00"/],
    ['an unclosed string', COLOUR_TOML.replace('columns = "2r 1g, 1r 2g, 2g 1r, 1g 2r"', 'columns = "2r 1g'), 'bad-toml', tAt(COLOUR_TOML, 'columns'), /a string without triple quotes ends at the line end/],
    ['a number where a string should be', COLOUR_TOML.replace('columns = "2r 1g, 1r 2g, 2g 1r, 1g 2r"', 'columns = 4'), 'bad-toml', tAt(COLOUR_TOML, 'columns'), /this reader takes strings and lists of strings/],
    ['a block that is not a number', COLOUR_TOML.replace('2g 2r', 'g2 2r'), 'bad-number', tAt(COLOUR_TOML, '2g 2r'), /row 4 clue "g2 2r" has "g2"/],
  ];
  it.each(broken)('%s: one line naming the file, the line and the problem', (_name, text, code, line, message) => {
    const error = expectFormatError(() => readPuzzle(text, { file: 'x.toml' }), code as never, line, message);
    expect(error.message.split('\n')).toHaveLength(1);
  });
  it('a file without [clues]: one line naming the file', () => {
    expectFormatError(() => readPuzzle(COLOUR_TOML.replace('[clues]', '[clue]'), { file: 'x.toml' }), 'bad-toml', undefined, /^x\.toml: there is no \[clues\] table$/);
  });
});

describe('verifying colour grids', () => {
  it('accepts the solution and names what is wrong with others', () => {
    const p = flag();
    const cells = Uint8Array.from(p.solution!.cells);
    cells[3] = BLUE; // row 1 becomes rr bb
    const result = verify(p, { width: 4, height: 3, cells });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.problems).toContain('row 1: clue 2red 1blue, grid gives 2red 2blue');
    const withGiven: ColourNonogramPuzzle = { ...p, givens: [{ row: 0, col: 0, colour: BLUE }] };
    const given = verify(withGiven, p.solution!);
    expect(given.ok).toBe(false);
  });

  it('needs a gap between two blocks of one colour: touching, they read as one', () => {
    const p = colourNonogramFromSolution({ width: 3, height: 1, cells: Uint8Array.from([1, 0, 1]) }, flag().palette);
    expect(p.rows[0]).toEqual([{ length: 1, colour: RED }, { length: 1, colour: RED }]);
    expect(verify(p, { width: 3, height: 1, cells: Uint8Array.from([1, 1, 0]) }).ok).toBe(false);
  });
});

describe('rendering and solution grids', () => {
  it('draws text with each colour\'s character, ANSI colours on request, and SVG in the palette', () => {
    const p = flag();
    const plain = renderColourNonogramText(p, p.solution);
    expect(plain).toContain('rrrrbbb');
    expect(plain).not.toContain('\x1b[');
    const coloured = renderColourNonogramText(p, p.solution, { color: true });
    expect(coloured).toContain('\x1b[48;2;255;0;0m');
    const svg = renderColourNonogramSvg(p, p.solution);
    expect(svg.match(/fill="#ff0000"/g)!.length).toBeGreaterThanOrEqual(4 + 5);
    expect(svg).toContain('<title>Flag</title>');
  });

  it('writes and reads solution grids in the palette\'s characters', () => {
    const p = flag();
    const text = writeSolution(p.solution!, p.palette);
    expect(text).toBe('rrb.\n.bb.\nrr.b\n');
    expect(readSolutions(text, { width: 4, height: 3, kind: 'colour-nonogram', palette: p.palette })).toEqual([p.solution]);
    expectFormatError(() => readSolutions('rrb.\n.bz.\nrr.b\n', { file: 's.txt', width: 4, height: 3, kind: 'colour-nonogram', palette: p.palette }), 'bad-solution', 2, /"z" in column 3; the colours are/);
  });
});
