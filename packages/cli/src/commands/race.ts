// `gridrace race`, `race merge`, `race compare`: flags and printing only; the racing,
// merging and comparing live in @gridrace/race. Progress is drawn from the race's events:
// a bar on a terminal, one plain line per task otherwise (CI logs).
import { lstatSync, mkdirSync, readFileSync, symlinkSync, unlinkSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { Command, Option } from 'commander';
import type { TimeFormatter } from 'cli-progress';
import pc from 'picocolors';
import { PUZZLE_KINDS, type PuzzleKind } from '@gridrace/core';
import {
  MergeError,
  OUTPUT_FILES,
  Race,
  RaceConfigError,
  ResultsFileError,
  ResultsFolderError,
  claimResultsFolder,
  gitRevision,
  compareMarkdown,
  compareHeadline,
  compareResults,
  formatMs,
  loadEngineModules,
  mergeResults,
  parseResults,
  parseShard,
  writeOutputs,
  type RaceResults,
  type TaskRecord,
  type TimingOptions,
} from '@gridrace/race';
import { PRESETS, estimateRace, gaveUp, raceHeadlines, readPastRaces, type PastRace, type PresetName, type RaceEstimate } from '@gridrace/race';
import { QueueError, type QueueAddress } from '@gridrace/queue/address';
import type { QueueExecutor } from '@gridrace/queue';
import { writeOutput } from '../io.js';
import { CliError, ExitCode } from '../exit-codes.js';
import { addToHistory } from './history.js';
import { registerExternal, withoutSkipped } from './external.js';
import { list, many, moduleSpecifier, percent, positive, queueAddress, raceCorpus, wholeNumber } from './options.js';
import { registerRaceAbCommand } from './race-ab.js';
import { registerRaceGateCommand } from './race-gate.js';
import { abortOnInterrupt, loadCliProgress, type Ui } from './shared.js';

/** `race compare` exits with this code when it finds a regression. */
export const REGRESSION_EXIT = 1 as ExitCode;

export interface RaceFlags {
  engines?: string[];
  puzzles?: string[];
  suite?: string;
  kind?: PuzzleKind;
  timeLimit?: number;
  time?: number;
  preset: PresetName;
  attemptAll?: boolean;
  iterations?: number;
  memory: number;
  clock: 'cpu' | 'wall';
  shard?: string;
  out?: string;
  /** Replace the results the --out folder holds. */
  force?: boolean;
  load?: string[];
  enginesFile?: string[];
  peers?: string[];
  calibration: boolean;
  /** Time each task in this many slices spread over the race. */
  slices?: number;
  quiet?: boolean;
  progress?: boolean;
  /** A history database the finished race is added to. */
  history?: string;
  /** Run the tasks on this queue's workers (a redis:// URL) instead of here. */
  queue?: string;
  queueName: string;
}


function taskLine(r: TaskRecord, index: number, total: number): string {
  const where = `[${index + 1}/${total}] ${r.engine} ${r.puzzle}${r.machine ? ` on ${r.machine}` : ''}`;
  if (r.state === 'completed' && r.samples) return `${where}: ${formatMs(r.samples.median)} ±${r.samples.rme.toFixed(1)}% (${r.verdict}, ${r.samples.n} samples)`;
  // An engine that stopped on its own cap has no answer: say so, as the reports do.
  if (gaveUp(r)) return `${where}: gave up (${r.reason ?? '?'})${r.message ? `: ${r.message}` : ''}`;
  if (r.state === 'completed') return `${where}: ${r.verdict}${r.reason ? ` (${r.reason})` : ''}${r.message ? `: ${r.message}` : ''}`;
  return `${where}: ${r.state.toUpperCase()}${r.message ? `: ${r.message}` : ''}`;
}

/** The counts, then one headline per puzzle kind (winner, factor, failures, disagreements). */
function summaryLine(r: RaceResults): string {
  const s = r.summary;
  // results.json counts gave-up tasks as completed (its states are fixed); the console does not.
  const given = r.tasks.filter(gaveUp).length;
  const counts =
    `race: ${s.tasks} tasks, ${s.completed - given} completed, ${given > 0 ? `${given} gave up, ` : ''}${s.timeouts} timed out, ${s.ooms} out of memory, ${s.errors} errors, ` +
    `${s.disagreements} disagreement(s); overhead per task ${formatMs(s.harnessMsMedian)}; ${(s.wallMs / 1000).toFixed(1)} s`;
  return [counts, ...raceHeadlines(r)].join('\n');
}

function reportDisagreements(r: RaceResults, ui: Ui): void {
  if (r.disagreements.length === 0) return;
  const loud = (t: string) => (ui.color ? pc.bold(pc.red(t)) : t);
  ui.info(loud(`DISAGREEMENT: ${r.disagreements.length} problem(s) with verdicts or solutions; the engines cannot all be right:`));
  for (const d of r.disagreements) ui.info(loud(`  ${d.puzzle}: ${d.message}`));
}

/** Claims `out` for this run (see claimResultsFolder); a refusal is a command-line error. */
function claimOut(out: string, replace: boolean): () => void {
  try {
    return claimResultsFolder(out, { replace });
  } catch (err) {
    if (err instanceof ResultsFolderError) throw new CliError(err.message, ExitCode.USAGE);
    throw new CliError(`${out}: cannot make the results folder: ${(err as Error).message}`, ExitCode.BAD_INPUT);
  }
}

function writeAll(results: RaceResults, out: string, ui: Ui): void {
  try {
    writeOutputs(results, out);
  } catch (err) {
    throw new CliError(`${out}: cannot write the results: ${(err as Error).message}`, ExitCode.BAD_INPUT);
  }
  ui.info(`wrote ${out}/{${Object.values(OUTPUT_FILES).join(',')}}`);
}

export async function raceCommand(flags: RaceFlags, ui: Ui): Promise<ExitCode> {
  const load = (flags.load ?? []).map(moduleSpecifier);
  try {
    await loadEngineModules(load);
  } catch (err) {
    throw new CliError(`--load: ${(err as Error).message}`, ExitCode.USAGE);
  }
  let shard: { index: number; count: number } | undefined;
  try {
    shard = flags.shard === undefined ? undefined : parseShard(flags.shard);
  } catch (err) {
    throw new CliError((err as Error).message, ExitCode.USAGE);
  }
  const queue = flags.queue === undefined ? undefined : queueAddress(flags.queue);
  if (queue && (flags.slices ?? 1) > 1) throw new CliError('--slices needs a local race: a queue runs each task once, on one machine', ExitCode.USAGE);
  const { skipped } = registerExternal(flags);
  const engines = withoutSkipped(flags.engines, skipped, (line) => ui.info(line));
  const preset = PRESETS[flags.preset];
  const ownPuzzles = (flags.puzzles?.length ?? 0) > 0 || flags.suite !== undefined;
  const { corpus, given } = raceCorpus(ownPuzzles ? flags : { ...flags, puzzles: [...preset.puzzles] });
  const timing: TimingOptions = flags.iterations !== undefined ? { iterations: flags.iterations } : { timeMs: flags.time !== undefined ? flags.time * 1000 : preset.timeMs };
  const timeLimitMs = flags.timeLimit !== undefined ? flags.timeLimit * 1000 : preset.timeLimitMs;
  const controller = new AbortController();
  let race: Race;
  try {
    race = new Race({
      puzzles: corpus.puzzles,
      ...(engines && engines.length > 0 ? { engines } : {}),
      ...(flags.kind ? { kind: flags.kind } : {}),
      timeLimitMs,
      timing,
      memoryMb: flags.memory,
      ...(flags.attemptAll ? { attemptAll: true } : {}),
      clock: flags.clock,
      ...(shard ? { shard } : {}),
      calibration: flags.calibration,
      ...(flags.slices !== undefined ? { slices: flags.slices } : {}),
      load,
      sources: given,
      signal: controller.signal,
    });
  } catch (err) {
    if (err instanceof RaceConfigError) throw new CliError(err.message, ExitCode.USAGE);
    throw err;
  }
  if (race.tasks.length === 0 && race.notAttempted.length === 0) throw new CliError('nothing to race: no registered engine solves these puzzles', ExitCode.USAGE);
  // The folder is claimed before anything is printed or raced: a clash is known at once.
  const out = flags.out ?? newRunFolder();
  const release = claimOut(out, flags.force ?? false);
  try {
    return await raceInto(out, race, controller, flags, ui, { ownPuzzles, preset, timing, timeLimitMs, corpus, ...(queue ? { queue } : {}) });
  } finally {
    release();
  }
}

interface RacePlan {
  ownPuzzles: boolean;
  preset: (typeof PRESETS)[PresetName];
  timing: TimingOptions;
  timeLimitMs: number;
  corpus: ReturnType<typeof raceCorpus>['corpus'];
  /** Run on this queue's workers. */
  queue?: QueueAddress;
}

/** Runs the race with its progress lines and writes its results into `out`, claimed by the caller. */
async function raceInto(out: string, race: Race, controller: AbortController, flags: RaceFlags, ui: Ui, plan: RacePlan): Promise<ExitCode> {
  const { ownPuzzles, preset, timing, timeLimitMs, corpus } = plan;
  for (const s of corpus.skipped) if (!flags.quiet) ui.info(`skipped ${s.file}: ${s.why}`);
  // The preset's measured time holds only for the preset as it is: nothing chosen on the command line.
  const asPreset = !ownPuzzles && flags.engines === undefined && flags.kind === undefined && flags.time === undefined && flags.iterations === undefined && flags.timeLimit === undefined;
  // race-results/ and the folder --out sits in, once each however they are written: earlier
  // races there estimate this one, and order a queue's jobs longest first.
  const past = flags.quiet && !plan.queue ? [] : [...new Map(['race-results', dirname(out)].map((dir) => [resolve(dir), dir])).values()].flatMap((dir) => readPastRaces(dir));
  if (!flags.quiet) {
    const estimate = estimateRace(
      race.tasks.map((t) => ({ engine: t.engine, puzzleHash: t.puzzle.record.hash })),
      new Set(race.tasks.map((t) => t.puzzle.record.id)).size,
      { timing, clock: flags.clock, timeLimitMs, calibration: flags.calibration, ...(flags.slices !== undefined ? { slices: flags.slices } : {}) },
      past,
    );
    ui.info(planLine(race, { name: flags.preset, own: ownPuzzles, measuredSeconds: asPreset ? preset.measuredSeconds : 0 }, estimate, timeLimitMs));
  }

  const tty = flags.progress ?? (process.stderr.isTTY === true && !process.env.CI);
  const cliProgress = tty && !flags.quiet ? await loadCliProgress() : undefined;
  // Until a task ends cli-progress has no ETA ('NULL' or 'INF', which its time format would
  // print as "NFs"): the bar says "ETA ?" instead.
  const formatTime: TimeFormatter = (t, options, round) => (Number.isFinite(t) ? cliProgress!.Format.TimeFormat(t, options, round) : '?');
  const bar = cliProgress
    ? new cliProgress.MultiBar(
        { format: ' race {bar} {value}/{total} | {task} | {duration_formatted} elapsed, ETA {eta_formatted}', formatTime, hideCursor: true, etaBuffer: 20, fps: 5, clearOnComplete: true, stream: process.stderr },
        cliProgress.Presets.shades_classic,
      )
    : undefined;
  // A sliced race goes through its plan once per slice: the bar counts workers, not tasks.
  const slices = flags.slices ?? 1;
  let lastSlice: number | undefined;
  const progress = bar?.create(race.tasks.length * slices, 0, { task: 'starting' });
  const say = (text: string) => (bar ? bar.log(`${text}\n`) : ui.info(text));
  race.on('task-start', (e) => {
    const { task, index, slice } = e.detail;
    const where = slice !== undefined ? ` · slice ${slice}/${slices}` : '';
    // Plain lines name each task as it ends, all in the last slice: say where the race is.
    if (!bar && !flags.quiet && slice !== undefined && slice !== lastSlice) ui.info(`slice ${slice} of ${slices}`);
    lastSlice = slice;
    progress?.update(((slice ?? 1) - 1) * race.tasks.length + index, { task: `${task.engine} · ${task.puzzle.record.id}${where}` });
  });
  race.on('task-end', (e) => {
    const { record, done, total } = e.detail;
    if (slices === 1) progress?.update(done);
    if (flags.quiet) return;
    if (!bar) ui.info(taskLine(record, done - 1, total));
    else if (record.state !== 'completed') say(taskLine(record, done - 1, total));
  });
  race.on('disagreement', (e) => {
    const text = `DISAGREEMENT on ${e.detail.disagreement.puzzle}: ${e.detail.disagreement.message}`;
    say(ui.color ? pc.bold(pc.red(text)) : text);
  });
  const executor = plan.queue ? await queueExecutor(plan.queue, flags, past, ui, (status) => progress?.update({ task: status })) : undefined;
  const stopListening = abortOnInterrupt(controller);
  let results: RaceResults;
  try {
    results = await race.run(executor);
  } catch (err) {
    if (err instanceof QueueError) throw new CliError(err.message, ExitCode.BAD_INPUT);
    throw err;
  } finally {
    stopListening();
    bar?.stop();
  }
  writeAll(results, out, ui);
  if (flags.out === undefined) pointLatest(out, ui);
  if (flags.history !== undefined) {
    if (results.aborted) ui.info(`history: an interrupted race is not added to ${flags.history}`);
    else await addToHistory(flags.history, [out], flags.suite, ui);
  }
  ui.out(summaryLine(results));
  reportDisagreements(results, ui);
  if (results.aborted) {
    const why = executor?.stopped ? ` (${executor.stopped})` : '';
    ui.out(`race interrupted${why}: ${results.tasks.length} of ${race.tasks.length} tasks finished; their results are in ${out}`);
  }
  return raceExitCode(results);
}

/**
 * The executor of `race --queue`: jobs ordered by the earlier races' times, and a line each
 * time the number of connected workers changes (the bar's task text on a terminal).
 */
async function queueExecutor(address: QueueAddress, flags: RaceFlags, past: readonly PastRace[], ui: Ui, onBar: (status: string) => void): Promise<QueueExecutor> {
  // BullMQ and ioredis load only for a race that uses them (a third of a second of start-up).
  const { QueueExecutor } = await import('@gridrace/queue');
  let workers = -1;
  return new QueueExecutor({
    address,
    name: flags.queueName,
    predict: (engine, hash) => {
      for (const p of past) {
        const ms = p.taskMs.get(`${engine}\0${hash}`);
        if (ms !== undefined) return ms;
      }
      return undefined;
    },
    onStatus: (status) => {
      const text = status.workers === 0 ? `waiting for a worker on ${address.where} (gridrace worker --queue ...)` : `${status.workers} worker(s) on ${address.where}`;
      onBar(text);
      if (status.workers !== workers && !flags.quiet) ui.info(`queue: ${text}; ${status.finished} of ${status.jobs} puzzle(s) done`);
      workers = status.workers;
    },
  });
}

/**
 * After every result is written: 6 when engines disagree, an engine threw or died, or an answer
 * failed the verifier or was impossible (`unique` with no solution; recorded as errored); 3
 * for an interrupted race; else 0. Time limits and memory caps are outcomes, not failures.
 */
export function raceExitCode(results: RaceResults): ExitCode {
  const { summary } = results;
  if (results.disagreements.length > 0 || summary.errors > 0 || summary.unverified > 0) return ExitCode.INTERNAL;
  if (results.aborted) return ExitCode.INCOMPLETE;
  return ExitCode.OK;
}

/**
 * Before the first task: how many tasks, how many not attempted, and how long it will take:
 * from earlier races of the same tasks timed the same way where there are any, else the
 * preset's measured time, else a model that cannot know slow solves (and says so).
 */
function planLine(race: Race, preset: { name: PresetName; own: boolean; measuredSeconds: number }, estimate: RaceEstimate, timeLimitMs: number): string {
  const puzzles = new Set(race.tasks.map((t) => t.puzzle.record.id)).size;
  const skipped = race.notAttempted.length;
  const about = (seconds: number) => (seconds < 90 ? `${Math.max(1, Math.round(seconds))} s` : `${(seconds / 60).toFixed(1)} min`);
  const races = estimate.sources.length === 1 ? `the race in ${dirname(estimate.sources[0]!)}` : `${estimate.sources.length} earlier races`;
  const guess =
    estimate.measured === estimate.total
      ? `about ${about(estimate.ms / 1000)} (as these tasks took in ${races})`
      : estimate.measured > 0
        ? `about ${about(estimate.ms / 1000)} or more (${estimate.measured} of ${estimate.total} tasks as they took in ${races}; each slow solve among the others adds up to the ${timeLimitMs / 1000} s limit)`
        : preset.measuredSeconds > 0
          ? `about ${about(preset.measuredSeconds)} (as measured on a 2-core machine)`
          : `about ${about(estimate.ms / 1000)} or more (no earlier race of these tasks timed this way to go by; each slow solve adds up to the ${timeLimitMs / 1000} s limit)`;
  return (
    `race: ${race.tasks.length} tasks on ${puzzles} puzzles${skipped > 0 ? ` (${skipped} more not attempted: out of the engine's reach)` : ''}` +
    `${preset.own ? '' : `, preset ${preset.name}`}; ${guess}`
  );
}

/**
 * A new race-results/<date>-<time>-<commit> folder: every race its own, so none overwrites
 * another. Made here (mkdir fails on a folder that exists), so two races started in the same
 * second get two folders.
 */
function newRunFolder(): string {
  const { gitSha, gitDirty } = gitRevision();
  const stamp = new Date().toISOString().slice(0, 19).replace(/[-:]/g, '').replace('T', '-');
  const name = `${stamp}${gitSha ? `-${gitSha.slice(0, 7)}${gitDirty ? '+' : ''}` : ''}`;
  try {
    mkdirSync('race-results', { recursive: true });
    for (let n = 1; ; n++) {
      const dir = join('race-results', n === 1 ? name : `${name}-${n}`);
      try {
        mkdirSync(dir);
        return dir;
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      }
    }
  } catch (err) {
    throw new CliError(`race-results: cannot make the results folder: ${(err as Error).message}`, ExitCode.BAD_INPUT);
  }
}

/** Moves the race-results/latest link to the folder just written (a note, not an error, where links cannot be made). */
function pointLatest(out: string, ui: Ui): void {
  const link = join('race-results', 'latest');
  try {
    if (lstatSync(link, { throwIfNoEntry: false })) unlinkSync(link);
    symlinkSync(out.slice('race-results/'.length), link);
  } catch (err) {
    ui.info(`note: could not point ${link} at ${out}: ${(err as Error).message}`);
  }
}

function readResultsFile(path: string): RaceResults {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (err) {
    throw new CliError(`${path}: cannot read file: ${(err as { code?: string }).code === 'ENOENT' ? 'no such file' : (err as Error).message}`, ExitCode.BAD_INPUT);
  }
  try {
    return parseResults(text, path);
  } catch (err) {
    if (err instanceof ResultsFileError) throw new CliError(err.message, ExitCode.BAD_INPUT);
    throw err;
  }
}

export function raceMergeCommand(files: string[], flags: { out: string; force?: boolean }, ui: Ui): ExitCode {
  const inputs = files.map((file) => ({ file, results: readResultsFile(file) }));
  let merged;
  try {
    merged = mergeResults(inputs);
  } catch (err) {
    if (err instanceof MergeError) throw new CliError(err.message, ExitCode.BAD_INPUT);
    throw err;
  }
  for (const w of merged.warnings) ui.info(`warning: ${w}`);
  const release = claimOut(flags.out, flags.force ?? false);
  try {
    writeAll(merged.results, flags.out, ui);
  } finally {
    release();
  }
  ui.out(summaryLine(merged.results));
  reportDisagreements(merged.results, ui);
  return merged.results.disagreements.length > 0 ? ExitCode.INTERNAL : ExitCode.OK;
}

export interface CompareFlags {
  threshold: number;
  counterThreshold: number;
  reference: string;
  markdown?: string;
  json?: string;
  all?: boolean;
  force?: boolean;
}

export async function raceCompareCommand(baselineFile: string, currentFile: string, flags: CompareFlags, ui: Ui): Promise<ExitCode> {
  const baseline = readResultsFile(baselineFile);
  const current = readResultsFile(currentFile);
  let comparison;
  try {
    comparison = compareResults(baseline, current, {
      threshold: flags.threshold / 100,
      counterThreshold: flags.counterThreshold / 100,
      reference: flags.reference,
      force: flags.force ?? false,
    });
  } catch (err) {
    if (err instanceof RangeError) throw new CliError(err.message, ExitCode.USAGE);
    throw err;
  }
  const md = compareMarkdown(comparison, { all: flags.all ?? false });
  if (flags.markdown) await writeOutput(flags.markdown, md);
  if (flags.json) await writeOutput(flags.json, `${JSON.stringify(comparison, null, 1)}\n`);
  // A gate that compared nothing must not pass; a regression (everything broke) still says more.
  if (comparison.regressions === 0 && comparison.comparable === 0) {
    throw new CliError(`race compare: nothing comparable: ${comparison.incomparable ?? 'no task was timed in both runs'}`, ExitCode.BAD_INPUT);
  }
  ui.out(md);
  if (comparison.regressions > 0) {
    ui.info(ui.color ? pc.red(compareHeadline(comparison)) : compareHeadline(comparison));
    return REGRESSION_EXIT;
  }
  ui.info(compareHeadline(comparison));
  return ExitCode.OK;
}

/** Adds `race` (with `merge` and `compare`) to the program; `done` receives each command's exit code. */
export function registerRaceCommand(program: Command, ui: Ui, done: (code: ExitCode) => void): void {
  // `race merge -o DIR`: commander gives an option after a subcommand to that subcommand only
  // when positional options are on for the program and for `race` (the program's own options,
  // --help and --version, still work before any command).
  program.enablePositionalOptions();
  const race = program
    .command('race')
    // Options after `merge` or `compare` belong to them (both have their own --out).
    .enablePositionalOptions()
    .description('race every engine on every puzzle of its kind, isolated and timed; write results, summary, HTML report')
    .addOption(new Option('-e, --engines <names>', 'comma-separated engines (default: every engine of a kind the puzzles hold)').argParser(list))
    .addOption(new Option('-p, --puzzles <path>', 'puzzle file, folder or glob; repeatable (default: the repository puzzles/)').argParser(many))
    .option('--suite <file>', 'a suite file: one puzzle path, folder or glob a line, # comments (added to -p)')
    .addOption(new Option('-k, --kind <kind>', 'only puzzles of this kind').choices([...PUZZLE_KINDS]))
    .addOption(
      new Option('--preset <name>', `what to race when -p, --suite, --time or -t do not say: ${Object.entries(PRESETS).map(([name, p]) => `${name} (${p.description})`).join('; ')}`)
        .choices(Object.keys(PRESETS))
        .default('quick'),
    )
    .addOption(new Option('-t, --time-limit <seconds>', 'time limit per solve; longer is recorded as a timeout (default: the preset\'s, 10 s)').argParser(positive('seconds')))
    .addOption(new Option('--time <seconds>', 'tinybench time budget per task, at least 2 samples (default: the preset\'s)').argParser(positive('seconds')).conflicts('iterations'))
    .addOption(new Option('--iterations <n>', 'exactly n timed samples per task instead of a time budget').argParser(wholeNumber))
    .addOption(new Option('--memory <mb>', 'memory cap per task: worker heap limit and resident-memory growth').argParser(positive('MB')).default(2048))
    .addOption(new Option('--clock <clock>', "what samples measure: cpu (CPU time of the whole process, V8's helper threads included; steady on a busy machine) or wall").choices(['cpu', 'wall']).default('cpu'))
    .option('--shard <k/n>', 'run only shard k of n of the puzzles (merge the parts with `race merge`)')
    .option('-o, --out <dir>', 'output folder (default: a new race-results/<date>-<time>-<commit>, linked as race-results/latest)')
    .option('--force', 'replace the results the --out folder holds (without it, such a folder is refused)')
    .option('--attempt-all', "start every engine on every puzzle, also those out of an engine's reach (z3 on large grids, naive past its placement cap)")
    .addOption(new Option('--load <module>', 'a module that registers extra engines (imported in every worker); repeatable').argParser(many))
    .addOption(new Option('--engines-file <file>', 'a JSON file defining external engines (solver programs); repeatable').argParser(many))
    .addOption(new Option('--peers <dir>', 'a folder holding peer solvers (nonosolve, pbnsolve), besides GRIDRACE_PEERS and the PATH; repeatable').argParser(many))
    .option('--no-calibration', 'do not time the calibration workload (compare then uses raw medians)')
    .addOption(new Option('--slices <n>', 'time each task in n slices spread over the race, each a fresh worker with 1/n of --time: races to be set side by side later with `race compare` (6 is what it was measured with)').argParser(wholeNumber))
    .option('--no-progress', 'plain lines even on a terminal')
    .option('-q, --quiet', 'only the final summary')
    .option('--history <file>', 'add the finished race to this history database (see `gridrace history`)')
    .option('--queue <url>', 'run the tasks on the workers of this Redis queue (redis://[:PASSWORD@]HOST:PORT, rediss:// for TLS; start them with `gridrace worker`)')
    .option('--queue-name <name>', "the queue's name, the one the workers were given", 'gridrace')
    .addHelpText(
      'after',
      `
Writes results.json (schema 1), summary.md, report.html and benchmark.json
(github-action-benchmark customSmallerIsBetter) to --out, by default a new folder per race
(race-results/<date>-<time>-<commit>) with race-results/latest pointing at the newest.
A folder that holds another race's results is refused unless --force is given, and
one that another running race is writing is always refused.
Exit codes: 0 done, 3 interrupted, 4 bad puzzle input or results that cannot be written,
5 bad command line (or an --out folder refused as above), 6 the engines disagree or a
solution failed verification. With --queue: 3 also when the queue was lost mid-race (the
finished tasks are written), 4 when the tasks cannot be queued.`,
    )
    .action(async (opts: RaceFlags & { progress?: boolean }) => {
      // commander sets progress=true by default for --no-progress; only an explicit --no-progress forces plain lines.
      const flags = { ...opts, ...(opts.progress === false ? { progress: false } : { progress: undefined }) } as RaceFlags;
      done(await raceCommand(flags, ui));
    });

  registerRaceAbCommand(race, ui, done);
  registerRaceGateCommand(race, ui, done);

  race
    .command('merge')
    .description('combine the results.json of shards into one results folder')
    .argument('<files...>', 'results.json files of the shards')
    .option('-o, --out <dir>', 'output folder', 'race-results')
    .option('--force', 'replace the results the --out folder holds')
    .action((files: string[], opts: { out: string; force?: boolean }) => {
      done(raceMergeCommand(files, opts, ui));
    });

  race
    .command('compare')
    .description('regression gate: compare CURRENT results with BASELINE; exit 1 on a regression, 4 when nothing is comparable')
    .argument('<baseline>', 'results.json of the baseline run')
    .argument('<current>', 'results.json of the run to check')
    .addOption(new Option('--threshold <percent>', "an engine's slowdown that counts, over its whole 95% interval").argParser(percent).default(5))
    .addOption(new Option('--counter-threshold <percent>', "a task's growth of a work counter that counts").argParser(percent).default(2))
    .option('--reference <what>', "divide each task's change by: calibration, none, or an engine name", 'calibration')
    .option('--markdown <file>', 'also write the markdown table to a file')
    .option('--json <file>', 'also write the comparison as JSON')
    .option('--all', 'list unchanged tasks too')
    .option('--force', 'compare runs made with different time limits or timing budgets, or a run whose tasks ran on several kinds of machine (noted), instead of refusing')
    .action(async (baseline: string, current: string, opts: CompareFlags) => {
      done(await raceCompareCommand(baseline, current, opts, ui));
    });
}
