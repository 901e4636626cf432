// The shared engine conformance suite, for both engines.
import { describeEngineConformance } from '@gridrace/testkit';
import { arrowPathDfsEngine, arrowPathEngine } from '../src/index.js';
import { stackedEastWestRows } from './helpers.js';

// The suite's default long puzzle (a 1x40 east-west row) has so many solutions that
// `arrowpath` finds two within milliseconds, which makes the verdict `multiple`, not
// `incomplete`; stacked rows have none and keep it busy for seconds.
describeEngineConformance(arrowPathEngine, { maxRandomSize: 5, hardPuzzle: stackedEastWestRows(16, 4) });
describeEngineConformance(arrowPathDfsEngine);
