import {
  checkOutputSize,
  renderSvg,
  renderText,
  solutionToRows,
  colourSolutionToRows,
  type Puzzle,
  type Solution,
  type SolveResult,
  type VerifyResult,
} from '@gridrace/core';
import { ExitCode } from './exit-codes.js';

/**
 * Whether to colour what goes to `stream`: never with NO_COLOR (any non-empty value, see
 * no-color.org), always with FORCE_COLOR (but `0` or `false` turn colour off), otherwise only
 * on a terminal that is not `TERM=dumb`. picocolors alone would colour a pipe under FORCE_COLOR
 * but not say so to us, and ignores FORCE_COLOR=0.
 */
export function useColor(stream: { isTTY?: boolean }, env: NodeJS.ProcessEnv = process.env): boolean {
  if (env.NO_COLOR) return false;
  const force = env.FORCE_COLOR;
  if (force !== undefined) return force !== '0' && force.toLowerCase() !== 'false';
  return stream.isTTY === true && env.TERM !== 'dumb';
}

/** Version of the `solve --json` document; bump it on any incompatible change. */
export const SOLVE_JSON_SCHEMA = 1;

export interface PuzzleReport {
  readonly file: string;
  /** Position of the puzzle in its file (0-based); TAAI files hold many. */
  readonly index: number;
  readonly puzzle: Puzzle;
  readonly engine: string;
  readonly result: SolveResult<Solution>;
  /** One verification per solution, by core's independent verifier. */
  readonly checks: readonly VerifyResult[];
}

export function exitCodeOf(report: PuzzleReport): ExitCode {
  if (report.checks.some((c) => !c.ok)) return ExitCode.INTERNAL;
  switch (report.result.verdict) {
    case 'unique':
      return ExitCode.OK;
    case 'multiple':
      return ExitCode.NOT_UNIQUE;
    case 'none':
      return ExitCode.NO_SOLUTION;
    case 'incomplete':
      return ExitCode.INCOMPLETE;
  }
}

/**
 * A solution as plain JSON: rows of `#`/`.` for nonograms, rows of the palette's characters for
 * colour nonograms (pass the puzzle), rows of numbers for arrow paths.
 */
export function solutionToJson(solution: Solution, puzzle?: Puzzle): string[] | number[][] {
  if ('cells' in solution) return puzzle?.kind === 'colour-nonogram' ? colourSolutionToRows(solution, puzzle.palette) : solutionToRows(solution);
  const rows: number[][] = [];
  for (let r = 0; r < solution.height; r++) rows.push([...solution.numbers.subarray(r * solution.width, (r + 1) * solution.width)]);
  return rows;
}

export function puzzleName(report: Pick<PuzzleReport, 'file' | 'index' | 'puzzle'>, many: boolean): string {
  const title = report.puzzle.meta.title;
  if (!many) return title ? `${report.file} (${title})` : report.file;
  return `${report.file}#${report.index + 1}${title ? ` (${title})` : ''}`;
}

/** The `solve --json` document. Stable: see the CLI README. */
export function solveJson(reports: readonly PuzzleReport[]): string {
  const many = reports.length > 1;
  // Nonogram rows are strings (a character per cell); arrow-path numbers get a line each.
  let estimate = 0;
  for (const r of reports) estimate += 600 + r.result.solutions.length * r.puzzle.width * r.puzzle.height * (r.puzzle.kind === 'arrowpath' ? String(r.puzzle.width * r.puzzle.height).length + 14 : 1);
  checkOutputSize('the JSON results', estimate);
  return (
    JSON.stringify(
      {
        schema: SOLVE_JSON_SCHEMA,
        results: reports.map((r) => ({
          file: r.file,
          index: r.index,
          name: r.puzzle.meta.title ?? puzzleName(r, many),
          kind: r.puzzle.kind,
          width: r.puzzle.width,
          height: r.puzzle.height,
          ...(r.puzzle.kind === 'colour-nonogram' ? { palette: r.puzzle.palette.map(({ name, rgb, char }) => ({ name, rgb, char })) } : {}),
          engine: r.engine,
          verdict: r.result.verdict,
          ...(r.result.verdict === 'incomplete' ? { reason: r.result.reason, ...(r.result.message ? { message: r.result.message } : {}) } : {}),
          verified: r.checks.every((c) => c.ok),
          solutions: r.result.solutions.map((s) => solutionToJson(s, r.puzzle)),
          stats: roundTimes(r.result.stats),
        })),
      },
      null,
      2,
    ) + '\n'
  );
}

/** Milliseconds rounded to microseconds: the clocks are not finer, and 2.690764999999999 reads as noise. */
export function roundMs(ms: number): number {
  return Math.round(ms * 1000) / 1000;
}

/** The stats with `timeMs` and every other `...Ms` number (also in nested objects) rounded by roundMs. */
function roundTimes<T>(stats: T): T {
  if (typeof stats !== 'object' || stats === null || Array.isArray(stats)) return stats;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(stats)) {
    if (typeof value === 'number' && key.endsWith('Ms')) out[key] = roundMs(value);
    else if (key !== 'counters' && typeof value === 'object' && value !== null) out[key] = roundTimes(value);
    else out[key] = value;
  }
  return out as T;
}

export function formatMs(ms: number): string {
  if (ms < 1) return `${ms.toFixed(3)} ms`;
  if (ms < 1000) return `${ms.toFixed(1)} ms`;
  return `${(ms / 1000).toFixed(2)} s`;
}

/** One puzzle's line; `shown` says whether its solutions are printed after it (not with -q). */
export function verdictLine(report: PuzzleReport, many: boolean, shown = true): string {
  const { result } = report;
  let verdict: string = result.verdict;
  if (result.verdict === 'multiple') verdict = `multiple (${result.solutions.length} ${shown ? 'shown' : 'found'})`;
  if (result.verdict === 'incomplete') {
    const found = result.solutions.length;
    // Two or more solutions and stopped: the count is a lower bound, which must not read as the answer.
    verdict =
      found >= 2 && (result.reason === 'aborted' || result.reason === 'time-limit')
        ? `incomplete (${result.reason === 'aborted' ? 'aborted' : 'time limit'} after ${found} solutions; enumeration cut short)`
        : `incomplete: ${result.reason}${result.message ? ` (${result.message})` : ''}`;
  }
  const bad = report.checks.filter((c) => !c.ok).length;
  const verified = result.solutions.length === 0 ? '' : bad === 0 ? ', verified' : `, ${bad} solution(s) FAILED verification`;
  const difficulty = result.stats.difficulty ? `, ${result.stats.difficulty}` : '';
  return `${puzzleName(report, many)}: ${verdict}${verified} [${report.engine}, ${formatMs(result.stats.timeMs)}${difficulty}]`;
}

/**
 * The closing line of a multi-puzzle solve: how many puzzles got each verdict, the engines'
 * time (their own clocks, summed) and the wall time of the whole command part.
 * `301 puzzles: 300 unique, 1 multiple; 0.91 s in the engines, 1.20 s wall`.
 */
export function tallyLine(reports: readonly PuzzleReport[], wallMs: number): string {
  const order = ['unique', 'multiple', 'none', 'incomplete'] as const;
  const counts = order.map((verdict) => [verdict, reports.filter((r) => r.result.verdict === verdict).length] as const).filter(([, n]) => n > 0);
  const failed = reports.filter((r) => r.checks.some((c) => !c.ok)).length;
  const verdicts = counts.map(([verdict, n]) => `${n} ${verdict === 'none' ? 'no solution' : verdict}`);
  if (failed > 0) verdicts.push(`${failed} FAILED verification`);
  const engineMs = reports.reduce((sum, r) => sum + r.result.stats.timeMs, 0);
  return `${reports.length} puzzles: ${verdicts.join(', ')}; ${formatMs(engineMs)} in the engines, ${formatMs(wallMs)} wall`;
}

export function renderSolution(puzzle: Puzzle, solution: Solution | undefined, format: 'text' | 'svg', color: boolean): string {
  return format === 'svg' ? renderSvg(puzzle, solution) : renderText(puzzle, solution, { color });
}
