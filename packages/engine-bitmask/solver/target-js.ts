// The JavaScript side of `solver-target`: what the one source of the solver needs from its
// target, for the bitmask engine. Memory is one ArrayBuffer seen through typed arrays,
// addressed in bytes like WebAssembly's linear memory. It never moves: the instance
// reserves its whole limit at once (the pages stay virtual until written), so that the
// build may keep the views in locals (scripts/build-solver.mjs). The arena is a bump
// allocator over it. Lines of 31 to 62 cells go on two 32-bit words (word-pair.ts):
// JavaScript has no fast 64-bit integers. The WebAssembly side is
// engine-wasm/assembly/lib/solver-target/. Each createSolver() instance has its own state of
// this module (its variables are swapped in when the instance is called), so its own memory.

import { pairEmptyHi, pairEmptyLo, pairFilledHi, pairFilledLo, reverse32, setupWordPair, solveWordPair } from './word-pair';

export { reverse32 };

/** Node and browsers both have it; the lib of this build (ES2022) does not declare it. */
declare const performance: { now(): number };

const PAGE = 65536;
/** Memory of an instance before the host sets its limit (the line solver's own tests use it so). */
const DEFAULT_BYTES = 1 << 20;
/** Copies and fills up to this size, aligned, are done word by word. */
const SMALL_BYTES = 64;
/** Address 0 stays unused, so 0 can mean "no buffer" as in WebAssembly. */
const ARENA_START = 8;

let buffer = new ArrayBuffer(PAGE);
let h8 = new Uint8Array(buffer);
let h16 = new Uint16Array(buffer);
let h32 = new Int32Array(buffer);
let h64 = new Float64Array(buffer);
let top = ARENA_START;
/** Bytes from here on were never written since the buffer was made: still zero. */
let clean = ARENA_START;

/** Set once an allocation failed: the solve must report a memory limit. */
export let outOfMemory = false;

export function load32(p: number): number {
  return h32[p >>> 2]!;
}

export function store32(p: number, v: number): void {
  h32[p >>> 2] = v;
}

/** The i32 at index `i` of the array at `base`. */
export function load32At(base: number, i: number): number {
  return h32[(base >>> 2) + i]!;
}

export function store32At(base: number, i: number, v: number): void {
  h32[(base >>> 2) + i] = v;
}

/** The f64 at index `i` of the array at `base` (8-aligned). */
export function loadF64At(base: number, i: number): number {
  return h64[(base >>> 3) + i]!;
}

export function storeF64At(base: number, i: number, v: number): void {
  h64[(base >>> 3) + i] = v;
}

export function load16(p: number): number {
  return h16[p >>> 1]!;
}

export function store16(p: number, v: number): void {
  h16[p >>> 1] = v;
}

export function loadF64(p: number): number {
  return h64[p >>> 3]!;
}

export function storeF64(p: number, v: number): void {
  h64[p >>> 3] = v;
}

/** Move the two words at `from` to `to` (a watch's clause and blocker). */
export function copy64(to: number, from: number): void {
  h32[to >>> 2] = h32[from >>> 2]!;
  h32[(to >>> 2) + 1] = h32[(from >>> 2) + 1]!;
}

/** Copy `bytes` bytes from `from` to `to` (the ranges may overlap). */
export function copy(to: number, from: number, bytes: number): void {
  // A few aligned words (a line's masks, a cached result): a loop beats the call into copyWithin.
  if (bytes <= 0) return;
  if (bytes <= SMALL_BYTES && ((to | from | bytes) & 3) === 0) {
    const t = to >>> 2;
    const f = from >>> 2;
    const n = bytes >>> 2;
    if (t <= f) for (let i = 0; i < n; i++) h32[t + i] = h32[f + i]!;
    else for (let i = n - 1; i >= 0; i--) h32[t + i] = h32[f + i]!;
    return;
  }
  h8.copyWithin(to, from, from + bytes);
}

export function load8(p: number): number {
  return h8[p]!;
}

export function store8(p: number, v: number): void {
  h8[p] = v;
}

/** Set `bytes` bytes from `p` to `value`. */
export function fill(p: number, value: number, bytes: number): void {
  if (bytes <= SMALL_BYTES && ((p | bytes) & 3) === 0) {
    const v = Math.imul(value & 0xff, 0x01010101);
    for (let i = p >>> 2, end = (p + bytes) >>> 2; i < end; i++) h32[i] = v;
    return;
  }
  h8.fill(value, p, p + bytes);
}

export function clz32(x: number): number {
  return Math.clz32(x);
}

/** i32 product, wrapping. */
export function mul32(a: number, b: number): number {
  return Math.imul(a, b);
}

export function mini(a: number, b: number): number {
  return a < b ? a : b;
}

export function maxi(a: number, b: number): number {
  return a > b ? a : b;
}

/** Milliseconds, for the time slices and the limit. */
export function now(): number {
  return performance.now();
}

let solutionHandler: (ptr: number, length: number) => number = () => 0;

/** Where the solver's solutions go: the host's handler answers 1 once it has enough. */
export function setSolutionHandler(handler: (ptr: number, length: number) => number): void {
  solutionHandler = handler;
}

/** A complete grid at `ptr` (`length` bytes, 0 or 1 each); 1 when the solution limit is reached. */
export function hostSolution(ptr: number, length: number): number {
  return solutionHandler(ptr, length);
}

export function ctz32(x: number): number {
  return x === 0 ? 32 : 31 - Math.clz32(x & -x);
}

/** The word of the multi-word line solver (line-words.ts): 32 bits, the board's own. */
export type Word = number;
export const WORD_BITS = 32;
/** log2(WORD_BITS). */
export const WORD_SHIFT = 5;
/** WORD_BITS - 1: a bit's index within its word. */
export const WORD_MASK = 31;
/** log2 of the bytes in a word. */
export const WORD_BYTES_SHIFT = 2;

export function loadWordAt(base: number, i: number): number {
  return h32[(base >>> 2) + i]!;
}

export function storeWordAt(base: number, i: number, v: number): void {
  h32[(base >>> 2) + i] = v;
}

/** The number of zero bits below the lowest set bit (32 for 0). */
export function ctzWord(x: number): number {
  return ctz32(x);
}

/** a < b as unsigned 32-bit words. */
export function belowWord(a: number, b: number): boolean {
  return (a ^ 0x80000000) < (b ^ 0x80000000);
}

/** The 32 bits of x in reverse order. */
export function reverseWord(x: number): number {
  return reverse32(x);
}

/** Word i of a line held as `lw` 32-bit words at p (zero past them). */
export function lineWord(p: number, i: number, lw: number): number {
  return i < lw ? h32[(p >>> 2) + i]! : 0;
}

/** Store word i of a line held as `lw` 32-bit words at p. */
export function storeLineWord(p: number, i: number, _lw: number, v: number): void {
  h32[(p >>> 2) + i] = v;
}

/**
 * Lines of up to 62 cells take two 32-bit words (word-pair.ts), JavaScript having no fast
 * 64-bit integers; longer ones the multi-word solver.
 */
export const WORD64_LIMIT = 62;
/**
 * Whether the propagator hands such lines over whole (solveWord64To) rather than trimmed of
 * their settled ends first (solveTrimmed, then solveWord64In): on two words either way took
 * the same time over the webpbn and extra puzzles with lines of 31 to 62 cells.
 */
export const WORD64_UNTRIMMED = false;

export function setupWord64(blocks: number): boolean {
  setupWordPair(blocks);
  return true;
}

/** A line of up to 62 cells whose known cells are the two words at `filled` / `empty`; the forced cells written back there. */
export function solveWord64In(clue: number, k: number, n: number, filled: number, empty: number): boolean {
  const f = filled >>> 2;
  const e = empty >>> 2;
  if (!solveWordPair(h32, clue >>> 2, k, n, h32[f]!, h32[f + 1]!, h32[e]!, h32[e + 1]!)) return false;
  h32[f] = pairFilledLo;
  h32[f + 1] = pairFilledHi;
  h32[e] = pairEmptyLo;
  h32[e + 1] = pairEmptyHi;
  return true;
}

/** Not called: the propagator hands every line to solveTrimmed here (WORD64_UNTRIMMED). */
export function solveWord64To(_clue: number, _k: number, _n: number, _filled: number, _empty: number, _words: number, _outFilled: number, _outEmpty: number): boolean {
  throw new Error('solver-target: JavaScript lines are trimmed before the two-word path');
}

/** A new, empty memory of `bytes` bytes (at most 2^31). */
function useBuffer(bytes: number): void {
  buffer = new ArrayBuffer(bytes);
  h8 = new Uint8Array(buffer);
  h16 = new Uint16Array(buffer);
  h32 = new Int32Array(buffer);
  h64 = new Float64Array(buffer);
  top = ARENA_START;
  clean = ARENA_START;
  outOfMemory = false;
}

/** A new, empty memory of the default size and default settings: the start of a new instance's state. */
export function freshMemory(): void {
  useBuffer(DEFAULT_BYTES);
  solutionHandler = () => 0;
}

/**
 * Give the instance a new, empty memory of `bytes` bytes (at most 2^31), reserved at once;
 * where the host refuses that much, half as much, and so on down to the default. Every
 * earlier allocation is gone. Returns the size it got.
 */
export function setMemoryLimit(bytes: number): number {
  let size = Math.max(DEFAULT_BYTES, Math.floor(Math.min(bytes, 2 ** 31) / 8) * 8);
  for (;;) {
    try {
      useBuffer(size);
      return size;
    } catch (error) {
      if (!(error instanceof RangeError) || size <= DEFAULT_BYTES) throw error;
      size = Math.max(DEFAULT_BYTES, Math.floor(size / 16) * 8);
    }
  }
}

/** The memory (the same buffer until the next `setMemoryLimit`). */
export function memoryBuffer(): ArrayBuffer {
  return buffer;
}

/** Rewind the allocator: everything allocated before is gone. */
export function resetArena(): void {
  top = ARENA_START;
  outOfMemory = false;
}

/** Forget a failed optional allocation. */
export function clearOutOfMemory(): void {
  outOfMemory = false;
}

/** A zeroed buffer of `bytes` bytes (8-byte aligned), or 0 (and `outOfMemory`) when the memory cannot hold it. */
export function tryAlloc(bytes: number): number {
  if (outOfMemory) return 0;
  // As in WebAssembly: no single buffer of a gigabyte or more (sizes past 2^31 would wrap in i32).
  if (!(bytes >= 0 && bytes <= 0x3fff0000)) {
    outOfMemory = true;
    return 0;
  }
  const p = top;
  const end = p + ((Math.max(bytes, 4) + 7) & ~7);
  if (end > buffer.byteLength) {
    outOfMemory = true;
    return 0;
  }
  // Only what an earlier solve wrote needs zeroing; untouched pages stay unwritten.
  if (p < clean) h8.fill(0, p, Math.min(end, clean));
  if (end > clean) clean = end;
  top = end;
  return p;
}

/** Whether `bytes` more bytes fit under the limit. */
export function reserve(bytes: number): boolean {
  return top + bytes + 64 <= buffer.byteLength;
}

/** `bytes` bytes for the SAT solver, or 0 when the limit cannot hold them (no `outOfMemory`: the solver keeps its own flag). */
export function satAlloc(bytes: number): number {
  if (!(bytes >= 0 && bytes < 2 ** 30)) return 0;
  const failedBefore = outOfMemory;
  outOfMemory = false;
  const p = tryAlloc(bytes);
  outOfMemory = failedBefore;
  return p;
}

/** A copy of a satAlloc block grown to `newBytes` (the old block stays behind), or 0. */
export function regrow(ptr: number, oldBytes: number, newBytes: number): number {
  const grown = satAlloc(newBytes);
  if (grown !== 0) copy(grown, ptr, Math.min(oldBytes, newBytes));
  return grown;
}
