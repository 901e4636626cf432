// Behaviour of the line-based readers (.non, .nin, TAAI) beyond the real files.
import { describe, expect, it } from 'vitest';
import { readPuzzle, readPuzzles, writePuzzle, type NonogramPuzzle } from '../../src/index.js';
import { expectFormatError } from './helpers.js';

const DANCER_NON = `catalogue "webpbn.com #1"
title "Dancer"
by "Jan Wolter"
copyright "&copy; Copyright 2004 by Jan Wolter"
width 5
height 10

rows
2
2,1
1,1
3
1,1
1,1
2
1,1
1,2
2

columns
2,1
2,1,3
7
1,3
2,1

goal "01100011010010101110101001010000110010100101111000"
`;

const crlf = (text: string) => text.replace(/\n/g, '\r\n');
const bom = (text: string) => `\uFEFF${text}`;

describe('.non', () => {
  const dancer = readPuzzle(DANCER_NON, { format: 'non' }) as NonogramPuzzle;

  it('reads clues, meta and goal', () => {
    expect([dancer.width, dancer.height]).toEqual([5, 10]);
    expect(dancer.rows[1]).toEqual([2, 1]);
    expect(dancer.columns[1]).toEqual([2, 1, 3]);
    expect(dancer.meta).toEqual({ catalogue: 'webpbn.com #1', title: 'Dancer', author: 'Jan Wolter', copyright: '&copy; Copyright 2004 by Jan Wolter' });
    expect(dancer.solution?.cells.slice(0, 5)).toEqual(Uint8Array.from([0, 1, 1, 0, 0]));
  });
  it('writes what it reads, byte for byte', () => {
    expect(writePuzzle(dancer, 'non')).toBe(DANCER_NON);
  });
  it('reads CRLF line endings and a BOM the same', () => {
    expect(readPuzzle(bom(crlf(DANCER_NON)), { file: 'dancer.non' })).toEqual(dancer);
  });
  it('reads columns before rows, a goal without quotes, spaces in clues, and ignores unknown keys', () => {
    const text = DANCER_NON.replace('goal "', 'goal ')
      .replace(/"\n$/, '\n')
      .replace('2,1,3', '2, 1 ,3')
      .replace('width 5', 'color black\nwidth 5\n# a comment')
      .replace(/rows\n([\s\S]*?)\n\ncolumns\n([\s\S]*?)\n\n/, 'columns\n$2\n\nrows\n$1\n\n');
    expect(text).toMatch(/^columns$[\s\S]*^rows$/m);
    expect(readPuzzle(text, { format: 'non' })).toEqual(dancer);
  });
  it('writes a license bare and quotes other meta', () => {
    const text = writePuzzle({ ...dancer, meta: { title: 'a "quoted" title', license: 'CC-BY-4.0', source: 'dropped' } }, 'non');
    expect(text.split('\n').slice(0, 2)).toEqual(['title "a "quoted" title"', 'license CC-BY-4.0']);
    expect(readPuzzle(text).meta).toEqual({ title: 'a "quoted" title', license: 'CC-BY-4.0' });
  });
  it('refuses a meta value with a line break', () => {
    expectFormatError(() => writePuzzle({ ...dancer, meta: { title: 'two\nlines' } }, 'non'), 'unsupported-feature', undefined, /line break/);
  });
  it('refuses a goal that contradicts the clues', () => {
    const wrong = DANCER_NON.replace('goal "0', 'goal "1');
    expectFormatError(() => readPuzzle(wrong, { file: 'd.non' }), 'bad-solution', 27, /^d\.non:27: the solution does not fit the puzzle: row 1: clue 2, grid gives 3/);
  });
});

describe('.nin', () => {
  const text = '3 2\n1 1\n0\n1\n0\n1\n';
  it('reads rows then columns, 0 = empty', () => {
    const p = readPuzzle(text, { file: 'a.nin' }) as NonogramPuzzle;
    expect([p.width, p.height, p.rows, p.columns]).toEqual([3, 2, [[1, 1], []], [[1], [], [1]]]);
    expect(writePuzzle(p, 'nin')).toBe(text);
  });
  it('ignores trailing blank lines and reads a blank clue line as empty', () => {
    expect(readPuzzle(crlf('3 2\n1 1\n\n1\n0\n1\n\n\n'), { format: 'nin' })).toEqual(readPuzzle(text, { format: 'nin' }));
  });
  it('accepts tabs and several spaces between numbers', () => {
    expect(readPuzzle('3 2\n1\t 1\n0\n1\n0\n1\n', { format: 'nin' })).toEqual(readPuzzle(text, { format: 'nin' }));
  });
});

describe('TAAI', () => {
  const block = (n: number, lines: string[]) => `$${n}\n${lines.join('\n')}\n`;
  // 2x2: columns [1], [1]; rows [2], [] written four ways.
  const canonical = block(1, ['1', '1', '2', '0']);
  const expected = readPuzzles(canonical, { format: 'taai' });
  it('reads columns first, then rows, and titles the puzzle $n', () => {
    expect(expected).toEqual([
      { kind: 'nonogram', width: 2, height: 2, columns: [[1], [1]], rows: [[2], []], givens: [], meta: { title: '$1' } },
    ]);
    expect(writePuzzle(expected[0]!, 'taai')).toBe(canonical);
  });
  it('reads a blank line as an empty clue, also as the last line of a block', () => {
    expect(readPuzzles(block(1, ['1', '1', '2', '']), { format: 'taai' })).toEqual(expected);
    expect(readPuzzles(`${block(1, ['1', '1', '2', ''])}\n${block(2, ['1', '1', '2', '0'])}`, { format: 'taai' })).toHaveLength(2);
  });
  it('treats blank lines between blocks as separators', () => {
    const two = readPuzzles(`\n${block(1, ['1', '1', '2', '0'])}\n\n${block(2, ['1', '1', '2', '0'])}\n\n`, { format: 'taai' });
    expect(two.map((p) => p.meta.title)).toEqual(['$1', '$2']);
    expect(two[1]).toEqual({ ...expected[0], meta: { title: '$2' } });
  });
  it('reads spaces and CRLF', () => {
    expect(readPuzzles(crlf('$1\n1\n1\n2  \n0\n'), { file: 'set.txt' })).toEqual(expected);
    expect(readPuzzles('$1\n1 1\n0\n1\n1  1\n0\n1\n', { file: 'set.txt' })[0]).toMatchObject({ columns: [[1, 1], [], [1]], rows: [[1, 1], [], [1]] });
  });
  it('numbers untitled puzzles by position when writing', () => {
    const text = readPuzzles(canonical, { format: 'taai' }).map((p, i) => ({ ...p, meta: i === 0 ? {} : p.meta }));
    expect(writePuzzle(text[0]!, 'taai').split('\n')[0]).toBe('$1');
  });
});
