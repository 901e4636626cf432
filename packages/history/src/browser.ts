// What a browser page can use (no Node APIs): the database over sql.js's browser build (the
// page loads sql.js and hands it in), the series, the change points, and their types.
export { History, HistoryError } from './database.js';
export { HISTORY_FORMAT, SCHEMA_VERSION } from './schema.js';
export { buildSeries, type Series, type SeriesPoint, type SeriesFilter } from './series.js';
export { eDivisive, splitTest, type ChangePoint, type ChangePointOptions } from './change-points.js';
export { findChanges, failingChanges, type ChangeOptions, type SeriesChange } from './changes.js';
export type { MachineInfo, ResultInput, ResultRow, ResultSummary, RunInput, RunRow, RunSide, RunSource } from './types.js';
