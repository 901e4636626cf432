// `gridrace race gate`: the performance gate (CI's): work counters of base and head compared
// exactly, then time for the engines whose code changed, then a confirmation of what time
// flagged. Flags and printing only: the gate itself is @gridrace/race's runGate.
import { join } from 'node:path';
import { Command, Option } from 'commander';
import pc from 'picocolors';
import { RaceConfigError, formatMs, gateExitCode, gateMarkdown, runGate, writeGateOutputs, type GateReport } from '@gridrace/race';
import { CliError, ExitCode } from '../exit-codes.js';
import { addToHistory } from './history.js';
import { abBuilds, addBuildOptions, type AbFlags } from './race-ab.js';
import { list, many, percent, positive, raceCorpus, wholeNumber } from './options.js';
import { abortOnInterrupt, type Ui } from './shared.js';

/** The flags `race gate` shares with `race ab`, and its own. */
export interface GateFlags extends Pick<AbFlags, 'base' | 'head' | 'baseDir' | 'headDir' | 'engines' | 'puzzles' | 'suite' | 'rounds' | 'time' | 'timeLimit' | 'threshold' | 'out' | 'cacheDir' | 'build' | 'quiet' | 'history'> {
  countSuite?: string;
  confirmRounds: number;
  taskThreshold: number;
  counterThreshold: number;
  timeAll?: boolean;
}

export async function raceGateCommand(flags: GateFlags, ui: Ui): Promise<ExitCode> {
  const started = performance.now();
  const timed = raceCorpus({ ...(flags.puzzles ? { puzzles: flags.puzzles } : {}), ...(flags.suite ? { suite: flags.suite } : {}) });
  const counted = flags.countSuite ? raceCorpus({ suite: flags.countSuite }) : timed;
  const { base, head } = abBuilds(flags, ui, 'race gate');
  const controller = new AbortController();
  const stopListening = abortOnInterrupt(controller);
  let report: GateReport;
  try {
    report = await runGate({
      base,
      head,
      countPuzzles: counted.corpus.puzzles,
      timePuzzles: timed.corpus.puzzles,
      ...(flags.engines && flags.engines.length > 0 ? { engines: flags.engines } : {}),
      counterThreshold: flags.counterThreshold / 100,
      threshold: flags.threshold / 100,
      taskThreshold: flags.taskThreshold / 100,
      rounds: flags.rounds,
      confirmRounds: flags.confirmRounds,
      timing: { timeMs: flags.time * 1000 },
      timeLimitMs: flags.timeLimit * 1000,
      ...(flags.timeAll ? { timeAll: true } : {}),
      signal: controller.signal,
      ...(flags.quiet ? {} : { log: (line: string) => ui.info(`race gate: ${line}`) }),
    });
  } catch (err) {
    if (err instanceof RaceConfigError) throw new CliError(`race gate: ${err.message}`, ExitCode.USAGE);
    throw err;
  } finally {
    stopListening();
  }
  try {
    writeGateOutputs(report, flags.out);
  } catch (err) {
    throw new CliError(`${flags.out}: cannot write the results: ${(err as Error).message}`, ExitCode.BAD_INPUT);
  }
  if (flags.history !== undefined) {
    if (report.aborted) ui.info(`history: an interrupted gate is not added to ${flags.history}`);
    else await addToHistory(flags.history, [join(flags.out, 'gate.json')], flags.suite, ui);
  }
  if (!flags.quiet) ui.out(gateMarkdown(report));
  ui.info(`wrote ${flags.out}/{gate.json,gate.md}; ${formatMs(performance.now() - started).replace(' ', '\u00a0')} in all`);
  ui.info(report.passed || !ui.color ? report.line : pc.bold(pc.red(report.line)));
  return gateExitCode(report) as ExitCode;
}

/** Adds `race gate` to the `race` command. */
export function registerRaceGateCommand(race: Command, ui: Ui, done: (code: ExitCode) => void): void {
  addBuildOptions(race.command('gate'))
    .description('the performance gate: work counters compared exactly, then time for engines whose code changed, confirmed before failing; exit 1 when head is worse')
    .addOption(new Option('-e, --engines <names>', 'comma-separated engines (default: every engine both builds have for these puzzles)').argParser(list))
    .addOption(new Option('-p, --puzzles <path>', 'puzzle file, folder or glob to time; repeatable').argParser(many))
    .option('--suite <file>', 'a suite file of the puzzles to time (and to count, unless --count-suite)')
    .option('--count-suite <file>', 'a suite file of the puzzles whose counters and answers are compared (default: the timed ones)')
    .addOption(new Option('--rounds <n>', 'rounds of the time race').argParser(wholeNumber).default(8))
    .addOption(new Option('--confirm-rounds <n>', 'rounds of the confirmation, A/B and A/A each').argParser(wholeNumber).default(8))
    .addOption(new Option('--time <seconds>', 'tinybench time budget per timed run').argParser(positive('seconds')).default(0.1))
    .addOption(new Option('-t, --time-limit <seconds>', 'time limit per solve').argParser(positive('seconds')).default(20))
    .addOption(new Option('--threshold <percent>', "an engine's time change that fails, over its whole 95% interval").argParser(percent).default(5))
    .addOption(new Option('--task-threshold <percent>', "one task's time change that fails").argParser(percent).default(10))
    .addOption(new Option('--counter-threshold <percent>', 'growth of a work counter on one task that fails').argParser(percent).default(2))
    .option('--time-all', 'also time engines whose code is the same in both builds (to measure the gate itself)')
    .option('-o, --out <dir>', 'output folder', 'race-results/gate')
    .option('-q, --quiet', 'only the final line')
    .option('--history <file>', 'add both builds\' runs to this history database (see `gridrace history`)')
    .addHelpText(
      'after',
      `
Writes gate.json and gate.md to --out; the last line says what was judged and why it passed
or failed. Exit codes: 0 passed, 1 head is worse (more work, slower beyond the thresholds
and confirmed, a broken task or a changed verdict), 3 interrupted, 4 bad input or a build
that cannot be had, 5 bad command line, 6 a wrong or conflicting answer.`,
    )
    .action(async (opts: GateFlags) => {
      done(await raceGateCommand(opts, ui));
    });
}
