// The whole-grid passes of propagation (the matching filter, the gap sweep) look at the
// budget while they run, not only between passes: on a big grid one pass takes a tenth of a
// second idle and over a second on a busy machine.
import { SolveBudget, checkArrowPathInput } from '@gridrace/core';
import { describe, expect, it } from 'vitest';
import { prepareGrid } from '../src/grid.js';
import { buildLinkState, type LinkState } from '../src/links.js';
import { MatchScratch, filterByMatching } from '../src/matching.js';
import { GapScratch, propagateLocal, sweepGaps } from '../src/propagate.js';
import { PropagationStopped } from '../src/stop.js';
import { snake } from './helpers.js';

/** A 100x100 snake's links before any deduction, every node queued. */
async function snakeLinks(): Promise<LinkState> {
  const budget = new SolveBudget();
  const grid = await prepareGrid(checkArrowPathInput(snake(100, 100)), budget);
  if (typeof grid === 'string') throw new Error(grid);
  const s = await buildLinkState(grid, budget);
  if (typeof s === 'string') throw new Error(s);
  s.enqueueAll();
  return s;
}

/** A 100x100 snake after its local deductions: 10,000 nodes for a pass to visit. */
async function settledLocally(): Promise<LinkState> {
  const s = await snakeLinks();
  expect(propagateLocal(s)).toBe(true);
  return s;
}

function stopOf(pass: () => unknown): unknown {
  try {
    pass();
  } catch (err) {
    return err instanceof PropagationStopped ? err.reason : err;
  }
  return 'ran to the end';
}

describe('whole-grid passes and the budget', () => {
  it('the matching filter stops part way with the time limit passed, and runs to the end without a budget', async () => {
    const s = await settledLocally();
    const expired = new SolveBudget({ timeLimitMs: 0 });
    expect(stopOf(() => filterByMatching(s, new MatchScratch(s.nodes, expired)))).toBe('time-limit');
    expect(stopOf(() => filterByMatching(s, new MatchScratch(s.nodes)))).toBe('ran to the end');
  });

  it('local propagation paused every 1,024 steps makes the changes of one run to the end, in the same order', async () => {
    // The root's propagation pauses when its time slice ends, which depends on the machine's
    // load: the order of what it deduces (and so of the links a search tries) must not.
    const whole = await settledLocally();
    const s = await snakeLinks();
    const budget = new SolveBudget();
    let pauses = 0;
    for (let local = propagateLocal(s, budget, 0); local === 'paused'; local = propagateLocal(s, budget, 0)) pauses++;
    expect(pauses).toBeGreaterThan(3);
    expect(Array.from(s.trail.data.subarray(0, s.trail.size))).toEqual(Array.from(whole.trail.data.subarray(0, whole.trail.size)));
  });

  it('the gap sweep stops part way on an aborted signal, and runs to the end without a budget', async () => {
    const s = await settledLocally();
    const controller = new AbortController();
    controller.abort();
    const aborted = new SolveBudget({ signal: controller.signal });
    expect(stopOf(() => sweepGaps(s, new GapScratch(s.nodes, s.edgeCount, true, aborted)))).toBe('aborted');
    expect(stopOf(() => sweepGaps(s, new GapScratch(s.nodes, s.edgeCount, true)))).toBe('ran to the end');
  });
});
