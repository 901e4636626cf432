// The formats API: read and write every puzzle file format gridrace knows.
// One file per format (reader and writer); detect.ts picks one; validate.ts holds the
// semantic checks every reader runs. Readers throw only PuzzleFormatError.
import type { Puzzle, PuzzleKind } from '../model/puzzle.js';
import { detectFormat, type FormatName } from './detect.js';
import { fail, type SourceRef } from './errors.js';
import { readJson, writeJson } from './json.js';
import { readNin, writeNin } from './nin.js';
import { readNon, writeNon } from './non.js';
import { readTaai, writeTaai } from './taai.js';
import { readPattern, writePattern } from './tatham-pattern.js';
import { readSignpost, writeSignpost } from './tatham-signpost.js';
import { isBlank, splitLines } from './text.js';
import { readXml, writeXml } from './xml.js';
import { readOlsak, writeOlsak } from './olsak.js';
import { readToml, writeToml } from './toml.js';
import { checkOutputSize } from '../limits.js';

export type { FormatName } from './detect.js';
export { FORMAT_NAMES, detectFormat } from './detect.js';
export { validateNonogram, validateArrowPath, type NonogramLines, type ArrowPathLines } from './validate.js';
export { validateColourNonogram, type ColourNonogramLines } from './validate-colour.js';
export { readSolutions, writeSolution, type ReadSolutionsOptions } from './solutions.js';
export { MAX_SIDE } from './text.js';

export interface ReadOptions {
  /** The file name: used in error messages (default `<input>`) and to detect the format. */
  file?: string;
  /** Skip detection. */
  format?: FormatName;
}

interface Codec {
  readonly kinds: readonly PuzzleKind[];
  read(text: string, source: SourceRef): Puzzle[];
  write(puzzles: readonly Puzzle[]): string;
}

const CODECS: Readonly<Record<FormatName, Codec>> = {
  non: { kinds: ['nonogram'], read: readNon, write: writeNon },
  nin: { kinds: ['nonogram'], read: readNin, write: writeNin },
  pattern: { kinds: ['nonogram'], read: readPattern, write: writePattern },
  taai: { kinds: ['nonogram'], read: readTaai, write: writeTaai },
  signpost: { kinds: ['arrowpath'], read: readSignpost, write: writeSignpost },
  json: { kinds: ['nonogram', 'colour-nonogram', 'arrowpath'], read: readJson, write: writeJson },
  xml: { kinds: ['nonogram', 'colour-nonogram'], read: readXml, write: writeXml },
  olsak: { kinds: ['nonogram', 'colour-nonogram'], read: readOlsak, write: writeOlsak },
  toml: { kinds: ['nonogram', 'colour-nonogram'], read: readToml, write: writeToml },
};

function codecFor(format: FormatName, source: SourceRef): Codec {
  const codec = Object.hasOwn(CODECS, format) ? CODECS[format] : undefined;
  if (codec === undefined) fail('unknown-format', `there is no format called ${JSON.stringify(format)}; use one of ${Object.keys(CODECS).join(', ')}`, source);
  return codec;
}

/** Every puzzle in a file (a TAAI set holds 1000). Throws PuzzleFormatError for bad input. */
export function readPuzzles(text: string, options: ReadOptions = {}): Puzzle[] {
  const source: SourceRef = { file: options.file ?? '<input>' };
  if (splitLines(text).every(isBlank)) fail('empty-input', 'the input is empty', source);
  const format = options.format ?? detectFormat(text, options.file);
  return codecFor(format, source).read(text, source);
}

/** The one puzzle in a file; PuzzleFormatError `puzzle-count` when there are none or several. */
export function readPuzzle(text: string, options: ReadOptions = {}): Puzzle {
  const puzzles = readPuzzles(text, options);
  if (puzzles.length !== 1) {
    fail('puzzle-count', `expected one puzzle, the input holds ${puzzles.length}; read it with readPuzzles`, { file: options.file ?? '<input>' });
  }
  return puzzles[0]!;
}

/**
 * Write puzzles in a format. PuzzleFormatError `unsupported-feature` when the format cannot
 * hold them (several puzzles in .non/.nin, givens in .non/.nin/taai, a non-square puzzle in
 * taai, the wrong kind); the puzzles are validated first. Meta and solutions a format has
 * no place for are dropped.
 */
export function writePuzzles(puzzles: readonly Puzzle[], format: FormatName): string {
  const codec = codecFor(format, { file: '<output>' });
  // A rough upper bound (JSON's is the widest), checked before any text is built.
  let estimate = 0;
  // Only counts: a malformed puzzle is left for the writer's own validation to report.
  const len = (a: unknown): number => (Array.isArray(a) ? a.length : 0);
  for (const p of puzzles) {
    const cells = p.width * p.height;
    const digits = String(cells).length;
    if (p.kind === 'nonogram' || p.kind === 'colour-nonogram') {
      for (const lines of [p.rows, p.columns]) if (Array.isArray(lines)) for (const clue of lines) estimate += len(clue) * 7 + 8;
      estimate += len(p.givens) * 40 + (p.solution ? cells + p.height * 8 : 0) + (p.kind === 'colour-nonogram' ? len(p.palette) * 100 : 0);
    } else {
      estimate += cells * (digits + 8) + (p.solution ? cells * (digits + 2) : 0);
    }
  }
  checkOutputSize(`writing ${puzzles.length} puzzle(s) as ${format}`, estimate);
  return codec.write(puzzles);
}

export function writePuzzle(puzzle: Puzzle, format: FormatName): string {
  return writePuzzles([puzzle], format);
}

/** The formats that can hold a kind of puzzle. */
export function formatsFor(kind: PuzzleKind): FormatName[] {
  return (Object.keys(CODECS) as FormatName[]).filter((name) => CODECS[name].kinds.includes(kind));
}
