import { verify, type FormatName } from '@gridrace/core';
import { CliError, ExitCode } from '../exit-codes.js';
import { buildOutput, loadPuzzles, writeOutput } from '../io.js';
import { puzzleName, renderSolution } from '../output.js';
import { pickPuzzles, type Ui } from './shared.js';

export interface ShowFlags {
  from?: FormatName;
  format: 'text' | 'svg';
  solution?: boolean;
  output?: string;
  index?: number;
}

/** Renders puzzles as they are (givens only), or with the solution their file carries, verified first. */
export async function showCommand(path: string, flags: ShowFlags, ui: Ui): Promise<ExitCode> {
  const { name, puzzles } = await loadPuzzles(path, flags.from);
  const picked = pickPuzzles(puzzles, flags.index, name);
  const parts: string[] = [];
  for (const { puzzle, index } of picked) {
    const label = puzzleName({ file: name, index, puzzle }, puzzles.length > 1);
    const solution = flags.solution ? puzzle.solution : undefined;
    if (flags.solution) {
      if (solution === undefined) throw new CliError(`${label}: the file holds no solution to show`, ExitCode.USAGE);
      const check = verify(puzzle, solution);
      if (!check.ok) throw new CliError(`${label}: its own solution is wrong: ${check.problems[0]}`, ExitCode.BAD_INPUT);
    }
    if (flags.format === 'text') parts.push(`${label}: ${puzzle.width}x${puzzle.height} ${puzzle.kind}\n`);
    parts.push(buildOutput(name, () => renderSolution(puzzle, solution, flags.format, flags.format === 'text' && ui.color && flags.output === undefined)));
  }
  await writeOutput(flags.output, parts.join(''));
  return ExitCode.OK;
}
