// What a nonogram model hands the solve loop, and how the solver is set up for it.
import type { NonogramPuzzle } from '@gridrace/core';
import type { Term, Terms } from './terms.js';

export interface NonogramModel {
  /** Constraints whose models are exactly the puzzle's solutions. */
  readonly assertions: readonly Term[];
  /** One Bool constant per cell (`row * width + col`), true exactly when the cell is filled. */
  readonly cells: readonly Term[];
}

/**
 * Builds a model; must not throw for a contradictory puzzle (assert `false` instead).
 * Building a big model takes seconds of synchronous calls into Z3, so `build` is a
 * generator that yields after every line: the solve loop checks the time limit and the
 * signal there, and gives the event loop a turn.
 */
export interface ModelBuilder {
  /** The model's size in the units MAX_MODEL_SIZE counts, from the clues alone. */
  size(puzzle: NonogramPuzzle): number;
  build(t: Terms, puzzle: NonogramPuzzle): Generator<void, NonogramModel, void>;
}

/**
 * Largest model a solve builds, in model-size units: roughly the Z3 terms the model makes
 * (each costs Z3's fixed 2 GB WebAssembly heap, which cannot grow, and seconds per million
 * to build). The corpus' largest, a 300x300 nonogram, is 2.0 million for `z3` and 8.7
 * million for `z3-prefix`; past this cap the solve ends `incomplete` with reason `limit`
 * before building anything.
 */
export const MAX_MODEL_SIZE = 20_000_000;

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

/** Cells handled between two yields of a builder (each a few Z3 calls, a few microseconds). */
export const CELLS_PER_YIELD = 1024;

/** A Bool constant per cell, named `x<i>`, yielding every CELLS_PER_YIELD cells. */
export function* cellConstants(t: Terms, size: number): Generator<void, Term[], void> {
  const cells: Term[] = [];
  for (let i = 0; i < size; i++) {
    if (i % CELLS_PER_YIELD === CELLS_PER_YIELD - 1) yield;
    cells.push(t.bool(`x${i}`));
  }
  return cells;
}
