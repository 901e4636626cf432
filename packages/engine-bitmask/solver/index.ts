// The solver's entry points, the same on both targets (the exports of the wasm module and of
// a createSolver() instance), called by the host (../src/host/engine-host.ts):
//   1. prepare(width, height, totalBlocks) -> address where the host writes the clues:
//      offsets i32[lines + 1], then ids i32[lines], then blocks i32[totalBlocks]
//      (lines = height rows, then width columns; lines with the same clue and length share
//      an id). 0 when the memory cannot hold them.
//   2. setup(strategy, probing, reuseProbes, probeNodes, learnConflicts, maxClauses,
//      satArenaCap, seed) -> 1, or
//      0 when the memory cannot hold the board.
//   3. given(cell, value) for each given cell -> 0 when givens disagree; for the search among
//      symmetric solutions, ties(count) -> address of count cell permutations (i32[cells]
//      each) for the host to fill (0 when the memory cannot hold them).
//   4. run(sliceEnd, deadline, stepEnd) until it returns something else than RUN_PAUSED;
//      it also pauses once steps() reaches stepEnd (Infinity: never).
//   5. counter(i) / difficulty() for the stats; rootBoardAt() -> the board the root left (the
//      host splits its unknown cells into independent regions; 0 before the root is done).
// The numbers these take and return are named in ../src/abi.ts, shared with the host.
// Colour nonograms have entry points of their own, colourPrepare .. colourRun (colour.ts).
// Every solve starts from an empty arena.
import {
  COUNTER_BRANCHES,
  COUNTER_CACHE_HITS,
  COUNTER_CONFLICTS,
  COUNTER_LEARNED_BY_PROBING,
  COUNTER_LEARNED_CLAUSES,
  COUNTER_LEARNER_RAN,
  COUNTER_LINES_SOLVED,
  COUNTER_MAX_DEPTH,
  COUNTER_NODES,
  COUNTER_PROBES,
  COUNTER_PROBES_REUSED,
  COUNTER_RESTARTS,
  COUNTER_SAT_DECISIONS,
  COUNTER_SAT_MAX_DEPTH,
  COUNTER_SAT_VARIABLES,
  COUNTER_TURNS,
} from '../src/abi';
import { load8, resetArena, tryAlloc } from 'solver-target';
import { EMPTY_CELL, FILLED_CELL, UNKNOWN_CELL, cells, setCell, setClues, setupBoard } from './board';
import { resetSteps, setClock, steps as stepsTaken } from './clock';
import { cacheHits, linesSolved, setupPropagator, setupTies } from './propagate';
import { learned, probes, reused, setupProber } from './probe';
import { seedRandom } from './random';
import { branches, difficulty as searchDifficulty, maxDepth, nodes, rootBoard, sat, searchRun, setupSearch, turns } from './search';

export { colourCounter, colourDifficulty, colourGiven, colourPrepare, colourRun, colourSetup } from './colour';

let w: i32 = 0;
let h: i32 = 0;
let inputs: usize = 0;

export function prepare(width: i32, height: i32, totalBlocks: i32): usize {
  resetArena();
  w = width;
  h = height;
  const lines = width + height;
  inputs = tryAlloc((<usize>(2 * lines + 1) + <usize>totalBlocks) << 2);
  if (inputs == 0) return 0;
  const offsets = inputs;
  const ids = offsets + (<usize>(lines + 1) << 2);
  const blocks = ids + (<usize>lines << 2);
  setClues(blocks, offsets, ids);
  return inputs;
}

export function setup(strategy: i32, probing: i32, reuseProbes: i32, probeNodes: f64, learnConflicts: f64, maxClauses: f64, satArenaCap: i32, seed: i32): i32 {
  const cellsCount = <usize>w * <usize>h;
  const rowWords = <usize>((w + 31) >>> 5);
  const colWords = <usize>((h + 31) >>> 5);
  const rf = tryAlloc(<usize>h * rowWords << 2);
  const re = tryAlloc(<usize>h * rowWords << 2);
  const cf = tryAlloc(<usize>w * colWords << 2);
  const ce = tryAlloc(<usize>w * colWords << 2);
  const c = tryAlloc(cellsCount);
  const t = tryAlloc(cellsCount << 2);
  const tr = tryAlloc(cellsCount << 2);
  if (tr == 0) return 0;
  setupBoard(w, h, rf, re, cf, ce, c, t, tr);
  resetSteps();
  seedRandom(seed);
  if (!setupPropagator()) return 0;
  if (!setupProber(reuseProbes != 0)) return 0;
  setupSearch(strategy, probing != 0, probeNodes, learnConflicts, maxClauses, satArenaCap);
  return 1;
}

/** Make a given cell known (before `run`). 0 when it disagrees with an earlier given. */
export function given(cell: i32, filled: i32): i32 {
  const value = filled != 0 ? FILLED_CELL : EMPTY_CELL;
  const now = load8(cells + <usize>cell);
  if (now == value) return 1;
  if (now != UNKNOWN_CELL) return 0;
  setCell(cell, value);
  return 1;
}

/** Tie every cell to its images under `count` permutations the wrapper writes at the address returned. */
export function ties(count: i32): usize {
  return setupTies(count);
}

/**
 * Search until done, or until `now() >= sliceEnd` or `steps() >= stepEnd` at a resumable
 * point; see search.ts for the codes.
 */
export function run(sliceEnd: f64, deadline: f64, stepEnd: f64): i32 {
  setClock(sliceEnd, deadline, stepEnd);
  return searchRun();
}

/** Resumable steps taken so far (see clock.ts). */
export function steps(): f64 {
  return stepsTaken;
}

/** Counter `i`, one of abi.ts's COUNTER_* ids; the learner's counters are 0 when it did not run. */
export function counter(i: i32): f64 {
  const s = sat;
  switch (i) {
    case COUNTER_LINES_SOLVED: return linesSolved;
    case COUNTER_CACHE_HITS: return cacheHits;
    case COUNTER_PROBES: return probes;
    case COUNTER_LEARNED_BY_PROBING: return learned;
    case COUNTER_BRANCHES: return branches;
    case COUNTER_MAX_DEPTH: return <f64>maxDepth;
    case COUNTER_NODES: return nodes;
    case COUNTER_LEARNER_RAN: return s === null ? 0 : 1;
    case COUNTER_TURNS: return <f64>turns;
    case COUNTER_PROBES_REUSED: return reused;
    default: break;
  }
  if (s === null) return 0;
  switch (i) {
    case COUNTER_CONFLICTS: return <f64>s.conflicts;
    case COUNTER_LEARNED_CLAUSES: return <f64>s.learnedClauses;
    case COUNTER_RESTARTS: return <f64>s.restarts;
    case COUNTER_SAT_VARIABLES: return <f64>s.vars;
    case COUNTER_SAT_DECISIONS: return <f64>s.decisions;
    case COUNTER_SAT_MAX_DEPTH: return <f64>s.maxDepth;
    default: return 0;
  }
}

/** One of abi.ts's DIFFICULTY_* values. */
export function difficulty(): i32 {
  return searchDifficulty;
}

/**
 * Where the board the root's propagation and probing left lies (one byte per cell, row-major:
 * 0 empty, 1 filled, 2 unknown), or 0 before the search has got past the root.
 */
export function rootBoardAt(): usize {
  return rootBoard;
}
