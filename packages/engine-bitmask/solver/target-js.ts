// The JavaScript side of `solver-target`: what the one source of the solver needs from its
// target, for the bitmask engine. Memory is one ArrayBuffer seen through typed arrays,
// addressed in bytes like WebAssembly's linear memory; it grows by moving to a larger
// buffer. The arena is a bump allocator over it. No 64-bit line path (WORD64_LIMIT 0):
// JavaScript has no fast 64-bit integers. The WebAssembly side is
// engine-wasm/assembly/lib/solver-target/. Each createSolver() instance has its own copy of
// this module, so its own memory.

const PAGE = 65536;
/** Address 0 stays unused, so 0 can mean "no buffer" as in WebAssembly. */
const ARENA_START = 8;

let buffer = new ArrayBuffer(PAGE);
let h8 = new Uint8Array(buffer);
let h32 = new Int32Array(buffer);
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

export function load8(p: number): number {
  return h8[p]!;
}

export function store8(p: number, v: number): void {
  h8[p] = v;
}

/** Set `bytes` bytes from `p` to `value`. */
export function fill(p: number, value: number, bytes: number): void {
  h8.fill(value, p, p + bytes);
}

export const clz32 = Math.clz32;

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
    h32 = new Int32Array(buffer);
  } else {
    h8.fill(0, p, end);
  }
  top = end;
  return p;
}
