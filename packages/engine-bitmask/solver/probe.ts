// Probing: for each unknown cell, assume it filled,
// propagate, take it back, assume it empty, propagate, take it back. A value that
// contradicts gives the cell the other one; cells both assumptions set alike are forced.
// Rounds go on until a full turn over the cells learns nothing; that turn ranks the cells
// for branching.
//
// On large boards (HOT_MIN_CELLS) a probe that learned sends the unknown cells within
// HOT_REACH of each cell it set, along their rows and columns, onto a stack that is probed
// before the sweep goes on. What probing learns on such boards spreads from what it learned
// last, like a front; waiting for the sweep to come round meant probing every cell again
// after the lines it read had changed many times over (at 400x400 this cut the root's probes
// from 4.4 million to 170,000). A round starts on the stack, with the cells near those set
// since the last round (a branch and what it implied), then sweeps from the top of the board;
// once the sweep has begun, a front that dies out (the stack empty after a probe from it
// learned) ends the round, as a whole quiet turn of the sweep does. That is short of the
// fixpoint, and deliberately: going on to a whole quiet turn after every front took 4-5 times
// the probes at 400x400, and skipping the sweep after the first front twice the nodes
// (notes/large-puzzles.md). A round never ends without a cell ranked for branching.
//
// Probes are not repeated when their outcome cannot have changed: a quiet probe remembers
// the lines its two propagations looked at, and the cell is probed again only once one of
// those lines gained a cell that stays, or when one of its values would now complete the
// grid. Taking cells back forgets every record.
//
// Resumable: `probeRun` may return PROBE_PAUSED when the time slice is over (checked every
// few probes, before a cell is probed). Its position lives in globals, and the next call
// continues exactly there. Any other outcome ends the run.
import { clearOutOfMemory, copy, fill, load16, load32, load32At, load8, loadF64, mini, reserve, store16, store32, store8, storeF64, tryAlloc } from 'solver-target';
import { EMPTY_CELL, FILLED_CELL, UNKNOWN_CELL, cellCount, cells, height, lineCount, lowWater, raiseLowWater, trail, trailLength, undoTo, unknown, width } from './board';
import { sliceOver } from './clock';
import { VISIT_CAPACITY, assign, propagate, startVisits, stopVisits, timeUp, visitCount, visitLines, visitOverflow } from './propagate';
import { randomUnit, randomised } from './random';
import { addBoardSolution } from './solutions';

export const PROBE_OPEN: i32 = 0;
export const PROBE_CONTRADICTION: i32 = 1;
export const PROBE_STOPPED: i32 = 2;
export const PROBE_PAUSED: i32 = 3;

const PROBES_PER_CLOCK: i32 = 16;
/**
 * Larger grids repeat every probe (records take 61 bytes a cell: 256 MB at this size, 156 MB at
 * 1600x1600, where they made the difference between no verdict and one).
 */
const RECORD_MAX_CELLS: i32 = 1 << 22;
/** Boards from which probing looks near its last learning first; below, the sweep alone did as well. */
const HOT_MIN_CELLS: i32 = 1 << 16;
/** How far along a row or column from a cell just set the cells to probe next lie. */
const HOT_REACH: i32 = 2;
/** Most implications kept from probing the root, in all and per cell. */
const IMPLICATION_CAP: i32 = 1 << 20;
const IMPLICATIONS_PER_CELL: i32 = 64;

export let probes: f64 = 0;
export let learned: f64 = 0;
/** Probes not repeated because their recorded outcome still held (one per value). */
export let reused: f64 = 0;
/** After PROBE_OPEN: the cell to branch on (-1 if the grid is complete) and the value to try first. */
export let bestCell: i32 = -1;
export let bestValue: u8 = FILLED_CELL;
/** Per cell, from the last round that probed it: a branching score (f64) and the value to try first (u8). */
export let scores: usize = 0;
export let prefer: usize = 0;

let seen: usize = 0;
let forced: usize = 0;
let stamp: i32 = 0;
let untilClock: i32 = PROBES_PER_CLOCK;
// The state of a run in progress.
let active = false;
let bestScore: f64 = -1;
let nextCell: i32 = 0;
let quietSince: i32 = 0;
let firstStep = true;
/** A probe from the stack learned last, after the sweep began: the round ends once the stack is empty. */
let frontDied = false;
let resumeCell: i32 = -1;
// Probe records. `recorded[cell]` (i32): the clock when the cell's last quiet probe ended
// (-1: none); its lines (u16) at `recordLines + cell * VISIT_CAPACITY * 2`, `recordCount[cell]`
// (u8) of them; `recordSets[2 cell + v]` (i32): cells its value v set. `lineClock[line]`
// (i32): when the line last gained a cell that stays. Off for grids of more than 65535 lines
// or RECORD_MAX_CELLS cells.
// Cells near recent learning, probed before the sweep goes on: a stack of `hotSize` cells
// (0 on smaller boards), full at one entry per cell (later ones wait for the sweep).
let hot: usize = 0;
let hotSize: i32 = 0;
let hotCap: i32 = 0;
/** The cell to resume with came off the stack. */
let resumeHot = false;
let recording = false;
let recorded: usize = 0;
let recordLines: usize = 0;
let recordCount: usize = 0;
let recordSets: usize = 0;
let lineClock: usize = 0;
let clock: i32 = 0;
/** Trail length up to which lasting cells were stamped into `lineClock`. */
let accounted: i32 = 0;
// Implications seen while probing the root: pairs of literals (2 cell + value) `a, b` with
// "a implies b" (i32 pairs at `implications`), for the SAT solver's binary clauses.
export let implications: usize = 0;
export let implicationCount: i32 = 0;
let implicationCap: i32 = 0;
/** Pairs the buffer holds now. */
let implicationRoom: i32 = 0;
let collecting = false;

/** Set up for a solve; `reuse`: skip probes whose recorded outcome still holds. */
export function setupProber(reuse: bool): bool {
  probes = 0;
  learned = 0;
  bestCell = -1;
  bestValue = FILLED_CELL;
  stamp = 0;
  active = false;
  resumeCell = -1;
  untilClock = PROBES_PER_CLOCK;
  reused = 0;
  seen = tryAlloc(<usize>cellCount << 2);
  forced = tryAlloc(<usize>cellCount << 2);
  scores = tryAlloc(<usize>cellCount << 3);
  prefer = tryAlloc(<usize>cellCount);
  if (prefer == 0) return false;
  hotSize = 0;
  hotCap = cellCount >= HOT_MIN_CELLS ? cellCount : 0;
  hot = tryAlloc(<usize>hotCap << 2);
  if (hot == 0) return false;
  implicationCount = 0;
  collecting = false;
  // The buffer grows as implications come (allocating it whole would cost every small solve).
  implications = 0;
  implicationRoom = 0;
  implicationCap = mini(IMPLICATION_CAP, IMPLICATIONS_PER_CELL * cellCount);
  recording = reuse && lineCount <= 0xffff && cellCount <= RECORD_MAX_CELLS;
  clock = 0;
  accounted = 0;
  if (!recording) return true;
  // Records only save probes: without room for them (61 bytes a cell, as allocated below) and
  // 32 bytes a cell beside them (the search's arrays, allocated next, take 18), every probe is
  // repeated instead.
  const recordBytes = <usize>cellCount * (<usize>(4 + 2 * VISIT_CAPACITY + 1 + 8) + 32) + (<usize>lineCount << 2) + 64;
  if (!reserve(recordBytes)) {
    recording = false;
    return true;
  }
  recorded = tryAlloc(<usize>cellCount << 2);
  recordLines = tryAlloc(<usize>cellCount * <usize>VISIT_CAPACITY << 1);
  recordCount = tryAlloc(<usize>cellCount);
  recordSets = tryAlloc(<usize>cellCount << 3);
  lineClock = tryAlloc(<usize>lineCount << 2);
  if (lineClock == 0) return false;
  fill(recorded, 0xff, <usize>cellCount << 2);
  return true;
}

/**
 * Account for cells that became known (for good, at this level) since the last call: stamp
 * their lines with a new clock. If cells were taken back instead, forget every record.
 */
function sync(): void {
  if (!recording) return;
  const end = trailLength;
  if (lowWater < accounted) {
    fill(recorded, 0xff, <usize>cellCount << 2);
  } else if (end > accounted) {
    const now = ++clock;
    const w = width;
    for (let i = accounted; i < end; i++) {
      const cell = load32At(trail, i);
      const row = (cell / w) | 0;
      store32(lineClock + (<usize>row << 2), now);
      store32(lineClock + (<usize>(height + cell - row * w) << 2), now);
    }
  }
  accounted = end;
  raiseLowWater();
}

/**
 * Whether the cell's last quiet probe is still its outcome. Not when one of its values would
 * now complete the grid: that probe has a solution to count.
 */
function stillHolds(cell: i32): bool {
  const at = load32At(recorded, cell);
  if (at < 0) return false;
  if (load32At(recordSets, 2 * cell) == unknown || load32At(recordSets, 2 * cell + 1) == unknown) return false;
  const from = recordLines + (<usize>(cell * VISIT_CAPACITY) << 1);
  const to = from + (<usize>load8(recordCount + <usize>cell) << 1);
  for (let p = from; p < to; p += 2) {
    if (load32At(lineClock, <i32>load16(p)) > at) return false;
  }
  return true;
}


/** Keep (or stop keeping) the implications the probes show: only while probing the root. */
export function collectImplications(on: bool): void {
  collecting = on && implicationCap > 0;
}

/** Double the implication buffer (up to the cap); false when it cannot grow. */
function growImplications(): bool {
  if (implicationRoom >= implicationCap) return false;
  const room = mini(implicationCap, implicationRoom < 1024 ? 1024 : 2 * implicationRoom);
  const to = tryAlloc(<usize>room << 3);
  if (to == 0) {
    // Optional: without room the learner just goes without the rest.
    clearOutOfMemory();
    implicationCap = implicationRoom;
    return false;
  }
  if (implicationCount > 0) copy(to, implications, <usize>implicationCount << 3);
  implications = to;
  implicationRoom = room;
  return true;
}

/** Record "cell = value implies each cell set after the trail position `from`". */
function noteImplications(cell: i32, value: i32, from: i32): void {
  const a = 2 * cell + value;
  for (let i = from; i < trailLength; i++) {
    if (implicationCount >= implicationRoom && !growImplications()) return;
    const c = load32At(trail, i);
    const at = implications + (<usize>implicationCount << 3);
    store32(at, a);
    store32(at + 4, 2 * c + <i32>load8(cells + <usize>c));
    implicationCount++;
  }
}

/** Put an unknown cell on the stack of cells to probe next (dropped when it is full). */
function pushHot(cell: i32): void {
  if (hotSize < hotCap && load8(cells + <usize>cell) == UNKNOWN_CELL) {
    store32(hot + (<usize>hotSize << 2), cell);
    hotSize++;
  }
}

/** Queue the unknown cells within HOT_REACH along the row and column of each cell set since `from`. */
function heatAround(from: i32): void {
  const w = width;
  for (let i = from; i < trailLength; i++) {
    const cell = load32At(trail, i);
    const row = (cell / w) | 0;
    const col = cell - row * w;
    for (let d = 1; d <= HOT_REACH; d++) {
      if (col - d >= 0) pushHot(cell - d);
      if (col + d < w) pushHot(cell + d);
      if (row - d >= 0) pushHot(cell - d * w);
      if (row + d < height) pushHot(cell + d * w);
    }
  }
}

/**
 * Probe the unknown cells of the current (propagated, consistent) board until a round learns
 * nothing. Learned cells stay set at the current trail level.
 */
export function probeRun(): i32 {
  if (!active) {
    active = true;
    bestScore = -1;
    nextCell = 0;
    quietSince = 0;
    firstStep = true;
    frontDied = false;
    resumeCell = -1;
    hotSize = 0;
    // Cells set since the last round (a branch and what it implied): probe near them first.
    if (hotCap > 0) heatAround(mini(lowWater, accounted));
    sync();
  }
  const outcome = probeLoop();
  if (outcome != PROBE_PAUSED) active = false;
  return outcome;
}

function probeLoop(): i32 {
  const total = cellCount;
  for (;;) {
    let current: i32 = 0;
    let fromHot = false;
    if (resumeCell >= 0) {
      current = resumeCell;
      fromHot = resumeHot;
      resumeCell = -1;
    } else {
      if (unknown <= 0) break;
      if (hotSize > 0) {
        hotSize--;
        current = load32(hot + (<usize>hotSize << 2));
        fromHot = true;
      } else {
        if (frontDied || (!firstStep && nextCell == quietSince)) {
          // A round ends with a cell ranked for branching: if none is yet, at the next one.
          if (bestCell >= 0) break;
          frontDied = true;
        }
        firstStep = false;
        current = nextCell;
        nextCell++;
        if (nextCell == total) nextCell = 0;
      }
      if (load8(cells + <usize>current) != UNKNOWN_CELL) continue;
      if (recording && stillHolds(current)) {
        // Same outcome as last time: quiet, with the score it had.
        reused += 2;
        const score = loadF64(scores + (<usize>current << 3));
        if (score > bestScore) {
          bestScore = score;
          bestCell = current;
          bestValue = <u8>load8(prefer + <usize>current);
        }
        continue;
      }
      if (--untilClock == 0) {
        untilClock = PROBES_PER_CLOCK;
        if (sliceOver()) {
          resumeCell = current;
          resumeHot = fromHot;
          return PROBE_PAUSED;
        }
      }
    }

    // Assume filled.
    const mark = trailLength;
    probes += 2;
    stamp++;
    const st = stamp << 1;
    if (recording) startVisits();
    assign(current, FILLED_CELL);
    const okFilled = propagate();
    if (timeUp) {
      stopVisits();
      return PROBE_STOPPED;
    }
    const countFilled = trailLength - mark;
    let completed = unknown == 0;
    if (okFilled) {
      for (let i = mark; i < trailLength; i++) {
        const c = load32At(trail, i);
        store32(seen + (<usize>c << 2), st + <i32>load8(cells + <usize>c));
      }
      if (unknown == 0 && addBoardSolution()) {
        stopVisits();
        return PROBE_STOPPED;
      }
      if (collecting) noteImplications(current, FILLED_CELL, mark + 1);
    }
    undoTo(mark);

    // Assume empty.
    assign(current, EMPTY_CELL);
    const okEmpty = propagate();
    stopVisits();
    if (timeUp) return PROBE_STOPPED;
    const countEmpty = trailLength - mark;
    let nForced = 0;
    if (okEmpty) {
      if (okFilled) {
        for (let i = mark + 1; i < trailLength; i++) {
          const c = load32At(trail, i);
          const v = <i32>load8(cells + <usize>c);
          if (load32At(seen, c) == st + v) {
            store32(forced + (<usize>nForced << 2), c * 2 + v);
            nForced++;
          }
        }
      }
      if (unknown == 0 && addBoardSolution()) return PROBE_STOPPED;
      if (collecting) noteImplications(current, EMPTY_CELL, mark + 1);
    }
    if (unknown == 0) completed = true;
    undoTo(mark);

    if (!okFilled && !okEmpty) return PROBE_CONTRADICTION;
    if (!okFilled || !okEmpty || nForced > 0) {
      if (!okFilled) {
        assign(current, EMPTY_CELL);
        learned++;
      } else if (!okEmpty) {
        assign(current, FILLED_CELL);
        learned++;
      } else {
        for (let i = 0; i < nForced; i++) {
          const f = load32At(forced, i);
          const c = f >> 1;
          if (load8(cells + <usize>c) == UNKNOWN_CELL) {
            assign(c, <u8>(f & 1));
            learned++;
          }
        }
      }
      if (!propagate()) return timeUp ? PROBE_STOPPED : PROBE_CONTRADICTION;
      sync();
      if (hotCap > 0) heatAround(mark);
      // A whole quiet turn of the sweep from here ends the round (see frontDied).
      quietSince = fromHot ? nextCell : current;
      frontDied = fromHot && !firstStep;
      bestScore = -1;
      bestCell = -1;
      continue;
    }

    let score = <f64>(countFilled + 1) * <f64>(countEmpty + 1);
    // A seeded search: scores within a quarter of each other may trade places.
    if (randomised) score *= 0.75 + 0.5 * randomUnit();
    // The value to branch on first. Large boards (HOT_MIN_CELLS) take the one that set more
    // cells: its front teaches the search either way, a large part of a solution when it
    // holds, a contradiction when it does not (disc pictures 300-600: 0.82x the line solves,
    // notes/large-puzzles.md); smaller boards the one that set fewer.
    const setsFewer: u8 = countFilled < countEmpty ? FILLED_CELL : EMPTY_CELL;
    const setsMore: u8 = countFilled < countEmpty ? EMPTY_CELL : FILLED_CELL;
    const pref: u8 = hotCap > 0 ? setsMore : setsFewer;
    storeF64(scores + (<usize>current << 3), score);
    store8(prefer + <usize>current, pref);
    if (recording) {
      // A probe that completed the grid is not recorded (its solution was just counted).
      if (visitOverflow || completed) {
        store32(recorded + (<usize>current << 2), -1);
      } else {
        store32(recorded + (<usize>current << 2), clock);
        const to = recordLines + (<usize>(current * VISIT_CAPACITY) << 1);
        for (let i = 0; i < visitCount; i++) store16(to + (<usize>i << 1), <u16>load32At(visitLines, i));
        store8(recordCount + <usize>current, <u8>visitCount);
        store32(recordSets + (<usize>(2 * current) << 2), countFilled);
        store32(recordSets + (<usize>(2 * current + 1) << 2), countEmpty);
      }
    }
    if (score > bestScore) {
      bestScore = score;
      bestCell = current;
      bestValue = pref;
    }
  }
  if (unknown == 0) bestCell = -1;
  return PROBE_OPEN;
}
