// The WebAssembly side of `solver-target`: what the one source of the solver (in
// @gridrace/engine-bitmask/solver) needs from its target. Memory is the module's linear
// memory, read and written by inlined loads and stores; the arena is the stub runtime's
// bump allocator; lines of 31 to 62 cells get a 64-bit path. The JavaScript side is
// engine-bitmask/solver/target-js.ts; the interface both implement is
// engine-bitmask/solver/target.d.ts. asc finds this folder through `path` in asconfig.json.
export { clearOutOfMemory, outOfMemory, reserve, resetArena, tryAlloc } from './arena';
export { WORD64_LIMIT, outEmpty64, outFilled64, setupWord64, solveWord64, solveWord64In } from './word64';

// @ts-ignore: decorator
@inline export function load32(p: usize): i32 {
  return load<i32>(p);
}

// @ts-ignore: decorator
@inline export function store32(p: usize, v: i32): void {
  store<i32>(p, v);
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

// @ts-ignore: decorator
@inline export function clz32(x: i32): i32 {
  return clz<i32>(x);
}

// @ts-ignore: decorator
@inline export function ctz32(x: i32): i32 {
  return ctz<i32>(x);
}

// @ts-ignore: decorator
@inline export function bswap32(x: i32): i32 {
  return bswap<i32>(x);
}
