// The search: propagate, probe, then alternate two complete methods with doubling budgets
// until one of them settles the puzzle:
//  - backtracking with probing at every node (depth-first, an undo trail, branching on the
//    cell probing ranked best), good when probing finds a lot;
//  - conflict-driven clause learning (learn.ts), good when backtracking thrashes.
// Both see the same board and the same learned clauses; facts either proves at the root
// stay for good. Solutions are counted up to the limit; an exhausted search makes the
// count exact.
import type { Difficulty, StopReason } from '@gridrace/core';
import { Learner } from './learn.js';
import { ProbeOutcome, Prober } from './probe.js';
import type { Propagator } from './propagate.js';
import type { Solutions } from './solutions.js';

export type Strategy = 'probe' | 'learn' | 'auto';

export interface SearchOptions {
  /** Probe unknown cells (default true). Without probing the backtracking branches on the first unknown cell. */
  readonly probing: boolean;
  /**
   * `probe`: backtracking with probing only; `learn`: clause learning only (after probing
   * the root); `auto`: both in turns.
   */
  readonly strategy: Strategy;
  /** `auto`: nodes of the first backtracking turn (then doubled each turn). */
  readonly probeNodes: number;
  /** `auto`: conflicts of the first learning turn (then doubled each turn). */
  readonly learnConflicts: number;
}

export interface SearchReport {
  /** Null when the search was exhausted, else why it stopped. */
  readonly stopped: StopReason | null;
  readonly message?: string;
  readonly difficulty: Difficulty;
  readonly counters: Record<string, number>;
}

type Turn = 'exhausted' | 'budget' | 'stopped';

export async function search(
  p: Propagator,
  solutions: Solutions,
  options: SearchOptions,
  checkpoint: () => Promise<StopReason | null>,
): Promise<SearchReport> {
  const board = p.board;
  let stopReason: StopReason | null = null;
  const check = async (): Promise<boolean> => {
    stopReason = await checkpoint();
    return stopReason !== null;
  };
  const prober = new Prober(p, solutions, check);
  let learner: Learner | null = null;
  // The backtracking's branch stack survives between its turns: trail mark, cell, the
  // value being explored, and the value still to try (-1 once both are done).
  const cells = board.width * board.height;
  const marks = new Int32Array(cells + 1);
  const branchCell = new Int32Array(cells + 1);
  const current = new Int8Array(cells + 1);
  const pending = new Int32Array(cells + 1);
  let depth = 0;
  let nodes = 0;
  let branches = 0;
  let maxDepth = 0;
  let turns = 0;
  let difficulty: Difficulty = 'line';

  const report = (stopped: StopReason | null, message?: string): SearchReport => {
    const counters: Record<string, number> = {
      linesSolved: p.linesSolved,
      cacheHits: p.cacheHits,
      probes: prober.probes,
      learnedByProbing: prober.learned,
      branches,
      maxDepth,
      nodes,
    };
    if (learner !== null) {
      const c = learner.counters;
      counters.branches = branches + c.decisions;
      counters.maxDepth = Math.max(maxDepth, c.maxDepth);
      counters.conflicts = c.conflicts;
      counters.learnedClauses = c.learnedClauses;
      counters.restarts = c.restarts;
      counters.explanations = c.explanations;
      counters.explanationsCached = c.explanationsCached;
      counters.consistencyChecks = p.consistencyChecks;
      counters.averageClauseLength = Math.round((10 * learner.learnedLiterals) / Math.max(1, c.learnedClauses + 1)) / 10;
      counters.turns = turns;
    }
    // Telling several solutions apart always takes a guess, even when probing met them.
    if (solutions.found.length >= 2) difficulty = 'branch';
    return message === undefined ? { stopped, difficulty, counters } : { stopped, message, difficulty, counters };
  };
  const stopped = (): SearchReport => {
    if (learner?.stopped === 'limit') return report('limit', learner.limitMessage ?? undefined);
    return report(p.stopped ?? stopReason ?? learner?.stopped ?? (solutions.full ? 'solution-limit' : 'aborted'));
  };

  // Root: every line is dirty.
  p.enqueueAll();
  if (!p.propagate()) return p.stopped !== null ? stopped() : report(null);
  if (board.unknown === 0) {
    solutions.add(board);
    return report(null);
  }
  if (!options.probing) return (await backtrack(Number.POSITIVE_INFINITY)) === 'stopped' ? stopped() : report(null);

  /** Set a cell (if it is not known yet) and propagate; false when that contradicts. */
  function tryAssign(cell: number, value: number): boolean {
    if (board.cells[cell] !== 2) return board.cells[cell] === value;
    p.assign(cell, value);
    return p.propagate();
  }

  /**
   * Probe the root, then backtrack with probing at every node for at most `budget` more
   * nodes. On `budget` the board is back at the root (plus what root probing learned) and
   * the next turn resumes where this one stopped by replaying the branch stack.
   * The learned clauses are left out: probing is fastest without them.
   */
  async function backtrack(budget: number): Promise<Turn> {
    const clauses = p.clauses;
    p.clauses = null;
    try {
      return await backtrackTurn(budget);
    } finally {
      p.clauses = clauses;
      p.qhead = 0;
    }
  }

  async function backtrackTurn(budget: number): Promise<Turn> {
    if (options.probing) {
      if (difficulty === 'line') difficulty = 'probe';
      nodes++;
      const outcome = await prober.run();
      if (outcome === ProbeOutcome.Stopped) return 'stopped';
      if (outcome === ProbeOutcome.Contradiction) return 'exhausted';
    }
    if (board.unknown === 0) return solutions.add(board) ? 'stopped' : 'exhausted';
    const root = board.trailLength;
    const stopAt = nodes + budget;
    let consistent = true;
    let fresh = depth === 0; // the root was just probed
    // Replay the branches of the previous turn.
    for (let i = 0; i < depth; i++) {
      marks[i] = board.trailLength;
      if (!tryAssign(branchCell[i]!, current[i]!)) {
        if (p.stopped !== null) return 'stopped';
        depth = i + 1;
        consistent = false;
        break;
      }
    }
    for (;;) {
      // At a node whose board is propagated; `consistent` says whether it held.
      if (consistent && !fresh) {
        nodes++;
        if (nodes > stopAt) {
          p.undoTo(root);
          return 'budget';
        }
        if (await check()) return 'stopped';
        if (board.unknown > 0 && options.probing) {
          const outcome = await prober.run();
          if (outcome === ProbeOutcome.Stopped) return 'stopped';
          consistent = outcome === ProbeOutcome.Open;
        }
      }
      fresh = false;
      if (consistent && board.unknown === 0) {
        if (solutions.add(board)) return 'stopped';
        consistent = false; // a leaf: go back
      }
      if (consistent) {
        let cell: number;
        let value: number;
        if (options.probing) {
          cell = prober.bestCell;
          value = prober.bestValue;
        } else {
          cell = board.cells.indexOf(2);
          value = 1;
        }
        difficulty = 'branch';
        branches++;
        marks[depth] = board.trailLength;
        branchCell[depth] = cell;
        current[depth] = value;
        pending[depth] = 1 - value;
        depth++;
        if (depth > maxDepth) maxDepth = depth;
        consistent = tryAssign(cell, value);
        if (p.stopped !== null) return 'stopped';
        continue;
      }
      // Backtrack to the deepest branch with a value left to try.
      for (;;) {
        if (depth === 0) return 'exhausted';
        const top = depth - 1;
        p.undoTo(marks[top]!);
        const value = pending[top]!;
        if (value < 0) {
          depth--;
          continue;
        }
        pending[top] = -1;
        current[top] = value;
        consistent = tryAssign(branchCell[top]!, value);
        if (p.stopped !== null) return 'stopped';
        break;
      }
    }
  }

  async function learn(budget: number): Promise<Turn> {
    difficulty = 'branch';
    learner ??= new Learner(p, solutions, checkpoint, { score: prober.scores, value: prober.prefer });
    const outcome = await learner.run(budget);
    if (outcome !== 'budget') return outcome;
    // Back at level 0, perhaps with new facts still to propagate.
    if (!p.propagate()) return p.stopped !== null ? 'stopped' : 'exhausted';
    if (board.unknown === 0) return solutions.add(board) ? 'stopped' : 'exhausted';
    return 'budget';
  }

  let nodeBudget = options.strategy === 'probe' ? Number.POSITIVE_INFINITY : options.strategy === 'learn' ? 0 : options.probeNodes;
  let conflictBudget = options.strategy === 'auto' ? options.learnConflicts : Number.POSITIVE_INFINITY;
  for (;;) {
    turns++;
    const first = await backtrack(nodeBudget);
    if (first !== 'budget') return first === 'stopped' ? stopped() : report(null);
    const second = await learn(conflictBudget);
    if (second !== 'budget') return second === 'stopped' ? stopped() : report(null);
    nodeBudget *= 2;
    conflictBudget *= 2;
  }
}
