// The line solver for lines longer than one word (engine-bitmask/solver/line-solver.ts has
// the algorithm, the one-word version and the trimming around it): the same dynamic
// programming on arrays of 32-bit words, position sets of ceil((n + 2) / 32) words per block.
// Each row of a pass keeps the range of words it can be non-zero in, and the pass from the
// second end keeps only the states the first pass meets, so on a line that is mostly known
// a block costs the few words around its placements instead of the whole line.
//
// One source for both engines, with the same restrictions as line-solver.ts.
import { bswap32, clz32, fill, load32, load32At, maxi, mini, store32, store32At, tryAlloc } from 'solver-target';

/** The backward pass meets the forward rows on lines of more than this many words of positions. */
const MEET_FROM_WORDS: i32 = 3;

// Multi-word scratch (pw words per position set).
let fwdW: usize = 0;
let bwdW: usize = 0;
// Runs of cells that may be filled, per power of two, of the line (runsW) and of the reversed
// line (runsRW): runs[l] bit s = cells [s, s + 2^l) may all be filled.
let runsW: usize = 0;
let runsRW: usize = 0;
let tmp0: usize = 0;
let tmp1: usize = 0;
let tmp2: usize = 0;
let tmp3: usize = 0;
let tmp4: usize = 0;
let tmp5: usize = 0;
let tmp6: usize = 0;
let tmp7: usize = 0;
let tmp8: usize = 0;
// Word ranges of the forward and backward rows (i32 per row): a row's words outside
// [lo, hi] are zero and are neither written nor read.
let fwdLo: usize = 0;
let fwdHi: usize = 0;
let bwdLo: usize = 0;
let bwdHi: usize = 0;
/** The word range `reverseRange` wrote. */
let rangeLo: i32 = 0;
let rangeHi: i32 = 0;

// @ts-ignore: decorator
@inline export function reverse32(x: i32): i32 {
  x = ((x >>> 1) & 0x55555555) | ((x & 0x55555555) << 1);
  x = ((x >>> 2) & 0x33333333) | ((x & 0x33333333) << 2);
  x = ((x >>> 4) & 0x0f0f0f0f) | ((x & 0x0f0f0f0f) << 4);
  return bswap32(x);
}

// @ts-ignore: decorator
@inline export function log2Floor(b: i32): i32 {
  return 31 - clz32(b);
}

/** Block j of a clue read at `clue` with `step` bytes between blocks (4 or -4). */
// @ts-ignore: decorator
@inline export function blockAt(clue: usize, step: i32, j: i32): i32 {
  return load32(clue + <usize>(j * step));
}

/** Allocate the scratch for lines up to `length` cells (of more than 30) and clues up to `blocks` blocks. False when out of memory. */
export function setupLineWords(length: i32, blocks: i32): bool {
  const pw = (length + 2 + 31) >>> 5;
  const bytes = <usize>pw << 2;
  fwdW = tryAlloc(<usize>(blocks + 1) * bytes);
  bwdW = tryAlloc(<usize>(blocks + 1) * bytes);
  const levels = log2Floor(length > 1 ? length : 1) + 1;
  runsW = tryAlloc(<usize>levels * bytes);
  runsRW = tryAlloc(<usize>levels * bytes);
  tmp0 = tryAlloc(bytes);
  tmp1 = tryAlloc(bytes);
  tmp2 = tryAlloc(bytes);
  tmp3 = tryAlloc(bytes);
  tmp4 = tryAlloc(bytes);
  tmp5 = tryAlloc(bytes);
  tmp6 = tryAlloc(bytes);
  tmp7 = tryAlloc(bytes);
  tmp8 = tryAlloc(bytes);
  const rows = <usize>(blocks + 1) << 2;
  fwdLo = tryAlloc(rows);
  fwdHi = tryAlloc(rows);
  bwdLo = tryAlloc(rows);
  bwdHi = tryAlloc(rows);
  return tmp8 != 0 && bwdHi != 0 && runsRW != 0;
}

/** dst = src << s over pw words. dst and src must differ. */
function shiftLeft(dst: usize, src: usize, s: i32, pw: i32): void {
  const q = s >>> 5;
  const r = s & 31;
  for (let i = pw - 1; i >= 0; i--) {
    const j = i - q;
    if (j < 0) {
      store32At(dst, i, 0);
      continue;
    }
    let v = load32At(src, j) << r;
    if (r != 0 && j > 0) v |= load32At(src, j - 1) >>> (32 - r);
    store32At(dst, i, v);
  }
}

/** dst = src >>> s over pw words. dst and src must differ. */
function shiftRight(dst: usize, src: usize, s: i32, pw: i32): void {
  const q = s >>> 5;
  const r = s & 31;
  for (let i = 0; i < pw; i++) {
    const j = i + q;
    if (j >= pw) {
      store32At(dst, i, 0);
      continue;
    }
    let v = load32At(src, j) >>> r;
    if (r != 0 && j + 1 < pw) v |= load32At(src, j + 1) << (32 - r);
    store32At(dst, i, v);
  }
}

/** a < b as unsigned 32-bit words, in signed arithmetic (which both targets share). */
// @ts-ignore: decorator
@inline function belowUnsigned(a: i32, b: i32): bool {
  return (a ^ (1 << 31)) < (b ^ (1 << 31));
}

/** Word i of arr, which is zero outside words [lo, hi]. */
// @ts-ignore: decorator
@inline function wordIn(arr: usize, i: i32, lo: i32, hi: i32): i32 {
  return i < lo || i > hi ? 0 : load32At(arr, i);
}

/** Word i of (arr >>> s), arr zero outside words [lo, hi]. */
// @ts-ignore: decorator
@inline function shrIn(arr: usize, i: i32, s: i32, lo: i32, hi: i32): i32 {
  const j = i + (s >>> 5);
  const r = s & 31;
  let v = wordIn(arr, j, lo, hi) >>> r;
  if (r != 0) v |= wordIn(arr, j + 1, lo, hi) << (32 - r);
  return v;
}

/** Word i of (arr << s), arr zero outside words [lo, hi]. */
// @ts-ignore: decorator
@inline function shlIn(arr: usize, i: i32, s: i32, lo: i32, hi: i32): i32 {
  const j = i - (s >>> 5);
  const r = s & 31;
  let v = wordIn(arr, j, lo, hi) << r;
  if (r != 0) v |= wordIn(arr, j - 1, lo, hi) >>> (32 - r);
  return v;
}

/**
 * Multi-word flood: out = the positions reachable from the seeds x (zero outside words
 * [lo, hi]) by steps into t; the addition carries from word to word. Only words from lo up
 * are written, up to the last that can hold a reached position, which is returned (lo - 1
 * when none): below lo nothing is reached, and past the seeds a word with nothing reached
 * ends the flood, as does word `limit`. A run of t that crosses into word lo from below
 * arrives unreached, as the carry of its start.
 */
function floodRange(out: usize, x: usize, lo: i32, hi: i32, t: usize, limit: i32): i32 {
  let prevTop = lo > 0 ? load32At(t, lo - 1) >>> 31 : 0;
  let carry = prevTop;
  let last = lo - 1;
  for (let i = lo; i <= limit; i++) {
    const xi = i <= hi ? load32At(x, i) : 0;
    const m = load32At(t, i) | xi;
    const free = m & ~xi;
    const starts = m & ~((m << 1) | prevTop);
    prevTop = m >>> 31;
    // free + starts + carry on 32 bits; the carry out is set when a sum wrapped.
    const partial = (free + starts) | 0;
    const sum = (partial + carry) | 0;
    carry = belowUnsigned(partial, free) || belowUnsigned(sum, partial) ? 1 : 0;
    const reached = m & ~((sum ^ free) & free);
    store32At(out, i, reached);
    if (reached != 0) last = i;
    else if (i >= hi) break;
  }
  return last;
}

/**
 * dst = bits 0..len-1 of src reversed, for a source that is zero outside words [lo, hi]: only
 * the words of dst that can be non-zero and lie in [clipLo, clipHi] are written, their range
 * left in rangeLo / rangeHi (empty: rangeLo > rangeHi). Bits of src at len or above are
 * dropped.
 */
function reverseRange(dst: usize, src: usize, lo: i32, hi: i32, pw: i32, len: i32, clipLo: i32, clipHi: i32): void {
  const top = mini(32 * hi + 31, len - 1);
  rangeLo = maxi((len - 1 - top) >>> 5, clipLo);
  rangeHi = mini((len - 1 - 32 * lo) >>> 5, clipHi);
  if (lo > hi || 32 * lo > top || rangeLo > rangeHi) {
    rangeLo = 0;
    rangeHi = -1;
    return;
  }
  const s = pw * 32 - len;
  const q = s >>> 5;
  const r = s & 31;
  for (let i = rangeLo; i <= rangeHi; i++) {
    const j = i + q;
    let v = reverse32(wordIn(src, pw - 1 - j, lo, hi)) >>> r;
    if (r != 0) v |= reverse32(wordIn(src, pw - 2 - j, lo, hi)) << (32 - r);
    store32At(dst, i, v);
  }
}

/** dst (pw words) = bits 0..len-1 of src (pw words) reversed. */
function reverseBits(dst: usize, src: usize, pw: i32, len: i32): void {
  fill(dst, 0, <usize>pw << 2);
  reverseRange(dst, src, 0, pw - 1, pw, len, 0, pw - 1);
}

function buildRunsWords(runs: usize, canFill: usize, top: i32, pw: i32): void {
  for (let i = 0; i < pw; i++) store32At(runs, i, load32At(canFill, i));
  const t = tmp8;
  for (let l = 1; l <= top; l++) {
    const prev = runs + (<usize>((l - 1) * pw) << 2);
    shiftRight(t, prev, 1 << (l - 1), pw);
    const cur = runs + (<usize>(l * pw) << 2);
    for (let i = 0; i < pw; i++) store32At(cur, i, load32At(prev, i) & load32At(t, i));
  }
}

/** Word i of (arr >>> s) for an array of pw words. */
// @ts-ignore: decorator
@inline function shrAll(arr: usize, i: i32, s: i32, pw: i32): i32 {
  const j = i + (s >>> 5);
  const r = s & 31;
  if (j >= pw) return 0;
  let v = load32At(arr, j) >>> r;
  if (r != 0 && j + 1 < pw) v |= load32At(arr, j + 1) << (32 - r);
  return v;
}

/** The row of a runs table that fitWord reads for a block of b cells. */
// @ts-ignore: decorator
@inline function runsFor(table: usize, b: i32, pw: i32): usize {
  return table + (<usize>(log2Floor(b) * pw) << 2);
}

/**
 * Word i of the starts s where cells [s, s+b) may be filled and cell s+b may be empty, from
 * a runs table (built) at `base` = runsFor(table, b), extra = b minus the largest power of two in it.
 */
// @ts-ignore: decorator
@inline function fitWord(base: usize, extra: i32, b: i32, canEmpty: usize, pw: i32, i: i32): i32 {
  let v = load32At(base, i);
  if (extra > 0) v &= shrAll(base, i, extra, pw);
  return v & shrAll(canEmpty, i, b, pw);
}

/**
 * row (words [lo, hi]) &= the other pass's row m read from the other end: position p stays
 * when the other row holds n + 1 - p (the two meet at an empty cell). Returns the new last
 * non-zero word, the first in rangeLo (empty: rangeLo > the result).
 */
function meetOther(row: usize, lo: i32, hi: i32, other: usize, otherLo: usize, otherHi: usize, m: i32, pw: i32, n: i32): i32 {
  const mask = tmp7;
  reverseRange(mask, other + (<usize>(m * pw) << 2), load32At(otherLo, m), load32At(otherHi, m), pw, n + 2, lo, hi);
  let newLo = pw;
  let newHi = -1;
  for (let i = maxi(lo, rangeLo), end = mini(hi, rangeHi); i <= end; i++) {
    const v = load32At(row, i) & load32At(mask, i);
    store32At(row, i, v);
    if (v != 0) {
      if (newHi < 0) newLo = i;
      newHi = i;
    }
  }
  rangeLo = newHi < 0 ? 0 : newLo;
  return newHi;
}

/**
 * The forward sets A[0..k] (see the top of the file) into `out`, row j at word j * pw, with
 * each row's word range in rowLo / rowHi. A row only spans the positions its blocks can
 * reach from the left, up to the first cell that must be filled.
 *
 * With `other` (the rows the pass from the other end made, non-zero), row j keeps only the
 * positions that the other pass's row k - j meets: the states on some placement of the
 * whole clue. Each row is then derived from exact states, so it holds exactly those too, and
 * on a line that is mostly known each block costs the few words around it, not the line.
 */
function forwardWords(clue: usize, step: i32, k: i32, n: i32, pw: i32, canFill: usize, canEmpty: usize, runsTable: usize, out: usize, top: i32, rowLo: usize, rowHi: usize, other: usize, otherLo: usize, otherHi: usize): bool {
  buildRunsWords(runsTable, canFill, top, pw);
  const t = tmp5;
  shiftLeft(t, canEmpty, 1, pw);
  const fit = tmp6;
  const placed = tmp8;
  store32(placed, 1);
  // Row j can only hold positions p from which the blocks j.. still fit into the line with
  // the empty cell after each: p <= n + 1 - need, need = the sum of (b + 1) over them.
  let need = 0;
  for (let j = 0; j < k; j++) need += blockAt(clue, step, j) + 1;
  let lo = 0;
  let hi = need > n + 1 ? -1 : floodRange(out, placed, 0, 0, t, (n + 1 - need) >>> 5);
  if (other != 0) {
    hi = meetOther(out, lo, hi, other, otherLo, otherHi, k, pw, n);
    lo = rangeLo;
  }
  store32At(rowLo, 0, lo);
  store32At(rowHi, 0, hi);
  for (let j = 0; j < k; j++) {
    const b = blockAt(clue, step, j);
    need -= b + 1;
    const base = out + (<usize>(j * pw) << 2);
    const runs = runsFor(runsTable, b, pw);
    const extra = b - (1 << log2Floor(b));
    let fitLo = pw;
    let fitHi = -1;
    for (let i = lo; i <= hi; i++) {
      const v = load32At(base, i) & fitWord(runs, extra, b, canEmpty, pw, i);
      store32At(fit, i, v);
      if (v != 0) {
        if (fitHi < 0) fitLo = i;
        fitHi = i;
      }
    }
    if (fitHi < 0) {
      for (let r = j + 1; r <= k; r++) {
        store32At(rowLo, r, 0);
        store32At(rowHi, r, -1);
      }
      return false;
    }
    // The position after the block and the empty cell behind it: fit << (b + 1).
    const s = b + 1;
    const pHi = mini(fitHi + (s >>> 5) + 1, pw - 1);
    let nLo = pw;
    let nHi = -1;
    for (let i = fitLo + (s >>> 5); i <= pHi; i++) {
      const v = shlIn(fit, i, s, fitLo, fitHi);
      store32At(placed, i, v);
      if (v != 0) {
        if (nHi < 0) nLo = i;
        nHi = i;
      }
    }
    if (nHi < 0) {
      lo = 0;
      hi = -1;
    } else {
      lo = nLo;
      hi = floodRange(out + (<usize>((j + 1) * pw) << 2), placed, nLo, nHi, t, (n + 1 - need) >>> 5);
      if (other != 0) {
        hi = meetOther(out + (<usize>((j + 1) * pw) << 2), lo, hi, other, otherLo, otherHi, k - j - 1, pw, n);
        lo = rangeLo;
      }
    }
    store32At(rowLo, j + 1, lo);
    store32At(rowHi, j + 1, hi);
  }
  const w = (n + 1) >>> 5;
  return w >= lo && w <= hi && ((load32At(out, k * pw + w) >>> ((n + 1) & 31)) & 1) == 1;
}

/** work |= work << s over its words [lo, hi]; returns the new last word (capped at pw - 1). */
function spreadUp(work: usize, lo: i32, hi: i32, s: i32, pw: i32): i32 {
  const newHi = mini(hi + ((s + 31) >>> 5), pw - 1);
  // Downwards, so that every word read is still the old one.
  for (let i = newHi; i >= lo; i--) {
    const old = i <= hi ? load32At(work, i) : 0;
    store32At(work, i, old | shlIn(work, i, s, lo, hi));
  }
  return newHi;
}

/**
 * Solve a line of any length up to the set-up maximum. Known cells at `filled` / `empty`
 * (ceil(n/32) words each); forced cells written to `outFilled` / `outEmpty`.
 */
export function solveWords(clue: usize, k: i32, n: i32, filled: usize, empty: usize, outFilled: usize, outEmpty: usize): bool {
  const pw = (n + 2 + 31) >>> 5;
  const lw = (n + 31) >>> 5;
  const canFill = tmp0;
  const canEmpty = tmp1;
  const canFillR = tmp2;
  const canEmptyR = tmp3;
  const real = tmp4;
  for (let i = 0; i < pw; i++) {
    const bits = n - 32 * i;
    store32At(real, i, bits >= 32 ? -1 : bits <= 0 ? 0 : (1 << bits) - 1);
  }
  for (let i = 0; i < pw; i++) {
    const f = i < lw ? load32At(filled, i) : 0;
    const e = i < lw ? load32At(empty, i) : 0;
    store32At(canFill, i, ~e & load32At(real, i));
    store32At(canEmpty, i, ~f & load32At(real, i));
  }
  reverseBits(canFillR, canFill, pw, n);
  reverseBits(canEmptyR, canEmpty, pw, n);
  store32At(canEmpty, n >>> 5, load32At(canEmpty, n >>> 5) | (1 << (n & 31)));
  store32At(canEmptyR, n >>> 5, load32At(canEmptyR, n >>> 5) | (1 << (n & 31)));

  let maxBlock = 1;
  for (let j = 0; j < k; j++) {
    const b = load32At(clue, j);
    if (b > maxBlock) maxBlock = b;
  }
  const top = log2Floor(maxBlock);
  if (!forwardWords(clue, 4, k, n, pw, canFill, canEmpty, runsW, fwdW, top, fwdLo, fwdHi, 0, 0, 0)) return false;
  // From the other end, keeping only the states the forward rows meet (on lines of a few
  // words the rows are short anyway, and meeting costs more than it saves).
  const meet = pw > MEET_FROM_WORDS;
  forwardWords(clue + (<usize>(k - 1) << 2), -4, k, n, pw, canFillR, canEmptyR, runsRW, bwdW, top, bwdLo, bwdHi, meet ? fwdW : 0, fwdLo, fwdHi);

  const mayEmpty = tmp5;
  const mayFill = tmp6;
  const bj = tmp7;
  const work = tmp8;
  fill(mayEmpty, 0, <usize>pw << 2);
  fill(mayFill, 0, <usize>pw << 2);
  const rowBytes = <usize>pw << 2;
  let aLo = 0;
  let aHi = -1;
  for (let j = 0; j <= k; j++) {
    // The rest of the clue placed from the other end: B[k - j], read forwards.
    reverseRange(bj, bwdW + <usize>(k - j) * rowBytes, load32At(bwdLo, k - j), load32At(bwdHi, k - j), pw, n + 1, 0, pw - 1);
    const jLo = rangeLo;
    const jHi = rangeHi;
    if (j > 0) {
      // Block j may start at s when the blocks before it end left of s (A[j - 1], words
      // [aLo, aHi]), it fits there, and the blocks after it fit right of it: then cells
      // [s, s + b) may be filled.
      const b = load32At(clue, j - 1);
      const prev = fwdW + <usize>(j - 1) * rowBytes;
      const runs = runsFor(runsW, b, pw);
      const extra = b - (1 << log2Floor(b));
      let wLo = pw;
      let wHi = -1;
      for (let i = maxi(aLo, jLo - ((b + 31) >>> 5)), end = mini(aHi, jHi - (b >>> 5)); i <= end; i++) {
        const v = load32At(prev, i) & fitWord(runs, extra, b, canEmpty, pw, i) & shrIn(bj, i, b, jLo, jHi);
        store32At(work, i, v);
        if (v != 0) {
          if (wHi < 0) wLo = i;
          wHi = i;
        }
      }
      if (wHi >= 0) {
        let len = 1;
        while (len * 2 <= b) {
          wHi = spreadUp(work, wLo, wHi, len, pw);
          len *= 2;
        }
        if (b > len) wHi = spreadUp(work, wLo, wHi, b - len, pw);
        for (let i = wLo; i <= wHi; i++) store32At(mayFill, i, load32At(mayFill, i) | load32At(work, i));
      }
    }
    // A cell may be empty where the first j blocks end left of it and the rest fit right of
    // it: (A[j] >>> 1) & reversed B[k - j], over the words both can reach.
    aLo = load32At(fwdLo, j);
    aHi = load32At(fwdHi, j);
    const row = fwdW + <usize>j * rowBytes;
    for (let i = maxi(jLo, aLo - 1), end = mini(jHi, aHi); i <= end; i++) {
      store32At(mayEmpty, i, load32At(mayEmpty, i) | (shrIn(row, i, 1, aLo, aHi) & load32At(bj, i)));
    }
  }
  for (let i = 0; i < lw; i++) {
    store32At(outFilled, i, load32At(real, i) & ~load32At(mayEmpty, i));
    store32At(outEmpty, i, load32At(real, i) & ~load32At(mayFill, i));
  }
  return true;
}
