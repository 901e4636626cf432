// Lines of 31 to 62 cells on one 64-bit word: the line solver of
// @gridrace/engine-bitmask/solver/line-solver.ts on i64, which WebAssembly has and
// JavaScript has not at speed (the JavaScript target does the same on pairs of 32-bit
// words, engine-bitmask/solver/word-pair.ts). The answers are the same, the line solver
// being exact.
import { blockAt, log2Floor } from '@gridrace/engine-bitmask/solver/line-solver';
import { tryAlloc } from './arena';
import { reverseWord } from './line-word';

/** Longest line solved in one 64-bit word (positions 0..n+1 must fit). */
export const WORD64_LIMIT: i32 = 62;
/** The propagator hands such lines over whole: on i64 the trimming of settled ends costs more than it saves. */
export const WORD64_UNTRIMMED: bool = true;

/** Results of the last successful `solveWord64`. */
export let outFilled64: i64 = 0;
export let outEmpty64: i64 = 0;

let fwd64: usize = 0;
let bwd64: usize = 0;
let runs64F: usize = 0;
let runs64R: usize = 0;

/** The 64-bit scratch for clues of up to `blocks` blocks. False when out of memory. */
export function setupWord64(blocks: i32): bool {
  fwd64 = tryAlloc(<usize>(blocks + 1) << 3);
  bwd64 = tryAlloc(<usize>(blocks + 1) << 3);
  runs64F = tryAlloc(64 << 3);
  runs64R = tryAlloc(64 << 3);
  return runs64R != 0;
}

// @ts-ignore: decorator
@inline function ld(p: usize, i: i32): i32 {
  return load<i32>(p + (<usize>i << 2));
}
// @ts-ignore: decorator
@inline function floodWord64(x: i64, t: i64): i64 {
  const m = t | x;
  const free = m & ~x;
  const starts = m & ~(m << 1);
  const unreached = ((free + starts) ^ free) & free;
  return m & ~unreached;
}

// @ts-ignore: decorator
@inline function ld64(p: usize, i: i32): i64 {
  return load<i64>(p + (<usize>i << 3));
}

// @ts-ignore: decorator
@inline function st64(p: usize, i: i32, v: i64): void {
  store<i64>(p + (<usize>i << 3), v);
}

function buildRuns64(runs: usize, canFill: i64, top: i32): void {
  store<i64>(runs, canFill);
  let prev = canFill;
  for (let l = 1; l <= top; l++) {
    prev = prev & (prev >>> (<i64>1 << (l - 1)));
    st64(runs, l, prev);
  }
}

function forward64(clue: usize, step: i32, k: i32, n: i32, canEmpty: i64, out: usize, runs: usize): bool {
  const t = canEmpty << 1;
  let a = floodWord64(1, t);
  store<i64>(out, a);
  for (let j = 0; j < k; j++) {
    const b = blockAt(clue, step, j);
    const level = log2Floor(b);
    let fit = ld64(runs, level);
    const extra = b - (1 << level);
    if (extra > 0) fit &= fit >>> extra;
    fit &= canEmpty >>> b;
    const placed = a & fit;
    if (placed == 0) {
      for (let r = j + 1; r <= k; r++) st64(out, r, 0);
      return false;
    }
    a = floodWord64(placed << (b + 1), t);
    st64(out, j + 1, a);
  }
  return ((a >>> (n + 1)) & 1) == 1;
}

/** `solveWord` for lines of 1..62 cells on 64-bit words; results in `outFilled64` / `outEmpty64`. */
export function solveWord64(clue: usize, k: i32, n: i32, filled: i64, empty: i64): bool {
  const real = (<i64>1 << n) - 1;
  const canFill = ~empty & real;
  const canEmpty = (~filled & real) | (<i64>1 << n);
  let maxBlock = 1;
  for (let j = 0; j < k; j++) {
    const b = ld(clue, j);
    if (b > maxBlock) maxBlock = b;
  }
  const top = log2Floor(maxBlock);
  buildRuns64(runs64F, canFill, top);
  if (!forward64(clue, 4, k, n, canEmpty, fwd64, runs64F)) return false;

  const shift = 64 - n;
  const canFillR = <i64>(<u64>reverseWord(canFill) >> shift);
  const canEmptyR = <i64>(<u64>reverseWord(canEmpty & real) >> shift) | (<i64>1 << n);
  buildRuns64(runs64R, canFillR, top);
  forward64(clue + (<usize>(k - 1) << 2), -4, k, n, canEmptyR, bwd64, runs64R);

  const runs = runs64F;
  const posShift = 63 - n;
  let mayEmpty: i64 = (load<i64>(fwd64) >>> 1) & (reverseWord(ld64(bwd64, k)) >>> posShift);
  let mayFill: i64 = 0;
  for (let j = 1; j <= k; j++) {
    const b = ld(clue, j - 1);
    const bj = reverseWord(ld64(bwd64, k - j)) >>> posShift;
    const level = log2Floor(b);
    let fit = ld64(runs, level);
    const extra = b - (1 << level);
    if (extra > 0) fit &= fit >>> extra;
    fit &= canEmpty >>> b;
    let starts = ld64(fwd64, j - 1) & fit & (bj >>> b);
    let len = 1;
    while (len * 2 <= b) {
      starts |= starts << len;
      len *= 2;
    }
    if (b > len) starts |= starts << (b - len);
    mayFill |= starts;
    mayEmpty |= (ld64(fwd64, j) >>> 1) & bj;
  }
  outFilled64 = real & ~mayEmpty;
  outEmpty64 = real & ~mayFill;
  return true;
}


/** `solveWord64` on the two words at `filled` / `empty`, the forced cells written back there. */
export function solveWord64In(clue: usize, k: i32, n: i32, filled: usize, empty: usize): bool {
  if (!solveWord64(clue, k, n, load<i64>(filled), load<i64>(empty))) return false;
  store<i64>(filled, outFilled64);
  store<i64>(empty, outEmpty64);
  return true;
}

/**
 * The propagator's entry for lines of 31 to 62 cells: the line's masks are `words` (1 or 2)
 * words at `filled` / `empty`, the forced cells go to as many words at `outFilled` /
 * `outEmpty`. False for a contradiction.
 */
export function solveWord64To(clue: usize, k: i32, n: i32, filled: usize, empty: usize, words: i32, outFilled: usize, outEmpty: usize): bool {
  const f: i64 = words == 1 ? <i64><u32>load<i32>(filled) : load<i64>(filled);
  const e: i64 = words == 1 ? <i64><u32>load<i32>(empty) : load<i64>(empty);
  if (!solveWord64(clue, k, n, f, e)) return false;
  store<i32>(outFilled, <i32>outFilled64);
  store<i32>(outEmpty, <i32>outEmpty64);
  if (words == 2) {
    store<i32>(outFilled, <i32>(outFilled64 >>> 32), 4);
    store<i32>(outEmpty, <i32>(outEmpty64 >>> 32), 4);
  }
  return true;
}
