// The search: propagate, probe, then take turns
// between two complete methods with doubling budgets until one settles the puzzle:
//  - backtracking with probing at every node (depth-first, undo trail, branching on the
//    cell probing ranked best);
//  - clause learning on the SAT encoding (sat.ts, encode.ts).
// Facts either proves at the root stay; each turn resumes where its previous one stopped.
//
// Resumable: `searchRun` returns RUN_PAUSED when the time slice is over; every
// loop keeps its position in globals (phases below), so the next call continues exactly
// where this one stopped, with the same turn budgets. Pauses happen only between steps of
// probing, backtracking nodes and SAT conflicts/decisions, never inside propagation.
import { copy, load32, load32At, load8, loadF64, store32, store32At, store8, tryAlloc } from 'solver-target';
import { UNKNOWN_CELL, cellCount, cells, clueBlocks, clueOffset, height, trailLength, undoTo, unknown, width } from './board';
import { addSteps, sliceEnd, sliceOver, stepEnd, steps } from './clock';
import { encodeNonogram, encodingSize } from './encode';
import { PROBE_CONTRADICTION, PROBE_OPEN, PROBE_PAUSED, PROBE_STOPPED, bestCell, bestValue, collectImplications, implicationCount, implications, prefer, probeRun, scores } from './probe';
import { assign, enqueueAll, propagate, tieCount, tieImages, timeUp } from './propagate';
import {
  DIFFICULTY_BRANCH,
  DIFFICULTY_LINE,
  DIFFICULTY_PROBE,
  RUN_CLAUSE_LIMIT,
  RUN_EXHAUSTED,
  RUN_OUT_OF_MEMORY,
  RUN_PAUSED,
  RUN_SOLUTION_LIMIT,
  RUN_TIME_LIMIT,
  STRATEGY_AUTO,
  STRATEGY_LEARN,
  STRATEGY_PROBE,
} from '../src/abi';
import { randomUnit, randomised } from './random';
import { SAT_OVERFLOW, SAT_PAUSED, SAT_SAT, SAT_UNSAT, SatSolver, newSatSolver } from './sat';
import { NO_STEP_LIMIT } from './sat-state';
import { addBoardSolution, addGridSolution } from './solutions';

// Turn outcomes.
const T_EXHAUSTED: i32 = 0;
const T_BUDGET: i32 = 1;
const T_STOPPED: i32 = 2;
const T_PAUSED: i32 = 3;

// Search phases.
const S_ROOT: i32 = 0;
const S_PLAIN: i32 = 1;
const S_BACKTRACK: i32 = 2;
const S_LEARN: i32 = 3;
const S_DONE: i32 = 4;

// Backtracking phases.
const BT_START: i32 = 0;
const BT_ROOT_PROBE: i32 = 1;
const BT_AFTER_ROOT: i32 = 2;
const BT_LOOP: i32 = 3;
const BT_NODE: i32 = 4;

const NODES_PER_CLOCK: i32 = 16;
/**
 * Backtracking's turn budgets count nodes on boards up to this many cells, and grow with the
 * board past it: a node probes up to the whole board, and on a 300x300 picture ten nodes are
 * not yet the twenty its verdict takes, while the learner's first turn there (an encoding of
 * 3 million clauses, 500 MB) costs more than the whole search and undoes its probing.
 */
const NODE_SCALE_CELLS: i32 = 16384;

// Options.
let strategy: i32 = STRATEGY_AUTO;
let probing = true;
let probeNodes: f64 = 30;
let learnConflicts: f64 = 1000;
let maxClauses: f64 = 3000000;
let satArenaCap: i32 = 0;

// Counters and results.
export let nodes: f64 = 0;
export let branches: f64 = 0;
export let maxDepth: i32 = 0;
export let turns: i32 = 0;
export let difficulty: i32 = DIFFICULTY_LINE;
export let sat: SatSolver | null = null;
let finalCode: i32 = -1;
/** Set when the memory could not hold the SAT solver itself. */
let noMemory = false;

// State.
let phase: i32 = S_ROOT;
let nodeBudget: f64 = 0;
let conflictBudget: f64 = 0;
let depth: i32 = 0;
let marks: usize = 0;
let branchCell: usize = 0;
let current: usize = 0;
let pending: usize = 0;
let btPhase: i32 = BT_START;
let btRoot: i32 = 0;
let btStopAt: f64 = 0;
let btConsistent = true;
let btFresh = false;
let untilClock: i32 = NODES_PER_CLOCK;
let lnPhase: i32 = 0;
let lnStopAt: f64 = 0;
let grid: usize = 0;
let unit: usize = 0;
/**
 * The board as the root's propagation and probing left it (0 until then): facts every
 * solution shares, from which the host splits the unknown cells into independent regions.
 */
export let rootBoard: usize = 0;
let rootSpace: usize = 0;

export function setupSearch(strat: i32, withProbing: bool, firstNodes: f64, firstConflicts: f64, clauses: f64, arenaCap: i32): void {
  strategy = strat;
  probing = withProbing;
  probeNodes = firstNodes;
  learnConflicts = firstConflicts;
  maxClauses = clauses;
  satArenaCap = arenaCap;
  nodes = 0;
  branches = 0;
  maxDepth = 0;
  turns = 0;
  difficulty = DIFFICULTY_LINE;
  sat = null;
  noMemory = false;
  finalCode = -1;
  phase = S_ROOT;
  depth = 0;
  btPhase = BT_START;
  untilClock = NODES_PER_CLOCK;
  lnPhase = 0;
  rootBoard = 0;
}


/**
 * Copy the board, at the root, to `rootBoard`. A tied board (the search among symmetric
 * solutions) keeps one too, but holds the symmetry as facts: the host reads the main one only.
 */
function keepRootBoard(): void {
  copy(rootSpace, cells, <usize>cellCount);
  rootBoard = rootSpace;
}

/** Set a cell (if not known yet) and propagate; false when that contradicts. */
function tryAssign(cell: i32, value: i32): bool {
  const now = <i32>load8(cells + <usize>cell);
  if (now != UNKNOWN_CELL) return now == value;
  assign(cell, <u8>value);
  return propagate();
}

/** Why the search stopped, once a turn said T_STOPPED. */
function stopCode(): i32 {
  if (noMemory) return RUN_OUT_OF_MEMORY;
  const s = sat;
  if (s !== null && s.overflow) return RUN_CLAUSE_LIMIT;
  if (timeUp) return RUN_TIME_LIMIT;
  return RUN_SOLUTION_LIMIT;
}

function finish(code: i32): i32 {
  phase = S_DONE;
  finalCode = code;
  return code;
}

/** Run (or continue) the search until it finishes or the time slice is over. */
export function searchRun(): i32 {
  if (phase == S_DONE) return finalCode;
  if (phase == S_ROOT) {
    enqueueAll();
    if (!propagate()) return finish(timeUp ? RUN_TIME_LIMIT : RUN_EXHAUSTED);
    if (unknown == 0) {
      addBoardSolution();
      return finish(RUN_EXHAUSTED);
    }
    const bytes = <usize>(cellCount + 1) << 2;
    marks = tryAlloc(bytes);
    branchCell = tryAlloc(bytes);
    current = tryAlloc(bytes);
    pending = tryAlloc(bytes);
    grid = tryAlloc(<usize>cellCount);
    rootSpace = tryAlloc(<usize>cellCount);
    unit = tryAlloc(8);
    if (unit == 0) return finish(RUN_OUT_OF_MEMORY);
    // Line solving's facts now; root probing's replace them (backtrack, BT_AFTER_ROOT).
    keepRootBoard();
    if (!probing) {
      phase = S_PLAIN;
    } else {
      const learning = strategy != STRATEGY_PROBE && <f64>encodingSize(width, height, clueOffset) <= maxClauses;
      const scale = <f64>(cellCount > NODE_SCALE_CELLS ? (cellCount / NODE_SCALE_CELLS) | 0 : 1);
      nodeBudget = !learning ? Infinity : strategy == STRATEGY_LEARN ? 0 : probeNodes * scale;
      conflictBudget = strategy == STRATEGY_AUTO ? learnConflicts : Infinity;
      turns = 1;
      phase = S_BACKTRACK;
    }
  }
  if (phase == S_PLAIN) {
    const r = backtrack(Infinity);
    if (r == T_PAUSED) return RUN_PAUSED;
    return finish(r == T_STOPPED ? stopCode() : RUN_EXHAUSTED);
  }
  for (;;) {
    if (phase == S_BACKTRACK) {
      const r = backtrack(nodeBudget);
      if (r == T_PAUSED) return RUN_PAUSED;
      if (r != T_BUDGET) return finish(r == T_STOPPED ? stopCode() : RUN_EXHAUSTED);
      phase = S_LEARN;
    }
    const r = learn(conflictBudget);
    if (r == T_PAUSED) return RUN_PAUSED;
    if (r != T_BUDGET) return finish(r == T_STOPPED ? stopCode() : RUN_EXHAUSTED);
    nodeBudget *= 2;
    conflictBudget *= 2;
    turns++;
    phase = S_BACKTRACK;
  }
  // @ts-ignore: not reached (the loop only returns)
  return RUN_EXHAUSTED;
}

/**
 * Probe the root, then backtrack with probing at every node for at most `budget` more nodes.
 * On T_BUDGET the board is back at the root (plus what root probing learned) and the next
 * turn replays the branch stack.
 */
function backtrack(budget: f64): i32 {
  if (btPhase == BT_START) {
    if (probing) {
      if (difficulty == DIFFICULTY_LINE) difficulty = DIFFICULTY_PROBE;
      nodes++;
      btPhase = BT_ROOT_PROBE;
    } else {
      btPhase = BT_AFTER_ROOT;
    }
  }
  if (btPhase == BT_ROOT_PROBE) {
    // The first root probing's implications hold for good: a learner to come gets them as clauses.
    collectImplications(sat === null && nodeBudget < Infinity);
    const o = probeRun();
    collectImplications(false);
    if (o == PROBE_PAUSED) return T_PAUSED;
    if (o == PROBE_STOPPED) return T_STOPPED;
    if (o == PROBE_CONTRADICTION) return T_EXHAUSTED;
    btPhase = BT_AFTER_ROOT;
  }
  if (btPhase == BT_AFTER_ROOT) {
    if (unknown == 0) return addBoardSolution() ? T_STOPPED : T_EXHAUSTED;
    // Each turn's root probing only adds facts: keep the latest.
    keepRootBoard();
    btRoot = trailLength;
    btStopAt = nodes + budget;
    btConsistent = true;
    btFresh = depth == 0;
    for (let i = 0; i < depth; i++) {
      store32At(marks, i, trailLength);
      if (!tryAssign(load32At(branchCell, i), load32At(current, i))) {
        if (timeUp) return T_STOPPED;
        depth = i + 1;
        btConsistent = false;
        break;
      }
    }
    btPhase = BT_LOOP;
  }
  for (;;) {
    if (btPhase == BT_LOOP && btConsistent && !btFresh) {
      nodes++;
      if (nodes > btStopAt) {
        undoTo(btRoot);
        btPhase = BT_START;
        return T_BUDGET;
      }
      btPhase = BT_NODE;
      if (--untilClock == 0) {
        untilClock = NODES_PER_CLOCK;
        if (sliceOver()) return T_PAUSED;
      }
    }
    if (btPhase == BT_NODE) {
      if (unknown > 0 && probing) {
        const o = probeRun();
        if (o == PROBE_PAUSED) return T_PAUSED;
        if (o == PROBE_STOPPED) return T_STOPPED;
        btConsistent = o == PROBE_OPEN;
      }
      btPhase = BT_LOOP;
    }
    btFresh = false;
    if (btConsistent && unknown == 0) {
      if (addBoardSolution()) return T_STOPPED;
      btConsistent = false;
    }
    if (btConsistent) {
      let cell: i32 = 0;
      let value: i32 = 1;
      if (probing) {
        cell = bestCell;
        value = <i32>bestValue;
      } else {
        cell = 0;
        while (load8(cells + <usize>cell) != UNKNOWN_CELL) cell++;
        value = 1;
      }
      difficulty = DIFFICULTY_BRANCH;
      branches++;
      store32At(marks, depth, trailLength);
      store32At(branchCell, depth, cell);
      store32At(current, depth, value);
      store32At(pending, depth, 1 - value);
      depth++;
      if (depth > maxDepth) maxDepth = depth;
      btConsistent = tryAssign(cell, value);
      if (timeUp) return T_STOPPED;
      continue;
    }
    for (;;) {
      if (depth == 0) return T_EXHAUSTED;
      const top = depth - 1;
      undoTo(load32At(marks, top));
      const value = load32At(pending, top);
      if (value < 0) {
        depth--;
        continue;
      }
      store32At(pending, top, -1);
      store32At(current, top, value);
      btConsistent = tryAssign(load32At(branchCell, top), value);
      if (timeUp) return T_STOPPED;
      break;
    }
  }
  // @ts-ignore: not reached (the loop only returns)
  return T_EXHAUSTED;
}

/**
 * Clause learning on the SAT encoding for at most `budget` conflicts, from the facts the
 * board holds at the root; cells the solver fixes for good go back to the root.
 */
function learn(budget: f64): i32 {
  if (lnPhase == 0) {
    difficulty = DIFFICULTY_BRANCH;
    if (sat === null) {
      const made = newSatSolver();
      if (made === null) {
        noMemory = true;
        return T_STOPPED;
      }
      const s = made;
      if (satArenaCap > 0) s.maxArena = satArenaCap;
      sat = s;
      if (!encodeNonogram(s, width, height, clueBlocks, clueOffset)) return s.overflow ? T_STOPPED : T_EXHAUSTED;
      // Tied board (propagate.ts): a cell and its images are equal (literal 2v + 1 is "filled").
      for (let t = 0; t < tieCount; t++) {
        const images = tieImages + ((<usize>t * <usize>cellCount) << 2);
        for (let c = 0; c < cellCount; c++) {
          const d = load32(images + (<usize>c << 2));
          if (d <= c) continue;
          store32(unit, 2 * c);
          store32(unit + 4, 2 * d + 1);
          if (!s.addClausePtr(unit, 2)) return s.overflow ? T_STOPPED : T_EXHAUSTED;
          store32(unit, 2 * d);
          store32(unit + 4, 2 * c + 1);
          if (!s.addClausePtr(unit, 2)) return s.overflow ? T_STOPPED : T_EXHAUSTED;
        }
      }
      for (let i = 0; i < implicationCount; i++) {
        const at = implications + (<usize>i << 3);
        store32(unit, load32(at) ^ 1);
        store32(unit + 4, load32(at + 4));
        if (!s.addClausePtr(unit, 2)) return s.overflow ? T_STOPPED : T_EXHAUSTED;
      }
      let top: f64 = 0;
      for (let c = 0; c < cellCount; c++) top = Math.max(top, loadF64(scores + (<usize>c << 3)));
      if (top > 0) {
        for (let c = 0; c < cellCount; c++) {
          let value = <i32>load8(prefer + <usize>c);
          // A seeded search starts the learner from other phases too: one cell in eight flipped.
          if (randomised && randomUnit() < 0.125) value ^= 1;
          s.hint(c, value, loadF64(scores + (<usize>c << 3)) / top);
        }
      }
    }
    const solver = sat!;
    for (let c = 0; c < cellCount; c++) {
      const v = <i32>load8(cells + <usize>c);
      if (v != UNKNOWN_CELL && !solver.fixed(c)) {
        store32(unit, 2 * c + v);
        if (!solver.addClausePtr(unit, 1)) return solver.overflow ? T_STOPPED : T_EXHAUSTED;
      }
    }
    lnStopAt = solver.conflicts + budget;
    lnPhase = 1;
  }
  const solver = sat!;
  for (;;) {
    solver.sliceEnd = sliceEnd;
    const stepsLeft: f64 = stepEnd < Infinity ? Math.max(1, stepEnd - steps) : NO_STEP_LIMIT;
    solver.stepsLeft = stepsLeft;
    const outcome = solver.solve(lnStopAt - solver.conflicts);
    addSteps(stepsLeft - solver.stepsLeft);
    if (outcome == SAT_PAUSED) return T_PAUSED;
    if (outcome == SAT_OVERFLOW) return T_STOPPED;
    if (outcome == SAT_UNSAT) return T_EXHAUSTED;
    if (outcome == SAT_SAT) {
      for (let c = 0; c < cellCount; c++) store8(grid + <usize>c, <u8>solver.value(c));
      if (addGridSolution(grid)) return T_STOPPED;
      if (!solver.blockAndContinue()) return T_EXHAUSTED;
      // Many solutions in a row never reach the solver's own clock checks: check here too.
      if (sliceOver()) return T_PAUSED;
      continue;
    }
    // SAT_BUDGET (the conflict budget is used up), at level 0: keep what the solver fixed for good.
    lnPhase = 0;
    for (let c = 0; c < cellCount; c++) {
      if (load8(cells + <usize>c) == UNKNOWN_CELL && solver.fixed(c)) assign(c, <u8>solver.value(c));
    }
    if (!propagate()) return timeUp ? T_STOPPED : T_EXHAUSTED;
    if (unknown == 0) return addBoardSolution() ? T_STOPPED : T_EXHAUSTED;
    return T_BUDGET;
  }
}
