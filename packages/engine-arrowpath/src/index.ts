// The public API of @gridrace/engine-arrowpath: the two engines and their factories.
export type { ArrowPathEngineLimits } from './engines.js';
export { arrowPathDfsEngine, arrowPathEngine, createArrowPathDfsEngine, createArrowPathEngine } from './engines.js';
