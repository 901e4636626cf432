// webpbn's XML format, read from files written by hand after its published description
// (webpbn.com/pbn_fmt.html, version 0.3), and its errors, each with the line to fix.
import { describe, expect, it } from 'vitest';
import { readPuzzles, verify, writePuzzles, type NonogramPuzzle } from '../../src/index.js';
import { expectFormatError } from './helpers.js';

// A 5x5 plus sign with a hollow centre, with a set-level title, comments, a DOCTYPE and a
// partial `saved` solution before the goal (which must be skipped).
const PLUS = `<?xml version="1.0"?>
<!DOCTYPE pbn SYSTEM "http://webpbn.com/pbn-0.3.dtd">
<puzzleset>
<source>a hand-made set</source>
<puzzle type="grid" defaultcolor="black">
<source>gridrace tests</source>
<id>#77</id>
<title>Plus &amp; ring</title>
<author>Someone</author>
<copyright>© 2026 Someone</copyright>
<description>Not kept.</description>
<color name="white" char=".">fff</color>
<color name="black" char="#">000</color>
<!-- columns first, as webpbn writes them -->
<clues type="columns">
<line><count>1</count></line>
<line><count>3</count></line>
<line><count>2</count><count>2</count></line>
<line><count color="black">3</count></line>
<line><count>1</count></line>
</clues>
<clues type="rows">
<line><count>1</count></line>
<line><count>3</count></line>
<line><count>2</count><count>2</count></line>
<line><count>3</count></line>
<line><count>1</count></line>
</clues>
<solution type="saved"><image>
|?????|
|?????|
|?????|
|?????|
|?????|
</image></solution>
<solution type="goal">
<image>
|..#..|
|.###.|
|##.##|
|.###.|
|..#..|
</image>
</solution>
</puzzle>
<puzzle>
<clues type="columns"><line/><line><count>1</count></line></clues>
<clues type="rows"><line><count>1</count></line></clues>
</puzzle>
</puzzleset>
`;

describe('webpbn XML', () => {
  it('reads clues (columns first), meta and the goal, skipping saved work; two puzzles in a set', () => {
    const [plus, small] = readPuzzles(PLUS, { file: 'plus.xml' }) as NonogramPuzzle[];
    expect(plus).toMatchObject({
      width: 5,
      height: 5,
      rows: [[1], [3], [2, 2], [3], [1]],
      columns: [[1], [3], [2, 2], [3], [1]],
      givens: [],
      meta: { title: 'Plus & ring', author: 'Someone', copyright: '© 2026 Someone', source: 'gridrace tests', catalogue: '#77' },
    });
    expect(verify(plus!, plus!.solution!)).toEqual({ ok: true });
    expect(Array.from(plus!.solution!.cells.slice(10, 15))).toEqual([1, 1, 0, 1, 1]);
    expect(small).toMatchObject({ width: 2, height: 1, rows: [[1]], columns: [[], [1]], meta: {} });
    expect(small!.solution).toBeUndefined();
  });

  it('is told by its extension or by its first character', () => {
    expect(readPuzzles(PLUS)).toHaveLength(2);
    expect(readPuzzles(PLUS.replace(/^<\?xml[^\n]*\n/, ''), { file: 'set.txt' })).toHaveLength(2);
  });

  it('writes what it reads', () => {
    const puzzles = readPuzzles(PLUS);
    expect(readPuzzles(writePuzzles(puzzles, 'xml'))).toEqual(puzzles);
  });

  /** The 1-based line of the first `needle` in `text` (after `from`). */
  const lineOf = (text: string, needle: string, from = 0) => text.slice(0, text.indexOf(needle, from)).split('\n').length;
  const ROW3 = '<line><count>2</count><count>2</count></line>\n<line><count>3</count></line>\n<line><count>1</count></line>\n</clues>\n<solution';
  const row3 = (line: string) => PLUS.replace(ROW3, ROW3.replace('<line><count>2</count><count>2</count></line>', line));
  const atRow3 = lineOf(PLUS, ROW3);
  const goalRow3 = lineOf(PLUS, '|##.##|');
  const broken: [string, string, string, number, RegExp][] = [
    // The parser sees the missing </line> at the </clues> that closes the columns.
    ['unclosed tag', PLUS.replace('<line><count>1</count></line>\n</clues>', '<line><count>1</count>\n</clues>'), 'bad-xml', lineOf(PLUS, '</clues>'), /^bad\.xml:\d+: malformed XML: /],
    ['undefined clue colour', row3('<line><count color="red">2</count><count>2</count></line>'), 'bad-colour', atRow3, /a clue in colour "red", which no <color> defines/],
    ['bad count', row3('<line><count>2x</count><count>2</count></line>'), 'bad-number', atRow3, /count "2x" is not a whole number/],
    ['clue too long', row3('<line><count>3</count><count>2</count></line>'), 'clue-too-long', atRow3, /row 3 clue "3 2" needs 6 cells/],
    ['image too narrow', PLUS.replace('|##.##|', '|##.#|'), 'bad-solution', goalRow3, /goal image row 3 "\|##\.#\|" has 4 cells/],
    ['unknown image character', PLUS.replace('|##.##|', '|##o##|'), 'bad-solution', goalRow3, /has "o", which is none of the puzzle's colours: "\." \(white\), "#" \(black\)/],
    ['goal against the clues', PLUS.replace('|##.##|', '|#####|'), 'bad-solution', lineOf(PLUS, '<image>', PLUS.indexOf('type="goal"')), /the solution does not fit the puzzle/],
    ['triddler', PLUS.replace('<puzzle type="grid" defaultcolor="black">', '<puzzle type="triddler">'), 'unsupported-feature', lineOf(PLUS, '<puzzle '), /type "triddler" are not supported/],
    ['no rows', PLUS.replace(/<clues type="rows">[\s\S]*?<\/clues>/, ''), 'bad-xml', lineOf(PLUS, '<puzzle '), /rows are missing/],
    ['second columns', PLUS.replace('<clues type="rows">', '<clues type="columns">'), 'bad-xml', lineOf(PLUS, '<clues type="rows">'), new RegExp(`a second <clues type="columns"> \\(the first is on line ${lineOf(PLUS, '<clues type="columns">')}\\)`)],
    ['not a puzzle set', '<?xml version="1.0"?>\n<html><body/></html>\n', 'bad-xml', 2, /expected <puzzleset> or <puzzle>, found <html>/],
  ];
  it.each(broken)('%s: one line with the line to fix', (_name, text, code, line, message) => {
    const error = expectFormatError(() => readPuzzles(text, { file: 'bad.xml' }), code as never, line, message);
    expect(error.message.split('\n')).toHaveLength(1);
    expect(error.message.startsWith(`bad.xml:${line}: `)).toBe(true);
  });

  it('refuses to write what XML cannot hold: givens, control characters, an arrow path', () => {
    const [plus] = readPuzzles(PLUS) as NonogramPuzzle[];
    expectFormatError(() => writePuzzles([{ ...plus!, givens: [{ row: 0, col: 2, filled: true }] }], 'xml'), 'unsupported-feature', undefined, /no place for given cells/);
    expectFormatError(() => writePuzzles([{ ...plus!, meta: { title: 'bell\u0007' } }], 'xml'), 'unsupported-feature', undefined, /title holds a character XML cannot hold/);
    expectFormatError(() => writePuzzles(readPuzzles('3x3:edeebg9a1ah'), 'xml'), 'unsupported-feature', undefined, /XML holds a nonogram, not an arrow path/);
  });
});
