// Probing on large boards (engine-bitmask's solver/probe.ts): from 65,536 cells on, a probe
// that learned sends the cells near what it set to be probed before the sweep goes on. A
// picture of overlapping discs is solved by probing alone at the root; its verdict and
// solutions are checked, and the search is the same when it pauses at every resumable step
// (the stack of cells to probe next survives a pause).
import { verify } from '@gridrace/core';
import { discPicture } from '@gridrace/testkit';
import { describe, expect, it } from 'vitest';
import { createWasmEngine } from '../src/index.js';

describe('probing on a large board', () => {
  it('a 260x260 disc picture: multiple, both solutions verified and distinct, the same search paused at every step', async () => {
    const puzzle = discPicture(260, 1);
    const result = await createWasmEngine().solve(puzzle, { maxSolutions: 2 });
    expect(result.verdict).toBe('multiple');
    for (const s of result.solutions) expect(verify(puzzle, s)).toEqual({ ok: true });
    expect(result.solutions[0]!.cells).not.toEqual(result.solutions[1]!.cells);
    expect(result.stats.counters.learnedByProbing).toBeGreaterThan(1000);
    const paused = await createWasmEngine({ sliceMs: 0 }).solve(puzzle, { maxSolutions: 2 });
    expect(paused.stats.counters).toEqual(result.stats.counters);
    expect(paused.solutions.map((s) => s.cells)).toEqual(result.solutions.map((s) => s.cells));
  }, 60_000);
});
