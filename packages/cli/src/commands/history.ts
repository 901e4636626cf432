// `gridrace history`: the race history database (@gridrace/history). Add runs (a race's
// results, an A/B race's, a gate's), list them, show one, draw the trend page, list the steps
// change detection finds. Flags and printing only.
import { writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { Command, InvalidArgumentError, Option } from 'commander';
import type { Series, SeriesChange } from '@gridrace/history';
import { formatMs } from '@gridrace/race/records';
import { CliError, ExitCode } from '../exit-codes.js';
import { percent, positive, wholeNumber } from './parsers.js';
import type { Ui } from './shared.js';

/** Where the history is unless --db says: GRIDRACE_HISTORY, else race-results/history.sqlite. */
export const DEFAULT_HISTORY = process.env.GRIDRACE_HISTORY || 'race-results/history.sqlite';

/**
 * The history library, loaded when a command uses it: sql.js is a tenth of a second of start-up
 * that `gridrace race` without --history, and every --help, would pay for nothing.
 */
const historyLib = () => import('@gridrace/history');

/** Runs the history's calls, turning its errors into one-line messages with exit code 4. */
async function historyCall<T>(call: (lib: typeof import('@gridrace/history')) => Promise<T>): Promise<T> {
  const lib = await historyLib();
  try {
    return await call(lib);
  } catch (err) {
    if (err instanceof lib.HistoryFileError || err instanceof lib.RunsFileError) throw new CliError(err.message, ExitCode.BAD_INPUT);
    throw err;
  }
}

/** Adds results (files or folders) to the history and says so; used by `history add`, `race --history` and `race gate --history`. */
export async function addToHistory(db: string, paths: readonly string[], suite: string | undefined, ui: Ui): Promise<void> {
  const { added, present } = await historyCall(({ addFiles }) => addFiles(db, paths, suite ? { suite } : {}));
  ui.info(`history: added ${added} run(s) to ${db}${present > 0 ? ` (${present} already there)` : ''}`);
}

const short = (sha: string | null) => (sha ? sha.slice(0, 10) : '-');

function table(header: string[], rows: string[][]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) => cells.map((c, i) => (i === cells.length - 1 ? c : c.padEnd(widths[i]!))).join('  ');
  return [line(header), ...rows.map(line)].join('\n');
}

const changeWord = (c: SeriesChange) => `${c.change > 0 ? '+' : ''}${(c.change * 100).toFixed(1)}%`;
const valueText = (measure: string, v: number) => (measure === 'time' ? formatMs(v) : String(Math.round(v * 100) / 100));

interface DbFlags {
  db: string;
  json?: boolean;
}

async function listCommand(flags: DbFlags & { limit?: number }, ui: Ui): Promise<ExitCode> {
  const history = await historyCall(({ readHistory }) => readHistory(flags.db));
  let runs = history.runs();
  if (flags.limit !== undefined) runs = runs.slice(-flags.limit);
  if (flags.json) ui.out(JSON.stringify(runs.map(({ versions, ...r }) => ({ ...r, versions: JSON.parse(versions) })), null, 1));
  else if (runs.length === 0) ui.out(`${flags.db}: no runs yet`);
  else {
    const rows = runs.map((r) => [String(r.id), r.date.slice(0, 16).replace('T', ' '), short(r.gitSha) + (r.gitDirty ? '+' : ''), r.side ? `${r.source} ${r.side}` : r.source, r.clock, `${r.cpu} (${r.cores}), Node ${r.node}`, String(r.results), r.suite]);
    ui.out(table(['run', 'date (UTC)', 'commit', 'source', 'clock', 'machine', 'results', 'suite'], rows));
  }
  history.close();
  return ExitCode.OK;
}

async function showCommand(id: number, flags: DbFlags, ui: Ui): Promise<ExitCode> {
  const history = await historyCall(({ readHistory }) => readHistory(flags.db));
  const run = history.run(id);
  if (!run) {
    history.close();
    throw new CliError(`${flags.db}: no run ${id} (\`gridrace history list\` lists them)`, ExitCode.USAGE);
  }
  const results = history.results(id);
  history.close();
  if (flags.json) {
    ui.out(JSON.stringify({ run: { ...run, versions: JSON.parse(run.versions) }, results: results.map((r) => ({ ...r, rounds: r.rounds && JSON.parse(r.rounds), counters: r.counters && JSON.parse(r.counters) })) }, null, 1));
    return ExitCode.OK;
  }
  ui.out(`run ${run.id}: ${run.side ? `${run.source} ${run.side}` : run.source} of ${run.gitSha ?? 'no commit'}${run.gitDirty ? ' (uncommitted changes)' : ''}, ${run.date}`);
  ui.out(`machine: ${run.cpu}, ${run.cores} cores, Node ${run.node}, ${run.os}; clock ${run.clock}; suite ${run.suite}`);
  if (run.report) ui.out(`report: ${run.report}`);
  const rows = results.map((r) => [r.engine, r.puzzle, r.state, r.verdict ?? '-', r.median === null ? '-' : formatMs(r.median), r.n === null ? '-' : String(r.n), r.counters ? Object.entries(JSON.parse(r.counters) as Record<string, number>).filter(([, v]) => v !== 0).map(([k, v]) => `${k} ${v}`).join(', ') : '']);
  ui.out(table(['engine', 'puzzle', 'state', 'verdict', 'median', 'n', 'work counters (not zero)'], rows));
  return ExitCode.OK;
}

interface SeriesFlags extends DbFlags {
  engine?: string;
  puzzle?: string;
  significance: number;
  window: number;
}

interface ChangesFlags extends SeriesFlags {
  threshold: number;
  minChange: number;
  scope: 'suite' | 'puzzle' | 'all';
  measure: 'time' | 'counters' | 'all';
}

async function analyse(flags: SeriesFlags & { measure?: 'time' | 'counters' | 'all'; scope?: 'suite' | 'puzzle' | 'all'; minChange?: number }, keep: (series: Series[]) => Series[] = (s) => s) {
  const { buildSeries, findChanges } = await historyLib();
  const history = await historyCall(({ readHistory }) => readHistory(flags.db));
  const runs = history.runs();
  const series = keep(buildSeries(runs, history.results(), {
    ...(flags.engine ? { engine: flags.engine } : {}),
    ...(flags.puzzle ? { subject: flags.puzzle } : {}),
    ...(flags.measure ? { measures: flags.measure } : {}),
    ...(flags.scope ? { scope: flags.scope } : {}),
  }));
  history.close();
  const changes = findChanges(runs, series, { significance: flags.significance, window: flags.window, ...(flags.minChange === undefined ? {} : { minChange: flags.minChange / 100 }) });
  return { runs, series, changes };
}

async function changesCommand(flags: ChangesFlags, ui: Ui): Promise<ExitCode> {
  const { runs, changes } = await analyse(flags);
  const { failingChanges } = await historyLib();
  const failing = failingChanges(changes, flags.threshold / 100);
  if (flags.json) {
    ui.out(JSON.stringify({ runs: runs.length, threshold: flags.threshold, failing: failing.length, changes: changes.map((c) => ({ ...c, run: runs[c.run]!.id })) }, null, 1));
  } else if (changes.length === 0) {
    ui.out(`no step of ${flags.minChange}% or more in ${runs.length} runs (significance ${flags.significance})`);
  } else {
    const rows = changes.map((c) => [
      c.series.scope === 'suite' ? `suite ${c.series.subject}` : c.series.subject,
      c.series.engine,
      c.series.measure,
      short(c.gitSha),
      c.date.slice(0, 10),
      `${valueText(c.series.measure, c.before)} -> ${valueText(c.series.measure, c.after)}`,
      changeWord(c),
      c.pValue.toFixed(3),
      [c.newest ? 'newest commit' : '', c.machineChanged ? 'machine changed' : '', c.pointsAfter < 3 ? `${c.pointsAfter} run(s) after: confirm with more` : ''].filter(Boolean).join('; '),
    ]);
    ui.out(table(['series', 'engine', 'measure', 'step at', 'date', 'before -> after', 'change', 'p', ''], rows));
  }
  const line = failing.length > 0
    ? `history changes: the newest commit ${short(failing[0]!.gitSha)} starts a slower step beyond ${flags.threshold}% in ${failing.length} series (${failing.slice(0, 3).map((c) => `${c.series.engine} ${c.series.subject} ${c.series.measure} ${changeWord(c)}`).join('; ')})`
    : `history changes: no slower step beyond ${flags.threshold}% at the newest commit (${changes.length} step(s) listed)`;
  ui.info(line);
  return failing.length > 0 ? ExitCode.NOT_UNIQUE : ExitCode.OK;
}

async function trendCommand(flags: SeriesFlags & { output: string; counters?: boolean }, ui: Ui): Promise<ExitCode> {
  const { trendPage, trendSeries } = await historyLib();
  const { runs, series, changes } = await analyse(flags, (all) => trendSeries(all, flags.counters));
  const out = resolve(flags.output);
  try {
    writeFileSync(out, trendPage(runs, series, changes, { dir: dirname(out), ...(flags.counters ? { counters: true } : {}) }));
  } catch (err) {
    throw new CliError(`${flags.output}: cannot write the trend page: ${(err as Error).message}`, ExitCode.BAD_INPUT);
  }
  ui.info(`wrote ${flags.output}: ${runs.length} runs, ${series.length} series, ${changes.length} step(s)`);
  return ExitCode.OK;
}

const significance = (value: string) => {
  const p = positive('significance')(value);
  if (p >= 1) throw new InvalidArgumentError('expected a level below 1, e.g. 0.01');
  return p;
};

/** Adds `history` and its subcommands to the program. */
export function registerHistoryCommand(program: Command, ui: Ui, done: (code: ExitCode) => void): void {
  const dbOption = () => new Option('--db <file>', 'the history database (env GRIDRACE_HISTORY)').default(DEFAULT_HISTORY);
  const seriesOptions = (c: Command) =>
    c
      .addOption(dbOption())
      .option('-e, --engine <name>', 'only this engine')
      .option('--puzzle <text>', 'only puzzles (or suites) whose name holds this text')
      .addOption(new Option('--significance <p>', 'significance level of each change-point test').argParser(significance).default(0.01))
      .addOption(new Option('--window <commits>', "the newest commits of each series searched for steps").argParser(wholeNumber).default(100));
  const history = program
    .command('history')
    .description('the race history: every race and gate run in one database file; trends and change points across commits')
    .addHelpText(
      'after',
      `
The database is one SQLite file (sql.js), ${DEFAULT_HISTORY} unless --db or GRIDRACE_HISTORY
says. Adding the same run twice adds nothing; processes adding at once wait for each other.
Exit codes: 0 done, 1 (changes) the newest commit starts a slower step, 4 a file that cannot be
read (a corrupt or foreign database is named and left as it is), 5 bad command line.`,
    );
  history
    .command('add')
    .description("add runs: a race's results.json, an A/B race's ab.json or a gate's gate.json, or their folders")
    .argument('<paths...>', 'results files or folders')
    .addOption(dbOption())
    .option('--suite <name>', 'the suite the runs raced (default: the puzzle sources they were given)')
    .action(async (paths: string[], opts: { db: string; suite?: string }) => {
      await addToHistory(opts.db, paths, opts.suite, ui);
      done(ExitCode.OK);
    });
  history
    .command('list')
    .description('list the runs, oldest commit first')
    .addOption(dbOption())
    .addOption(new Option('-n, --limit <n>', 'only the newest n runs').argParser(wholeNumber))
    .option('--json', 'as JSON')
    .action(async (opts) => done(await listCommand(opts, ui)));
  history
    .command('show')
    .description("one run's results")
    .argument('<run>', 'the run number `history list` gives', (v) => wholeNumber(v))
    .addOption(dbOption())
    .option('--json', 'as JSON')
    .action(async (id: number, opts) => done(await showCommand(id, opts, ui)));
  seriesOptions(history.command('trend').description('write the trend page: time and work counters per suite and per puzzle across commits, steps and machine changes marked'))
    .option('-o, --output <file>', 'the page', 'race-results/trend.html')
    .option('--counters', 'also per-puzzle work counters (a bigger page)')
    .action(async (opts) => done(await trendCommand(opts, ui)));
  seriesOptions(history.command('changes').description('list the steps in each series (E-Divisive means), with the commit where each begins; exit 1 when the newest commit starts a slower one'))
    .addOption(new Option('--threshold <percent>', 'a slower step at the newest commit beyond this fails').argParser(percent).default(5))
    .addOption(new Option('--min-change <percent>', 'list only steps of at least this size').argParser(percent).default(2))
    .addOption(new Option('--scope <scope>', 'series per suite (geometric mean over its puzzles), per puzzle, or both').choices(['suite', 'puzzle', 'all']).default('suite'))
    .addOption(new Option('--measure <measure>', 'time, work counters or both').choices(['time', 'counters', 'all']).default('all'))
    .option('--json', 'as JSON')
    .action(async (opts: ChangesFlags) => done(await changesCommand(opts, ui)));
}
