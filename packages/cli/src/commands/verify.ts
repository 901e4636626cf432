import { PuzzleFormatError, readSolutions, verify, type Solution, type FormatName } from '@gridrace/core';
import { CliError, ExitCode } from '../exit-codes.js';
import { loadPuzzles, readInput } from '../io.js';
import { puzzleName } from '../output.js';
import { pickPuzzles, type Ui } from './shared.js';

export interface VerifyFlags {
  from?: FormatName;
  solution?: string;
  index?: number;
}

/** Checks solutions (from `--solution FILE`, or the puzzle file's own goal/solution) with core's verifier. */
export async function verifyCommand(path: string, flags: VerifyFlags, ui: Ui): Promise<ExitCode> {
  const { name, puzzles: all } = await loadPuzzles(path, flags.from);
  let solutions: (Solution | undefined)[] = all.map((p) => p.solution);
  if (flags.solution !== undefined) {
    const first = all[0]!;
    const { name: solutionName, text } = await readInput(flags.solution);
    try {
      solutions = readSolutions(text, { file: solutionName, width: first.width, height: first.height, kind: first.kind, ...(first.kind === 'colour-nonogram' ? { palette: first.palette } : {}) });
    } catch (err) {
      if (err instanceof PuzzleFormatError) throw new CliError(err.message, ExitCode.BAD_INPUT);
      throw err;
    }
    if (solutions.length !== all.length && flags.index === undefined) {
      throw new CliError(`${solutionName}: holds ${solutions.length} solution(s) for ${all.length} puzzle(s) in ${name}`, ExitCode.BAD_INPUT);
    }
    if (flags.index !== undefined && solutions.length === 1) solutions = all.map(() => solutions[0]);
  }
  const picked = pickPuzzles(all, flags.index, name);
  const many = all.length > 1;
  let wrong = 0;
  let checked = 0;
  for (const { puzzle, index } of picked) {
    const solution = solutions[index];
    const label = puzzleName({ file: name, index, puzzle }, many);
    if (solution === undefined) {
      throw new CliError(`${label}: has no solution to verify; pass one with --solution FILE`, ExitCode.USAGE);
    }
    const result = verify(puzzle, solution);
    checked++;
    if (result.ok) {
      if (!many) ui.out(`${label}: correct`);
    } else {
      wrong++;
      ui.out(`${label}: WRONG\n${result.problems.map((p) => `  ${p}`).join('\n')}`);
    }
  }
  if (many) ui.out(`${name}: ${checked - wrong} of ${checked} solutions correct`);
  return wrong === 0 ? ExitCode.OK : ExitCode.NO_SOLUTION;
}
