// The shared conformance suite, for the engine as registered and for its two search
// strategies forced on (small random puzzles never leave the default's first phase).
import { describeEngineConformance } from '@gridrace/testkit';
import { createWasmEngine, wasmColourEngine, wasmEngine } from '../src/index.js';

describeEngineConformance(wasmEngine);
describeEngineConformance(createWasmEngine({ name: 'wasm-learn', strategy: 'learn' }), { numRuns: 100 });
describeEngineConformance(createWasmEngine({ name: 'wasm-probe', strategy: 'probe' }), { numRuns: 100 });
describeEngineConformance(wasmColourEngine);
