// The exact line solver: for one clue and the known cells of a line, the cells filled in
// every valid placement, the cells empty in every valid placement, or a contradiction.
// Dynamic programming over block positions on bit sets, one machine word for 32 positions:
// O(blocks x words x log(block length)); line-words.ts holds the version for lines past one word.
//
// One source for both engines (README, "One source"): asc compiles it into the wasm
// engine's module, tsc and esbuild into the bitmask engine's JavaScript. It keeps to what
// both agree on: i32 arithmetic that wraps the same way (`| 0`, shifts, no unsigned casts),
// memory through `solver-target`, and no 64-bit integers (the wasm target adds its own
// 64-bit path for lines of 31 to 62 cells).
//
// Positions: a line of n cells gets a virtual empty cell n. Position p in 0..n+1 stands for
// "cells [0, p) are settled". Forward set A[j]: positions p at which the first j blocks,
// each followed by an empty cell, fit into [0, p). The same pass on the reversed line and
// clue gives where the last m blocks fit into a suffix; a block may start at s when both
// sides agree, a cell may be empty when some split around it holds. Everything else is
// forced. Clues are read through a pointer and a step (+4 forwards, -4 reversed), so the
// reversed clue is never copied.
import { clz32, ctz32, fill, load32, load32At, reverse32, setupWord64, solveWord64In, store32, store32At, tryAlloc, WORD64_LIMIT } from 'solver-target';
import { blockAt, log2Floor, setupLineWords, solveWords } from './line-words';

export { blockAt, log2Floor, solveWords };

/** Longest line solved in one word. */
export const WORD_LIMIT: i32 = 30;

/** Results of the last successful `solveWord`. */
export let outFilledW: i32 = 0;
export let outEmptyW: i32 = 0;

// One-word scratch.
let fwd: usize = 0;
let bwd: usize = 0;
let runsF: usize = 0;
let runsR: usize = 0;
let subClue: usize = 0;
let subFilled: usize = 0;
let subEmpty: usize = 0;

/** Positions reachable from the seeds X by steps into positions T allows (an addition carry does the flood). */
// @ts-ignore: decorator
@inline function floodWord(x: i32, t: i32): i32 {
  const m = t | x;
  const free = m & ~x;
  const starts = m & ~(m << 1);
  const unreached = ((free + starts) ^ free) & free;
  return m & ~unreached;
}

/** Allocate the scratch for lines up to `length` cells and clues up to `blocks` blocks. False when out of memory. */
export function setupLineSolver(length: i32, blocks: i32): bool {
  fwd = tryAlloc(<usize>(blocks + 1) << 2);
  bwd = tryAlloc(<usize>(blocks + 1) << 2);
  runsF = tryAlloc(32 << 2);
  runsR = tryAlloc(32 << 2);
  if (!setupWord64(blocks)) return false;
  const subBlocks = blocks > 1 ? blocks : 1;
  subClue = tryAlloc(<usize>subBlocks << 2);
  const lw = ((length + 31) >>> 5) + 1;
  subFilled = tryAlloc(<usize>lw << 2);
  subEmpty = tryAlloc(<usize>lw << 2);
  if (length + 2 > 32 && !setupLineWords(length, blocks)) return false;
  return subEmpty != 0;
}

// ---------------------------------------------------------------------------------
// Lines of up to 30 cells: one word.

// @ts-ignore: decorator
@inline function buildRunsWord(runs: usize, canFill: i32, top: i32): void {
  store32(runs, canFill);
  let prev = canFill;
  for (let l = 1; l <= top; l++) {
    prev = prev & (prev >>> (1 << (l - 1)));
    store32At(runs, l, prev);
  }
}

// @ts-ignore: decorator
@inline function forwardWord(clue: usize, step: i32, k: i32, n: i32, canFill: i32, canEmpty: i32, out: usize, runs: usize): bool {
  const t = canEmpty << 1;
  let a = floodWord(1, t);
  store32(out, a);
  for (let j = 0; j < k; j++) {
    const b = blockAt(clue, step, j);
    const level = log2Floor(b);
    let fit = load32At(runs, level);
    const extra = b - (1 << level);
    if (extra > 0) fit &= fit >>> extra;
    fit &= canEmpty >>> b;
    const placed = a & fit;
    if (placed == 0) {
      for (let r = j + 1; r <= k; r++) store32At(out, r, 0);
      return false;
    }
    a = floodWord(placed << (b + 1), t);
    store32At(out, j + 1, a);
  }
  return ((a >>> (n + 1)) & 1) == 1;
}

/**
 * Solve a line of 1..30 cells with known cells `filled` / `empty` (bit i = cell i). False
 * for a contradiction; otherwise `outFilledW` / `outEmptyW` hold every forced cell.
 */
export function solveWord(clue: usize, k: i32, n: i32, filled: i32, empty: i32): bool {
  const real = (1 << n) - 1;
  const canFill = ~empty & real;
  const canEmpty = (~filled & real) | (1 << n);
  let maxBlock = 1;
  for (let j = 0; j < k; j++) {
    const b = load32At(clue, j);
    if (b > maxBlock) maxBlock = b;
  }
  const top = log2Floor(maxBlock);
  buildRunsWord(runsF, canFill, top);
  if (!forwardWord(clue, 4, k, n, canFill, canEmpty, fwd, runsF)) return false;

  const shift = 32 - n;
  const canFillR = reverse32(canFill) >>> shift;
  const canEmptyR = (reverse32(canEmpty & real) >>> shift) | (1 << n);
  buildRunsWord(runsR, canFillR, top);
  forwardWord(clue + (<usize>(k - 1) << 2), -4, k, n, canFillR, canEmptyR, bwd, runsR);

  const runs = runsF;
  const posShift = 31 - n;
  let mayEmpty = 0;
  let mayFill = 0;
  mayEmpty |= (load32(fwd) >>> 1) & (reverse32(load32At(bwd, k)) >>> posShift);
  for (let j = 1; j <= k; j++) {
    const b = load32At(clue, j - 1);
    const bj = reverse32(load32At(bwd, k - j)) >>> posShift;
    const level = log2Floor(b);
    let fit = load32At(runs, level);
    const extra = b - (1 << level);
    if (extra > 0) fit &= fit >>> extra;
    fit &= canEmpty >>> b;
    let starts = load32At(fwd, j - 1) & fit & (bj >>> b);
    let len = 1;
    while (len * 2 <= b) {
      starts |= starts << len;
      len *= 2;
    }
    if (b > len) starts |= starts << (b - len);
    mayFill |= starts;
    mayEmpty |= (load32At(fwd, j) >>> 1) & bj;
  }
  outFilledW = real & ~mayEmpty;
  outEmptyW = real & ~mayFill;
  return true;
}

// ---------------------------------------------------------------------------------
// Longer lines: the multi-word solver (line-words.ts), on the part of the line still open.

// @ts-ignore: decorator
@inline function bitAt(arr: usize, i: i32): i32 {
  return (load32At(arr, i >>> 5) >>> (i & 31)) & 1;
}

function markRange(arr: usize, from: i32, to: i32): void {
  for (let i = from; i < to; i++) store32At(arr, i >>> 5, load32At(arr, i >>> 5) | (1 << (i & 31)));
}

/** dst[0..] = bits [from, from + len) of src (srcWords words), other bits of the last word cleared. */
function extractBits(dst: usize, src: usize, srcWords: i32, from: i32, len: i32): void {
  const words = (len + 31) >>> 5;
  const q = from >>> 5;
  const r = from & 31;
  for (let i = 0; i < words; i++) {
    const j = q + i;
    let v = j < srcWords ? load32At(src, j) >>> r : 0;
    if (r != 0 && j + 1 < srcWords) v |= load32At(src, j + 1) << (32 - r);
    store32At(dst, i, v);
  }
  const tail = len & 31;
  if (tail != 0) store32At(dst, words - 1, load32At(dst, words - 1) & ((1 << tail) - 1));
}

/** dst (dstWords words) |= src (len bits) shifted up to bit `at`. */
function depositBits(dst: usize, dstWords: i32, src: usize, at: i32, len: i32): void {
  const words = (len + 31) >>> 5;
  const q = at >>> 5;
  const r = at & 31;
  for (let i = 0; i < words; i++) {
    let v = load32At(src, i);
    if (i == words - 1 && (len & 31) != 0) v &= (1 << (len & 31)) - 1;
    if (q + i < dstWords) store32At(dst, q + i, load32At(dst, q + i) | (v << r));
    if (r != 0 && q + i + 1 < dstWords) store32At(dst, q + i + 1, load32At(dst, q + i + 1) | (v >>> (32 - r)));
  }
}

/** A line with no known cell: the leftmost and rightmost packings decide it. */
function solveBlank(clue: usize, k: i32, n: i32, outFilled: usize, outEmpty: usize): bool {
  let need = k > 0 ? k - 1 : 0;
  for (let j = 0; j < k; j++) need += load32At(clue, j);
  if (need > n) return false;
  const lw = (n + 31) >>> 5;
  fill(outFilled, 0, <usize>lw << 2);
  fill(outEmpty, 0, <usize>lw << 2);
  const slack = n - need;
  let left = 0;
  let reach = 0;
  for (let j = 0; j < k; j++) {
    const b = load32At(clue, j);
    markRange(outEmpty, reach, left);
    if (b > slack) markRange(outFilled, left + slack, left + b);
    reach = left + b + slack;
    left += b + 1;
  }
  markRange(outEmpty, reach, n);
  return true;
}

/**
 * `solveWords` on the part of a long line that is still open: finished blocks at both ends
 * are cut off (they must be the clue's first / last blocks), so nearly finished lines
 * become short. Blank lines use the packings directly.
 */
export function solveTrimmed(clue: usize, k: i32, n: i32, filled: usize, empty: usize, outFilled: usize, outEmpty: usize): bool {
  const lw = (n + 31) >>> 5;
  let anyKnown = 0;
  for (let w = 0; w < lw; w++) anyKnown |= load32At(filled, w) | load32At(empty, w);
  if (anyKnown == 0) return solveBlank(clue, k, n, outFilled, outEmpty);
  let u0 = n;
  for (let w = 0; w < lw; w++) {
    const bits = n - 32 * w;
    const real = bits >= 32 ? -1 : (1 << bits) - 1;
    const unk = ~(load32At(filled, w) | load32At(empty, w)) & real;
    if (unk != 0) {
      u0 = 32 * w + ctz32(unk);
      break;
    }
  }
  let u1 = -1;
  if (u0 < n) {
    for (let w = lw - 1; w >= 0; w--) {
      const bits = n - 32 * w;
      const real = bits >= 32 ? -1 : (1 << bits) - 1;
      const unk = ~(load32At(filled, w) | load32At(empty, w)) & real;
      if (unk != 0) {
        u1 = 32 * w + 31 - clz32(unk);
        break;
      }
    }
  }
  if (u0 == n) {
    let m = 0;
    let run = 0;
    for (let i = 0; i <= n; i++) {
      if (i < n && bitAt(filled, i) == 1) run++;
      else if (run > 0) {
        if (m >= k || load32At(clue, m) != run) return false;
        m++;
        run = 0;
      }
    }
    if (m != k) return false;
    for (let w = 0; w < lw; w++) {
      store32At(outFilled, w, load32At(filled, w));
      store32At(outEmpty, w, load32At(empty, w));
    }
    return true;
  }
  let a = 0;
  for (let i = u0 - 1; i >= 0; i--) {
    if (bitAt(empty, i) == 1) {
      a = i + 1;
      break;
    }
  }
  let c = n;
  for (let i = u1 + 1; i < n; i++) {
    if (bitAt(empty, i) == 1) {
      c = i;
      break;
    }
  }
  let m = 0;
  let run = 0;
  for (let i = 0; i < a; i++) {
    if (bitAt(filled, i) == 1) run++;
    else if (run > 0) {
      if (m >= k || load32At(clue, m) != run) return false;
      m++;
      run = 0;
    }
  }
  let mEnd = 0;
  run = 0;
  if (c < n) {
    for (let i = n - 1; i > c; i--) {
      if (bitAt(filled, i) == 1) run++;
      else if (run > 0) {
        if (m + mEnd >= k || load32At(clue, k - 1 - mEnd) != run) return false;
        mEnd++;
        run = 0;
      }
    }
    if (run > 0) {
      if (m + mEnd >= k || load32At(clue, k - 1 - mEnd) != run) return false;
      mEnd++;
    }
  }
  if (m + mEnd > k) return false;
  const sub = subClue;
  const kk = k - m - mEnd;
  let need = kk > 0 ? kk - 1 : 0;
  for (let j = 0; j < kk; j++) {
    const b = load32At(clue, m + j);
    store32At(sub, j, b);
    need += b;
  }
  const len = c > a ? c - a : 0;
  if (need > len) return false;
  for (let w = 0; w < lw; w++) {
    store32At(outFilled, w, load32At(filled, w));
    store32At(outEmpty, w, load32At(empty, w));
  }
  if (len == 0) return kk == 0;
  const subF = subFilled;
  const subE = subEmpty;
  extractBits(subF, filled, lw, a, len);
  extractBits(subE, empty, lw, a, len);
  if (len <= WORD_LIMIT) {
    if (!solveWord(sub, kk, len, load32(subF), load32(subE))) return false;
    store32(subF, outFilledW);
    store32(subE, outEmptyW);
  } else if (len <= WORD64_LIMIT) {
    if (!solveWord64In(sub, kk, len, subF, subE)) return false;
  } else if (!solveWords(sub, kk, len, subF, subE, subF, subE)) {
    return false;
  }
  depositBits(outFilled, lw, subF, a, len);
  depositBits(outEmpty, lw, subE, a, len);
  return true;
}
