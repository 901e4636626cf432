// From a Z3 model to a grid, and from a grid to the clause that rules it out.
import { EMPTY, FILLED, type NonogramPuzzle, type NonogramSolution } from '@gridrace/core';
import type { Z3_model } from 'z3-solver';
import type { Term, Terms } from './terms.js';

const L_TRUE = 1; // Z3_lbool.Z3_L_TRUE (a value import would tie this file to the Node entry)

/**
 * Read every cell in the model (with model completion: unconstrained is false). Null when
 * Z3 refuses (an interrupt that landed after the check cancels the next call).
 */
export function readSolution(t: Terms, model: Z3_model, puzzle: NonogramPuzzle, cells: readonly Term[]): NonogramSolution | null {
  const out = new Uint8Array(puzzle.width * puzzle.height);
  for (let i = 0; i < cells.length; i++) {
    const value = t.z3.model_eval(t.ctx, model, cells[i]!, true);
    if (value === null) return null;
    out[i] = (t.z3.get_bool_value(t.ctx, value) as number) === L_TRUE ? FILLED : EMPTY;
  }
  return { width: puzzle.width, height: puzzle.height, cells: out };
}

/** "Some cell differs from this solution": asserted after each model to ask for another. */
export function excludeSolution(t: Terms, solution: NonogramSolution, cells: readonly Term[]): Term {
  return t.or(cells.map((cell, i) => (solution.cells[i] === FILLED ? t.not(cell) : cell)));
}
