// Stopping propagation when the solve's budget runs out. The queue's local step looks at the
// clock every so many entries; the whole-grid passes (the matching filter, the gap sweep) do
// too, every NODES_PER_CHECK nodes they visit: on a 230x230 grid one such pass takes a tenth
// of a second, on a busy machine more than a second. PropagationStopped unwinds to the solve,
// which ends there. What a stop leaves behind stays sound: the matching changes only by whole
// augmenting paths, and the gap cache is marked untrusted before a sweep starts.
import type { SolveBudget, StopReason } from '@gridrace/core';

/** Thrown out of propagation when the budget runs out; the solve catches it and stops. */
export class PropagationStopped {
  constructor(readonly reason: StopReason) {}
}

/** Nodes visited between two looks at the clock. */
const NODES_PER_CHECK = 4096;

/** A whole-grid pass's count of visited nodes, and the budget it answers to (none: never stops). */
export class StopPoll {
  private visits = 0;

  constructor(private readonly budget?: SolveBudget) {}

  /** Count one node visited; every NODES_PER_CHECK, throw PropagationStopped if the budget ran out. */
  visit(): void {
    if (++this.visits < NODES_PER_CHECK || this.budget === undefined) return;
    this.visits = 0;
    const stop = this.budget.stopReason();
    if (stop !== null) throw new PropagationStopped(stop);
  }
}
