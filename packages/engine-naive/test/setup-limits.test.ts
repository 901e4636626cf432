// The naive engine on huge grids: the placement count is checked from the clues alone, and
// every allocation during set-up comes after a budget check.
import type { NonogramPuzzle } from '@gridrace/core';
import { describe, expect, it } from 'vitest';
import { naiveEngine } from '../src/index.js';

function allFilled(side: number): NonogramPuzzle {
  const full = Array.from({ length: side }, () => [side]);
  return { kind: 'nonogram', width: side, height: side, rows: full, columns: full, givens: [], meta: {} };
}

describe('naive set-up limits', () => {
  it('a 1 ms limit on a 10000x10000 grid returns at once', async () => {
    const puzzle = allFilled(10_000);
    const started = performance.now();
    const result = await naiveEngine.solve(puzzle, { timeLimitMs: 1 });
    expect(result.verdict).toBe('incomplete');
    if (result.verdict === 'incomplete') expect(result.reason).toBe('time-limit');
    // Building every line's cell list first took 7.6 s; the bound is loose for a loaded machine.
    expect(performance.now() - started).toBeLessThan(2500);
  });

  it('an abort lands while the lines are set up', async () => {
    const puzzle = allFilled(10_000);
    const controller = new AbortController();
    let abortedAt = 0;
    setTimeout(() => {
      abortedAt = performance.now();
      controller.abort();
    }, 30);
    const started = performance.now();
    const result = await naiveEngine.solve(puzzle, { signal: controller.signal });
    // From the start too: a set-up that never yields delays the abort's timer itself.
    expect(performance.now() - started).toBeLessThan(30 + 2500);
    expect(result.verdict).toBe('incomplete');
    if (result.verdict === 'incomplete') expect(result.reason).toBe('aborted');
    expect(abortedAt).toBeGreaterThan(0);
    expect(performance.now() - abortedAt).toBeLessThan(2500);
  });
});
