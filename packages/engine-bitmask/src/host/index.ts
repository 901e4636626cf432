// @gridrace/engine-bitmask/host: what the bitmask and wasm engines share around their search
// (packed clues, solution sets, clue symmetries, counters). Not a general API: only these two
// engines use it.
export { packClues } from './clues.js';
export type { PackedClues } from './clues.js';
export { DistinctSolutions, SolutionsWithImages } from './solutions.js';
export { nonogramSymmetries, symmetricImage } from './symmetry.js';
export type { CellSymmetry } from './symmetry.js';
export { mergeCounters } from './counters.js';
