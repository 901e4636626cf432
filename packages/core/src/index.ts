// The public API of @gridrace/core: an explicit list, types exported as types.
export type { Engine, SolveOptions, SolveResult, SolveStats, ProcessStats, StopReason, Verdict, Difficulty } from './engine.js';
export { DEFAULT_MAX_SOLUTIONS, makeResult, resolveMaxSolutions } from './engine.js';
export { registerEngine, registerMissingEngine, unregisterEngine, getEngine, listEngines, UnknownEngineError } from './registry.js';
export { SolveBudget, yieldToEventLoop, MAX_TIMER_MS, setLimitTimer, MAX_SOLUTIONS_LIMIT, MAX_INPUT_BYTES, MAX_OUTPUT_CHARS, OutputLimitError, checkOutputSize } from './limits.js';
export type {
  CheckedNonogram,
  CheckedNonogramPuzzle,
  CheckedArrowPathPuzzle,
  CheckedSolveInput,
  CheckedSolveOptions,
} from './engine-input.js';
export {
  checkSolveInput,
  checkNonogramInput,
  checkArrowPathInput,
  checkSolveOptions,
  solutionsWithoutCells,
  cluesFit,
} from './engine-input.js';

export type { Clue, CellValue, PartialCellValue, GivenCell, PuzzleMeta, NonogramPuzzle, NonogramSolution } from './model/nonogram.js';
export {
  EMPTY,
  FILLED,
  UNKNOWN,
  clueOfLine,
  minimumLineLength,
  rowOf,
  columnOf,
  solutionToRows,
  nonogramFromSolution,
} from './model/nonogram.js';
export type { PaletteColour, ColourBlock, ColourClue, ColourGivenCell, ColourNonogramPuzzle, ColourNonogramSolution } from './model/colour-nonogram.js';
export {
  MAX_COLOURS,
  NAMED_COLOURS,
  colourClueOfLine,
  minimumColourLineLength,
  colourSolutionToRows,
  colourNonogramFromSolution,
  showColourClue,
  pickColourChar,
  normaliseRgb,
} from './model/colour-nonogram.js';
export type { CheckedColourNonogramPuzzle } from './engine-input-colour.js';
export { checkColourNonogramInput, colourCluesFit, colourSolutionsWithoutCells } from './engine-input-colour.js';
export type { Direction, ArrowPathPuzzle, ArrowPathSolution } from './model/arrowpath.js';
export { DIRECTIONS, DIRECTION_STEPS, rayCells, isOnRay } from './model/arrowpath.js';
export type { PuzzleKind, Puzzle, Solution, PuzzleOf, SolutionOf } from './model/puzzle.js';
export { PUZZLE_KINDS } from './model/puzzle.js';

export type { VerifyResult } from './verify.js';
export { verify, verifyNonogram, verifyColourNonogram, verifyArrowPath } from './verify.js';

export type { TextRenderOptions } from './render/text.js';
export { renderText, renderNonogramText, renderArrowPathText } from './render/text.js';
export { renderColourNonogramText, renderColourNonogramSvg } from './render/colour.js';
export type { SvgRenderOptions } from './render/svg.js';
export { renderSvg, renderNonogramSvg, renderArrowPathSvg } from './render/svg.js';

export type { PuzzleErrorCode } from './formats/errors.js';
export { PuzzleFormatError } from './formats/errors.js';

// Puzzle file formats: readers, writers, detection, validation, solution grids.
export type { FormatName, ReadOptions, ReadSolutionsOptions, NonogramLines, ColourNonogramLines, ArrowPathLines } from './formats/index.js';
export {
  FORMAT_NAMES,
  MAX_SIDE,
  readPuzzles,
  readPuzzle,
  writePuzzles,
  writePuzzle,
  detectFormat,
  formatsFor,
  validateNonogram,
  validateColourNonogram,
  validateArrowPath,
  readSolutions,
  writeSolution,
} from './formats/index.js';
export { Random, hashSeed } from './random.js';
export { isRecord } from './show.js';
