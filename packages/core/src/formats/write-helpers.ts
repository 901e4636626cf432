// Checks and conversions the format modules share.
import type { ArrowPathPuzzle } from '../model/arrowpath.js';
import type { ColourNonogramPuzzle } from '../model/colour-nonogram.js';
import { FILLED, type NonogramPuzzle, type NonogramSolution } from '../model/nonogram.js';
import type { Puzzle, PuzzleKind } from '../model/puzzle.js';
import { fail, type SourceRef } from './errors.js';
import { cellLabel } from './text.js';
import { validateArrowPath, validateNonogram } from './validate.js';
import { validateColourNonogram } from './validate-colour.js';

/** Writers report problems against this pseudo-file. */
export const OUTPUT: SourceRef = { file: '<output>' };

const KIND_NAMES: Record<PuzzleKind, string> = { nonogram: 'a nonogram', 'colour-nonogram': 'a colour nonogram', arrowpath: 'an arrow path' };

/** A writer's input must itself be a valid puzzle. */
export function validateForOutput(puzzle: Puzzle): void {
  if (puzzle.kind === 'nonogram') validateNonogram(puzzle, OUTPUT.file);
  else if (puzzle.kind === 'colour-nonogram') validateColourNonogram(puzzle, OUTPUT.file);
  else validateArrowPath(puzzle, OUTPUT.file);
}

/** Formats that hold exactly one puzzle. */
export function requireOne(puzzles: readonly Puzzle[], format: string): Puzzle {
  if (puzzles.length !== 1) {
    fail('unsupported-feature', `a .${format} file holds exactly one puzzle, not ${puzzles.length}`, OUTPUT);
  }
  return puzzles[0]!;
}

/** Formats that hold one or more puzzles. */
export function requireSome(puzzles: readonly Puzzle[], format: string): void {
  if (puzzles.length === 0) fail('unsupported-feature', `there is no puzzle to write as ${format}`, OUTPUT);
}

export function requireKind(puzzle: Puzzle, kind: 'nonogram', format: string): NonogramPuzzle;
export function requireKind(puzzle: Puzzle, kind: 'colour-nonogram', format: string): ColourNonogramPuzzle;
export function requireKind(puzzle: Puzzle, kind: 'arrowpath', format: string): ArrowPathPuzzle;
export function requireKind(puzzle: Puzzle, kind: PuzzleKind, format: string): Puzzle {
  if (puzzle.kind !== kind) {
    fail('unsupported-feature', `${format} holds ${KIND_NAMES[kind]}, not ${KIND_NAMES[puzzle.kind] ?? String(puzzle.kind)}`, OUTPUT);
  }
  validateForOutput(puzzle);
  return puzzle;
}

export function requireGivenless(puzzle: NonogramPuzzle, format: string): void {
  if (puzzle.givens.length > 0) {
    fail('unsupported-feature', `${format} cannot hold given cells (this puzzle has ${puzzle.givens.length}); use pattern or json`, OUTPUT);
  }
}

/** A solution from a string of 0/1 (goal lines). */
export function solutionFromBits(
  bits: string,
  width: number,
  height: number,
  what: string,
  source: SourceRef,
  line: number | undefined,
): NonogramSolution {
  if (bits.length !== width * height) {
    fail('size-mismatch', `${what} has ${bits.length} cells but width x height is ${width} x ${height} = ${width * height}`, source, line);
  }
  const cells = new Uint8Array(bits.length);
  for (let i = 0; i < bits.length; i++) {
    const ch = bits[i];
    if (ch === '1') cells[i] = FILLED;
    else if (ch !== '0') {
      fail('bad-solution', `${what} has ${JSON.stringify(ch)} at ${cellLabel(width, i)}; only 0 and 1 are allowed`, source, line);
    }
  }
  return { width, height, cells };
}

export function solutionToBits(solution: NonogramSolution): string {
  let bits = '';
  for (const v of solution.cells) bits += v === FILLED ? '1' : '0';
  return bits;
}
