// What a nonogram model hands the solve loop, and how the solver is set up for it.
import type { NonogramPuzzle } from '@gridrace/core';
import type { Term, Terms } from './terms.js';

export interface NonogramModel {
  /** Constraints whose models are exactly the puzzle's solutions. */
  readonly assertions: readonly Term[];
  /** One Bool constant per cell (`row * width + col`), true exactly when the cell is filled. */
  readonly cells: readonly Term[];
}

/** Builds a model; must not throw for a contradictory puzzle (assert `false` instead). */
export type ModelBuilder = (t: Terms, puzzle: NonogramPuzzle) => NonogramModel;

/** How the Z3 solver is made: a logic (`QF_FD` selects Z3's SAT-based solver) and parameters. */
export interface SolverSetup {
  /** Passed to `mk_solver_for_logic`; undefined is Z3's general combined solver. */
  readonly logic?: string | undefined;
  /** Solver parameters (`timeout` is set by the solve loop). */
  readonly params?: Readonly<Record<string, number | boolean>> | undefined;
}

/** The given cells as constraints on the cell constants. */
export function givenConstraints(t: Terms, puzzle: NonogramPuzzle, cells: readonly Term[]): Term[] {
  return puzzle.givens.map((g) => {
    const cell = cells[g.row * puzzle.width + g.col]!;
    return g.filled ? cell : t.not(cell);
  });
}
