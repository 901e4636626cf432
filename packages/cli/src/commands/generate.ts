import type { SingleBar } from 'cli-progress';
import { PuzzleFormatError, setLimitTimer, writePuzzle, type Engine, type FormatName, type Puzzle } from '@gridrace/core';
import { defaultEngineName } from '@gridrace/engines/lazy';
import { GenerateNonogramError, generateArrowPath, generateColourNonogram, generateLineSolvableNonogram, generateNonogram } from '@gridrace/generate';
import { CliError, ExitCode } from '../exit-codes.js';
import { writeOutput } from '../io.js';
import { formatMs } from '../output.js';
import { abortOnInterrupt, loadCliProgress, type Ui } from './shared.js';
import { engineFor } from './solve.js';

export interface GenerateFlags {
  /** Absent: one is picked at random and printed, so the puzzle can be made again. */
  seed?: string;
  corners?: boolean;
  engine?: string;
  to?: FormatName;
  output?: string;
  timeLimit?: number;
  /** Nonograms: colours besides the background; absent, black and white. */
  colours?: number;
  /** Arrow paths: the target share of given cells (0 to 1). */
  givens?: number;
  /** Arrow paths: check removals with all of the engine's deductions. */
  thorough?: boolean;
  /** Arrow paths: how far back along the path a removal check works out again (Infinity: all of it). */
  reach?: number;
}

const KINDS = ['arrowpath', 'nonogram'] as const;

/** Sides of generated puzzles: arrow paths and colour nonograms to 100, black-and-white nonograms to 2000. */
const MAX_SIDE = 100;
const MAX_NONOGRAM_SIDE = 2000;
/**
 * Nonograms with a side beyond this are made unique by line logic and givens (the repair loop
 * calls an engine per change, which stops being practical past about 100x100).
 */
const REPAIR_MAX_SIDE = 100;

/** Parses `WxH` (e.g. `20x20`), sides from 2 to `max`. */
export function parseSize(text: string, max = MAX_SIDE, what = ''): { width: number; height: number } {
  const match = /^(\d+)x(\d+)$/.exec(text);
  const width = Number(match?.[1]);
  const height = Number(match?.[2]);
  if (!match || width < 2 || height < 2 || width > max || height > max) {
    throw new CliError(`size "${text}" should be WIDTHxHEIGHT with sides from 2 to ${max}${what}, e.g. 20x20`, ExitCode.USAGE);
  }
  return { width, height };
}

/**
 * `gridrace generate arrowpath|nonogram WxH [--seed S]`: a sparse arrow path the `arrowpath`
 * engine proves unique, or a nonogram the checking engine proves unique.
 */
export async function generateCommand(kind: string, size: string, flags: GenerateFlags, ui: Ui): Promise<ExitCode> {
  if (!(KINDS as readonly string[]).includes(kind)) throw new CliError(`cannot generate "${kind}" puzzles; supported: ${KINDS.join(', ')}`, ExitCode.USAGE);
  const { width, height } =
    kind === 'nonogram' && flags.colours === undefined ? parseSize(size, MAX_NONOGRAM_SIDE, ' for black-and-white nonograms') : parseSize(size, MAX_SIDE, kind === 'nonogram' ? ' for colour nonograms' : '');
  const picked = flags.seed === undefined;
  const seed = flags.seed ?? String(Math.floor(Math.random() * 1_000_000_000));
  if (flags.colours !== undefined && kind !== 'nonogram') throw new CliError('--colours is for nonograms', ExitCode.USAGE);
  if (flags.givens !== undefined && kind !== 'arrowpath') throw new CliError('--givens is for arrow paths', ExitCode.USAGE);
  if (flags.thorough === true && kind !== 'arrowpath') throw new CliError('--thorough is for arrow paths', ExitCode.USAGE);
  if (flags.reach !== undefined && kind !== 'arrowpath') throw new CliError('--reach is for arrow paths', ExitCode.USAGE);
  const to = flags.to ?? (kind === 'arrowpath' ? 'signpost' : flags.colours !== undefined ? 'json' : 'pattern');
  const controller = new AbortController();
  const stopListening = abortOnInterrupt(controller);
  try {
    const { puzzle, summary } = kind === 'arrowpath' ? await arrowPath(width, height, seed, flags, controller.signal) : await nonogram(width, height, seed, flags, controller);
    let text: string;
    try {
      text = writePuzzle({ ...puzzle, meta: { ...puzzle.meta, title: `${kind} ${size} seed ${seed}` } }, to);
    } catch (err) {
      // The puzzle is fine; the format cannot hold it (a nonogram as Signpost, a 5x4 in TAAI...).
      if (err instanceof PuzzleFormatError) throw new CliError(`cannot write a ${size} ${kind} as ${to}: ${err.detail}`, ExitCode.USAGE);
      throw err;
    }
    await writeOutput(flags.output, text.endsWith('\n') ? text : `${text}\n`);
    ui.info(`${width}x${height} seed ${seed}${picked ? ' (picked at random; --seed gives the same puzzle again)' : ''}: ${summary}`);
    return ExitCode.OK;
  } finally {
    stopListening();
  }
}

async function arrowPath(width: number, height: number, seed: string, flags: GenerateFlags, signal: AbortSignal): Promise<{ puzzle: Puzzle; summary: string }> {
  if (flags.engine !== undefined && flags.engine !== 'arrowpath') {
    throw new CliError(`arrow paths are generated with the arrowpath engine; --engine ${flags.engine} is for nonograms`, ExitCode.USAGE);
  }
  const progress = progressLine(`generate ${width}x${height}`);
  let result;
  try {
    result = await generateArrowPath({
      width,
      height,
      seed,
      corners: flags.corners ?? false,
      thorough: flags.thorough ?? false,
      signal,
      ...(flags.givens === undefined ? {} : { givens: flags.givens }),
      ...(flags.reach === undefined ? {} : { reach: flags.reach }),
      ...(flags.timeLimit === undefined ? {} : { timeLimitMs: flags.timeLimit * 1000 }),
      onProgress: (p) => progress.update(p.tried, p.candidates, `${p.givens} of ${p.cells} given`),
    });
  } finally {
    progress.stop();
  }
  const { puzzle, stats } = result;
  const share = ((100 * stats.givens) / stats.cells).toFixed(1);
  const stopped = stats.stopped ? `; stopped early (${stats.stopped}), so more givens remain than needed` : '';
  const target = flags.givens !== undefined && stats.stopped === null && stats.givens <= Math.floor(flags.givens * stats.cells) ? ` (target ${(100 * flags.givens).toFixed(0)}% reached)` : '';
  return { puzzle, summary: `${stats.givens} of ${stats.cells} cells given (${share}%)${target}, unique, ${formatMs(stats.timeMs)}${stopped}` };
}

/**
 * A progress bar on standard error for a run that takes over a second, on a terminal only
 * (cli-progress, loaded when first shown); `update` is cheap until then.
 */
function progressLine(label: string, unit = 'checks'): { update(value: number, total: number, detail: string): void; stop(): void } {
  const started = performance.now();
  const tty = process.stderr.isTTY === true && !process.env.CI;
  let bar: SingleBar | undefined;
  let loading = false;
  let stopped = false;
  return {
    update(value, total, detail) {
      if (stopped || !tty || performance.now() - started < 1000) return;
      if (bar) {
        bar.setTotal(total);
        bar.update(value, { detail });
      } else if (!loading) {
        loading = true;
        void loadCliProgress().then((cliProgress) => {
          if (stopped) return; // the run ended while the module loaded
          bar = new cliProgress.SingleBar({ format: `${label} {bar} {value}/{total} ${unit} | {detail} | {duration_formatted}`, hideCursor: true, clearOnComplete: true, stream: process.stderr }, cliProgress.Presets.shades_classic);
          bar.start(total, value, { detail });
        });
      }
    },
    stop() {
      stopped = true;
      bar?.stop();
    },
  };
}

async function nonogram(width: number, height: number, seed: string, flags: GenerateFlags, controller: AbortController): Promise<{ puzzle: Puzzle; summary: string }> {
  if (flags.corners) throw new CliError('--corners is for arrow paths', ExitCode.USAGE);
  const colours = flags.colours;
  const probe: Puzzle =
    colours === undefined
      ? { kind: 'nonogram', width, height, rows: [], columns: [], givens: [], meta: {} }
      : { kind: 'colour-nonogram', width, height, palette: [], rows: [], columns: [], givens: [], meta: {} };
  const checker = await engineFor(probe, flags.engine ?? defaultEngineName(probe.kind));
  // No partial nonogram exists to return, so the time limit ends the run without a puzzle.
  let timedOut = false;
  const timer =
    flags.timeLimit === undefined
      ? undefined
      : setLimitTimer(() => {
          timedOut = true;
          controller.abort();
        }, flags.timeLimit * 1000);
  const started = performance.now();
  try {
    await checker.init?.();
    if (colours === undefined && Math.max(width, height) > REPAIR_MAX_SIDE) return await lineSolvable(width, height, seed, checker as Engine<'nonogram'>, controller.signal);
    const { puzzle, stats } =
      colours === undefined
        ? await generateNonogram({ width, height, seed, checker: checker as Engine<'nonogram'>, signal: controller.signal })
        : await generateColourNonogram({ width, height, seed, colours, checker: checker as Engine<'colour-nonogram'>, signal: controller.signal });
    const share = ((100 * stats.filled) / (width * height)).toFixed(0);
    const machine = stats.timedOut > 0 ? `; ${stats.timedOut} check(s) ran out of time, so another machine may give another puzzle` : '';
    return {
      puzzle,
      summary: `${share}% ${colours === undefined ? 'filled' : `coloured in ${colours} colours`}, unique (proven by ${checker.name}${stats.difficulty ? `, ${stats.difficulty}` : ''}), ${stats.checks} check(s), ${formatMs(performance.now() - started)}${machine}`,
    };
  } catch (err) {
    if (err instanceof GenerateNonogramError) {
      if (err.stopped) throw new CliError(`generate: ${timedOut ? `time limit of ${flags.timeLimit} s reached` : 'interrupted'}: ${err.message}`, ExitCode.INCOMPLETE);
      throw new CliError(`generate: ${err.message}`, ExitCode.INCOMPLETE);
    }
    throw err;
  } finally {
    if (timer !== undefined) clearTimeout(timer);
    await checker.dispose?.();
  }
}

/**
 * A nonogram too large for the repair loop: line logic settles the picture's clues, with givens
 * where it stalls, so it is unique by construction; then the checking engine solves it on its
 * own as a second proof.
 */
async function lineSolvable(width: number, height: number, seed: string, checker: Engine<'nonogram'>, signal: AbortSignal): Promise<{ puzzle: Puzzle; summary: string }> {
  const progress = progressLine(`generate ${width}x${height}`, 'cells settled');
  let generated;
  try {
    generated = await generateLineSolvableNonogram({ width, height, seed, signal, onProgress: (p) => progress.update(p.settled, p.cells, `${p.givens} given`) });
  } finally {
    progress.stop();
  }
  const { puzzle, stats } = generated;
  const checked = await checker.solve(puzzle, { maxSolutions: 2, signal });
  if (checked.verdict === 'incomplete') throw new GenerateNonogramError(`${checker.name} did not finish its check (${checked.reason})`, checked.reason === 'aborted' ? 'aborted' : undefined);
  if (checked.verdict !== 'unique') throw new Error(`${checker.name} says ${checked.verdict} for a puzzle line logic settled completely (a bug in the generator or the engine)`);
  const share = ((100 * stats.filled) / (width * height)).toFixed(0);
  const givens = ((100 * stats.givens) / (width * height)).toFixed(2);
  return {
    puzzle,
    summary: `${share}% filled, ${stats.givens} givens (${givens}%), unique by line logic (${formatMs(stats.ms)}) and by ${checker.name} (${formatMs(checked.stats.timeMs)})`,
  };
}
