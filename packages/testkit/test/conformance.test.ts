// The conformance suite run on two plain test-only engines, so both halves of it are
// exercised here even before a real engine of each kind exists.
import { describeEngineConformance } from '../src/index.js';
import { dfsArrowPathEngine, rowSearchNonogramEngine } from './reference-engines.js';

// The row-by-row search is far too slow for the two large seeds; the 15x15 one stays in.
describeEngineConformance(rowSearchNonogramEngine, { numRuns: 100, skipSeeds: ['gchq-2015.json', 'mathematica-20x30.json'] });
describeEngineConformance(dfsArrowPathEngine, { numRuns: 100 });
