// A check Z3 does not stop when interrupted (some of its preprocessing ignores interrupts for
// seconds): the solve stops waiting STOP_GRACE_MS after its deadline, the check goes on being
// interrupted until it returns, and the next check of the engine queues behind it. Z3 is
// replaced by a fake whose check ignores interrupts, so the timing is the test's own.
import { describe, expect, it } from 'vitest';
import { CheckQueue } from '../src/check-queue.js';
import { interruptibleCheck, STOP_GRACE_MS, type AbandonedCheck } from '../src/solve-loop.js';
import type { Terms } from '../src/terms.js';

const L_TRUE = 1;

/** A Z3 stand-in whose check returns after `checkMs`, whatever interrupts it gets. */
function deafZ3(checkMs: number) {
  const state = { interrupts: 0 };
  const t = {
    ctx: 0,
    z3: {
      interrupt: () => void state.interrupts++,
      solver_check: () => new Promise<number>((resolve) => setTimeout(() => resolve(L_TRUE), checkMs)),
    },
  } as unknown as Terms;
  return { t, state };
}

const solver = 0 as never;

describe('a check that does not answer its interrupt', () => {
  it('is abandoned STOP_GRACE_MS after the deadline and interrupted until it returns', async () => {
    const { t, state } = deafZ3(STOP_GRACE_MS + 1500);
    const started = performance.now();
    const stopper = { timedOut: false };
    const result = await interruptibleCheck(t, solver, new CheckQueue(), new AbortController().signal, 100, stopper);
    const waited = performance.now() - started;
    expect(typeof result).toBe('object');
    expect(stopper.timedOut).toBe(true);
    // Well before the check's own end; not before the grace is over.
    expect(waited).toBeGreaterThanOrEqual(100 + STOP_GRACE_MS - 5);
    expect(waited).toBeLessThan(STOP_GRACE_MS + 1500);
    const abandoned = result as AbandonedCheck;
    const interruptsAtReturn = state.interrupts;
    expect(interruptsAtReturn).toBeGreaterThan(1);
    await abandoned.settled;
    expect(performance.now() - started).toBeGreaterThanOrEqual(STOP_GRACE_MS + 1500 - 5);
    // Interrupted all along, and not after it returned.
    expect(state.interrupts).toBeGreaterThan(interruptsAtReturn);
    const atEnd = state.interrupts;
    await new Promise((r) => setTimeout(r, 100));
    expect(state.interrupts).toBe(atEnd);
  });

  it('holds up the next check, which keeps its own limit while it waits', async () => {
    const { t } = deafZ3(STOP_GRACE_MS + 1500);
    const queue = new CheckQueue();
    const first = await interruptibleCheck(t, solver, queue, new AbortController().signal, 50, { timedOut: false });
    expect(typeof first).toBe('object');
    const started = performance.now();
    const stopper = { timedOut: false };
    const second = await interruptibleCheck(t, solver, queue, new AbortController().signal, 200, stopper);
    // Given up while queued: null, at its own deadline, while the first check still runs.
    expect(second).toBeNull();
    expect(stopper.timedOut).toBe(true);
    expect(performance.now() - started).toBeLessThan(1500);
    await (first as AbandonedCheck).settled;
  });

  it('stopInterrupting() ends the interrupts of a check that is still running', async () => {
    const { t, state } = deafZ3(STOP_GRACE_MS + 1000);
    const abandoned = (await interruptibleCheck(t, solver, new CheckQueue(), new AbortController().signal, 50, { timedOut: false })) as AbandonedCheck;
    abandoned.stopInterrupting();
    const stoppedAt = state.interrupts;
    await new Promise((r) => setTimeout(r, 200));
    expect(state.interrupts).toBe(stoppedAt);
    await abandoned.settled;
  });

  it('a check that answers its interrupt in time is not abandoned', async () => {
    const t = {
      ctx: 0,
      z3: {
        interrupt: () => void (answer?.(0)),
        solver_check: () => new Promise<number>((resolve) => (answer = resolve)),
      },
    } as unknown as Terms;
    let answer: ((status: number) => void) | undefined;
    const stopper = { timedOut: false };
    expect(await interruptibleCheck(t, solver, new CheckQueue(), new AbortController().signal, 100, stopper)).toBe(0);
    expect(stopper.timedOut).toBe(true);
  });
});
