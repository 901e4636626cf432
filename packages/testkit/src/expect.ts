// Assertions on engine results, usable on their own in any vitest test.
import { verify, type Puzzle, type Solution, type SolveResult } from '@gridrace/core';
import { expect } from 'vitest';
import type { OracleResult } from './oracle-nonogram.js';

/** A string naming one solution, for comparing sets of solutions. */
export function solutionKey(solution: Solution): string {
  const values = 'cells' in solution ? solution.cells : solution.numbers;
  return `${solution.width}x${solution.height}:${Array.from(values).join(',')}`;
}

/** Sorted, de-duplicated keys of some solutions. */
export function solutionKeys(solutions: readonly Solution[]): string[] {
  return [...new Set(solutions.map(solutionKey))].sort();
}

/** The two lists hold the same solutions, in any order, each once. */
export function expectSameSolutions(actual: readonly Solution[], expected: readonly Solution[]): void {
  expect(solutionKeys(actual).length, 'solutions must be distinct').toBe(actual.length);
  expect(solutionKeys(actual)).toEqual(solutionKeys(expected));
}

/** Every solution passes core's `verify` against the puzzle. */
export function expectVerified(puzzle: Puzzle, solutions: readonly Solution[]): void {
  for (const s of solutions) expect(verify(puzzle, s), `solution ${solutionKey(s)}`).toEqual({ ok: true });
}

/**
 * Checks that hold for every result: a known verdict, a reason when incomplete, no more
 * than `maxSolutions` distinct solutions that all verify, and well-formed stats.
 */
export function expectWellFormedResult(puzzle: Puzzle, result: SolveResult, maxSolutions: number): void {
  expect(['unique', 'multiple', 'none', 'incomplete']).toContain(result.verdict);
  expect(result.solutions.length).toBeLessThanOrEqual(maxSolutions);
  expect(solutionKeys(result.solutions).length, 'solutions must be distinct').toBe(result.solutions.length);
  expectVerified(puzzle, result.solutions);
  if (result.verdict === 'unique') expect(result.solutions.length).toBe(1);
  if (result.verdict === 'multiple') expect(result.solutions.length).toBeGreaterThanOrEqual(2);
  if (result.verdict === 'none') expect(result.solutions.length).toBe(0);
  if (result.verdict === 'incomplete') {
    expect(['time-limit', 'aborted', 'limit', 'solution-limit']).toContain(result.reason);
    if (result.message !== undefined) expect(typeof result.message).toBe('string');
  }
  expectWellFormedStats(result);
}

/** `timeMs` is a finite number >= 0 and every counter is a finite number. */
export function expectWellFormedStats(result: SolveResult): void {
  const { stats } = result;
  expect(typeof stats.timeMs).toBe('number');
  expect(Number.isFinite(stats.timeMs) && stats.timeMs >= 0, `timeMs = ${stats.timeMs}`).toBe(true);
  for (const [name, value] of Object.entries(stats.counters)) {
    expect(typeof value === 'number' && Number.isFinite(value), `counter ${name} = ${String(value)}`).toBe(true);
  }
  if (stats.difficulty !== undefined) expect(['line', 'probe', 'branch']).toContain(stats.difficulty);
}

/**
 * The result of a solve with `maxSolutions` agrees with a brute-force oracle's answer.
 * The oracle may have been run with any cap; the more it found, the more is checked:
 * - oracle exhausted with at most `maxSolutions` solutions: the same set, and the verdict
 *   `none`/`unique`/`multiple` (a unique puzzle under `maxSolutions: 1` may also be
 *   `incomplete`/`solution-limit`, when the engine had not finished searching);
 * - oracle found more than `maxSolutions`: the engine found exactly `maxSolutions`, verdict
 *   `multiple` (or `incomplete`/`solution-limit` when the cap is 1), all among the oracle's
 *   when the oracle's list is complete;
 * - otherwise (the oracle stopped at a cap of its own): at least as many as the oracle found.
 */
export function expectAgreesWithOracle(
  puzzle: Puzzle,
  result: SolveResult,
  oracle: OracleResult<Solution>,
  maxSolutions: number,
): void {
  expectWellFormedResult(puzzle, result, maxSolutions);
  const found = oracle.solutions.length;
  const capped = (): void => {
    expect(result.solutions.length).toBe(maxSolutions);
    if (maxSolutions >= 2) expect(result.verdict).toBe('multiple');
  };
  if (oracle.exhausted && found <= maxSolutions) {
    expectSameSolutions(result.solutions, oracle.solutions);
    if (found === 0) expect(result.verdict).toBe('none');
    else if (found >= 2) expect(result.verdict).toBe('multiple');
    else if (maxSolutions >= 2) expect(result.verdict).toBe('unique');
    else {
      expect(['unique', 'incomplete']).toContain(result.verdict);
      if (result.verdict === 'incomplete') expect(result.reason).toBe('solution-limit');
    }
  } else if (found > maxSolutions) {
    capped();
    if (maxSolutions === 1) {
      expect(result.verdict).toBe('incomplete');
      if (result.verdict === 'incomplete') expect(result.reason).toBe('solution-limit');
    }
    if (oracle.exhausted) {
      const all = new Set(solutionKeys(oracle.solutions));
      for (const s of result.solutions) expect(all.has(solutionKey(s)), `${solutionKey(s)} is not a solution the oracle knows`).toBe(true);
    }
  } else if (found === maxSolutions) {
    // The oracle stopped at the same cap: at least maxSolutions exist.
    capped();
    if (maxSolutions === 1 && result.verdict === 'incomplete') expect(result.reason).toBe('solution-limit');
  } else {
    expect(result.solutions.length).toBeGreaterThanOrEqual(found);
    expect(result.verdict).not.toBe('none');
  }
}
