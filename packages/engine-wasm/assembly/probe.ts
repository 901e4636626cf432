// Probing (a port of engine-bitmask/src/probe.ts): for each unknown cell, assume it filled,
// propagate, take it back, assume it empty, propagate, take it back. A value that
// contradicts gives the cell the other one; cells both assumptions set alike are forced.
// Rounds go on until a full turn over the cells learns nothing; that turn ranks the cells
// for branching.
//
// Resumable: `probeRun` may return PROBE_PAUSED when the time slice is over (checked every
// few probes, before a cell is probed). Its position lives in globals, and the next call
// continues exactly there. Any other outcome ends the run.
import { tryAlloc } from './arena';
import { EMPTY_CELL, FILLED_CELL, UNKNOWN_CELL, cellCount, cells, trail, trailLength, undoTo, unknown } from './board';
import { sliceOver } from './clock';
import { assign, propagate, timeUp } from './propagate';
import { addBoardSolution } from './solutions';

export const PROBE_OPEN: i32 = 0;
export const PROBE_CONTRADICTION: i32 = 1;
export const PROBE_STOPPED: i32 = 2;
export const PROBE_PAUSED: i32 = 3;

const PROBES_PER_CLOCK: i32 = 16;

export let probes: f64 = 0;
export let learned: f64 = 0;
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
let resumeCell: i32 = -1;

export function setupProber(): bool {
  probes = 0;
  learned = 0;
  bestCell = -1;
  bestValue = FILLED_CELL;
  stamp = 0;
  active = false;
  resumeCell = -1;
  untilClock = PROBES_PER_CLOCK;
  seen = tryAlloc(<usize>cellCount << 2);
  forced = tryAlloc(<usize>cellCount << 2);
  scores = tryAlloc(<usize>cellCount << 3);
  prefer = tryAlloc(<usize>cellCount);
  return prefer != 0;
}

// @ts-ignore: decorator
@inline function ldi(p: usize, i: i32): i32 {
  return load<i32>(p + (<usize>i << 2));
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
    resumeCell = -1;
  }
  const outcome = probeLoop();
  if (outcome != PROBE_PAUSED) active = false;
  return outcome;
}

function probeLoop(): i32 {
  const total = cellCount;
  for (;;) {
    let current: i32;
    if (resumeCell >= 0) {
      current = resumeCell;
      resumeCell = -1;
    } else {
      if (unknown <= 0) break;
      if (!firstStep && nextCell == quietSince) break;
      firstStep = false;
      current = nextCell;
      nextCell++;
      if (nextCell == total) nextCell = 0;
      if (load<u8>(cells + <usize>current) != UNKNOWN_CELL) continue;
      if (--untilClock == 0) {
        untilClock = PROBES_PER_CLOCK;
        if (sliceOver()) {
          resumeCell = current;
          return PROBE_PAUSED;
        }
      }
    }

    // Assume filled.
    const mark = trailLength;
    probes += 2;
    stamp++;
    const st = stamp * 2;
    assign(current, FILLED_CELL);
    const okFilled = propagate();
    if (timeUp) return PROBE_STOPPED;
    const countFilled = trailLength - mark;
    if (okFilled) {
      for (let i = mark; i < trailLength; i++) {
        const c = ldi(trail, i);
        store<i32>(seen + (<usize>c << 2), st + <i32>load<u8>(cells + <usize>c));
      }
      if (unknown == 0 && addBoardSolution()) return PROBE_STOPPED;
    }
    undoTo(mark);

    // Assume empty.
    assign(current, EMPTY_CELL);
    const okEmpty = propagate();
    if (timeUp) return PROBE_STOPPED;
    const countEmpty = trailLength - mark;
    let nForced = 0;
    if (okEmpty) {
      if (okFilled) {
        for (let i = mark + 1; i < trailLength; i++) {
          const c = ldi(trail, i);
          const v = <i32>load<u8>(cells + <usize>c);
          if (ldi(seen, c) == st + v) {
            store<i32>(forced + (<usize>nForced << 2), c * 2 + v);
            nForced++;
          }
        }
      }
      if (unknown == 0 && addBoardSolution()) return PROBE_STOPPED;
    }
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
          const f = ldi(forced, i);
          const c = f >> 1;
          if (load<u8>(cells + <usize>c) == UNKNOWN_CELL) {
            assign(c, <u8>(f & 1));
            learned++;
          }
        }
      }
      if (!propagate()) return timeUp ? PROBE_STOPPED : PROBE_CONTRADICTION;
      quietSince = current;
      bestScore = -1;
      bestCell = -1;
      continue;
    }

    const score = <f64>(countFilled + 1) * <f64>(countEmpty + 1);
    const pref: u8 = countFilled < countEmpty ? FILLED_CELL : EMPTY_CELL;
    store<f64>(scores + (<usize>current << 3), score);
    store<u8>(prefer + <usize>current, pref);
    if (score > bestScore) {
      bestScore = score;
      bestCell = current;
      bestValue = pref;
    }
  }
  if (unknown == 0) bestCell = -1;
  return PROBE_OPEN;
}
