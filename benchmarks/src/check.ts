// The cross-check: on one puzzle, every engine that settled the question must have settled it
// the same way, with solutions that verify; a file's own solution counts as one more witness.
import type { Disagreement, PuzzleRecord, TaskRecord } from './types.js';

const SETTLED = new Set(['unique', 'multiple', 'none']);

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
  const settled = mine.filter((t) => t.verdict !== undefined && SETTLED.has(t.verdict));
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
