// Readers throw only PuzzleFormatError, whatever the input: valid files with random edits,
// and random text. Whatever they do accept is a valid puzzle (it survives a JSON round trip).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PuzzleFormatError, readPuzzles, writePuzzles, type FormatName, type Puzzle } from '../../src/index.js';
import { randomArrowPath, randomColourNonogram, randomNonogram } from './helpers.js';

const PIECES = ['0', '1', '7', '25', '-', ',', '.', '/', ' ', '\t', '\n', '\r\n', '\r', '$', '#', 'x', 'a', 'h', 'z', 'Z', 'A', '"', '{', '}', '[', ']', ':', '\\', 'width ', 'rows\n', 'goal ', '\uFEFF', '99999999999999999999', '1e3', 'null', '<', '>', '&', '<line>', '</line>', '<count>', '</count>', '<puzzle>', '"""', "'", '[clues]', '[colors]', 'rows = ', '(FF0000)', ';'];

type Edit = { op: 'insert' | 'delete' | 'replace' | 'cut'; at: number; piece: string; length: number };
const edit: fc.Arbitrary<Edit> = fc.record({
  op: fc.constantFrom('insert', 'delete', 'replace', 'cut'),
  at: fc.nat(),
  piece: fc.constantFrom(...PIECES),
  length: fc.integer({ min: 1, max: 20 }),
});

function apply(text: string, edits: readonly Edit[]): string {
  let out = text;
  for (const e of edits) {
    const at = out.length === 0 ? 0 : e.at % (out.length + 1);
    if (e.op === 'insert') out = out.slice(0, at) + e.piece + out.slice(at);
    else if (e.op === 'delete') out = out.slice(0, at) + out.slice(at + 1);
    else if (e.op === 'replace') out = out.slice(0, at) + e.piece + out.slice(at + e.piece.length);
    else out = out.slice(0, at) + out.slice(at + e.length);
  }
  return out;
}

/** Read, and check the outcome is puzzles or a PuzzleFormatError, nothing else. */
function readSafely(text: string, format?: FormatName): void {
  let puzzles: Puzzle[];
  try {
    puzzles = readPuzzles(text, format === undefined ? {} : { format });
  } catch (e) {
    if (!(e instanceof PuzzleFormatError)) throw new Error(`not a PuzzleFormatError: ${String(e)}\ninput: ${JSON.stringify(text)}`);
    expect(e.message.startsWith('<input>')).toBe(true);
    return;
  }
  if (puzzles.length > 0) expect(readPuzzles(writePuzzles(puzzles, 'json'), { format: 'json' })).toEqual(puzzles);
}

const SAMPLES: Record<FormatName, (seed: number) => string> = {
  non: (s) => writePuzzles([randomNonogram(s, { maxSide: 6, meta: { title: 't', author: 'a' } })], 'non'),
  nin: (s) => writePuzzles([randomNonogram(s, { maxSide: 6 })], 'nin'),
  pattern: (s) => writePuzzles([randomNonogram(s, { maxSide: 8, givens: true }), randomNonogram(s + 1, { maxSide: 4 })], 'pattern'),
  taai: (s) => writePuzzles([randomNonogram(s, { maxSide: 5, square: true }), randomNonogram(s + 1, { maxSide: 4, square: true })], 'taai'),
  signpost: (s) => writePuzzles([randomArrowPath(s, { maxSide: 5 }), randomArrowPath(s + 1, { maxSide: 3 })], 'signpost'),
  json: (s) => writePuzzles([randomNonogram(s, { maxSide: 4, givens: true }), randomArrowPath(s, { maxSide: 3 })], 'json'),
  xml: (s) => writePuzzles([randomNonogram(s, { maxSide: 6, meta: { title: 't <&> "q"', author: 'a' } }), randomColourNonogram(s + 1, { maxSide: 4 })], 'xml'),
  toml: (s) => writePuzzles([s % 2 === 0 ? randomColourNonogram(s, { maxSide: 6 }) : randomNonogram(s, { maxSide: 6 })], 'toml'),
  olsak: (s) => writePuzzles([s % 2 === 0 ? randomColourNonogram(s, { maxSide: 6, meta: { title: 'flag' } }) : randomNonogram(s, { maxSide: 6 })], 'olsak'),
};

describe('readers on damaged input', () => {
  it.each(Object.keys(SAMPLES) as FormatName[])('%s: edited files give puzzles or a PuzzleFormatError', (format) => {
    fc.assert(
      fc.property(fc.nat(), fc.array(edit, { minLength: 1, maxLength: 4 }), fc.boolean(), (seed, edits, named) => {
        readSafely(apply(SAMPLES[format](seed), edits), named ? format : undefined);
      }),
      { numRuns: 400 },
    );
  });
  it('random text gives puzzles or a PuzzleFormatError in every format', () => {
    const text = fc.oneof(fc.string({ unit: 'binary', maxLength: 80 }), fc.array(fc.constantFrom(...PIECES), { maxLength: 40 }).map((p) => p.join('')));
    fc.assert(
      fc.property(text, fc.constantFrom<FormatName | undefined>(undefined, 'non', 'nin', 'pattern', 'taai', 'signpost', 'json', 'xml', 'olsak', 'toml'), (t, format) => readSafely(t, format)),
      { numRuns: 1500 },
    );
  });
});
