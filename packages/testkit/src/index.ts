// The public API of @gridrace/testkit: an explicit list, types exported as types.
export type { ConformanceOptions } from './conformance.js';
export { describeEngineConformance } from './conformance.js';
export { describeNonogramInputCases } from './input-cases.js';
export type { InputCase, ExpectedOutcome } from './input-contract.js';
export { NONOGRAM_INPUT_CASES, COLOUR_INPUT_CASES, ARROWPATH_INPUT_CASES, optionInputCases, inputCasesFor, expectInputOutcome } from './input-contract.js';
export type { SymmetryConfig, SymmetrySuiteOptions } from './symmetry-suite.js';
export { describeSymmetricClues } from './symmetry-suite.js';

export type { OracleResult } from './oracle-nonogram.js';
export { bruteForceNonogram, linePlacements } from './oracle-nonogram.js';
export { bruteForceArrowPath } from './oracle-arrowpath.js';
export { bruteForceColourNonogram, colourLinePlacements } from './oracle-colour.js';
export type { ColourCase, ColourCaseSort, ColourArbitraryOptions } from './arbitraries/colour.js';
export { colourCaseArbitrary, colourPalette } from './arbitraries/colour.js';

export type { NonogramCase, NonogramCaseSort, NonogramArbitraryOptions, GridSymmetrySort } from './arbitraries/nonogram.js';
export { nonogramArbitrary, nonogramCaseArbitrary, symmetricNonogramArbitrary } from './arbitraries/nonogram.js';
export type { ArrowPathCase, ArrowPathCaseSort, ArrowPathArbitraryOptions } from './arbitraries/arrowpath.js';
export { arrowPathArbitrary, arrowPathCaseArbitrary, randomAlignedPath, arrowPathFromNumbering, directionBetween, seededRandom } from './arbitraries/arrowpath.js';

export { discPicture, permutationNonogram, permutationColourNonogram, eastWestArrowPath } from './hard.js';
export { nonogramFromClues } from './puzzles.js';

export type { SeedPuzzle } from './fixtures.js';
export { loadSeedPuzzles, SEED_DIR } from './fixtures.js';

export {
  solutionKey,
  solutionKeys,
  expectSameSolutions,
  expectVerified,
  expectWellFormedResult,
  expectWellFormedStats,
  expectAgreesWithOracle,
} from './expect.js';
export type { LineSolverTarget } from './line-solver-suite.js';
export { describeLineSolver } from './line-solver-suite.js';

export { sharedDir, hasShared, NEEDS_SHARED, readSharedFile, readSharedNonogram, readSharedNonograms } from './shared-folder.js';
