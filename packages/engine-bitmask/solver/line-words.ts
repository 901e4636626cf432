// The line solver for lines longer than one word (engine-bitmask/solver/line-solver.ts has
// the algorithm, the one-word version and the trimming around it): the same dynamic
// programming on arrays of words, position sets of ceil((n + 2) / WORD_BITS) words per
// block. The target chooses the word: 64 bits in WebAssembly, 32 in JavaScript, which has no
// fast 64-bit integers (on 64 bits a long line takes half the words, so every loop here
// half the turns). Each row of a pass keeps the range of words it can be non-zero in, so a
// block costs the words its placements span instead of the whole line. (Restricting the
// second pass to the states the first one meets narrowed its rows further, but reversing
// a row of the first pass for each of its rows cost more than that saved.)
//
// One source for both engines, with the same restrictions as line-solver.ts. Lines come in
// and go out as 32-bit words whatever the word here (`lineWord`, `storeLineWord`).
import { Word, WORD_BITS, WORD_BYTES_SHIFT, WORD_MASK, WORD_SHIFT, belowWord, ctzWord, clz32, fill, lineWord, load32, load32At, loadWordAt, maxi, mini, reverseWord, storeLineWord, store32At, storeWordAt, tryAlloc } from 'solver-target';

// Multi-word scratch (pw words per position set).
let fwdW: usize = 0;
let bwdW: usize = 0;
// Runs of cells that may be filled, per power of two, of the line (runsW) and of the reversed
// line (runsRW): runs[l] bit s = cells [s, s + 2^l) may all be filled.
let runsW: usize = 0;
let runsRW: usize = 0;
// The line's cells that may be empty, the same reversed, and the cells inside the line.
let canEmptyW: usize = 0;
let canEmptyRW: usize = 0;
let realW: usize = 0;
// One row each. forwardWords keeps in A, B and D the cells a flood may cross, the fits and
// the placements; after both passes, solveWords' combination keeps there the cells that may
// be empty, may be filled and a block's starts, and in C a backward row read forwards.
let scratchA: usize = 0;
let scratchB: usize = 0;
let scratchC: usize = 0;
let scratchD: usize = 0;
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
  const pw = (length + 2 + WORD_MASK) >>> WORD_SHIFT;
  const bytes = <usize>pw << WORD_BYTES_SHIFT;
  fwdW = tryAlloc(<usize>(blocks + 1) * bytes);
  bwdW = tryAlloc(<usize>(blocks + 1) * bytes);
  const levels = log2Floor(length > 1 ? length : 1) + 1;
  runsW = tryAlloc(<usize>levels * bytes);
  runsRW = tryAlloc(<usize>levels * bytes);
  canEmptyW = tryAlloc(bytes);
  canEmptyRW = tryAlloc(bytes);
  realW = tryAlloc(bytes);
  scratchA = tryAlloc(bytes);
  scratchB = tryAlloc(bytes);
  scratchC = tryAlloc(bytes);
  scratchD = tryAlloc(bytes);
  const rows = <usize>(blocks + 1) << 2;
  fwdLo = tryAlloc(rows);
  fwdHi = tryAlloc(rows);
  bwdLo = tryAlloc(rows);
  bwdHi = tryAlloc(rows);
  return scratchD != 0 && bwdHi != 0 && runsRW != 0;
}

/** dst = src << s over pw words. dst and src must differ. */
function shiftLeft(dst: usize, src: usize, s: i32, pw: i32): void {
  const q = s >>> WORD_SHIFT;
  const r = s & WORD_MASK;
  for (let i = pw - 1; i >= 0; i--) {
    const j = i - q;
    if (j < 0) {
      storeWordAt(dst, i, 0);
      continue;
    }
    let v = loadWordAt(src, j) << r;
    if (r != 0 && j > 0) v |= loadWordAt(src, j - 1) >>> (WORD_BITS - r);
    storeWordAt(dst, i, v);
  }
}

/** Word i of arr, which is zero outside words [lo, hi]. */
// @ts-ignore: decorator
@inline function wordIn(arr: usize, i: i32, lo: i32, hi: i32): Word {
  return i < lo || i > hi ? 0 : loadWordAt(arr, i);
}

/** Word i of (arr >>> s), arr zero outside words [lo, hi]. */
// @ts-ignore: decorator
@inline function shrIn(arr: usize, i: i32, s: i32, lo: i32, hi: i32): Word {
  const j = i + (s >>> WORD_SHIFT);
  const r = s & WORD_MASK;
  let v = wordIn(arr, j, lo, hi) >>> r;
  if (r != 0) v |= wordIn(arr, j + 1, lo, hi) << (WORD_BITS - r);
  return v;
}

/** Word i of (arr << s), arr zero outside words [lo, hi]. */
// @ts-ignore: decorator
@inline function shlIn(arr: usize, i: i32, s: i32, lo: i32, hi: i32): Word {
  const j = i - (s >>> WORD_SHIFT);
  const r = s & WORD_MASK;
  let v = wordIn(arr, j, lo, hi) << r;
  if (r != 0) v |= wordIn(arr, j - 1, lo, hi) >>> (WORD_BITS - r);
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
  let prevTop: Word = lo > 0 ? loadWordAt(t, lo - 1) >>> WORD_MASK : 0;
  let carry: Word = prevTop;
  let last = lo - 1;
  for (let i = lo; i <= limit; i++) {
    const xi: Word = i <= hi ? loadWordAt(x, i) : 0;
    const m = loadWordAt(t, i) | xi;
    const free = m & ~xi;
    const starts = m & ~((m << 1) | prevTop);
    prevTop = m >>> WORD_MASK;
    // free + starts + carry on one word; the carry out is set when a sum wrapped.
    const partial: Word = (free + starts) | 0;
    const sum: Word = (partial + carry) | 0;
    carry = belowWord(partial, free) || belowWord(sum, partial) ? 1 : 0;
    const reached = m & ~((sum ^ free) & free);
    storeWordAt(out, i, reached);
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
  const top = mini(WORD_BITS * hi + WORD_MASK, len - 1);
  rangeLo = maxi((len - 1 - top) >>> WORD_SHIFT, clipLo);
  rangeHi = mini((len - 1 - WORD_BITS * lo) >>> WORD_SHIFT, clipHi);
  if (lo > hi || WORD_BITS * lo > top || rangeLo > rangeHi) {
    rangeLo = 0;
    rangeHi = -1;
    return;
  }
  const s = pw * WORD_BITS - len;
  const q = s >>> WORD_SHIFT;
  const r = s & WORD_MASK;
  // Each source word is reversed once: the one that fills the top of word i starts word i + 1.
  let next = reverseWord(wordIn(src, pw - 1 - rangeLo - q, lo, hi));
  for (let i = rangeLo; i <= rangeHi; i++) {
    let v = next >>> r;
    next = reverseWord(wordIn(src, pw - 2 - i - q, lo, hi));
    if (r != 0) v |= next << (WORD_BITS - r);
    storeWordAt(dst, i, v);
  }
}

/** dst (pw words) = bits 0..len-1 of src (pw words) reversed. */
function reverseBits(dst: usize, src: usize, pw: i32, len: i32): void {
  fill(dst, 0, <usize>pw << WORD_BYTES_SHIFT);
  reverseRange(dst, src, 0, pw - 1, pw, len, 0, pw - 1);
}

/** Levels 1..top of a runs table whose level 0 (the cells that may be filled) is set. */
function buildRunsWords(runs: usize, top: i32, pw: i32): void {
  for (let l = 1; l <= top; l++) {
    const prev = runs + (<usize>((l - 1) * pw) << WORD_BYTES_SHIFT);
    const cur = runs + (<usize>(l * pw) << WORD_BYTES_SHIFT);
    const s = 1 << (l - 1);
    for (let i = 0; i < pw; i++) storeWordAt(cur, i, loadWordAt(prev, i) & shrAll(prev, i, s, pw));
  }
}

/** Word i of (arr >>> s) for an array of pw words. */
// @ts-ignore: decorator
@inline function shrAll(arr: usize, i: i32, s: i32, pw: i32): Word {
  const j = i + (s >>> WORD_SHIFT);
  const r = s & WORD_MASK;
  if (j >= pw) return 0;
  let v = loadWordAt(arr, j) >>> r;
  if (r != 0 && j + 1 < pw) v |= loadWordAt(arr, j + 1) << (WORD_BITS - r);
  return v;
}

/** The row of a runs table that fitWord reads for a block of b cells. */
// @ts-ignore: decorator
@inline function runsFor(table: usize, b: i32, pw: i32): usize {
  return table + (<usize>(log2Floor(b) * pw) << WORD_BYTES_SHIFT);
}

/**
 * Word i of the starts s where cells [s, s+b) may be filled and cell s+b may be empty, from
 * a runs table (built) at `base` = runsFor(table, b), extra = b minus the largest power of two in it.
 */
// @ts-ignore: decorator
@inline function fitWord(base: usize, extra: i32, b: i32, canEmpty: usize, pw: i32, i: i32): Word {
  let v = loadWordAt(base, i);
  if (extra > 0) v &= shrAll(base, i, extra, pw);
  return v & shrAll(canEmpty, i, b, pw);
}

/**
 * The forward sets A[0..k] (see the top of the file) into `out`, row j at word j * pw, with
 * each row's word range in rowLo / rowHi. A row only spans the positions its blocks can
 * reach from the left, up to the first cell that must be filled.
 */
function forwardWords(clue: usize, step: i32, k: i32, n: i32, pw: i32, canEmpty: usize, runsTable: usize, out: usize, top: i32, rowLo: usize, rowHi: usize): bool {
  buildRunsWords(runsTable, top, pw);
  const t = scratchA;
  shiftLeft(t, canEmpty, 1, pw);
  const fit = scratchB;
  const placed = scratchD;
  storeWordAt(placed, 0, 1);
  // Row j can only hold positions p from which the blocks j.. still fit into the line with
  // the empty cell after each: p <= n + 1 - need, need = the sum of (b + 1) over them.
  let need = 0;
  for (let j = 0; j < k; j++) need += blockAt(clue, step, j) + 1;
  let lo = 0;
  let hi = need > n + 1 ? -1 : floodRange(out, placed, 0, 0, t, (n + 1 - need) >>> WORD_SHIFT);
  store32At(rowLo, 0, lo);
  store32At(rowHi, 0, hi);
  for (let j = 0; j < k; j++) {
    const b = blockAt(clue, step, j);
    need -= b + 1;
    const base = out + (<usize>(j * pw) << WORD_BYTES_SHIFT);
    const runs = runsFor(runsTable, b, pw);
    const extra = b - (1 << log2Floor(b));
    let fitLo = pw;
    let fitHi = -1;
    for (let i = lo; i <= hi; i++) {
      const v = loadWordAt(base, i) & fitWord(runs, extra, b, canEmpty, pw, i);
      storeWordAt(fit, i, v);
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
    const pHi = mini(fitHi + (s >>> WORD_SHIFT) + 1, pw - 1);
    let nLo = pw;
    let nHi = -1;
    for (let i = fitLo + (s >>> WORD_SHIFT); i <= pHi; i++) {
      const v = shlIn(fit, i, s, fitLo, fitHi);
      storeWordAt(placed, i, v);
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
      hi = floodRange(out + (<usize>((j + 1) * pw) << WORD_BYTES_SHIFT), placed, nLo, nHi, t, (n + 1 - need) >>> WORD_SHIFT);
    }
    store32At(rowLo, j + 1, lo);
    store32At(rowHi, j + 1, hi);
  }
  const w = (n + 1) >>> WORD_SHIFT;
  return w >= lo && w <= hi && ((loadWordAt(out, k * pw + w) >>> ((n + 1) & WORD_MASK)) & 1) == 1;
}

/** Set bits [from, to) of arr (to > from). */
function markWords(arr: usize, from: i32, to: i32): void {
  const first = from >>> WORD_SHIFT;
  const last = (to - 1) >>> WORD_SHIFT;
  const ones: Word = -1;
  for (let w = first; w <= last; w++) {
    let m = ones;
    if (w == first) m &= ones << (from & WORD_MASK);
    if (w == last) m &= ones >>> (WORD_MASK - ((to - 1) & WORD_MASK));
    storeWordAt(arr, w, loadWordAt(arr, w) | m);
  }
}

/**
 * arr |= the cells [s, s + b) of every start s in `starts` (words [lo, hi]). A run of
 * consecutive starts covers one stretch, so the cost is that of its runs and the words they
 * cover, not of a shift per power of two in b.
 */
function coverStarts(arr: usize, starts: usize, lo: i32, hi: i32, b: i32): void {
  let covered = 0;
  for (let i = lo; i <= hi; i++) {
    let x = loadWordAt(starts, i);
    while (x != 0) {
      const low = ctzWord(x);
      const run = ctzWord(~(x >>> low));
      // Turn the run off: the addition carries through it.
      x &= (x | (x - 1)) + 1;
      const from = (i << WORD_SHIFT) + low;
      const to = from + run - 1 + b;
      if (to > covered) markWords(arr, maxi(from, covered), to);
      covered = to;
    }
  }
}

/**
 * Solve a line of any length up to the set-up maximum. Known cells at `filled` / `empty`
 * (ceil(n/32) words each); forced cells written to `outFilled` / `outEmpty`.
 */
export function solveWords(clue: usize, k: i32, n: i32, filled: usize, empty: usize, outFilled: usize, outEmpty: usize): bool {
  const pw = (n + 2 + WORD_MASK) >>> WORD_SHIFT;
  const lw = (n + 31) >>> 5;
  // The cells that may be filled are level 0 of the runs tables.
  const canFill = runsW;
  const canEmpty = canEmptyW;
  const canFillR = runsRW;
  const canEmptyR = canEmptyRW;
  const real = realW;
  for (let i = 0; i < pw; i++) {
    const bits = n - WORD_BITS * i;
    storeWordAt(real, i, bits >= WORD_BITS ? -1 : bits <= 0 ? 0 : (<Word>1 << bits) - 1);
  }
  for (let i = 0; i < pw; i++) {
    const f = lineWord(filled, i, lw);
    const e = lineWord(empty, i, lw);
    storeWordAt(canFill, i, ~e & loadWordAt(real, i));
    storeWordAt(canEmpty, i, ~f & loadWordAt(real, i));
  }
  reverseBits(canFillR, canFill, pw, n);
  reverseBits(canEmptyR, canEmpty, pw, n);
  // Position n, past the line, may be empty: the last block may end at the line's end.
  const past: Word = <Word>1 << (n & WORD_MASK);
  storeWordAt(canEmpty, n >>> WORD_SHIFT, loadWordAt(canEmpty, n >>> WORD_SHIFT) | past);
  storeWordAt(canEmptyR, n >>> WORD_SHIFT, loadWordAt(canEmptyR, n >>> WORD_SHIFT) | past);

  let maxBlock = 1;
  for (let j = 0; j < k; j++) {
    const b = load32At(clue, j);
    if (b > maxBlock) maxBlock = b;
  }
  const top = log2Floor(maxBlock);
  if (!forwardWords(clue, 4, k, n, pw, canEmpty, runsW, fwdW, top, fwdLo, fwdHi)) return false;
  // The same from the other end, on the reversed line.
  forwardWords(clue + (<usize>(k - 1) << 2), -4, k, n, pw, canEmptyR, runsRW, bwdW, top, bwdLo, bwdHi);

  const mayEmpty = scratchA;
  const mayFill = scratchB;
  const bj = scratchC;
  const work = scratchD;
  fill(mayEmpty, 0, <usize>pw << WORD_BYTES_SHIFT);
  fill(mayFill, 0, <usize>pw << WORD_BYTES_SHIFT);
  const rowBytes = <usize>pw << WORD_BYTES_SHIFT;
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
      for (let i = maxi(aLo, jLo - ((b + WORD_MASK) >>> WORD_SHIFT)), end = mini(aHi, jHi - (b >>> WORD_SHIFT)); i <= end; i++) {
        const v = loadWordAt(prev, i) & fitWord(runs, extra, b, canEmpty, pw, i) & shrIn(bj, i, b, jLo, jHi);
        storeWordAt(work, i, v);
        if (v != 0) {
          if (wHi < 0) wLo = i;
          wHi = i;
        }
      }
      if (wHi >= 0) coverStarts(mayFill, work, wLo, wHi, b);
    }
    // A cell may be empty where the first j blocks end left of it and the rest fit right of
    // it: (A[j] >>> 1) & reversed B[k - j], over the words both can reach.
    aLo = load32At(fwdLo, j);
    aHi = load32At(fwdHi, j);
    const row = fwdW + <usize>j * rowBytes;
    for (let i = maxi(jLo, aLo - 1), end = mini(jHi, aHi); i <= end; i++) {
      storeWordAt(mayEmpty, i, loadWordAt(mayEmpty, i) | (shrIn(row, i, 1, aLo, aHi) & loadWordAt(bj, i)));
    }
  }
  for (let i = 0, words = (n + WORD_MASK) >>> WORD_SHIFT; i < words; i++) {
    storeLineWord(outFilled, i, lw, loadWordAt(real, i) & ~loadWordAt(mayEmpty, i));
    storeLineWord(outEmpty, i, lw, loadWordAt(real, i) & ~loadWordAt(mayFill, i));
  }
  return true;
}
