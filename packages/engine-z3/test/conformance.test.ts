// The shared conformance suite on both engines. A third of the suite's default random runs:
// Z3 in WebAssembly takes tens of milliseconds a solve, and agreement.test.ts adds random
// puzzles checked against naive.
import { describeEngineConformance } from '@gridrace/testkit';
import { z3Engine, z3PrefixEngine } from '../src/index.js';

describeEngineConformance(z3Engine, { numRuns: 100 });
describeEngineConformance(z3PrefixEngine, { numRuns: 100 });
