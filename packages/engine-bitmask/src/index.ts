// @gridrace/engine-bitmask: the engine object, a factory for configured variants, and the exact line solver.
export { bitmaskEngine, createBitmaskEngine, bitmaskColourEngine, createBitmaskColourEngine } from './engine.js';
export type { BitmaskConfig } from './engine.js';
export { createLineSolver, type LineSolver } from './line-solver.js';
