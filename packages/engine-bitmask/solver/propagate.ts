// Propagation: solve dirty lines
// until none is left. A changed cell enqueues only its row and its column; the queue is a
// ring of line numbers with one flag per line, so re-queuing a waiting line is free.
import { WORD64_LIMIT, WORD64_UNTRIMMED, ctz32, load32, load8, maxi, now, solveWord64To, store32, store8, tryAlloc } from 'solver-target';
import {
  EMPTY_CELL,
  FILLED_CELL,
  UNKNOWN_CELL,
  cellCount,
  cells,
  clueBlocks,
  clueId,
  clueOffset,
  colEmpty,
  colFilled,
  colWords,
  height,
  lineCount,
  rowEmpty,
  rowFilled,
  rowWords,
  setCell,
  setCellAt,
  width,
} from './board';
import { cacheLookup, cacheStore, copyResult, lookupWord, resultEmpty0, resultFilled0, setupCache, storeWord } from './cache';
import { deadline } from './clock';
import { WORD_LIMIT, outEmptyW, outFilledW, setupLineSolver, solveTrimmed, solveWord } from './line-solver';

/** How many line solves pass between two looks at the clock. */
const CHECK_EVERY: i32 = 4096;

/** Set when the time limit ran out inside `propagate`; the search must stop. */
export let timeUp = false;
export let linesSolved: f64 = 0;
export let cacheHits: f64 = 0;

let untilCheck: i32 = CHECK_EVERY;
let qItems: usize = 0;
let qQueued: usize = 0;
let qHead: i32 = 0;
let qSize: i32 = 0;
let qCap: i32 = 0;
let outF: usize = 0;
let outE: usize = 0;

// Tied mode (the search among symmetric solutions): every cell
// set also sets its images under `tieCount` cell permutations (i32[cellCount] each, at
// `tieImages`), which form a group with the identity left out.
export let tieCount: i32 = 0;
export let tieImages: usize = 0;
/** Set by `assign` in tied mode when an image already held the other value. */
let tieConflict = false;

/** Room for `count` permutations, which the wrapper fills; 0 when the memory cannot hold them. */
export function setupTies(count: i32): usize {
  tieImages = tryAlloc((<usize>count * <usize>cellCount) << 2);
  tieCount = tieImages == 0 ? 0 : count;
  return tieImages;
}

// The distinct lines `propagate` looked at since `startVisits`, while recording (probing
// records them): up to VISIT_CAPACITY of them, `visitOverflow` beyond.
export const VISIT_CAPACITY: i32 = 24;
export let recording = false;
export let visitLines: usize = 0;
export let visitCount: i32 = 0;
export let visitOverflow = false;
let visitMark: usize = 0;
let visitStamp: i32 = 0;

export function startVisits(): void {
  recording = true;
  visitCount = 0;
  visitOverflow = false;
  visitStamp = (visitStamp + 1) | 0;
}

export function stopVisits(): void {
  recording = false;
}

function visit(line: i32): void {
  const at = visitMark + (<usize>line << 2);
  if (load32(at) == visitStamp) return;
  store32(at, visitStamp);
  if (visitCount == VISIT_CAPACITY) visitOverflow = true;
  else {
    store32(visitLines + (<usize>visitCount << 2), line);
    visitCount++;
  }
}

export function setupPropagator(): bool {
  timeUp = false;
  linesSolved = 0;
  cacheHits = 0;
  untilCheck = CHECK_EVERY;
  tieCount = 0;
  tieImages = 0;
  tieConflict = false;
  qCap = maxi(1, lineCount);
  qItems = tryAlloc(<usize>qCap << 2);
  qQueued = tryAlloc(<usize>qCap);
  qHead = 0;
  qSize = 0;
  recording = false;
  visitStamp = 0;
  visitLines = tryAlloc(<usize>VISIT_CAPACITY << 2);
  visitMark = tryAlloc(<usize>qCap << 2);
  if (visitMark == 0) return false;
  const words = maxi(rowWords, colWords);
  outF = tryAlloc(<usize>words << 2);
  outE = tryAlloc(<usize>words << 2);
  if (outE == 0) return false;
  let mb = 0;
  for (let i = 0; i < lineCount; i++) {
    const k = load32(clueOffset + ((<usize>i + 1) << 2)) - load32(clueOffset + (<usize>i << 2));
    if (k > mb) mb = k;
  }
  if (!setupLineSolver(maxi(width, height), mb)) return false;
  return setupCache(words);
}

// @ts-ignore: decorator
@inline export function push(line: i32): void {
  if (load8(qQueued + <usize>line) == 0) {
    store8(qQueued + <usize>line, 1);
    let at = qHead + qSize;
    if (at >= qCap) at -= qCap;
    store32(qItems + (<usize>at << 2), line);
    qSize++;
  }
}

// @ts-ignore: decorator
@inline function pop(): i32 {
  const line = load32(qItems + (<usize>qHead << 2));
  qHead++;
  if (qHead == qCap) qHead = 0;
  qSize--;
  store8(qQueued + <usize>line, 0);
  return line;
}

export function clearQueue(): void {
  while (qSize > 0) pop();
  qHead = 0;
}

/** Set a cell (a branch, a probe, a fact) and mark its row and column dirty. */
// @ts-ignore: decorator
@inline export function assign(cell: i32, value: u8): void {
  if (tieCount == 0) setAndEnqueue(cell, value);
  else if (!setTied(cell, value)) tieConflict = true;
}

export function enqueueAll(): void {
  for (let i = 0; i < lineCount; i++) push(i);
}

/**
 * Solve dirty lines until the queue is empty. False for a contradiction (the queue is then
 * cleared) or when the time limit ran out (`timeUp` is then set).
 */
export function propagate(): bool {
  if (tieConflict) {
    tieConflict = false;
    clearQueue();
    return false;
  }
  while (qSize > 0) {
    if (--untilCheck == 0) {
      untilCheck = CHECK_EVERY;
      if (now() >= deadline) {
        timeUp = true;
        clearQueue();
        return false;
      }
    }
    const line = pop();
    if (recording) visit(line);
    let ok: bool = false;
    if (line < height) {
      ok = solveLine(line, rowFilled + (<usize>(line * rowWords) << 2), rowEmpty + (<usize>(line * rowWords) << 2), rowWords, width, line * width, 1, height);
    } else {
      const col = line - height;
      ok = solveLine(line, colFilled + (<usize>(col * colWords) << 2), colEmpty + (<usize>(col * colWords) << 2), colWords, height, col, width, 0);
    }
    if (!ok) {
      clearQueue();
      return false;
    }
  }
  return true;
}

/** Set the cells of one word of a line's result that are new, and enqueue their crossing lines. */
// The line is row `fixed` (isRow) or column `fixed`; cell i of it is board cell `first + i * step`.
// @ts-ignore: decorator
@inline function apply(w: i32, newFilled: i32, newEmpty: i32, first: i32, step: i32, cross: i32, isRow: bool, fixed: i32): void {
  while (newFilled != 0) {
    const i = (w << 5) + ctz32(newFilled);
    newFilled &= newFilled - 1;
    if (isRow) setCellAt(first + i, fixed, i, FILLED_CELL);
    else setCellAt(first + i * step, i, fixed, FILLED_CELL);
    push(cross + i);
  }
  while (newEmpty != 0) {
    const i = (w << 5) + ctz32(newEmpty);
    newEmpty &= newEmpty - 1;
    if (isRow) setCellAt(first + i, fixed, i, EMPTY_CELL);
    else setCellAt(first + i * step, i, fixed, EMPTY_CELL);
    push(cross + i);
  }
}

/**
 * Solve one line of n cells and set what it forces. Cell i of the line is board cell
 * `first + i * step`; the crossing line of cell i is line `cross + i`.
 */
function solveLine(line: i32, filled: usize, empty: usize, words: i32, n: i32, first: i32, step: i32, cross: i32): bool {
  const id = load32(clueId + (<usize>line << 2));
  if (n <= WORD_LIMIT) {
    const f = load32(filled);
    const e = load32(empty);
    const hit = lookupWord(id, f, e);
    let rf: i32 = 0;
    let re: i32 = 0;
    if (hit >= 0) {
      cacheHits++;
      if (hit == 0) return false;
      rf = resultFilled0();
      re = resultEmpty0();
    } else {
      linesSolved++;
      const start = load32(clueOffset + (<usize>line << 2));
      const k = load32(clueOffset + ((<usize>line + 1) << 2)) - start;
      const ok = solveWord(clueBlocks + (<usize>start << 2), k, n, f, e);
      rf = outFilledW;
      re = outEmptyW;
      storeWord(id, f, e, ok, rf, re);
      if (!ok) return false;
    }
    if (tieCount > 0) return applyTied(0, rf & ~f, re & ~e, first, step);
    apply(0, rf & ~f, re & ~e, first, step, cross, line < height, line < height ? line : line - height);
    return true;
  }
  const hit = cacheLookup(id, words, filled, empty);
  if (hit >= 0) {
    cacheHits++;
    if (hit == 0) return false;
    copyResult(words, outF, outE);
  } else {
    linesSolved++;
    const start = load32(clueOffset + (<usize>line << 2));
    const k = load32(clueOffset + ((<usize>line + 1) << 2)) - start;
    const clue = clueBlocks + (<usize>start << 2);
    // Lines of up to 62 cells take the target's 64-bit path whole where it has one that is
    // fast whole (WebAssembly's i64); the JavaScript target's two-word path gains from the
    // trimming of settled ends first.
    const ok = WORD64_UNTRIMMED && n <= WORD64_LIMIT ? solveWord64To(clue, k, n, filled, empty, words, outF, outE) : solveTrimmed(clue, k, n, filled, empty, outF, outE);
    cacheStore(id, words, filled, empty, ok, outF, outE);
    if (!ok) return false;
  }
  const isRow = line < height;
  const fixed = isRow ? line : line - height;
  for (let w = 0; w < words; w++) {
    const o = <usize>w << 2;
    const newFilled = load32(outF + o) & ~load32(filled + o);
    const newEmpty = load32(outE + o) & ~load32(empty + o);
    if (tieCount > 0) {
      if (!applyTied(w, newFilled, newEmpty, first, step)) return false;
    } else {
      apply(w, newFilled, newEmpty, first, step, cross, isRow, fixed);
    }
  }
  return true;
}

/** `apply` in tied mode: set the new cells of one word and their images; false on a clash. */
function applyTied(w: i32, newFilled: i32, newEmpty: i32, first: i32, step: i32): bool {
  while (newFilled != 0) {
    const i = (w << 5) + ctz32(newFilled);
    newFilled &= newFilled - 1;
    if (!setTied(first + i * step, FILLED_CELL)) return false;
  }
  while (newEmpty != 0) {
    const i = (w << 5) + ctz32(newEmpty);
    newEmpty &= newEmpty - 1;
    if (!setTied(first + i * step, EMPTY_CELL)) return false;
  }
  return true;
}

/** Set a cell and its images, enqueueing their rows and columns; false if one holds the other value. */
function setTied(cell: i32, value: u8): bool {
  const now = load8(cells + <usize>cell);
  if (now != UNKNOWN_CELL) return now == value;
  setAndEnqueue(cell, value);
  for (let t = 0; t < tieCount; t++) {
    const other = load32(tieImages + ((<usize>t * <usize>cellCount + <usize>cell) << 2));
    const held = load8(cells + <usize>other);
    if (held == UNKNOWN_CELL) setAndEnqueue(other, value);
    else if (held != value) return false;
  }
  return true;
}

/** Set a cell and mark its row and column dirty. */
// @ts-ignore: decorator
@inline function setAndEnqueue(cell: i32, value: u8): void {
  setCell(cell, value);
  const row = (cell / width) | 0;
  push(row);
  push(height + cell - row * width);
}
