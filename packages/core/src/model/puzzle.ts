import type { ArrowPathPuzzle, ArrowPathSolution } from './arrowpath.js';
import type { NonogramPuzzle, NonogramSolution } from './nonogram.js';

export type PuzzleKind = 'nonogram' | 'arrowpath';
export type Puzzle = NonogramPuzzle | ArrowPathPuzzle;
export type Solution = NonogramSolution | ArrowPathSolution;

/** The puzzle type of a kind, so `Engine<'nonogram'>` only accepts nonograms. */
export type PuzzleOf<K extends PuzzleKind> = Extract<Puzzle, { kind: K }>;
export type SolutionOf<K extends PuzzleKind> = K extends 'nonogram' ? NonogramSolution : ArrowPathSolution;
