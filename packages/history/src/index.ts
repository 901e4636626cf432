// The public API of @gridrace/history: an explicit list, types exported as types.
export { History, HistoryError } from './database.js';
export { HISTORY_FORMAT, SCHEMA_VERSION, MIGRATIONS } from './schema.js';
export { readHistory, changeHistory, loadSqlJs, HistoryFileError, type WriteOptions } from './file.js';
export { addFiles, addRuns, gitCommitDate, type AddOutcome } from './add.js';
export { readRuns, parseRuns, RunsFileError } from './documents.js';
export { raceRun, abRuns, gateRuns, machineInfo, type RunContext } from './records.js';
export { buildSeries, type Series, type SeriesPoint, type SeriesFilter } from './series.js';
export { eDivisive, splitTest, type ChangePoint, type ChangePointOptions } from './change-points.js';
export { findChanges, failingChanges, type ChangeOptions, type SeriesChange } from './changes.js';
export { trendPage, trendSeries, type TrendPageOptions } from './trend-page.js';
export type { MachineInfo, ResultInput, ResultRow, ResultSummary, RunInput, RunRow, RunSide, RunSource } from './types.js';
