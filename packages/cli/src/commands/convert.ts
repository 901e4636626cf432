import { PuzzleFormatError, writePuzzles, type FormatName } from '@gridrace/core';
import { CliError, ExitCode } from '../exit-codes.js';
import { buildOutput, loadPuzzles, writeOutput } from '../io.js';
import { pickPuzzles } from './shared.js';

export interface ConvertFlags {
  from?: FormatName;
  to: FormatName;
  output?: string;
  index?: number;
}

export async function convertCommand(path: string, flags: ConvertFlags): Promise<ExitCode> {
  const { name, puzzles } = await loadPuzzles(path, flags.from);
  const picked = pickPuzzles(puzzles, flags.index, name).map((p) => p.puzzle);
  let text: string;
  try {
    text = buildOutput(name, () => writePuzzles(picked, flags.to));
  } catch (err) {
    // The input is fine; the target format cannot hold it (givens in .nin, a nonogram as Signpost...).
    if (err instanceof PuzzleFormatError) throw new CliError(`${name}: cannot convert to ${flags.to}: ${err.detail}`, ExitCode.USAGE);
    throw err;
  }
  await writeOutput(flags.output, text);
  return ExitCode.OK;
}
