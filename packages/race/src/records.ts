// `@gridrace/race/records`: what tools that read the race's files need, without the harness
// (workers, builds, the gate): the results files' formats and their check, the statistics of a
// sample, time formatting, and the report pages' shared parts. The history loads this entry,
// so its commands do not pay for loading the whole race package.
export { parseResults, checkResults, schemaProblems, ResultsFileError } from './schema.js';
export { RESULTS_FORMAT, RESULTS_SCHEMA, AB_FORMAT, AB_SCHEMA } from './types.js';
export type { RaceResults, TaskRecord, TaskState, PuzzleRecord, EngineRecord, RaceEnv, RaceRunOptions, Clock, TimingOptions } from './types.js';
export type { AbResults, AbRun, AbTask, AbSide, AbBuildRecord } from './ab.js';
export type { GateReport, GateFingerprint } from './gate.js';
export { summarize, type SampleSummary } from './stats.js';
export { formatMs } from './report/tables.js';
export { chartJs, STYLE as REPORT_STYLE, TICK_LABEL_SCRIPT } from './report/page.js';
