// The colour nonogram solver: every cell a mask of the colours it may still take (bit 0 the
// background), lines narrowed by the colour line solver through a queue of dirty lines, probing
// at every search node (each colour of each unknown cell tried; one that leads to a
// contradiction is taken away), and a depth-first search on a trail that tries each colour of
// the unknown cell with the fewest, resumable in slices like the black-and-white search. Its entry points (index.ts):
//   1. colourPrepare(width, height, colours, totalBlocks) -> address where the host writes
//      offsets i32[lines + 1], then lengths i32[totalBlocks], then colours i32[totalBlocks]
//      (lines = height rows, then width columns); 0 when the memory cannot hold them.
//   2. colourSetup(probing) -> 1, or 0 when the memory cannot hold the board.
//   3. colourGiven(cell, colour) -> 0 when it contradicts an earlier given.
//   4. colourRun(sliceEnd, deadline, stepEnd) until it returns something else than RUN_PAUSED.
//   5. colourCounter(i), colourDifficulty() for the stats.
// Solutions go to the host as one byte per cell, the colour's palette index.
import {
  COUNTER_BRANCHES,
  COUNTER_LINES_SOLVED,
  COUNTER_MAX_DEPTH,
  COUNTER_NODES,
  DIFFICULTY_BRANCH,
  DIFFICULTY_LINE,
  DIFFICULTY_PROBE,
  COUNTER_LEARNED_BY_PROBING,
  COUNTER_PROBES,
  RUN_EXHAUSTED,
  RUN_PAUSED,
  RUN_SOLUTION_LIMIT,
  RUN_TIME_LIMIT,
} from '../src/abi';
import { ctz32, hostSolution, load32At, load8, now, resetArena, store32At, store8, tryAlloc } from 'solver-target';
import { deadline, resetSteps, setClock, sliceOver } from './clock';
import { setupColourLine, solveColourLine } from './colour-line';

let cw: i32 = 0;
let ch: i32 = 0;
let colourTotal: i32 = 0;
let lineTotal: i32 = 0;
let offsets: usize = 0;
let lengths: usize = 0;
let blockColours: usize = 0;
/** i32 per cell: the colours it may still take. */
let board: usize = 0;
/** The line being solved: its masks in, narrowed masks out. */
let lineIn: usize = 0;
let lineOut: usize = 0;
/** Dirty lines: a ring of line numbers and a byte per line saying it is queued. */
let queue: usize = 0;
let queued: usize = 0;
let queueHead: i32 = 0;
let queueSize: i32 = 0;
/** The trail: (cell, mask before) pairs, and the level each cell was last saved at. */
let trail: usize = 0;
let trailLength: i32 = 0;
let trailCapacity: i32 = 0;
let savedAt: usize = 0;
/** Decisions: (cell, colours tried so far, trail length before) per level. */
let decisions: usize = 0;
let level: i32 = 0;
/** The grid handed to the host: a byte per cell. */
let grid: usize = 0;
let started: bool = false;
/** Cells of lines to solve before propagation next reads the clock. */
const CLOCK_CELLS: i32 = 1 << 14;
let untilClock: i32 = CLOCK_CELLS;
/** Probe every node (setup's flag); the node being probed, the next cell to probe, and whether this pass learned something. */
let probeEnabled: bool = true;
let probing: bool = false;
let probeCell: i32 = 0;
let probeChanged: bool = false;
let colourProbes: f64 = 0;
let colourLearned: f64 = 0;
let backtracking: bool = false;
let finished: i32 = -1;

let colourLinesSolved: f64 = 0;
let colourBranches: f64 = 0;
let colourNodes: f64 = 0;
let colourMaxDepth: i32 = 0;

export function colourPrepare(width: i32, height: i32, colours: i32, totalBlocks: i32): usize {
  resetArena();
  cw = width;
  ch = height;
  colourTotal = colours;
  lineTotal = width + height;
  const inputs = tryAlloc(<usize>(lineTotal + 1 + 2 * totalBlocks) << 2);
  if (inputs == 0) return 0;
  offsets = inputs;
  lengths = inputs + (<usize>(lineTotal + 1) << 2);
  blockColours = lengths + (<usize>totalBlocks << 2);
  return inputs;
}

export function colourSetup(probe: i32): i32 {
  probeEnabled = probe != 0;
  const cells = cw * ch;
  let longest: i32 = cw > ch ? cw : ch;
  let most: i32 = 0;
  for (let l: i32 = 0; l < lineTotal; l++) {
    const k = load32At(offsets, l + 1) - load32At(offsets, l);
    if (k > most) most = k;
  }
  if (!setupColourLine(longest, most, colourTotal)) return 0;
  board = tryAlloc(<usize>cells << 2);
  lineIn = tryAlloc(<usize>longest << 2);
  lineOut = tryAlloc(<usize>longest << 2);
  queue = tryAlloc(<usize>lineTotal << 2);
  queued = tryAlloc(<usize>lineTotal);
  // A cell is saved at most once per level, and each save removes a colour: cells x colours pairs.
  trailCapacity = cells * colourTotal + 1;
  trail = tryAlloc(<usize>trailCapacity << 3);
  savedAt = tryAlloc(<usize>cells << 2);
  decisions = tryAlloc(<usize>(cells + 1) * 12);
  grid = tryAlloc(<usize>cells);
  if (grid == 0) return 0;
  const full = colourTotal >= 32 ? -1 : (1 << colourTotal) - 1;
  for (let i: i32 = 0; i < cells; i++) {
    store32At(board, i, full);
    store32At(savedAt, i, -1);
  }
  queueHead = 0;
  queueSize = 0;
  trailLength = 0;
  level = 0;
  started = false;
  untilClock = CLOCK_CELLS;
  backtracking = false;
  probing = false;
  colourProbes = 0;
  colourLearned = 0;
  finished = -1;
  colourLinesSolved = 0;
  colourBranches = 0;
  colourNodes = 0;
  colourMaxDepth = 0;
  resetSteps();
  for (let l: i32 = 0; l < lineTotal; l++) {
    store8(queued + <usize>l, 0);
    enqueue(l);
  }
  return 1;
}

function enqueue(line: i32): void {
  if (load8(queued + <usize>line) != 0) return;
  store8(queued + <usize>line, 1);
  store32At(queue, (queueHead + queueSize) % lineTotal, line);
  queueSize++;
}

function clearQueue(): void {
  while (queueSize > 0) {
    store8(queued + <usize>load32At(queue, queueHead), 0);
    queueHead = (queueHead + 1) % lineTotal;
    queueSize--;
  }
}

/** Narrow a cell to `mask`, saving what it was on the trail once per level. */
function narrow(cell: i32, mask: i32): void {
  if (load32At(savedAt, cell) != level) {
    store32At(savedAt, cell, level);
    store32At(trail, trailLength * 2, cell);
    store32At(trail, trailLength * 2 + 1, load32At(board, cell));
    trailLength++;
  }
  store32At(board, cell, mask);
}

/** Make a given cell take `colour` (before `colourRun`). 0 when an earlier given says otherwise. */
export function colourGiven(cell: i32, colour: i32): i32 {
  const bit = 1 << colour;
  if ((load32At(board, cell) & bit) == 0) return 0;
  store32At(board, cell, bit);
  return 1;
}

/** The cell of line `line` at position `i`. */
// @ts-ignore: decorator
@inline function cellOf(line: i32, i: i32): i32 {
  return line < ch ? line * cw + i : i * cw + (line - ch);
}

/** Run the queue dry. False on a contradiction (the queue is then empty). */
function propagate(): bool {
  while (queueSize > 0) {
    const line = load32At(queue, queueHead);
    queueHead = (queueHead + 1) % lineTotal;
    queueSize--;
    store8(queued + <usize>line, 0);
    const n = line < ch ? cw : ch;
    for (let i: i32 = 0; i < n; i++) store32At(lineIn, i, load32At(board, cellOf(line, i)));
    const first = load32At(offsets, line);
    const k = load32At(offsets, line + 1) - first;
    colourLinesSolved++;
    if (!solveColourLine(lengths + (<usize>first << 2), blockColours + (<usize>first << 2), k, n, lineIn, lineOut)) {
      clearQueue();
      return false;
    }
    for (let i: i32 = 0; i < n; i++) {
      const m = load32At(lineOut, i);
      if (m == load32At(lineIn, i)) continue;
      const cell = cellOf(line, i);
      narrow(cell, m);
      // The crossing line: the column of a row's cell, the row of a column's.
      enqueue(line < ch ? ch + i : i);
    }
    // The clock is an import call in WebAssembly: read it once per CLOCK_CELLS cells of lines solved.
    untilClock -= n;
    if (untilClock <= 0) {
      untilClock = CLOCK_CELLS;
      if (now() >= deadline) {
        clearQueue();
        return false;
      }
    }
  }
  return true;
}

/** Undo the trail back to `length`. */
function undoTo(length: i32): void {
  while (trailLength > length) {
    trailLength--;
    const cell = load32At(trail, trailLength * 2);
    store32At(board, cell, load32At(trail, trailLength * 2 + 1));
    store32At(savedAt, cell, -1);
  }
}

/** Colours in a mask. */
function popcount(x: i32): i32 {
  let n: i32 = 0;
  let v = x;
  while (v != 0) {
    v &= v - 1;
    n++;
  }
  return n;
}

/** The unknown cell with the fewest colours left (the first such), or -1 when every cell is known. */
function pickCell(): i32 {
  let best: i32 = -1;
  let bestCount: i32 = 33;
  const cells = cw * ch;
  for (let i: i32 = 0; i < cells; i++) {
    const m = load32At(board, i);
    if ((m & (m - 1)) == 0) continue;
    const count = popcount(m);
    if (count < bestCount) {
      best = i;
      bestCount = count;
      if (count == 2) break;
    }
  }
  return best;
}

/** Begin probing the node just propagated (when probing is on). */
function startProbing(): void {
  probing = probeEnabled;
  probeCell = 0;
  probeChanged = false;
}

const PROBE_OK = 0;
const PROBE_CONTRADICTION = 1;
const PROBE_TIME = 2;

/**
 * Probe the next cell: try each colour it may still take; a colour whose propagation ends in a
 * contradiction is taken away (and that propagated). PROBE_CONTRADICTION when the node has no
 * solution left, PROBE_TIME at the time limit.
 */
function probeStep(): i32 {
  // Known cells are passed over here, not one resumable step each.
  const cells = cw * ch;
  while (probeCell < cells) {
    const m = load32At(board, probeCell);
    if ((m & (m - 1)) != 0) break;
    probeCell++;
  }
  if (probeCell >= cells) return PROBE_OK;
  const cell = probeCell++;
  let mask = load32At(board, cell);
  let rest = mask;
  while (rest != 0) {
    const bit = rest & -rest;
    rest &= rest - 1;
    mask = load32At(board, cell);
    if ((mask & bit) == 0 || (mask & (mask - 1)) == 0) continue;
    // A level of its own, so that everything the probe changes is on the trail to undo.
    const mark = trailLength;
    level++;
    narrow(cell, bit);
    enqueue((cell / cw) | 0);
    enqueue(ch + (cell % cw));
    const holds = propagate();
    undoTo(mark);
    level--;
    colourProbes++;
    if (holds) continue;
    if (now() >= deadline) return PROBE_TIME;
    colourLearned++;
    probeChanged = true;
    narrow(cell, mask & ~bit);
    enqueue((cell / cw) | 0);
    enqueue(ch + (cell % cw));
    if (!propagate()) return now() >= deadline ? PROBE_TIME : PROBE_CONTRADICTION;
  }
  return PROBE_OK;
}

/** Try the next colour at the decision of the current level; false when none is left. */
function tryNext(): bool {
  const base = (level - 1) * 3;
  const cell = load32At(decisions, base);
  const tried = load32At(decisions, base + 1);
  undoTo(load32At(decisions, base + 2));
  const left = load32At(board, cell) & ~tried;
  if (left == 0) return false;
  const bit = left & -left;
  store32At(decisions, base + 1, tried | bit);
  narrow(cell, bit);
  enqueue((cell / cw) | 0);
  enqueue(ch + (cell % cw));
  return true;
}

/**
 * Search until done, or until the slice ends at a resumable point (RUN_PAUSED: call again).
 * RUN_EXHAUSTED, RUN_SOLUTION_LIMIT or RUN_TIME_LIMIT otherwise.
 */
export function colourRun(sliceEnd: f64, limit: f64, stepEnd: f64): i32 {
  setClock(sliceEnd, limit, stepEnd);
  if (finished >= 0) return finished;
  if (!started) {
    started = true;
    colourNodes++;
    if (!propagate()) return finish(now() >= deadline ? RUN_TIME_LIMIT : RUN_EXHAUSTED);
    startProbing();
  }
  while (finished < 0) {
    if (now() >= deadline) return finish(RUN_TIME_LIMIT);
    if (probing) {
      const outcome = probeStep();
      if (outcome == PROBE_TIME) return finish(RUN_TIME_LIMIT);
      if (outcome == PROBE_CONTRADICTION) {
        probing = false;
        backtracking = true;
      } else if (probeCell >= cw * ch) {
        // Another pass while a pass still learns something.
        if (probeChanged) {
          probeCell = 0;
          probeChanged = false;
        } else probing = false;
      }
      if (sliceOver()) return RUN_PAUSED;
      continue;
    }
    if (backtracking) {
      // Next colour of the deepest decision that has one; levels without one are dropped.
      let resumed = false;
      while (level > 0) {
        if (tryNext()) {
          resumed = true;
          break;
        }
        level--;
      }
      if (!resumed) return finish(RUN_EXHAUSTED);
      backtracking = false;
      if (!enterNode()) return finish(RUN_TIME_LIMIT);
      if (sliceOver()) return RUN_PAUSED;
      continue;
    }
    const cell = pickCell();
    if (cell < 0) {
      const cells = cw * ch;
      for (let i: i32 = 0; i < cells; i++) store8(grid + <usize>i, ctz32(load32At(board, i)));
      if (hostSolution(grid, cells) != 0) return finish(RUN_SOLUTION_LIMIT);
      backtracking = true;
      continue;
    }
    // A new level: its first colour, the lowest.
    const base = level * 3;
    store32At(decisions, base, cell);
    store32At(decisions, base + 1, 0);
    store32At(decisions, base + 2, trailLength);
    level++;
    if (level > colourMaxDepth) colourMaxDepth = level;
    colourBranches++;
    tryNext();
    if (!enterNode()) return finish(RUN_TIME_LIMIT);
    if (sliceOver()) return RUN_PAUSED;
  }
  return finished;
}

/**
 * A node whose decision is made: propagate it, then probe it, or backtrack from it when it
 * contradicts. False at the time limit.
 */
function enterNode(): bool {
  colourNodes++;
  if (propagate()) startProbing();
  else if (now() >= deadline) return false;
  else backtracking = true;
  return true;
}

function finish(code: i32): i32 {
  finished = code;
  return code;
}

/** Counter `i` of abi.ts's ids that the colour search keeps (lines, probes, learned, branches, depth, nodes); 0 for the others. */
export function colourCounter(i: i32): f64 {
  switch (i) {
    case COUNTER_LINES_SOLVED: return colourLinesSolved;
    case COUNTER_BRANCHES: return colourBranches;
    case COUNTER_MAX_DEPTH: return <f64>colourMaxDepth;
    case COUNTER_NODES: return colourNodes;
    case COUNTER_PROBES: return colourProbes;
    case COUNTER_LEARNED_BY_PROBING: return colourLearned;
    default: return 0;
  }
}

export function colourDifficulty(): i32 {
  return colourBranches > 0 ? DIFFICULTY_BRANCH : colourLearned > 0 ? DIFFICULTY_PROBE : DIFFICULTY_LINE;
}
