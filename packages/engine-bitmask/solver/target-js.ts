// The JavaScript side of `solver-target`: what the one source of the solver needs from its
// target, for the bitmask engine. Memory is one ArrayBuffer seen through typed arrays,
// addressed in bytes like WebAssembly's linear memory; it grows by moving to a larger
// buffer. The arena is a bump allocator over it. No 64-bit line path (WORD64_LIMIT 0):
// JavaScript has no fast 64-bit integers. The WebAssembly side is
// engine-wasm/assembly/lib/solver-target/. Each createSolver() instance has its own state of
// this module (its variables are swapped in when the instance is called), so its own memory.

/** Node and browsers both have it; the lib of this build (ES2022) does not declare it. */
declare const performance: { now(): number };

const PAGE = 65536;
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
let limitBytes = 2 ** 31;

/** Set once an allocation failed: the solve must report a memory limit. */
export let outOfMemory = false;

export function load32(p: number): number {
  return h32[p >>> 2]!;
}

export function store32(p: number, v: number): void {
  h32[p >>> 2] = v;
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

export function bswap32(x: number): number {
  return (x << 24) | ((x & 0xff00) << 8) | ((x >>> 8) & 0xff00) | (x >>> 24);
}

/** No 64-bit path: lines of 31 cells and more take the multi-word one. */
export const WORD64_LIMIT = 0;

export function setupWord64(_blocks: number): boolean {
  return true;
}

export function solveWord64In(_clue: number, _k: number, _n: number, _filled: number, _empty: number): boolean {
  throw new Error('solver-target: no 64-bit line path in JavaScript');
}

export function solveWord64To(_clue: number, _k: number, _n: number, _filled: number, _empty: number, _words: number, _outFilled: number, _outEmpty: number): boolean {
  throw new Error('solver-target: no 64-bit line path in JavaScript');
}

/** A new, empty memory and default settings: the start of a new instance's state. */
export function freshMemory(): void {
  buffer = new ArrayBuffer(PAGE);
  h8 = new Uint8Array(buffer);
  h16 = new Uint16Array(buffer);
  h32 = new Int32Array(buffer);
  h64 = new Float64Array(buffer);
  top = ARENA_START;
  limitBytes = 2 ** 31;
  outOfMemory = false;
  solutionHandler = () => 0;
}

/** The most memory the arena may take, in bytes. */
export function setMemoryLimit(bytes: number): void {
  limitBytes = bytes;
}

/** The memory now; a later allocation may move it (take views after the last one). */
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

/** A zeroed buffer of `bytes` bytes (8-byte aligned), or 0 (and `outOfMemory`) when the limit cannot hold it. */
export function tryAlloc(bytes: number): number {
  if (outOfMemory) return 0;
  const p = top;
  const end = p + ((Math.max(bytes, 4) + 7) & ~7);
  if (end > limitBytes) {
    outOfMemory = true;
    return 0;
  }
  if (end > buffer.byteLength) {
    const next = new ArrayBuffer(Math.min(limitBytes, Math.max(end, 2 * buffer.byteLength)));
    new Uint8Array(next).set(h8.subarray(0, top));
    buffer = next;
    h8 = new Uint8Array(buffer);
    h16 = new Uint16Array(buffer);
    h32 = new Int32Array(buffer);
    h64 = new Float64Array(buffer);
  } else {
    h8.fill(0, p, end);
  }
  top = end;
  return p;
}

/** Whether `bytes` more bytes fit under the limit. */
export function reserve(bytes: number): boolean {
  return top + bytes + 64 <= limitBytes;
}

/** `bytes` bytes for the SAT solver, or 0 when the limit cannot hold them (no `outOfMemory`: the solver keeps its own flag). */
export function satAlloc(bytes: number): number {
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
