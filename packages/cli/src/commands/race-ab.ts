// `gridrace race ab`: race two builds (a base commit against the working tree, or two commits)
// on one suite in one run and say whether head is slower. Flags and printing only: building,
// racing and comparing live in @gridrace/race.
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { Command, Option } from 'commander';
import pc from 'picocolors';
import { PUZZLE_KINDS, type PuzzleKind } from '@gridrace/core';
import {
  AbRace,
  BuildError,
  RaceConfigError,
  abHeadline,
  abMarkdown,
  commitBuild,
  folderBuild,
  compareAb,
  formatMs,
  workingTreeBuild,
  type AbResults,
  type Build,
} from '@gridrace/race';
import { writeFilesInPlace } from '@gridrace/core/node';
import { CliError, ExitCode } from '../exit-codes.js';
import { addToHistory } from './history.js';
import { list, many, percent, positive, raceCorpus, wholeNumber } from './options.js';
import { abortOnInterrupt, type Ui } from './shared.js';

/** Exit code of `race ab` (and `race compare`) when it finds a regression. */
export const REGRESSION_EXIT = 1 as ExitCode;

export interface AbFlags {
  base?: string;
  head?: string;
  baseDir?: string;
  headDir?: string;
  engines?: string[];
  puzzles?: string[];
  suite?: string;
  kind?: PuzzleKind;
  rounds: number;
  /** A history database both builds' runs are added to. */
  history?: string;
  time: number;
  timeLimit: number;
  memory: number;
  clock: 'cpu' | 'wall';
  threshold: number;
  out: string;
  cacheDir?: string;
  build: boolean;
  all?: boolean;
  quiet?: boolean;
}

/** The flags that name the two builds, read by `abBuilds` (`race ab`, `race gate`). */
export function addBuildOptions(command: Command): Command {
  return command
    .option('--base <ref>', 'git commit, branch or tag of the base build (checked out and built in a worktree)')
    .option('--head <ref>', 'git ref of the head build (default: the working tree, rebuilt)')
    .option('--base-dir <dir>', 'instead of --base: a folder holding an installed and built checkout')
    .option('--head-dir <dir>', 'instead of --head: a folder holding an installed and built checkout')
    .option('--cache-dir <dir>', 'where base worktrees are built and kept (default: $TMPDIR/gridrace-ab)')
    .option('--no-build', 'use the working tree as built, without rebuilding it');
}

/** The two builds the flags name (`command` prefixes messages: `race ab`, `race gate`). */
export function abBuilds(flags: Pick<AbFlags, 'base' | 'head' | 'baseDir' | 'headDir' | 'cacheDir' | 'build' | 'quiet'>, ui: Ui, command = 'race ab'): { base: Build; head: Build } {
  if ((flags.base === undefined) === (flags.baseDir === undefined)) throw new CliError(`${command}: give the base as --base REF or --base-dir DIR (one of them)`, ExitCode.USAGE);
  if (flags.head !== undefined && flags.headDir !== undefined) throw new CliError(`${command}: give the head as --head REF or --head-dir DIR, not both`, ExitCode.USAGE);
  const log = flags.quiet ? undefined : (line: string) => ui.info(`${command}: ${line}`);
  const options = { ...(flags.cacheDir ? { cacheDir: flags.cacheDir } : {}), ...(log ? { log } : {}) };
  const side = (ref: string | undefined, dir: string | undefined, otherwise: () => Build) =>
    dir !== undefined ? folderBuild(resolve(dir)) : ref !== undefined ? commitBuild(ref, options) : otherwise();
  try {
    const base = side(flags.base, flags.baseDir, () => {
      throw new BuildError('no base');
    });
    const head = side(flags.head, flags.headDir, () => workingTreeBuild({ ...options, rebuild: flags.build }));
    return { base, head };
  } catch (err) {
    if (err instanceof BuildError) throw new CliError(`${command}: ${err.message}`, ExitCode.BAD_INPUT);
    throw err;
  }
}

export async function raceAbCommand(flags: AbFlags, ui: Ui): Promise<ExitCode> {
  const { corpus, given } = raceCorpus(flags);
  const started = performance.now();
  const { base, head } = abBuilds(flags, ui);
  const controller = new AbortController();
  let race: AbRace;
  try {
    race = await AbRace.create({
      puzzles: corpus.puzzles,
      base,
      head,
      ...(flags.engines && flags.engines.length > 0 ? { engines: flags.engines } : {}),
      ...(flags.kind ? { kind: flags.kind } : {}),
      rounds: flags.rounds,
      timing: { timeMs: flags.time * 1000 },
      timeLimitMs: flags.timeLimit * 1000,
      memoryMb: flags.memory,
      clock: flags.clock,
      sources: given,
      signal: controller.signal,
    });
  } catch (err) {
    if (err instanceof RaceConfigError) throw new CliError(err.message, ExitCode.USAGE);
    throw err;
  }
  if (race.tasks.length === 0) throw new CliError('nothing to race: neither build has an engine for these puzzles', ExitCode.USAGE);
  const runs = race.tasks.length * flags.rounds * 2;
  // A run is its timing budget plus about 0.1 s of worker start, checked solve and exit.
  const estimate = runs * (flags.time + 0.1) * 1000;
  if (!flags.quiet) ui.info(`race ab: ${race.tasks.length} tasks x ${flags.rounds} rounds x 2 builds: at most ${runs} runs, about ${Math.ceil(estimate / 60_000)} min`);
  let lastRound = 0;
  let roundStart = performance.now();
  race.on('run-end', (e) => {
    const { run } = e.detail;
    if (flags.quiet) return;
    if (run.state !== 'completed' || run.verdict === 'incomplete') ui.info(`race ab: round ${run.round} ${run.side} ${e.detail.task.engine} ${e.detail.task.puzzle.record.id}: ${run.state}${run.reason ? ` (${run.reason})` : ''}${run.message ? `: ${run.message}` : ''}`);
    if (run.round !== lastRound) {
      if (lastRound > 0) ui.info(`race ab: round ${lastRound}/${flags.rounds} done in ${((performance.now() - roundStart) / 1000).toFixed(1)} s`);
      lastRound = run.round;
      roundStart = performance.now();
    }
  });
  race.on('disagreement', (e) => {
    const text = `DISAGREEMENT on ${e.detail.disagreement.puzzle}: ${e.detail.disagreement.message}`;
    ui.info(ui.color ? pc.bold(pc.red(text)) : text);
  });
  const stopListening = abortOnInterrupt(controller);
  let results: AbResults;
  try {
    results = await race.run();
  } finally {
    stopListening();
  }
  let comparison;
  try {
    comparison = compareAb(results, { threshold: flags.threshold / 100 });
  } catch (err) {
    if (err instanceof RangeError) throw new CliError(err.message, ExitCode.USAGE);
    throw err;
  }
  const md = abMarkdown(comparison, { all: flags.all ?? false });
  try {
    mkdirSync(flags.out, { recursive: true });
    writeFilesInPlace([
      [join(flags.out, 'ab.json'), `${JSON.stringify(results, null, 1)}\n`],
      [join(flags.out, 'compare.json'), `${JSON.stringify(comparison, null, 1)}\n`],
      [join(flags.out, 'compare.md'), md],
    ]);
  } catch (err) {
    throw new CliError(`${flags.out}: cannot write the results: ${(err as Error).message}`, ExitCode.BAD_INPUT);
  }
  if (flags.history !== undefined) {
    if (results.aborted) ui.info(`history: an interrupted A/B race is not added to ${flags.history}`);
    else await addToHistory(flags.history, [join(flags.out, 'ab.json')], flags.suite, ui);
  }
  if (!flags.quiet) ui.out(md);
  const took = `${formatMs(performance.now() - started).replace(' ', '\u00a0')} in all`;
  ui.info(`wrote ${flags.out}/{ab.json,compare.json,compare.md}; ${took}`);
  const headline = abHeadline(comparison);
  if (results.disagreements.length > 0) {
    ui.info(ui.color ? pc.bold(pc.red(`race ab: ${results.disagreements.length} disagreement(s); ${headline}`)) : `race ab: ${results.disagreements.length} disagreement(s); ${headline}`);
    return ExitCode.INTERNAL;
  }
  if (results.aborted) {
    ui.info(`race ab: interrupted; ${headline}`);
    return ExitCode.INCOMPLETE;
  }
  ui.info(comparison.regressions > 0 && ui.color ? pc.red(headline) : headline);
  return comparison.regressions > 0 ? REGRESSION_EXIT : ExitCode.OK;
}

/** Adds `race ab` to the `race` command. */
export function registerRaceAbCommand(race: Command, ui: Ui, done: (code: ExitCode) => void): void {
  addBuildOptions(race.command('ab'))
    .description('race a base build against head (default: the working tree) on one suite, alternating; exit 1 when head is slower')
    .addOption(new Option('-e, --engines <names>', 'comma-separated engines (default: every engine both builds have for these puzzles)').argParser(list))
    .addOption(new Option('-p, --puzzles <path>', 'puzzle file, folder or glob; repeatable').argParser(many))
    .option('--suite <file>', 'a suite file: one puzzle path, folder or glob a line, # comments')
    .addOption(new Option('-k, --kind <kind>', 'only puzzles of this kind').choices([...PUZZLE_KINDS]))
    .addOption(new Option('--rounds <n>', 'rounds of every task, each one base and one head run').argParser(wholeNumber).default(8))
    .addOption(new Option('--time <seconds>', 'tinybench time budget per run').argParser(positive('seconds')).default(0.15))
    .addOption(new Option('-t, --time-limit <seconds>', 'time limit per solve').argParser(positive('seconds')).default(10))
    .addOption(new Option('--memory <mb>', 'memory cap per run').argParser(positive('MB')).default(2048))
    .addOption(new Option('--clock <clock>', 'what samples measure').choices(['cpu', 'wall']).default('cpu'))
    .addOption(new Option('--threshold <percent>', 'smallest change that counts: flagged when the whole 95% interval lies beyond it').argParser(percent).default(5))
    .option('-o, --out <dir>', 'output folder', 'race-results/ab')
    .option('--all', 'list unchanged tasks too')
    .option('-q, --quiet', 'only the final line')
    .option('--history <file>', "add both builds' runs to this history database (see `gridrace history`)")
    .addHelpText(
      'after',
      `
Writes ab.json (every run), compare.json and compare.md to --out.
Exit codes: 0 no regression, 1 regression (an engine or task slower, broken or with a
changed verdict), 3 interrupted, 4 bad input or a build that cannot be had, 5 bad
command line, 6 a wrong or conflicting answer.`,
    )
    .action(async (opts: AbFlags) => {
      done(await raceAbCommand(opts, ui));
    });
}
