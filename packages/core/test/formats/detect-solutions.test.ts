// Format detection, and solution grids (readSolutions / writeSolution).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { detectFormat, readPuzzle, readSolutions, verify, writePuzzle, writeSolution, type FormatName } from '../../src/index.js';
import { expectFormatError, randomArrowPath, randomNonogram } from './helpers.js';

describe('detectFormat', () => {
  const dancer = randomNonogram(1);
  const path = randomArrowPath(1);
  const cases: [string, string, string | undefined, FormatName][] = [
    ['.non by name', 'anything', 'x.non', 'non'],
    ['.nin by name', 'anything', 'dir/x.NIN', 'nin'],
    ['.json by name', 'anything', 'C:\\p\\x.json', 'json'],
    ['.non by content', writePuzzle(dancer, 'non'), undefined, 'non'],
    ['.non by content with only meta first', 'title "x"\ncatalogue "y"\nwidth 1\n', 'x.txt', 'non'],
    ['.nin by content', writePuzzle(dancer, 'nin'), undefined, 'nin'],
    ['TAAI in a .txt', '$1\n1\n0\n1\n0\n', 'taai2011.txt', 'taai'],
    ['TAAI with blank lines first', '\n\n$1\n', undefined, 'taai'],
    ['a Pattern ID', '5x3:1/1/2/2/2/1/3/3.1\n', 'ids.txt', 'pattern'],
    ['a square Pattern ID', '2:1/0/1/', undefined, 'pattern'],
    ['a Signpost ID', '3x3:edeebg9a1ah', undefined, 'signpost'],
    ['JSON by content', writePuzzle(path, 'json'), 'puzzle', 'json'],
    ['a JSON list', ' [ ]', undefined, 'json'],
  ];
  it.each(cases)('%s', (_name, text, file, format) => {
    expect(detectFormat(text, file)).toBe(format);
  });
  it('names no format for text it does not know, and says the input is empty', () => {
    expectFormatError(() => detectFormat('hello world', 'notes.txt'), 'unknown-format', undefined, /^notes\.txt: cannot tell the puzzle format/);
    expectFormatError(() => detectFormat(' \n\r\n'), 'empty-input', undefined, /^<input>: the input is empty$/);
  });
});

describe('readSolutions', () => {
  const opts = { width: 3, height: 2, kind: 'nonogram' as const };
  const grid = { width: 3, height: 2, cells: Uint8Array.from([1, 0, 1, 0, 1, 1]) };
  it('reads #/. rows, 1/0 rows and separated cells alike', () => {
    for (const text of ['#.#\n.##\n', '101\n011', '1 0 1\n0\t1\t1\n', '\uFEFF# . #\r\n. # #\r\n']) {
      expect(readSolutions(text, opts)).toEqual([grid]);
    }
  });
  it('reads several grids split by blank lines or $n headers (TAAI solution files)', () => {
    expect(readSolutions('#.#\n.##\n\n...\n###\n', opts)).toHaveLength(2);
    const taai = readSolutions('$1\n1\t0\t1\n0\t1\t1\n$2\n0\t0\t0\n1\t1\t1\n', opts);
    expect(taai).toEqual([grid, { width: 3, height: 2, cells: Uint8Array.from([0, 0, 0, 1, 1, 1]) }]);
  });
  it('reads arrow-path numbers', () => {
    const p = readPuzzle('{"width": 2, "height": 2, "grid": [[[1, "S"], [0, "S"]], [[0, "NE"], [4, ""]]]}');
    const [solution] = readSolutions(' 1 3\n 2 4\n', { width: 2, height: 2, kind: 'arrowpath' });
    expect(solution).toEqual({ width: 2, height: 2, numbers: Int32Array.from([1, 3, 2, 4]) });
    expect(verify(p, solution!)).toEqual({ ok: true });
  });
  it('round-trips writeSolution for both kinds', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e9 }), fc.boolean(), (seed, arrow) => {
        const p = arrow ? randomArrowPath(seed, { maxSide: 12 }) : randomNonogram(seed);
        const text = writeSolution(p.solution!);
        expect(readSolutions(text, { width: p.width, height: p.height, kind: p.kind })).toEqual([p.solution]);
      }),
    );
  });
  it('aligns arrow-path numbers in columns', () => {
    expect(writeSolution({ width: 4, height: 3, numbers: Int32Array.from([1, 2, 3, 4, 8, 7, 6, 5, 9, 10, 11, 12]) })).toBe(' 1  2  3  4\n 8  7  6  5\n 9 10 11 12\n');
  });
  it('names the line of a bad grid', () => {
    expectFormatError(() => readSolutions('#.#\n.x#\n', { ...opts, file: 's.txt' }), 'bad-solution', 2, /^s\.txt:2: solution row 2 has "x" in column 2/);
    expectFormatError(() => readSolutions('#.#\n.#\n', opts), 'size-mismatch', 2, /row 2 has 2 cells but the puzzle is 3 wide/);
    expectFormatError(() => readSolutions('#.#\n', opts), 'size-mismatch', 1, /lines 1-1 has 1 rows but the puzzle is 2 high/);
    expectFormatError(() => readSolutions('1 2\n2 4\n', { width: 2, height: 2, kind: 'arrowpath' }), 'bad-solution', 2, /2 appears twice in the solution \(first on line 1\)/);
    expectFormatError(() => readSolutions('1 2\n3 5\n', { width: 2, height: 2, kind: 'arrowpath' }), 'bad-solution', 2, /"5" in column 2; cells hold the numbers 1 to 4/);
    expectFormatError(() => readSolutions('\n\n', opts), 'empty-input');
    expectFormatError(() => readSolutions('#', { ...opts, width: 0 }), 'bad-size');
  });
});
