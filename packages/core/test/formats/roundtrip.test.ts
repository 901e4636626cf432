// write -> read gives back the same puzzle (as far as the format holds it), for random
// puzzles in every format, and writers refuse what a format cannot hold.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  detectFormat,
  formatsFor,
  nonogramFromSolution,
  readPuzzle,
  readPuzzles,
  verify,
  writePuzzle,
  writePuzzles,
  type FormatName,
  type Puzzle,
  type PuzzleMeta,
} from '../../src/index.js';
import { expectFormatError, keptBy, randomArrowPath, randomColourNonogram, randomNonogram } from './helpers.js';

const seed = fc.integer({ min: 0, max: 0x7fffffff });
/** Meta values with any characters but line breaks (no one-line format can hold those). */
const oneLine = fc.string({ unit: 'binary', maxLength: 30 }).filter((s) => !/[\r\n]/.test(s));
const meta: fc.Arbitrary<PuzzleMeta> = fc.record(
  { title: oneLine, author: oneLine, copyright: oneLine, license: oneLine, catalogue: oneLine, source: oneLine },
  { requiredKeys: [] },
);

function roundTrip(puzzles: readonly Puzzle[], format: FormatName): void {
  const text = writePuzzles(puzzles, format);
  expect(detectFormat(text)).toBe(format);
  expect(readPuzzles(text, { format })).toEqual(puzzles.map((p, i) => keptBy(format, p, i)));
}

describe('round trip of random puzzles', () => {
  it('non keeps clues, goal and meta', () => {
    fc.assert(fc.property(seed, meta, (s, m) => roundTrip([randomNonogram(s, { meta: m })], 'non')));
  });
  it('nin keeps the clues', () => {
    fc.assert(fc.property(seed, (s) => roundTrip([randomNonogram(s)], 'nin')));
  });
  it('pattern keeps clues and givens, several IDs per file', () => {
    const puzzles = fc.array(seed, { minLength: 1, maxLength: 4 }).map((seeds) => seeds.map((s) => randomNonogram(s, { givens: true, maxSide: 30 })));
    fc.assert(fc.property(puzzles, (ps) => roundTrip(ps, 'pattern')));
  });
  it('taai keeps square puzzles and $n titles, several per file', () => {
    const puzzles = fc
      .array(fc.tuple(seed, fc.boolean(), fc.nat(2000)), { minLength: 1, maxLength: 5 })
      .map((list) => list.map(([s, titled, n]) => randomNonogram(s, { square: true, meta: titled ? { title: `$${n}` } : { title: 'x' } })));
    fc.assert(fc.property(puzzles, (ps) => roundTrip(ps, 'taai')));
  });
  it('signpost keeps arrows and givens, several IDs per file', () => {
    const puzzles = fc.array(seed, { minLength: 1, maxLength: 4 }).map((seeds) => seeds.map((s) => randomArrowPath(s)));
    fc.assert(fc.property(puzzles, (ps) => roundTrip(ps, 'signpost')));
  });
  it('xml keeps clues, goal and meta (trimmed), several per file', () => {
    // Text XML can hold: no control characters or lone surrogates (the writer refuses those).
    const text = fc.string({ maxLength: 30 }).filter((t) => !/[\u0000-\u001F\uD800-\uDFFF\uFFFE\uFFFF]/.test(t));
    const xmlMeta: fc.Arbitrary<PuzzleMeta> = fc.record({ title: text, author: text, copyright: text, license: text, catalogue: text, source: text }, { requiredKeys: [] });
    const puzzles = fc.array(fc.tuple(seed, xmlMeta), { minLength: 1, maxLength: 3 }).map((list) => list.map(([s, m]) => randomNonogram(s, { meta: m, maxSide: 20 })));
    fc.assert(fc.property(puzzles, (ps) => roundTrip(ps, 'xml')));
  });
  it('json keeps everything, one puzzle or several of both kinds', () => {
    const one = fc.tuple(seed, meta, fc.boolean(), fc.boolean()).map(([s, m, arrow, flag]) =>
      arrow ? randomArrowPath(s, { meta: m, giveLast: flag }) : randomNonogram(s, { meta: m, givens: flag }),
    );
    fc.assert(fc.property(fc.array(one, { minLength: 1, maxLength: 4 }), (ps) => roundTrip(ps, 'json')));
  });
  it('olsak (.g) keeps the clues and a plain title, black and white or colour', () => {
    const title = fc.stringMatching(/^[A-Za-z][A-Za-z0-9 ]{0,20}$/).map((t) => t.trim());
    fc.assert(fc.property(seed, title, fc.boolean(), (s, t, colour) => roundTrip([colour ? randomColourNonogram(s, { meta: { title: t } }) : randomNonogram(s, { meta: { title: t } })], 'olsak')));
  });
  it("toml (nonogrid's) keeps the clues and colours, black and white or colour", () => {
    fc.assert(fc.property(seed, fc.boolean(), (s, colour) => roundTrip([colour ? randomColourNonogram(s) : randomNonogram(s)], 'toml')));
  });
  it('colour nonograms keep clues, palette, goal and meta in xml, and givens too in json', () => {
    fc.assert(fc.property(seed, meta, (s, m) => roundTrip([randomColourNonogram(s, { meta: m, givens: true })], 'json')));
    fc.assert(fc.property(fc.array(seed, { minLength: 1, maxLength: 3 }), (seeds) => roundTrip(seeds.map((s) => randomColourNonogram(s)), 'xml')));
  });
  it('random arrow paths are valid puzzles whose solution verifies', () => {
    fc.assert(
      fc.property(seed, (s) => {
        const p = randomArrowPath(s);
        expect(verify(p, p.solution!)).toEqual({ ok: true });
      }),
    );
  });
});

describe('what a format cannot hold', () => {
  const square = randomNonogram(7, { square: true });
  const withGiven = { ...square, givens: [{ row: 0, col: 0, filled: square.solution!.cells[0] === 1 }] };
  const arrowPath = randomArrowPath(3);
  it.each(['non', 'nin', 'taai'] as const)('%s refuses givens', (format) => {
    expectFormatError(() => writePuzzle(withGiven, format), 'unsupported-feature', undefined, /cannot hold given cells/);
  });
  it('non and nin refuse several puzzles', () => {
    expectFormatError(() => writePuzzles([square, square], 'non'), 'unsupported-feature', undefined, /exactly one puzzle, not 2/);
    expectFormatError(() => writePuzzles([square, square], 'nin'), 'unsupported-feature', undefined, /exactly one puzzle, not 2/);
  });
  it('nonogram formats refuse an arrow path and signpost refuses a nonogram', () => {
    for (const format of formatsFor('nonogram').filter((f) => f !== 'json')) {
      expectFormatError(() => writePuzzle(arrowPath, format), 'unsupported-feature', undefined, /holds a nonogram, not an arrow path/);
    }
    expectFormatError(() => writePuzzle(square, 'signpost'), 'unsupported-feature', undefined, /holds an arrow path, not a nonogram/);
  });
  it('taai refuses a puzzle that is not square', () => {
    const rect = nonogramFromSolution({ width: 2, height: 3, cells: Uint8Array.from([1, 0, 1, 1, 0, 1]) });
    expectFormatError(() => writePuzzle(rect, 'taai'), 'unsupported-feature', undefined, /square puzzles only; puzzle 1 is 2x3/);
  });
  it('signpost refuses a cell without an arrow that is not given N', () => {
    const p = randomArrowPath(9, { giveLast: false });
    expectFormatError(() => writePuzzle(p, 'signpost'), 'unsupported-feature', undefined, /give \d+ in \(row \d+, column \d+\) first/);
    expect(readPuzzle(writePuzzle(p, 'json'))).toEqual(p);
  });
  it('writers check their input first', () => {
    const bad = { ...square, rows: [] };
    expectFormatError(() => writePuzzle(bad, 'json'), 'line-count', undefined, /^<output>: 0 row clues/);
  });
  it('nothing to write is an error, not an empty file', () => {
    for (const format of ['pattern', 'taai', 'signpost', 'json', 'xml'] as const) expectFormatError(() => writePuzzles([], format), 'unsupported-feature');
  });
  it('formatsFor lists the formats of each kind', () => {
    expect(formatsFor('nonogram')).toEqual(['non', 'nin', 'pattern', 'taai', 'json', 'xml', 'olsak', 'toml']);
    expect(formatsFor('colour-nonogram')).toEqual(['json', 'xml', 'olsak', 'toml']);
    expect(formatsFor('arrowpath')).toEqual(['signpost', 'json']);
  });
});
