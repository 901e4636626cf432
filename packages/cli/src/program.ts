import { Command, CommanderError, InvalidArgumentError, Option } from 'commander';
import pc from 'picocolors';
import { MAX_COLOURS, MAX_SOLUTIONS_LIMIT, PUZZLE_KINDS, formatsFor } from '@gridrace/core';
// Each command's module (and the engine packages, the race harness) is imported when that
// command runs, not here: a one-shot `gridrace solve` would otherwise load every engine,
// z3-solver and the race's reports first (benchmarks/results/oneshot-solve.md).
import { defaultEngineName } from '@gridrace/engines/lazy';
import { CliError, ExitCode } from './exit-codes.js';
import { many, positive } from './commands/parsers.js';
import { useColor } from './output.js';
import type { Ui } from './commands/shared.js';

/**
 * First arguments that never reach `race`: the commands defined here, and --version (commander
 * answers it before any command). Any other (race, help, --help, a typo to suggest for) needs
 * `race` registered too.
 */
// main.ts's BUNDLED is this list without `engines`; it is written out there, not imported, so
// that the entry point of a one-shot solve reads no file but itself and the bundle.
const WITHOUT_RACE = new Set(['solve', 'verify', 'convert', 'show', 'generate', 'engines', 'serve', 'worker', '-V', '--version']);

const FORMATS = [...new Set(PUZZLE_KINDS.flatMap((kind) => formatsFor(kind)))];

/** A whole number from 1, written as digits only. */
const isPositiveInt = (value: string): boolean => /^\d+$/.test(value) && Number(value) >= 1;

function positiveInt(value: string): number {
  if (!isPositiveInt(value)) throw new InvalidArgumentError('expected a positive whole number');
  return Number(value);
}

function portNumber(value: string): number {
  const n = Number(value);
  if (!/^\d+$/.test(value) || n > 65535) throw new InvalidArgumentError('expected a port number from 0 to 65535');
  return n;
}

function givensShare(value: string): number {
  const n = value.endsWith('%') ? Number(value.slice(0, -1)) / 100 : Number(value);
  if (value.trim() === '' || !Number.isFinite(n) || n < 0 || n > 1) throw new InvalidArgumentError('expected a share of the cells from 0 to 1, or a percentage such as 30%');
  return n;
}

function reachSteps(value: string): number {
  if (value === 'all') return Number.POSITIVE_INFINITY;
  if (!isPositiveInt(value)) throw new InvalidArgumentError('expected a whole number of steps from 1, or "all"');
  return Number(value);
}

function colourCount(value: string): number {
  const n = positiveInt(value);
  if (n > MAX_COLOURS - 1) throw new InvalidArgumentError(`at most ${MAX_COLOURS - 1} colours besides the background`);
  return n;
}

function maxSolutionsArg(value: string): number {
  const n = positiveInt(value);
  if (n > MAX_SOLUTIONS_LIMIT) {
    throw new InvalidArgumentError(`at most ${MAX_SOLUTIONS_LIMIT} solutions (MAX_SOLUTIONS_LIMIT): every solution found is held in memory until the solve ends`);
  }
  return n;
}

/** Time limits mean the same in every command (race's parser): a positive number of seconds; no flag, no limit. */
const seconds = positive('seconds');

function makeUi(): Ui {
  const color = useColor(process.stdout);
  // Explicit colours: picocolors' own choice would differ under FORCE_COLOR=0 or TERM=dumb.
  const c = pc.createColors(color);
  return {
    color,
    out: (text) => process.stdout.write(text.endsWith('\n') ? text : `${text}\n`),
    info: (text) => process.stderr.write(`${text}\n`),
    colorVerdict: (line, code) => (code === ExitCode.OK ? c.green(line) : code === ExitCode.INTERNAL ? c.red(line) : c.yellow(line)),
  };
}

const DEFAULT_ENGINES_HELP = `
Default engine per kind: the fastest of that kind that runs everywhere (Node and browsers).
  nonogram   ${defaultEngineName('nonogram') ?? '(none)'}: the bitmask solver compiled to WebAssembly; it beat bitmask (the
             same solver in TypeScript, same answers) on every nonogram set the race times
  colour-nonogram  ${defaultEngineName('colour-nonogram') ?? '(none)'}: the colour solver of the same source in WebAssembly
  arrowpath  ${defaultEngineName('arrowpath') ?? '(none)'}: the propagating backtracker`;

/**
 * Runs the CLI on `argv` (without `node` and the script) and resolves to the exit code.
 * Never throws: every failure becomes a one-line message on stderr and a documented code.
 */
export async function runCli(argv: readonly string[]): Promise<ExitCode> {
  const ui = makeUi();
  let exitCode: ExitCode = ExitCode.OK;
  const program = new Command('gridrace')
    .description('Solve, verify, convert and race nonograms and arrow paths with interchangeable engines.')
    .version('0.1.0')
    .showHelpAfterError('(run with --help for usage)')
    .exitOverride()
    .configureOutput({ outputError: (text, write) => write(useColor(process.stderr) ? pc.createColors(true).red(text) : text) })
    .addHelpText(
      'after',
      `
Exit codes:
  0  solved uniquely / solution correct / done
  1  more than one solution
  2  no solution / solution wrong
  3  incomplete: time limit, interrupt or engine limit
  4  bad input file
  5  bad command line
  6  engine failure (a bug)`,
    );

  const formatOption = () => new Option('-f, --format <format>', 'output: text or svg').choices(['text', 'svg']).default('text');
  const fromOption = () => new Option('--from <format>', 'input format, when the extension and content do not tell').choices(FORMATS);
  const indexOption = () => new Option('--index <n>', 'only the n-th puzzle of a multi-puzzle file (1-based)').argParser(positiveInt);

  program
    .command('solve')
    .description('solve every puzzle in FILE (or - for standard input) and print verified solutions')
    .argument('<file>', 'puzzle file (.non, .nin, .json, TAAI text, Tatham IDs), - for standard input, or a Tatham Pattern/Signpost game ID itself')
    .option('-e, --engine <name>', `engine to use (see \`gridrace engines\`); default: ${defaultEngineName('nonogram')} for nonograms, ${defaultEngineName('arrowpath')} for arrow paths`)
    .addOption(new Option('-m, --max-solutions <n>', `stop after n solutions (2 decides uniqueness; at most ${MAX_SOLUTIONS_LIMIT}, all held in memory)`).argParser(maxSolutionsArg).default(2))
    .addOption(new Option('-t, --time-limit <seconds>', 'give up after this many seconds per puzzle (a positive number; default: no limit)').argParser(seconds))
    .option('--json', 'print the results as JSON (schema in the CLI README)')
    .addOption(formatOption())
    .option('-o, --output <file>', 'write the SVG or JSON to a file instead of standard output')
    .addOption(fromOption())
    .addOption(indexOption())
    .option('-q, --quiet', 'print only the verdict lines')
    .addHelpText('after', DEFAULT_ENGINES_HELP)
    .action(async (file: string, opts) => {
      const { solveCommand } = await import('./commands/solve.js');
      exitCode = await solveCommand(file, opts, ui);
    });

  program
    .command('verify')
    .description("check a solution against the puzzle's clues with the independent verifier")
    .argument('<file>', 'puzzle file')
    .option('-s, --solution <file>', "solution file (rows of #/. or 1/0, numbers for arrow paths, TAAI solution blocks); default: the puzzle file's own goal/solution")
    .addOption(fromOption())
    .addOption(indexOption())
    .action(async (file: string, opts) => {
      const { verifyCommand } = await import('./commands/verify.js');
      exitCode = await verifyCommand(file, opts, ui);
    });

  program
    .command('convert')
    .description('rewrite a puzzle file in another format')
    .argument('<file>', 'puzzle file')
    .addOption(new Option('--to <format>', 'target format').choices(FORMATS).makeOptionMandatory())
    .option('-o, --output <file>', 'write to a file instead of standard output')
    .addOption(fromOption())
    .addOption(indexOption())
    .action(async (file: string, opts) => {
      const { convertCommand } = await import('./commands/convert.js');
      exitCode = await convertCommand(file, opts);
    });

  program
    .command('show')
    .description('render a puzzle (or, with --solution, the solution its file carries) as text or SVG')
    .argument('<file>', 'puzzle file')
    .option('--solution', "show the file's own solution, verified first")
    .addOption(formatOption())
    .option('-o, --output <file>', 'write to a file instead of standard output')
    .addOption(fromOption())
    .addOption(indexOption())
    .action(async (file: string, opts) => {
      const { showCommand } = await import('./commands/show.js');
      exitCode = await showCommand(file, opts, ui);
    });

  program
    .command('generate')
    .description('make a random puzzle with exactly one solution, proven by an engine; the same seed gives the same puzzle')
    .argument('<kind>', 'puzzle kind: arrowpath or nonogram')
    .argument('<size>', 'WIDTHxHEIGHT, e.g. 20x20; sides up to 100, black-and-white nonograms up to 2000 (beyond 100 made unique by line logic, with givens where it stalls)')
    .option('--seed <seed>', 'random seed: the same seed gives the same puzzle (default: one picked at random and printed)')
    .option('--corners', 'arrow paths: put 1 in the top-left and N in the bottom-right corner, as in the seed puzzles')
    .option('-e, --engine <name>', `nonograms: the engine that proves the puzzle unique (default: ${defaultEngineName('nonogram')}); arrow paths are always checked by arrowpath`)
    .addOption(new Option('--givens <share>', 'arrow paths: stop removing givens at this share of the cells, 0 to 1 or a percentage (default: as few as the engine proves unique)').argParser(givensShare))
    .option('--thorough', 'arrow paths: check each removal with all of the engine\'s deductions, not only its local ones, against the whole path: a few fewer givens, 10x the time or more')
    .addOption(new Option('--reach <steps>', 'arrow paths: how many numbers back along the path each removal check works out again (default 1000; "all": the whole path, sparsest and slowest)').argParser(reachSteps))
    .addOption(new Option('--colours <n>', `nonograms: a colour puzzle in n colours besides the background (1 to ${MAX_COLOURS - 1})`).argParser(colourCount))
    .addOption(new Option('--to <format>', 'output format (default: signpost for arrow paths, pattern for nonograms, json for colour ones)').choices(FORMATS))
    .addOption(
      new Option('-t, --time-limit <seconds>', 'arrow paths: stop removing givens after this many seconds (the result stays unique); nonograms: give up (exit 3)').argParser(seconds),
    )
    .option('-o, --output <file>', 'write to a file instead of standard output')
    .action(async (kind: string, size: string, opts) => {
      const { generateCommand } = await import('./commands/generate.js');
      exitCode = await generateCommand(kind, size, opts, ui);
    });

  program
    .command('engines')
    .description('list the registered engines')
    .option('--json', 'as JSON')
    .action(async (opts) => {
      const { enginesCommand } = await import('./commands/engines.js');
      exitCode = enginesCommand(opts, ui);
    });

  program
    .command('serve')
    .description('serve the web workbench (race the engines in a browser) on this machine, and the FILEs for it to open')
    .argument('[files...]', "results.json, history databases or puzzle files the page may open (printed as ?open= links)")
    .option('--host <host>', 'address to listen on (a non-loopback one exposes the page and FILEs to the network)', '127.0.0.1')
    .addOption(new Option('--port <port>', 'port to listen on, 0 for any free one').argParser(portNumber).default(8740))
    .option('--root <dir>', 'serve this built page instead of @gridrace/web\'s')
    .action(async (files: string[], opts) => {
      const { serveCommand } = await import('./commands/serve.js');
      exitCode = await serveCommand(files, opts, ui);
    });

  program
    .command('worker')
    .description("pull a queued race's tasks (race --queue) and run them on this machine, with its own engines only")
    .requiredOption('--queue <url>', 'the Redis queue: redis://[:PASSWORD@]HOST:PORT, rediss:// for TLS')
    .option('--queue-name <name>', "the queue's name, the one the race was given", 'gridrace')
    .addOption(new Option('--load <module>', 'a module that registers extra engines this worker may run; repeatable').argParser(many))
    .addOption(new Option('--engines-file <file>', 'a JSON file defining external engines (solver programs) this worker may run; repeatable').argParser(many))
    .addOption(new Option('--peers <dir>', 'a folder holding peer solvers (nonosolve, pbnsolve), besides GRIDRACE_PEERS and the PATH; repeatable').argParser(many))
    .addOption(new Option('--lock <seconds>', "a job's lock: a dead worker's job goes back on the queue after about this").argParser(positive('seconds')).default(30))
    .addOption(new Option('--max-stalls <n>', 'how often a job may come back from a dead worker before it fails').argParser(positiveInt).default(2))
    .addOption(new Option('--reconnect <seconds>', 'how long to keep trying to reach Redis after it went away').argParser(positive('seconds')).default(10))
    .option('-q, --quiet', 'no line per job')
    .addHelpText(
      'after',
      `
A job is one puzzle and the names of the engines to race on it. The worker runs a task only
with an engine this machine registers (the built-ins, --load, --engines-file, peers); a job
naming another engine, or carrying a program or module, is answered with an error record and
nothing runs. Keep Redis on a private network: anyone who can reach it can queue jobs.
Exit codes: 0 stopped by Ctrl-C or SIGTERM (after the job in progress; twice: at once),
3 lost Redis (after --reconnect seconds of retries), 5 bad command line.`,
    )
    .action(async (opts) => {
      const { workerCommand } = await import('./commands/worker.js');
      exitCode = await workerCommand(opts, ui);
    });

  // --- race (owned by the race harness, see commands/race.ts): race, race merge, race compare;
  // and history (commands/history.ts), which reads what race writes ---
  // Race turns positional options on for the whole program; that parsing must not depend on
  // whether race is registered. Both are left out only when another command runs or --version
  // answers (WITHOUT_RACE): the program's help, `help race`, a typo's suggestion and race need them.
  program.enablePositionalOptions();
  if (!WITHOUT_RACE.has(argv[0] ?? '')) {
    const { registerHistoryCommand } = await import('./commands/history.js');
    registerHistoryCommand(program, ui, (code) => {
      exitCode = code;
    });
    // `history` alone reads the race's files, not its harness, whose modules would be most of
    // a history command's start-up.
    if (argv[0] !== 'history') {
      const { registerRaceCommand } = await import('./commands/race.js');
      registerRaceCommand(program, ui, (code) => {
        exitCode = code;
      });
    }
  }
  // --- end race ---

  try {
    await program.parseAsync(argv, { from: 'user' });
    return exitCode;
  } catch (err) {
    if (err instanceof CommanderError) {
      // --help and --version end here too, with code 0.
      return err.exitCode === 0 ? ExitCode.OK : ExitCode.USAGE;
    }
    if (err instanceof CliError) {
      process.stderr.write(`gridrace: ${err.message}\n`);
      return err.exitCode;
    }
    const message = err instanceof Error ? err.message : String(err);
    process.stderr.write(`gridrace: internal error: ${message}\n`);
    if (process.env.GRIDRACE_DEBUG && err instanceof Error && err.stack) process.stderr.write(`${err.stack}\n`);
    return ExitCode.INTERNAL;
  }
}
