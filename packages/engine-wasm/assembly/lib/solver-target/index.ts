// The WebAssembly side of `solver-target`: what the one source of the solver (in
// @gridrace/engine-bitmask/solver) needs from its target. Memory is the module's linear
// memory, read and written by inlined loads and stores; the arena is the stub runtime's
// bump allocator; lines of 31 to 62 cells get a 64-bit path, and the multi-word line solver
// 64-bit words. The JavaScript side, whose exports are the interface both implement, is
// engine-bitmask/solver/target-js.ts. asc finds this folder through `path` in asconfig.json.
export { clearOutOfMemory, outOfMemory, regrow, reserve, resetArena, satAlloc, tryAlloc } from './arena';
export { WORD64_LIMIT, WORD64_UNTRIMMED, setupWord64, solveWord64In, solveWord64To } from './word64';
export { Word, WORD_BITS, WORD_BYTES_SHIFT, WORD_MASK, WORD_SHIFT, belowWord, ctzWord, lineWord, loadWordAt, reverseWord, storeLineWord, storeWordAt } from './line-word';

/** Milliseconds (performance.now() in the host), for the time slices and the limit. */
@external("env", "now")
export declare function now(): f64;

/** A complete grid at `ptr` (`length` bytes, 0 or 1 each) for the host; 1 when the solution limit is reached. */
@external("env", "solution")
export declare function hostSolution(ptr: usize, length: i32): i32;

// @ts-ignore: decorator
@inline export function load32(p: usize): i32 {
  return load<i32>(p);
}

// @ts-ignore: decorator
@inline export function store32(p: usize, v: i32): void {
  store<i32>(p, v);
}

/** The i32 at index `i` of the array at `base`. */
// @ts-ignore: decorator
@inline export function load32At(base: usize, i: i32): i32 {
  return load<i32>(base + (<usize>i << 2));
}

// @ts-ignore: decorator
@inline export function store32At(base: usize, i: i32, v: i32): void {
  store<i32>(base + (<usize>i << 2), v);
}

/** The f64 at index `i` of the array at `base`. */
// @ts-ignore: decorator
@inline export function loadF64At(base: usize, i: i32): f64 {
  return load<f64>(base + (<usize>i << 3));
}

// @ts-ignore: decorator
@inline export function storeF64At(base: usize, i: i32, v: f64): void {
  store<f64>(base + (<usize>i << 3), v);
}

// @ts-ignore: decorator
@inline export function load16(p: usize): i32 {
  return load<u16>(p);
}

// @ts-ignore: decorator
@inline export function store16(p: usize, v: i32): void {
  store<u16>(p, <u16>v);
}

// @ts-ignore: decorator
@inline export function loadF64(p: usize): f64 {
  return load<f64>(p);
}

// @ts-ignore: decorator
@inline export function storeF64(p: usize, v: f64): void {
  store<f64>(p, v);
}

/** Move the two words at `from` to `to` (a watch's clause and blocker), as one 64-bit load and store. */
// @ts-ignore: decorator
@inline export function copy64(to: usize, from: usize): void {
  store<i64>(to, load<i64>(from));
}

/** Copy `bytes` bytes from `from` to `to` (the ranges may overlap). */
// @ts-ignore: decorator
@inline export function copy(to: usize, from: usize, bytes: usize): void {
  memory.copy(to, from, bytes);
}

// @ts-ignore: decorator
@inline export function load8(p: usize): i32 {
  return load<u8>(p);
}

// @ts-ignore: decorator
@inline export function store8(p: usize, v: i32): void {
  store<u8>(p, <u8>v);
}

/** Set `bytes` bytes from `p` to `value`. */
// @ts-ignore: decorator
@inline export function fill(p: usize, value: i32, bytes: usize): void {
  memory.fill(p, <u8>value, bytes);
}

/** i32 product, wrapping. */
// @ts-ignore: decorator
@inline export function mul32(a: i32, b: i32): i32 {
  return a * b;
}

// @ts-ignore: decorator
@inline export function mini(a: i32, b: i32): i32 {
  return min(a, b);
}

// @ts-ignore: decorator
@inline export function maxi(a: i32, b: i32): i32 {
  return max(a, b);
}

// @ts-ignore: decorator
@inline export function clz32(x: i32): i32 {
  return clz<i32>(x);
}

// @ts-ignore: decorator
@inline export function ctz32(x: i32): i32 {
  return ctz<i32>(x);
}

/** The 32 bits of x in reverse order. */
// @ts-ignore: decorator
@inline export function reverse32(x: i32): i32 {
  x = ((x >>> 1) & 0x55555555) | ((x & 0x55555555) << 1);
  x = ((x >>> 2) & 0x33333333) | ((x & 0x33333333) << 2);
  x = ((x >>> 4) & 0x0f0f0f0f) | ((x & 0x0f0f0f0f) << 4);
  return bswap<i32>(x);
}
