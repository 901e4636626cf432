import type { ArrowPathPuzzle, ArrowPathSolution } from './arrowpath.js';
import type { ColourNonogramPuzzle, ColourNonogramSolution } from './colour-nonogram.js';
import type { NonogramPuzzle, NonogramSolution } from './nonogram.js';

export type PuzzleKind = 'nonogram' | 'colour-nonogram' | 'arrowpath';
export type Puzzle = NonogramPuzzle | ColourNonogramPuzzle | ArrowPathPuzzle;
export type Solution = NonogramSolution | ColourNonogramSolution | ArrowPathSolution;

/** Every kind, in the order listings show them. */
export const PUZZLE_KINDS: readonly PuzzleKind[] = ['nonogram', 'colour-nonogram', 'arrowpath'];

/** The puzzle type of a kind, so `Engine<'nonogram'>` only accepts nonograms. */
export type PuzzleOf<K extends PuzzleKind> = Extract<Puzzle, { kind: K }>;
export type SolutionOf<K extends PuzzleKind> = K extends 'nonogram'
  ? NonogramSolution
  : K extends 'colour-nonogram'
    ? ColourNonogramSolution
    : ArrowPathSolution;
