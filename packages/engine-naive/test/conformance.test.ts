import { describeEngineConformance } from '@gridrace/testkit';
import { naiveColourEngine, naiveEngine } from '../src/index.js';

describeEngineConformance(naiveEngine);
describeEngineConformance(naiveColourEngine);
