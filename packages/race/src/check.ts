// The cross-check: on one puzzle, every engine that settled the question must have settled it
// the same way, with solutions that verify; a file's own solution counts as one more witness.
import type { StopReason, Verdict } from '@gridrace/core';
import type { Disagreement, PuzzleRecord, TaskRecord } from './types.js';

const SETTLED = new Set(['unique', 'multiple', 'none']);

// Records keyed on core's unions: a verdict or stop reason added there fails to compile here.
const VERDICT_SET: Record<Verdict, true> = { unique: true, multiple: true, none: true, incomplete: true };
const STOP_REASON_SET: Record<StopReason, true> = { 'time-limit': true, aborted: true, limit: true, 'solution-limit': true };
/** The verdicts of core's `SolveResult`. */
export const VERDICTS = Object.keys(VERDICT_SET) as readonly Verdict[];
/** Core's `StopReason`: why an `incomplete` solve stopped. */
export const STOP_REASONS = Object.keys(STOP_REASON_SET) as readonly StopReason[];

/** What an answer claims, as far as the contract goes. */
export interface AnswerShape {
  readonly verdict?: unknown;
  readonly reason?: unknown;
  /** Solutions returned. */
  readonly solutions: number;
  /** Distinct solutions that pass core's verifier; undefined where nothing was verified yet (in the worker). */
  readonly good?: number;
}

/**
 * Why an answer cannot be right under core's solve contract (a verdict or reason outside it, a
 * verdict its solutions contradict), or undefined when it can be. The race records such an
 * answer as `errored`, so it is never timed, reported as settled or used in the cross-check.
 */
export function answerProblem(a: AnswerShape): string | undefined {
  const n = a.solutions;
  if (!(VERDICTS as readonly unknown[]).includes(a.verdict)) return `verdict ${JSON.stringify(a.verdict)}, not one of ${VERDICTS.join(', ')}`;
  switch (a.verdict as Verdict) {
    case 'incomplete':
      return (STOP_REASONS as readonly unknown[]).includes(a.reason) ? undefined : `incomplete with reason ${JSON.stringify(a.reason)}, not one of ${STOP_REASONS.join(', ')}`;
    case 'unique':
      if (n === 0) return 'unique with no solution';
      if (n > 1) return `unique with ${n} solutions`;
      return a.good === 0 ? 'unique with no verified solution' : undefined;
    case 'multiple':
      if (n < 2) return `multiple with ${n} solution${n === 1 ? '' : 's'}`;
      return a.good !== undefined && a.good < 2 ? `multiple with ${a.good} distinct verified solution${a.good === 1 ? '' : 's'}` : undefined;
    case 'none':
      return n > 0 ? `none with ${n} solution${n === 1 ? '' : 's'}` : undefined;
  }
}

/** The disagreements on one puzzle (empty when all is well). Works on records, so merge can rerun it. */
export function crossCheck(puzzle: PuzzleRecord, tasks: readonly TaskRecord[]): Disagreement[] {
  const mine = tasks.filter((t) => t.puzzle === puzzle.id);
  const verdicts: Record<string, string> = {};
  for (const t of mine) verdicts[t.engine] = t.verdict === 'incomplete' ? `incomplete (${t.reason ?? '?'})` : (t.verdict ?? t.state);
  const out: Disagreement[] = [];
  const say = (message: string) => out.push({ puzzle: puzzle.id, message, verdicts });

  for (const t of mine) {
    if (!t.verified) say(`${t.engine} returned a solution that fails verification${t.message ? `: ${t.message}` : ''}`);
  }
  // An impossible answer (say, from a file written before the race checked answers) settles nothing.
  const settled = mine.filter((t) => t.verdict !== undefined && SETTLED.has(t.verdict) && answerProblem(t) === undefined);
  const kinds = [...new Set(settled.map((t) => t.verdict))];
  if (kinds.length > 1) {
    say(`engines disagree: ${settled.map((t) => `${t.engine} says ${t.verdict}`).join(', ')}`);
  }
  // A verified solution from anyone, or the file's own, refutes `none`.
  const witness = mine.find((t) => t.verified && t.solutions > 0);
  for (const t of settled) {
    if (t.verdict !== 'none') continue;
    if (witness && kinds.length === 1) say(`${t.engine} says none, but ${witness.engine} found a verified solution`);
    else if (puzzle.knownSolution) say(`${t.engine} says none, but the puzzle file carries a verified solution`);
  }
  // Unique answers must be the same grid, and the file's solution when it has one.
  const uniques = settled.filter((t) => t.verdict === 'unique' && t.verified && t.solutionHash);
  const grids = new Set(uniques.map((t) => t.solutionHash));
  if (grids.size > 1) say(`engines report different unique solutions: ${uniques.map((t) => `${t.engine} ${t.solutionHash}`).join(', ')}`);
  if (puzzle.knownSolution) {
    for (const t of uniques) {
      if (t.solutionHash !== puzzle.knownSolution) say(`${t.engine} says unique, but its solution differs from the one the file carries`);
    }
  }
  return out;
}
