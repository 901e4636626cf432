// gridrace JSON: versions, inferred kinds, several puzzles, line numbers in errors.
import { describe, expect, it } from 'vitest';
import { readPuzzle, readPuzzles, verify, writePuzzle, writePuzzles, type ArrowPathPuzzle, type NonogramPuzzle } from '../../src/index.js';
import { expectFormatError, randomArrowPath, randomNonogram } from './helpers.js';

const SEED_STYLE = `{
 "name": "tiny",
 "source": "a test",
 "width": 2,
 "height": 2,
 "rows": [[2], [1]],
 "columns": [[2], [1]],
 "filled": [[1, 0]],
 "solution": ["##", "#."]
}`;

describe('JSON', () => {
  it('reads seed-style files: no version, no kind, givens and a solution', () => {
    const p = readPuzzle(SEED_STYLE, { file: 'tiny.json' }) as NonogramPuzzle;
    expect(p).toEqual({
      kind: 'nonogram',
      width: 2,
      height: 2,
      rows: [[2], [1]],
      columns: [[2], [1]],
      givens: [{ row: 1, col: 0, filled: true }],
      solution: { width: 2, height: 2, cells: Uint8Array.from([1, 1, 1, 0]) },
      meta: { title: 'tiny', source: 'a test' },
    });
    expect(verify(p, p.solution!)).toEqual({ ok: true });
  });
  it('writes version 1 and the kind, and reads it back', () => {
    const p = readPuzzle(SEED_STYLE);
    const text = writePuzzle(p, 'json');
    expect(JSON.parse(text)).toMatchObject({ gridrace: 1, kind: 'nonogram', name: 'tiny', filled: [[1, 0]], solution: ['##', '#.'] });
    expect(readPuzzle(text)).toEqual(p);
  });
  it('accepts "title" for the name, [0] for an empty clue, a BOM and CRLF', () => {
    const text = `\uFEFF${SEED_STYLE.replace('"name"', '"title"').replace('"rows": [[2], [1]]', '"rows": [[2], [1]]').replace(/\n/g, '\r\n')}`;
    expect(readPuzzle(text).meta.title).toBe('tiny');
    const empty = readPuzzle('{"width": 1, "height": 1, "rows": [[0]], "columns": [[]]}') as NonogramPuzzle;
    expect(empty.rows).toEqual([[]]);
  });
  it('reads -0 as 0, so a puzzle written back reads the same', () => {
    const p = readPuzzle(SEED_STYLE.replace('"filled": [[1, 0]]', '"filled": [[1, -0]]')) as NonogramPuzzle;
    expect(Object.is(p.givens![0]!.col, 0)).toBe(true);
    expect(readPuzzle(writePuzzle(p, 'json'), { format: 'json' })).toEqual(p);
  });

  it('reads arrow paths with a solution given as pairs or bare numbers, and "" or null for no arrow', () => {
    const pairs = readPuzzle('{"width": 2, "height": 1, "grid": [[[1, "E"], [2, ""]]], "solution": [[[1, "E"], [2, ""]]]}') as ArrowPathPuzzle;
    const bare = readPuzzle('{"kind": "arrowpath", "width": 2, "height": 1, "grid": [[[1, "E"], [2, null]]], "solution": [[1, 2]]}');
    expect(pairs).toEqual(bare);
    expect(pairs.arrows).toEqual(['E', null]);
    expect(verify(pairs, pairs.solution!)).toEqual({ ok: true });
  });
  it('holds several puzzles of both kinds, and reads a bare list too', () => {
    const puzzles = [randomNonogram(1, { givens: true }), randomArrowPath(2), randomNonogram(3)];
    const text = writePuzzles(puzzles, 'json');
    expect(JSON.parse(text)).toMatchObject({ gridrace: 1, puzzles: [{ kind: 'nonogram' }, { kind: 'arrowpath' }, { kind: 'nonogram' }] });
    expect(readPuzzles(text)).toEqual(puzzles);
    expect(readPuzzles(JSON.stringify(JSON.parse(text).puzzles))).toEqual(puzzles);
    expectFormatError(() => readPuzzle(text, { file: 'three.json' }), 'puzzle-count', undefined, /^three\.json: expected one puzzle, the input holds 3/);
  });
  it('refuses other versions, with the line of the version', () => {
    expectFormatError(() => readPuzzle('{\n  "gridrace": 2,\n  "kind": "nonogram"\n}', { file: 'v2.json' }), 'unsupported-version', 2, /^v2\.json:2: "gridrace" is 2; this reader knows version 1 only$/);
    expectFormatError(() => readPuzzles('{"gridrace": "1", "puzzles": []}'), 'unsupported-version', 1);
  });
  it('gives the line of a syntax error', () => {
    const text = '{\n  "width": 2,\n  "height": 2\n  "rows": []\n}';
    expectFormatError(() => readPuzzle(text, { file: 'x.json' }), 'bad-json', 4, /^x\.json:4: bad JSON: expected "," or "}" after the value of "height", found "\\"rows\\": \[\]/);
  });
  it('gives the line of the clue that is wrong', () => {
    const text = '{\n "width": 2,\n "height": 2,\n "rows": [\n  [2],\n  [1, "x"]\n ],\n "columns": [[2], [1]]\n}';
    expectFormatError(() => readPuzzle(text, { file: 'c.json' }), 'bad-number', 6, /^c\.json:6: row 2 clue \[1, "x"\] has a malformed number "x"$/);
  });
  it('refuses deep nesting without overflowing the stack', () => {
    expectFormatError(() => readPuzzle('['.repeat(100_000), { format: 'json' }), 'bad-json', 1, /nest more than 64 deep/);
  });
});
