// The search: propagate, probe, then alternate two complete methods with doubling budgets
// until one of them settles the puzzle:
//  - backtracking with probing at every node (depth-first, an undo trail, branching on the
//    cell probing ranked best), good when probing finds a lot;
//  - clause learning on a SAT encoding of the puzzle (sat.ts, encode.ts), good when the
//    backtracking thrashes: its clauses speak of block positions, not only cells.
// Both start from the same root, and facts either proves at the root stay for good; each
// resumes where its previous turn stopped. Solutions are counted up to the limit; an
// exhausted search makes the count exact.
import type { Difficulty, StopReason } from '@gridrace/core';
import { encodeNonogram, encodingSize } from './encode.js';
import { ProbeOutcome, Prober } from './probe.js';
import type { Propagator } from './propagate.js';
import { MAX_ARENA, SatSolver } from './sat.js';
import type { DistinctSolutions } from './host/index.js';

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
  /** Puzzles whose encoding would have more clauses than this are only backtracked. */
  readonly maxClauses: number;
  /** Skip probes whose recorded outcome still holds (probe.ts). */
  readonly reuseProbes: boolean;
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
  solutions: DistinctSolutions,
  options: SearchOptions,
  checkpoint: () => Promise<StopReason | null>,
): Promise<SearchReport> {
  const board = p.board;
  let stopReason: StopReason | null = null;
  const check = async (): Promise<boolean> => {
    stopReason = await checkpoint();
    return stopReason !== null;
  };
  let prober: Prober | null = null;
  let sat: SatSolver | null = null;
  const cells = board.width * board.height;
  // The backtracking's branch stack survives between its turns: trail mark, cell, the
  // value being explored, and the value still to try (-1 once both are done). Allocated
  // once the root needs a search (a 512x512 puzzle that line logic solves never does).
  let marks = new Int32Array(0);
  let branchCell = new Int32Array(0);
  let current = new Int8Array(0);
  let pending = new Int32Array(0);
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
      probes: prober?.probes ?? 0,
      probesReused: prober?.reused ?? 0,
      learnedByProbing: prober?.learned ?? 0,
      branches,
      maxDepth,
      nodes,
    };
    if (sat !== null) {
      counters.branches = branches + sat.decisions;
      counters.maxDepth = Math.max(maxDepth, sat.maxDepth);
      counters.conflicts = sat.conflicts;
      counters.learnedClauses = sat.learnedClauses;
      counters.restarts = sat.restarts;
      counters.satVariables = sat.vars;
      counters.turns = turns;
    }
    // Telling several solutions apart always takes a guess, even when probing met them.
    if (solutions.found.length >= 2) difficulty = 'branch';
    return message === undefined ? { stopped, difficulty, counters } : { stopped, message, difficulty, counters };
  };
  const stopped = (): SearchReport => {
    if (sat?.overflow === true) return report('limit', `the learned clauses outgrew ${MAX_ARENA} entries`);
    return report(p.stopped ?? stopReason ?? (solutions.full ? 'solution-limit' : 'aborted'));
  };

  // Root: every line is dirty.
  p.enqueueAll();
  if (!p.propagate()) return p.stopped !== null ? stopped() : report(null);
  if (board.unknown === 0) {
    solutions.add(board.width, board.height, board.cells);
    return report(null);
  }
  const probe = new Prober(p, solutions, check, options.reuseProbes);
  prober = probe;
  marks = new Int32Array(cells + 1);
  branchCell = new Int32Array(cells + 1);
  current = new Int8Array(cells + 1);
  pending = new Int32Array(cells + 1);
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
   */
  async function backtrack(budget: number): Promise<Turn> {
    if (options.probing) {
      if (difficulty === 'line') difficulty = 'probe';
      nodes++;
      const outcome = await probe.run();
      if (outcome === ProbeOutcome.Stopped) return 'stopped';
      if (outcome === ProbeOutcome.Contradiction) return 'exhausted';
    }
    if (board.unknown === 0) return solutions.add(board.width, board.height, board.cells) ? 'stopped' : 'exhausted';
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
          const outcome = await probe.run();
          if (outcome === ProbeOutcome.Stopped) return 'stopped';
          consistent = outcome === ProbeOutcome.Open;
        }
      }
      fresh = false;
      if (consistent && board.unknown === 0) {
        if (solutions.add(board.width, board.height, board.cells)) return 'stopped';
        consistent = false; // a leaf: go back
      }
      if (consistent) {
        let cell: number;
        let value: number;
        if (options.probing) {
          cell = probe.bestCell;
          value = probe.bestValue;
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

  /**
   * Clause learning on the SAT encoding for at most `budget` conflicts, starting from the
   * facts the board holds at the root; cells the solver fixes for good go back to the root.
   */
  async function learn(budget: number): Promise<Turn> {
    difficulty = 'branch';
    if (sat === null) {
      sat = new SatSolver();
      if (!encodeNonogram(sat, board.width, board.height, clueOf)) return 'exhausted';
      // Tied mode: a cell and its images are equal (x -> y and y -> x; literal 2v + 1 is "filled").
      for (const image of p.ties) {
        for (let c = 0; c < cells; c++) {
          const d = image[c]!;
          if (d > c && !(sat.addClause([2 * c, 2 * d + 1]) && sat.addClause([2 * d, 2 * c + 1]))) return 'exhausted';
        }
      }
      // Root probing ranked the cells: decide the best first, with the value it preferred.
      let top = 0;
      for (let c = 0; c < cells; c++) top = Math.max(top, probe.scores[c]!);
      if (top > 0) for (let c = 0; c < cells; c++) sat.hint(c, probe.prefer[c]!, probe.scores[c]! / top);
    }
    const solver = sat;
    for (let c = 0; c < cells; c++) {
      const v = board.cells[c]!;
      if (v !== 2 && !solver.fixed(c) && !solver.addClause([2 * c + v])) return 'exhausted';
    }
    const stopAt = solver.conflicts + budget;
    const grid = new Uint8Array(cells);
    for (;;) {
      const outcome = await solver.solve(stopAt - solver.conflicts, check);
      if (outcome === 'unsat') return 'exhausted';
      if (outcome === 'stopped') return 'stopped';
      if (outcome === 'sat') {
        for (let c = 0; c < cells; c++) grid[c] = solver.value(c);
        if (solutions.add(board.width, board.height, grid)) return 'stopped';
        if (!solver.blockAndContinue()) return 'exhausted';
        // Many solutions in a row never reach the solver's own checkpoints: check here too.
        if (await check()) return 'stopped';
        continue;
      }
      // Out of budget, at level 0: keep what the solver fixed for good.
      for (let c = 0; c < cells; c++) if (board.cells[c] === 2 && solver.fixed(c)) p.assign(c, solver.value(c));
      if (!p.propagate()) return p.stopped !== null ? 'stopped' : 'exhausted';
      if (board.unknown === 0) return solutions.add(board.width, board.height, board.cells) ? 'stopped' : 'exhausted';
      return 'budget';
    }
  }

  const clueOf = (line: number) => p.clues.of(line);
  const learning = options.strategy !== 'probe' && encodingSize(board.width, board.height, clueOf) <= options.maxClauses;
  let nodeBudget = !learning ? Number.POSITIVE_INFINITY : options.strategy === 'learn' ? 0 : options.probeNodes;
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
