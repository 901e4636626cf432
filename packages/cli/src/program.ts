import { Command, CommanderError, InvalidArgumentError, Option } from 'commander';
import pc from 'picocolors';
import { MAX_SOLUTIONS_LIMIT, formatsFor } from '@gridrace/core';
import { CliError, ExitCode } from './exit-codes.js';
import { convertCommand } from './commands/convert.js';
import { enginesCommand } from './commands/engines.js';
import { generateCommand } from './commands/generate.js';
import { showCommand } from './commands/show.js';
import { solveCommand } from './commands/solve.js';
import { verifyCommand } from './commands/verify.js';
import { registerRaceCommand } from './commands/race.js';
import type { Ui } from './commands/shared.js';

const FORMATS = [...new Set([...formatsFor('nonogram'), ...formatsFor('arrowpath')])];

function positiveInt(value: string): number {
  const n = Number(value);
  if (!/^\d+$/.test(value) || n < 1) throw new InvalidArgumentError('expected a positive whole number');
  return n;
}

function maxSolutionsArg(value: string): number {
  const n = positiveInt(value);
  if (n > MAX_SOLUTIONS_LIMIT) throw new InvalidArgumentError(`at most ${MAX_SOLUTIONS_LIMIT} solutions can be held`);
  return n;
}

function seconds(value: string): number {
  const n = Number(value);
  if (value.trim() === '' || !Number.isFinite(n) || n < 0) throw new InvalidArgumentError('expected a number of seconds, e.g. 10 or 0.5');
  return n;
}

function makeUi(): Ui {
  const color = pc.isColorSupported && process.stdout.isTTY === true;
  return {
    color,
    out: (text) => process.stdout.write(text.endsWith('\n') ? text : `${text}\n`),
    info: (text) => process.stderr.write(`${text}\n`),
    colorVerdict: (line, code) => (code === ExitCode.OK ? pc.green(line) : code === ExitCode.INTERNAL ? pc.red(line) : pc.yellow(line)),
  };
}

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
    .configureOutput({ outputError: (text, write) => write(pc.isColorSupported && process.stderr.isTTY ? pc.red(text) : text) })
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
    .argument('<file>', 'puzzle file: .non, .nin, .json, TAAI text, or a Tatham Pattern/Signpost game ID')
    .option('-e, --engine <name>', 'engine to use (see `gridrace engines`); default: the fastest for the puzzle kind')
    .addOption(new Option('-m, --max-solutions <n>', `stop after n solutions (2 decides uniqueness; at most ${MAX_SOLUTIONS_LIMIT})`).argParser(maxSolutionsArg).default(2))
    .addOption(new Option('-t, --time-limit <seconds>', 'give up after this many seconds per puzzle').argParser(seconds))
    .option('--json', 'print the results as JSON (schema in the CLI README)')
    .addOption(formatOption())
    .option('-o, --output <file>', 'write the SVG or JSON to a file instead of standard output')
    .addOption(fromOption())
    .addOption(indexOption())
    .option('-q, --quiet', 'print only the verdict lines')
    .action(async (file: string, opts) => {
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
      exitCode = await showCommand(file, opts, ui);
    });

  program
    .command('generate')
    .description('make a random puzzle with a unique solution (arrow paths: as few givens as the engine can prove unique)')
    .argument('<kind>', 'puzzle kind: arrowpath')
    .argument('<size>', 'WIDTHxHEIGHT, e.g. 20x20')
    .requiredOption('--seed <seed>', 'random seed: the same seed gives the same puzzle')
    .option('--corners', 'put 1 in the top-left and N in the bottom-right corner, as in the seed puzzles')
    .addOption(new Option('--to <format>', 'output format').choices(['signpost', 'json']).default('signpost'))
    .addOption(new Option('-t, --time-limit <seconds>', 'stop removing givens after this many seconds (the result stays unique)').argParser(seconds))
    .option('-o, --output <file>', 'write to a file instead of standard output')
    .action(async (kind: string, size: string, opts) => {
      exitCode = await generateCommand(kind, size, opts, ui);
    });

  program
    .command('engines')
    .description('list the registered engines')
    .option('--json', 'as JSON')
    .action((opts) => {
      exitCode = enginesCommand(opts, ui);
    });

  // --- race (owned by the race harness, see commands/race.ts): race, race merge, race compare ---
  registerRaceCommand(program, ui, (code) => {
    exitCode = code;
  });
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
