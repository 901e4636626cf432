// @gridrace/engine-bitmask: the engine object and a factory for configured variants.
export { bitmaskEngine, createBitmaskEngine, bitmaskColourEngine, createBitmaskColourEngine } from './engine.js';
export type { BitmaskConfig } from './engine.js';
