// The shared conformance suite on both engines, with the suite's default run counts.
import { describeEngineConformance } from '@gridrace/testkit';
import { z3Engine, z3PrefixEngine } from '../src/index.js';

describeEngineConformance(z3Engine);
describeEngineConformance(z3PrefixEngine);
