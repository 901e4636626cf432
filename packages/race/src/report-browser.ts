// What a browser page needs to show a race as report.html does (no Node API): the body,
// the chart data and the function that draws it, the style sheet, the results check.
export { html as escapeHtml, raceBodyHtml, raceChartData, type ChartData } from './report/sections.js';
export { drawRaceCharts } from './report/charts.js';
export { STYLE as REPORT_STYLE, tickLabel } from './report/style.js';
export { checkResults, parseResults, ResultsFileError } from './schema.js';
export { RESULTS_FORMAT } from './types.js';
export type { RaceResults, TaskRecord, PuzzleRecord, EngineRecord } from './types.js';
// What a page that races engines itself needs to write the same results.
export { answerProblem, crossCheck } from './check.js';
export { summarizeRun } from './summary.js';
export { summarize } from './stats.js';
export { RESULTS_SCHEMA } from './types.js';
export { puzzleHashInput, solutionHashInput } from './hash-input.js';
