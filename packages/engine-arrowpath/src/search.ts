// arrowpath: propagate, then branch on the most constrained chain end, with an undo trail.
import {
  SolveBudget,
  checkSolveInput,
  makeResult,
  type ArrowPathPuzzle,
  type ArrowPathSolution,
  type Difficulty,
  type SolveOptions,
  type SolveResult,
  type StopReason,
} from '@gridrace/core';
import { prepareGrid } from './grid.js';
import { IntStack, buildLinkState, countEdges, type LinkState } from './links.js';
import { MatchScratch } from './matching.js';
import { GapScratch, propagate, propagateYielding, type Deductions } from './propagate.js';
import { PropagationStopped } from './stop.js';

export interface PropagatingLimits {
  /** Stop with verdict `incomplete`, reason `limit`, after this many branch nodes. */
  readonly maxNodes?: number;
  /** Refuse grids with more candidate links than this (memory); default 8 million. */
  readonly maxEdges?: number;
  /** Reuse the gap sweep's per-gap results where nothing changed (default true). */
  readonly incrementalGaps?: boolean;
  /** Sweep the short gaps first and the long ones only at their fixpoint (default true). */
  readonly deferBigGaps?: boolean;
  /** Default `all`. */
  readonly deductions?: Deductions;
}

const DEFAULT_MAX_EDGES = 8_000_000;
/** Branching tie-break for unnumbered chain ends; numbered ones score their free room, capped below this. */
const TIE_UNNUMBERED = 17;

export async function solvePropagating(
  input: ArrowPathPuzzle,
  solveOptions: SolveOptions | undefined,
  limits: PropagatingLimits,
): Promise<SolveResult<ArrowPathSolution>> {
  // Core's input contract first: the same refusals, with the same errors, as every engine.
  const { puzzle, options } = checkSolveInput('arrowpath', input, solveOptions);
  const { maxSolutions } = options;
  const budget = new SolveBudget(options);
  const prepared = await prepareGrid(puzzle, budget);
  const maxNodes = limits.maxNodes ?? Number.POSITIVE_INFINITY;
  const maxEdges = limits.maxEdges ?? DEFAULT_MAX_EDGES;

  const solutions: ArrowPathSolution[] = [];
  let nodes = 0;
  let branches = 0;
  let maxDepth = 0;
  let backtracks = 0;
  let state: LinkState | undefined;
  let scratch: GapScratch | undefined;
  let matcher: MatchScratch | undefined;
  const finish = (stopped: StopReason | null, message?: string) => {
    const counters = {
      nodes,
      branches,
      maxDepth,
      backtracks,
      links: state?.linksMade ?? 0,
      removals: state?.removals ?? 0,
      gapSweeps: scratch?.sweeps ?? 0,
      gapRuns: scratch?.gapRuns ?? 0,
      gapUpdates: scratch?.gapUpdates ?? 0,
      matchingRuns: matcher?.runs ?? 0,
      candidateLinks: state?.edgeCount ?? 0,
    };
    const difficulty: Difficulty = branches > 0 ? 'branch' : 'line';
    return makeResult(solutions, stopped, { timeMs: budget.elapsedMs(), counters, difficulty }, message);
  };

  if (typeof prepared === 'string') return finish(prepared);
  const grid = prepared;
  const early = budget.stopReason();
  if (early !== null) return finish(early);
  if (grid.contradiction !== null) return finish(null);
  // Counted from the ray lengths, before any link is built.
  const edges = countEdges(grid);
  if (edges > maxEdges) {
    return finish('limit', `arrowpath: ${edges} candidate links exceed the limit of ${maxEdges}`);
  }

  const built = await buildLinkState(grid, budget);
  if (typeof built === 'string') return finish(built);
  const s = built;
  state = s;
  const short = limits.deductions === 'short-gaps';
  // Made on the first gap sweep: puzzles settled by local deductions never need it.
  const g = (): GapScratch => {
    if (scratch === undefined) {
      scratch = new GapScratch(s.nodes, s.edgeCount, limits.incrementalGaps ?? true, budget, limits.deductions);
      scratch.deferBigGaps = limits.deferBigGaps ?? true;
    }
    return scratch;
  };
  const m = short ? null : new MatchScratch(s.nodes, budget);
  matcher = m ?? undefined;
  s.enqueueAll();
  try {
    if (!(await propagateYielding(s, g, m, budget))) return finish(null);
  } catch (err) {
    if (err instanceof PropagationStopped) return finish(err.reason);
    throw err;
  }

  // One record per open branch: trail mark, where its candidate links sit in `cands`, next one to try.
  const levelMark = new IntStack(64);
  const levelStart = new IntStack(64);
  const levelEnd = new IntStack(64);
  const levelNext = new IntStack(64);
  const cands = new IntStack(1024);

  let stopped: StopReason | null = null;
  let message: string | undefined;

  search: for (;;) {
    if (s.links === s.n + 1) {
      solutions.push(readSolution(s, grid.width, grid.height));
      if (solutions.length >= maxSolutions) {
        if (!allTried()) stopped = 'solution-limit';
        break;
      }
    } else {
      openBranch();
    }

    // Take the next untried candidate of the deepest open branch.
    for (;;) {
      const depth = levelMark.size;
      if (depth === 0) break search;
      const i = levelNext.data[depth - 1]!;
      s.undoTo(levelMark.data[depth - 1]!);
      if (i === levelEnd.data[depth - 1]) {
        cands.size = levelStart.data[depth - 1]!;
        levelMark.pop();
        levelStart.pop();
        levelEnd.pop();
        levelNext.pop();
        backtracks++;
        continue;
      }
      levelNext.data[depth - 1] = i + 1;
      nodes++;
      if (depth > maxDepth) maxDepth = depth;
      if (nodes >= maxNodes) {
        stopped = 'limit';
        message = `arrowpath node limit of ${maxNodes} reached`;
        break search;
      }
      const reason = await budget.checkpoint();
      if (reason !== null) {
        stopped = reason;
        break search;
      }
      let ok: boolean;
      try {
        ok = s.link(cands.data[i]!) && propagate(s, g, m, budget);
      } catch (err) {
        if (!(err instanceof PropagationStopped)) throw err;
        stopped = err.reason;
        break search;
      }
      if (ok) continue search;
      s.clearQueue();
    }
  }
  return finish(stopped, message);

  /**
   * Branch on the chain end with the fewest candidates (at least two, or propagation would
   * have linked it). Ties go to numbered ends next to the fewest free numbers: linking them
   * places numbers, which the gap sweep feeds on.
   */
  function openBranch(): void {
    let best = -1;
    let bestScore = Number.POSITIVE_INFINITY;
    let bestIsTail = true;
    const { num, cellOf, next, prev, succCount, predCount } = s;
    for (let x = 0; x < s.nodes; x++) {
      const nx = num[x]!;
      if (next[x] === -1 && x !== s.end) {
        let room = TIE_UNNUMBERED;
        if (nx >= 0) {
          room = 0;
          while (room < TIE_UNNUMBERED - 1 && cellOf[nx + 1 + room] === -1) room++;
        }
        const score = succCount[x]! * 32 + room;
        if (score < bestScore) {
          bestScore = score;
          best = x;
          bestIsTail = true;
        }
      }
      if (prev[x] === -1 && x !== s.start) {
        let room = TIE_UNNUMBERED;
        if (nx >= 0) {
          room = 0;
          while (room < TIE_UNNUMBERED - 1 && nx - 1 - room >= 0 && cellOf[nx - 1 - room] === -1) room++;
        }
        const score = predCount[x]! * 32 + room;
        if (score < bestScore) {
          bestScore = score;
          best = x;
          bestIsTail = false;
        }
      }
    }
    branches++;
    levelMark.push(s.trail.size);
    levelStart.push(cands.size);
    if (bestIsTail) {
      for (let i = s.outStart[best]!, end = i + s.succCount[best]!; i < end; i++) cands.push(s.outEdges[i]!);
    } else {
      for (let i = s.inStart[best]!, end = i + s.predCount[best]!; i < end; i++) cands.push(s.inEdges[i]!);
    }
    // Live links are kept in no particular order: try them nearest first (by link id, as built).
    cands.data.subarray(levelStart.data[levelStart.size - 1]!, cands.size).sort();
    levelEnd.push(cands.size);
    levelNext.push(levelStart.data[levelStart.size - 1]!);
  }

  function allTried(): boolean {
    for (let d = 0; d < levelMark.size; d++) if (levelNext.data[d]! < levelEnd.data[d]!) return false;
    return true;
  }
}

function readSolution(s: LinkState, width: number, height: number): ArrowPathSolution {
  return { width, height, numbers: s.num.slice(0, s.n) };
}
