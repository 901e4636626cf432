// The public API of @gridrace/engine-arrowpath: the two engines and their factories, and the
// generator's helper that finds the givens propagation can do without.
export type { ArrowPathEngineLimits } from './engines.js';
export type { Deductions } from './gap-cache.js';
export { arrowPathDfsEngine, arrowPathEngine, createArrowPathDfsEngine, createArrowPathEngine } from './engines.js';
export type { RemovableGivens, RemovableGivensOptions } from './minimize.js';
export { removableGivens } from './minimize.js';
