// The two Engine objects, and factories for engines with a node cap (the generator uses one,
// so that its uniqueness checks do not depend on the machine's speed).
import type { Engine } from '@gridrace/core';
import { solveDfs } from './dfs.js';
import type { Deductions } from './gap-cache.js';
import { solvePropagating } from './search.js';

export interface ArrowPathEngineLimits {
  /** Stop with verdict `incomplete`, reason `limit`, after this many search nodes. */
  readonly maxNodes?: number;
  /**
   * `arrowpath` only: reuse each gap's sweep result while nothing in the gap changed
   * (default true). False recomputes every gap on every sweep: the same deductions, slower.
   */
  readonly incrementalGaps?: boolean;
  /**
   * `arrowpath` only: search the gaps of more than 4 steps only once the shorter ones deduce
   * nothing more (default true). The same fixpoint, reached in another order: false for tests
   * that compare deductions step by step.
   */
  readonly deferBigGaps?: boolean;
  /**
   * `arrowpath` only: `all` (default) or `short-gaps`, local deductions and gaps of up to four
   * steps only, without the matching filter: weaker, but every step costs what changed near
   * it (the generator checks removals this way; `removableGivens` says more).
   */
  readonly deductions?: Deductions;
}

/** The seed's depth-first search from 1, generalized; the baseline. */
export function createArrowPathDfsEngine(limits: ArrowPathEngineLimits = {}): Engine<'arrowpath'> {
  return {
    name: 'arrowpath-dfs',
    kind: 'arrowpath',
    description: 'arrow paths by depth-first search from 1 along the arrows (the seed method)',
    solve: (puzzle, options) => solveDfs(puzzle, options, limits),
  };
}

/** Chains of forced links, numbering and gap distances, then branching with an undo trail. */
export function createArrowPathEngine(limits: ArrowPathEngineLimits = {}): Engine<'arrowpath'> {
  return {
    name: 'arrowpath',
    kind: 'arrowpath',
    description: 'arrow paths by link propagation (chains, numbers, gap distances) and branching',
    solve: (puzzle, options) => solvePropagating(puzzle, options, limits),
  };
}

export const arrowPathDfsEngine: Engine<'arrowpath'> = createArrowPathDfsEngine();
export const arrowPathEngine: Engine<'arrowpath'> = createArrowPathEngine();
