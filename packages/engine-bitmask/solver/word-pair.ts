// Lines of 31 to 62 cells for the JavaScript target, on two 32-bit words: the one-word line
// solver of line-solver.ts with its position sets (positions 0..n+1, at most 64) held as
// (low, high) pairs of int32, since JavaScript has no fast 64-bit integers. The WebAssembly
// target runs the same steps on i64 (engine-wasm's solver-target/word64.ts). The multi-word
// solver (line-words.ts) answers the same but keeps word ranges that a two-word line does
// not repay. Only target-js.ts uses this file.

/** The pair the last shift, flood or reversal made. */
let pairLo = 0;
let pairHi = 0;

// Per block row (k + 1 rows): the forward and backward position sets.
let fwdLo = new Int32Array(1);
let fwdHi = new Int32Array(1);
let bwdLo = new Int32Array(1);
let bwdHi = new Int32Array(1);
// runs[l] bit s: cells [s, s + 2^l) may all be filled, of the line and of the reversed line.
const runsFLo = new Int32Array(64);
const runsFHi = new Int32Array(64);
const runsRLo = new Int32Array(64);
const runsRHi = new Int32Array(64);

/** The forced cells of the last successful solveWordPair. */
export let pairFilledLo = 0;
export let pairFilledHi = 0;
export let pairEmptyLo = 0;
export let pairEmptyHi = 0;

/** Rows for clues of up to `blocks` blocks. */
export function setupWordPair(blocks: number): void {
  if (fwdLo.length >= blocks + 1) return;
  fwdLo = new Int32Array(blocks + 1);
  fwdHi = new Int32Array(blocks + 1);
  bwdLo = new Int32Array(blocks + 1);
  bwdHi = new Int32Array(blocks + 1);
}

/** (lo, hi) << s, s from 0 to 63. */
function shl(lo: number, hi: number, s: number): void {
  if (s === 0) {
    pairLo = lo;
    pairHi = hi;
  } else if (s < 32) {
    pairHi = (hi << s) | (lo >>> (32 - s));
    pairLo = lo << s;
  } else {
    pairHi = lo << (s - 32);
    pairLo = 0;
  }
}

/** (lo, hi) >>> s (logical), s from 0 to 63. */
function shr(lo: number, hi: number, s: number): void {
  if (s === 0) {
    pairLo = lo;
    pairHi = hi;
  } else if (s < 32) {
    pairLo = (lo >>> s) | (hi << (32 - s));
    pairHi = hi >>> s;
  } else {
    pairLo = hi >>> (s - 32);
    pairHi = 0;
  }
}

/** The 32 bits of x in reverse order (also the JavaScript target's `reverse32`). */
export function reverse32(x: number): number {
  x = ((x >>> 1) & 0x55555555) | ((x & 0x55555555) << 1);
  x = ((x >>> 2) & 0x33333333) | ((x & 0x33333333) << 2);
  x = ((x >>> 4) & 0x0f0f0f0f) | ((x & 0x0f0f0f0f) << 4);
  return (x << 24) | ((x & 0xff00) << 8) | ((x >>> 8) & 0xff00) | (x >>> 24);
}

/** The 64 bits of (lo, hi) reversed, then >>> s. */
function reverseShr(lo: number, hi: number, s: number): void {
  shr(reverse32(hi), reverse32(lo), s);
}

/** Positions reachable from the seeds x by steps into t (line-solver.ts's floodWord, the addition carrying from low to high). */
function flood(xLo: number, xHi: number, tLo: number, tHi: number): void {
  const mLo = tLo | xLo;
  const mHi = tHi | xHi;
  const freeLo = mLo & ~xLo;
  const freeHi = mHi & ~xHi;
  const startsLo = mLo & ~(mLo << 1);
  const startsHi = mHi & ~((mHi << 1) | (mLo >>> 31));
  const low = (freeLo >>> 0) + (startsLo >>> 0);
  const sumLo = low | 0;
  const sumHi = (freeHi + startsHi + (low > 0xffffffff ? 1 : 0)) | 0;
  pairLo = mLo & ~((sumLo ^ freeLo) & freeLo);
  pairHi = mHi & ~((sumHi ^ freeHi) & freeHi);
}

function buildRuns(lo: Int32Array, hi: Int32Array, canFillLo: number, canFillHi: number, top: number): void {
  let pLo = canFillLo;
  let pHi = canFillHi;
  lo[0] = pLo;
  hi[0] = pHi;
  for (let l = 1; l <= top; l++) {
    shr(pLo, pHi, 1 << (l - 1));
    pLo &= pairLo;
    pHi &= pairHi;
    lo[l] = pLo;
    hi[l] = pHi;
  }
}

/** Starts s where cells [s, s + b) may be filled and cell s + b may be empty, into the pair. */
function fits(runsLo: Int32Array, runsHi: Int32Array, b: number, canEmptyLo: number, canEmptyHi: number): void {
  const level = 31 - Math.clz32(b);
  let fLo = runsLo[level]!;
  let fHi = runsHi[level]!;
  const extra = b - (1 << level);
  if (extra > 0) {
    shr(fLo, fHi, extra);
    fLo &= pairLo;
    fHi &= pairHi;
  }
  shr(canEmptyLo, canEmptyHi, b);
  pairLo &= fLo;
  pairHi &= fHi;
}

/** The forward sets (line-solver.ts's forwardWord) for the blocks at h32[clue], h32[clue + step], ... */
function forward(h32: Int32Array, clue: number, step: number, k: number, n: number, canEmptyLo: number, canEmptyHi: number, outLo: Int32Array, outHi: Int32Array, runsLo: Int32Array, runsHi: Int32Array): boolean {
  shl(canEmptyLo, canEmptyHi, 1);
  const tLo = pairLo;
  const tHi = pairHi;
  flood(1, 0, tLo, tHi);
  let aLo = pairLo;
  let aHi = pairHi;
  outLo[0] = aLo;
  outHi[0] = aHi;
  for (let j = 0; j < k; j++) {
    const b = h32[clue + j * step]!;
    fits(runsLo, runsHi, b, canEmptyLo, canEmptyHi);
    const placedLo = aLo & pairLo;
    const placedHi = aHi & pairHi;
    if ((placedLo | placedHi) === 0) return false;
    shl(placedLo, placedHi, b + 1);
    flood(pairLo, pairHi, tLo, tHi);
    aLo = pairLo;
    aHi = pairHi;
    outLo[j + 1] = aLo;
    outHi[j + 1] = aHi;
  }
  const p = n + 1;
  return ((p < 32 ? aLo >>> p : aHi >>> (p - 32)) & 1) === 1;
}

/**
 * Solve a line of 1..62 cells with known cells (filledLo, filledHi) / (emptyLo, emptyHi) and
 * the k blocks of its clue at h32[clue..]. False for a contradiction; otherwise the forced
 * cells are in pairFilled* / pairEmpty*.
 */
export function solveWordPair(h32: Int32Array, clue: number, k: number, n: number, filledLo: number, filledHi: number, emptyLo: number, emptyHi: number): boolean {
  const realLo = n >= 32 ? -1 : (1 << n) - 1;
  const realHi = n <= 32 ? 0 : n >= 64 ? -1 : (1 << (n - 32)) - 1;
  const canFillLo = ~emptyLo & realLo;
  const canFillHi = ~emptyHi & realHi;
  let canEmptyLo = ~filledLo & realLo;
  let canEmptyHi = ~filledHi & realHi;
  const nLo = n < 32 ? 1 << n : 0;
  const nHi = n < 32 ? 0 : 1 << (n - 32);
  canEmptyLo |= nLo;
  canEmptyHi |= nHi;
  let maxBlock = 1;
  for (let j = 0; j < k; j++) maxBlock = Math.max(maxBlock, h32[clue + j]!);
  const top = 31 - Math.clz32(maxBlock);
  buildRuns(runsFLo, runsFHi, canFillLo, canFillHi, top);
  if (!forward(h32, clue, 1, k, n, canEmptyLo, canEmptyHi, fwdLo, fwdHi, runsFLo, runsFHi)) return false;

  // The same from the other end, on the reversed line and clue.
  const shift = 64 - n;
  reverseShr(canFillLo, canFillHi, shift);
  const canFillRLo = pairLo;
  const canFillRHi = pairHi;
  reverseShr(canEmptyLo & realLo, canEmptyHi & realHi, shift);
  const canEmptyRLo = pairLo | nLo;
  const canEmptyRHi = pairHi | nHi;
  buildRuns(runsRLo, runsRHi, canFillRLo, canFillRHi, top);
  forward(h32, clue + k - 1, -1, k, n, canEmptyRLo, canEmptyRHi, bwdLo, bwdHi, runsRLo, runsRHi);

  // A cell may be empty where the first j blocks end left of it and the rest fit right of
  // it; block j may start at s when both sides allow it and it fits there.
  const posShift = 63 - n;
  shr(fwdLo[0]!, fwdHi[0]!, 1);
  const firstLo = pairLo;
  const firstHi = pairHi;
  reverseShr(bwdLo[k]!, bwdHi[k]!, posShift);
  let mayEmptyLo = firstLo & pairLo;
  let mayEmptyHi = firstHi & pairHi;
  let mayFillLo = 0;
  let mayFillHi = 0;
  for (let j = 1; j <= k; j++) {
    const b = h32[clue + j - 1]!;
    reverseShr(bwdLo[k - j]!, bwdHi[k - j]!, posShift);
    const bjLo = pairLo;
    const bjHi = pairHi;
    fits(runsFLo, runsFHi, b, canEmptyLo, canEmptyHi);
    let startsLo = fwdLo[j - 1]! & pairLo;
    let startsHi = fwdHi[j - 1]! & pairHi;
    shr(bjLo, bjHi, b);
    startsLo &= pairLo;
    startsHi &= pairHi;
    let len = 1;
    while (len * 2 <= b) {
      shl(startsLo, startsHi, len);
      startsLo |= pairLo;
      startsHi |= pairHi;
      len *= 2;
    }
    if (b > len) {
      shl(startsLo, startsHi, b - len);
      startsLo |= pairLo;
      startsHi |= pairHi;
    }
    mayFillLo |= startsLo;
    mayFillHi |= startsHi;
    shr(fwdLo[j]!, fwdHi[j]!, 1);
    mayEmptyLo |= pairLo & bjLo;
    mayEmptyHi |= pairHi & bjHi;
  }
  pairFilledLo = realLo & ~mayEmptyLo;
  pairFilledHi = realHi & ~mayEmptyHi;
  pairEmptyLo = realLo & ~mayFillLo;
  pairEmptyHi = realHi & ~mayFillHi;
  return true;
}
