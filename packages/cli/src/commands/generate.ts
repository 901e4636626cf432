import { writePuzzle, type FormatName } from '@gridrace/core';
import { generateArrowPath } from '@gridrace/generate';
import { CliError, ExitCode } from '../exit-codes.js';
import { writeOutput } from '../io.js';
import { formatMs } from '../output.js';
import type { Ui } from './shared.js';

export interface GenerateFlags {
  seed: string;
  corners?: boolean;
  to: FormatName;
  output?: string;
  timeLimit?: number;
}

/** Parses `WxH` (e.g. `20x20`); sizes from 2 to 100 a side. */
export function parseSize(text: string): { width: number; height: number } {
  const match = /^(\d+)x(\d+)$/.exec(text);
  const width = Number(match?.[1]);
  const height = Number(match?.[2]);
  if (!match || width < 2 || height < 2 || width > 100 || height > 100) {
    throw new CliError(`size "${text}" should be WIDTHxHEIGHT with sides from 2 to 100, e.g. 20x20`, ExitCode.USAGE);
  }
  return { width, height };
}

/** `gridrace generate arrowpath WxH --seed S`: a sparse arrow path the `arrowpath` engine proves unique. */
export async function generateCommand(kind: string, size: string, flags: GenerateFlags, ui: Ui): Promise<ExitCode> {
  if (kind !== 'arrowpath') throw new CliError(`cannot generate "${kind}" puzzles; supported: arrowpath`, ExitCode.USAGE);
  const { width, height } = parseSize(size);
  const controller = new AbortController();
  const onInterrupt = () => controller.abort();
  process.once('SIGINT', onInterrupt);
  try {
    const { puzzle, stats } = await generateArrowPath({
      width,
      height,
      seed: flags.seed,
      corners: flags.corners ?? false,
      signal: controller.signal,
      ...(flags.timeLimit === undefined ? {} : { timeLimitMs: flags.timeLimit * 1000 }),
    });
    const text = writePuzzle({ ...puzzle, meta: { ...puzzle.meta, title: `arrowpath ${size} seed ${flags.seed}` } }, flags.to);
    await writeOutput(flags.output, text.endsWith('\n') ? text : `${text}\n`);
    const share = ((100 * stats.givens) / stats.cells).toFixed(1);
    const stopped = stats.stopped ? `; stopped early (${stats.stopped}), so more givens remain than needed` : '';
    ui.info(`${width}x${height} seed ${flags.seed}: ${stats.givens} of ${stats.cells} cells given (${share}%), unique, ${formatMs(stats.timeMs)}${stopped}`);
    return ExitCode.OK;
  } finally {
    process.removeListener('SIGINT', onInterrupt);
  }
}
