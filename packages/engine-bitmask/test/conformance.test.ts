// The shared conformance suite, for the engine as registered and for its two search
// strategies forced on (small random puzzles never leave the default's first phase).
import { describeEngineConformance } from '@gridrace/testkit';
import { bitmaskEngine, createBitmaskEngine } from '../src/index.js';

describeEngineConformance(bitmaskEngine);
describeEngineConformance(createBitmaskEngine({ name: 'bitmask-learn', strategy: 'learn' }), { numRuns: 100 });
describeEngineConformance(createBitmaskEngine({ name: 'bitmask-probe', strategy: 'probe' }), { numRuns: 100 });
