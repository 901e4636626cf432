import { UnknownEngineError, listEngines, verify, type Engine, type Puzzle, type Solution, type SolveResult, type FormatName } from '@gridrace/core';
import { defaultEngineName, loadEngine } from '@gridrace/engines/lazy';
import { CliError, ExitCode } from '../exit-codes.js';
import { buildOutput, loadPuzzles, writeOutput } from '../io.js';
import { exitCodeOf, renderSolution, solveJson, tallyLine, verdictLine, type PuzzleReport } from '../output.js';
import { abortOnInterrupt, pickPuzzles, type Ui } from './shared.js';

export interface SolveFlags {
  from?: FormatName;
  engine?: string;
  maxSolutions: number;
  timeLimit?: number;
  json?: boolean;
  format: 'text' | 'svg';
  output?: string;
  index?: number;
  quiet?: boolean;
}

/** The engine to use, its package alone loaded (an unknown name loads them all, to list them). */
export async function engineFor(puzzle: Puzzle, requested: string | undefined): Promise<Engine> {
  const name = requested ?? defaultEngineName(puzzle.kind);
  if (name === undefined) throw new CliError(`no engine for ${puzzle.kind} puzzles is registered yet`, ExitCode.USAGE);
  let engine: Engine;
  try {
    engine = await loadEngine(name, puzzle.kind);
  } catch (err) {
    if (err instanceof UnknownEngineError) throw new CliError(err.message, ExitCode.USAGE);
    // Known, but only for other kinds of puzzle.
    const kinds = listEngines()
      .filter((e) => e.name === name)
      .map((e) => e.kind);
    if (kinds.length === 0) throw err;
    throw new CliError(`engine "${name}" solves ${kinds.join(' and ')} puzzles, but this is a ${puzzle.kind} puzzle`, ExitCode.USAGE);
  }
  return engine;
}

/**
 * Engines report `multiple` once they hold two solutions, even when an abort or the time
 * limit stopped them before `maxSolutions`: settled for uniqueness, but the count is then only
 * a lower bound. Such a result becomes `incomplete` with the reason, so neither the verdict
 * line nor --json can pass a cut-short enumeration off as the full list.
 */
export function markCutShort(result: SolveResult<Solution>, maxSolutions: number, aborted: boolean, timeLimitMs: number | undefined): SolveResult<Solution> {
  if (result.verdict !== 'multiple' || result.solutions.length >= maxSolutions) return result;
  // Built-in engines measure timeMs on the same clock as their deadline: at or past the
  // limit means the deadline stopped them (an enumeration that ran out finished before it).
  const reason = aborted ? 'aborted' : timeLimitMs !== undefined && result.stats.timeMs >= timeLimitMs ? 'time-limit' : null;
  if (reason === null) return result;
  const found = result.solutions.length;
  return { ...result, verdict: 'incomplete', reason, message: `enumeration cut short after ${found} solutions; there are at least ${found}` };
}

export async function solveCommand(path: string, flags: SolveFlags, ui: Ui): Promise<ExitCode> {
  const { name, puzzles: all } = await loadPuzzles(path, flags.from);
  const puzzles = pickPuzzles(all, flags.index, name);
  const many = puzzles.length > 1;
  const controller = new AbortController();
  const stopListening = abortOnInterrupt(controller);
  const reports: PuzzleReport[] = [];
  const used = new Set<Engine>();
  const svgParts: string[] = [];
  const started = performance.now();
  try {
    for (const { puzzle, index } of puzzles) {
      const engine = await engineFor(puzzle, flags.engine);
      used.add(engine);
      await engine.init?.();
      let result: SolveResult<Solution>;
      const timeLimitMs = flags.timeLimit === undefined ? undefined : flags.timeLimit * 1000;
      try {
        result = (await engine.solve(puzzle as never, {
          maxSolutions: flags.maxSolutions,
          signal: controller.signal,
          ...(timeLimitMs === undefined ? {} : { timeLimitMs }),
        })) as SolveResult<Solution>;
      } catch (err) {
        throw new CliError(`${name}: engine "${engine.name}" failed: ${(err as Error).message}`, ExitCode.INTERNAL);
      }
      result = markCutShort(result, flags.maxSolutions, controller.signal.aborted, timeLimitMs);
      const report: PuzzleReport = { file: name, index, puzzle, engine: engine.name, result, checks: result.solutions.map((s) => verify(puzzle, s)) };
      reports.push(report);
      if (flags.json) continue;
      if (flags.format === 'svg') {
        svgParts.push(...result.solutions.map((s) => buildOutput(name, () => renderSolution(puzzle, s, 'svg', false))));
        ui.info(verdictLine(report, many));
        continue;
      }
      const line = verdictLine(report, many, !flags.quiet);
      ui.out(ui.color ? ui.colorVerdict(line, exitCodeOf(report)) : line);
      if (!flags.quiet) for (const s of result.solutions) ui.out(buildOutput(name, () => renderSolution(puzzle, s, 'text', ui.color)));
      if (controller.signal.aborted) break;
    }
    if (flags.json) await writeOutput(flags.output, buildOutput(name, () => solveJson(reports)));
    else if (flags.format === 'svg') {
      if (svgParts.length > 1 && flags.output === undefined) ui.info(`note: ${svgParts.length} SVG documents follow, one per solution`);
      // No solution, nothing to draw: an existing file is left as it was, not emptied.
      if (svgParts.length === 0) {
        if (flags.output !== undefined && flags.output !== '-') ui.info(`note: no solution to draw, ${flags.output} was not written`);
      } else await writeOutput(flags.output, svgParts.join(''));
    }
    // On stderr, so standard output keeps one line per puzzle (and only those with -q).
    if (many && !flags.json) ui.info(tallyLine(reports, performance.now() - started));
  } finally {
    stopListening();
    // Engines such as z3 hold worker threads until disposed; the process must be free to exit.
    // After the output: z3's dispose waits for a check it could not stop at the time limit.
    for (const engine of used) await engine.dispose?.();
  }
  return Math.max(ExitCode.OK, ...reports.map(exitCodeOf)) as ExitCode;
}
