// The public API of @gridrace/race: an explicit list, types exported as types.
export { Race, RaceEvent, RaceConfigError, loadEngineModules } from './race.js';
export type { RaceOptions, RaceEventMap, PlannedTask } from './race.js';
export { localExecutor } from './executor.js';
export type { TaskExecutor, TaskSettings, ExecutorCallbacks, ExecutorReport } from './executor.js';
export { toRecord } from './task-record.js';
export { loadCorpus, corpusPuzzle, parseShard, shardOf, puzzleHash, solutionsHash, globToRegExp, CorpusError, DEFAULT_CORPUS } from './corpus.js';
export type { CorpusPuzzle, LoadedCorpus } from './corpus.js';
export { runIsolated } from './isolate.js';
export type { IsolationLimits, TaskOutcome } from './isolate.js';
export { crossCheck } from './check.js';
export { mergeResults, MergeError } from './merge.js';
export type { MergeInput, MergeOutcome } from './merge.js';
export { compareResults } from './compare.js';
export type { CompareOptions, Comparison, TaskComparison, EngineComparison, TaskStatus } from './compare.js';
export { RESULTS_JSON_SCHEMA, TASK_RECORD_SCHEMA, schemaProblems, parseResults, checkResults, stringifyResults, ResultsFileError } from './schema.js';
export { writeOutputs, OUTPUT_FILES } from './outputs.js';
export { estimateRace, pastRace, readPastRaces, type EstimatedTask, type EstimateOptions, type PastRace, type RaceEstimate } from './estimate.js';
export { claimResultsFolder, ResultsFolderError, LOCK_FILE, type ClaimOptions } from './results-folder.js';
export { raceMarkdown } from './report/markdown.js';
export { compareMarkdown, compareHeadline } from './report/compare-markdown.js';
export { raceHtml } from './report/html.js';
export { chartJs, STYLE as REPORT_STYLE, TICK_LABEL_SCRIPT } from './report/page.js';
export { actionBenchmark } from './report/action-benchmark.js';
export type { ActionBenchmarkEntry } from './report/action-benchmark.js';
export { formatMs } from './report/tables.js';
export { raceHeadlines, gaveUp } from './report/headline.js';
export { calibrationWorkload } from './calibration.js';
export { collectEnv, gitRevision } from './env.js';
export {
  summarize,
  median,
  mean,
  quantile,
  standardDeviation,
  medianAbsoluteDeviation,
  relativeMarginOfError,
  medianRelativeError,
  tCritical95,
  geometricMean,
} from './stats.js';
export type { SampleSummary } from './stats.js';
export { RESULTS_SCHEMA, RESULTS_FORMAT, AB_FORMAT, AB_SCHEMA } from './types.js';
export type {
  RaceResults,
  TaskRecord,
  TaskState,
  TaskOverhead,
  PuzzleRecord,
  EngineRecord,
  Disagreement,
  RaceEnv,
  RaceRunOptions,
  RaceSummary,
  MachineRecord,
  TimingOptions,
  Clock,
} from './types.js';
export { AbRace, AbEvent, abOrder, buildEngines } from './ab.js';
export type { AbOptions, AbResults, AbRun, AbTask, AbSide, AbEventMap, AbBuildRecord } from './ab.js';
export { compareAb } from './compare.js';
export { pairedChange, unpairedChange, relativeTo, judgeChange, outcomeText, signedRankCritical, rankSumCritical, fewestPairs, memberError, FAMILY_ERROR, percentChange, intervalText, changeText } from './judge.js';
export type { Change, ChangeStatus } from './judge.js';
export type { AbComparison, AbCompareOptions, AbStatistic, AbEngineComparison, AbTaskComparison, AbRatio, AbStatus } from './compare.js';
export { abMarkdown, abHeadline } from './report/ab-markdown.js';
export { commitBuild, folderBuild, workingTreeBuild, repositoryRoot, resolveCommit, defaultBuild, BuildError } from './builds.js';
export type { Build, BuildOptions, Runner } from './builds.js';
export { readSuite } from './suite.js';
export { PRESETS, estimateRaceMs, type PresetName, type RacePreset } from './presets.js';
export type { NotAttempted } from './types.js';
export { compareCounters, compareRaceCounters, isWorkCounter } from './ab-counters.js';
export type { CounterComparison, CounterChange, CounterCompareOptions, CounterRuns, CounterStatus } from './ab-counters.js';
export { runGate, joinRounds, gateExitCode } from './gate.js';
export { ciGate, acceptedBase, acceptBase, raceFallbackBaseline, writeGateOutputs } from './ci-gate.js';
export type { CiGateOptions, CiGateOutcome } from './ci-gate.js';
export type { GateOptions, GateReport, GateFingerprint, GateConfirmation } from './gate.js';
export { gateMarkdown } from './report/gate-markdown.js';
export { engineFingerprints } from './fingerprint.js';
