// @gridrace/engine-wasm: the engine object and a factory for configured variants.
export { wasmEngine, createWasmEngine, wasmColourEngine, createWasmColourEngine } from './engine.js';
export type { WasmConfig, WasmEngine, WasmColourEngine, Strategy } from './engine.js';
export { compileSolver, DEFAULT_WASM_URL } from './loader.js';
export type { WasmSource } from './loader.js';
