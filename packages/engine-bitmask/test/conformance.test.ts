// The shared conformance suite, for the engine as registered and for its two search
// strategies forced on (small random puzzles never leave the default's first phase).
import { describeEngineConformance } from '@gridrace/testkit';
import { bitmaskColourEngine, bitmaskEngine, createBitmaskColourEngine, createBitmaskEngine } from '../src/index.js';

describeEngineConformance(bitmaskEngine);
describeEngineConformance(createBitmaskEngine({ name: 'bitmask-learn', strategy: 'learn' }), { numRuns: 100 });
describeEngineConformance(createBitmaskEngine({ name: 'bitmask-probe', strategy: 'probe' }), { numRuns: 100 });
describeEngineConformance(bitmaskColourEngine);
// Paused at every resumable point (between probes too): the colour search resumes where it stopped.
describeEngineConformance(createBitmaskColourEngine({ name: 'bitmask-sliced', sliceMs: 0 }), { numRuns: 60 });
// Without probing: line logic and backtracking alone.
describeEngineConformance(createBitmaskColourEngine({ name: 'bitmask-no-probing', probing: false }), { numRuns: 100 });
