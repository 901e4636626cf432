import { describeEngineConformance } from '@gridrace/testkit';
import { naiveEngine } from '../src/index.js';

describeEngineConformance(naiveEngine);
