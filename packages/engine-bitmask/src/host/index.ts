// @gridrace/engine-bitmask/host: the host of the one solver, shared by the bitmask engine
// (the JavaScript build) and the wasm engine (the WebAssembly build): the solve around the
// solver's entry points, and what it uses (packed clues, solution sets, clue symmetries,
// counters). Not a general API: only these two engines use it.
export { checkPositive, createSolve } from './engine-host.js';
export { createColourSolve } from './colour-host.js';
export type { ColourSolverExports } from './colour-host.js';
export type { SolverConfig, SolverExports, SolverInstance, SolverTarget, Strategy } from './engine-host.js';
export { packClues } from './clues.js';
export type { PackedClues } from './clues.js';
export { DistinctSolutions, SolutionsWithImages } from './solutions.js';
export { nonogramSymmetries, symmetricImage } from './symmetry.js';
export { RectangleSwaps } from './swaps.js';
export type { CellSymmetry } from './symmetry.js';
export { mergeCounters } from './counters.js';
