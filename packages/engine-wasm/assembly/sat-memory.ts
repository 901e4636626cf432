// Memory and word helpers of the SAT solver (sat.ts and its base classes): every buffer comes
// from satAlloc, which grows memory explicitly first (a refused memory.grow becomes `overflow`
// instead of a trap), and the arrays are read and written through the inlined helpers below.
// A file of its own because every part of the solver (and encode.ts, through satAlloc) uses it.

// ---- memory -------------------------------------------------------------------------------

/**
 * Make sure the bump allocator can hand out `bytes` more bytes without growing memory itself
 * (its own growth traps when refused). False when memory.grow is refused.
 */
export function reserve(bytes: u64): bool {
  const probe = heap.alloc(0);
  heap.free(probe);
  const need: u64 = <u64>probe + bytes + 64;
  const pages = <u64>memory.size();
  const have: u64 = pages << 16;
  if (need <= have) return true;
  if (need > (<u64>1 << 32)) return false;
  const needed = <i32>((need - have + 0xffff) >> 16);
  if (memory.grow(max(needed, <i32>pages)) >= 0) return true;
  return memory.grow(needed) >= 0;
}

/** `bytes` bytes (16-aligned, not zeroed), or 0 when memory ran out. */
export function satAlloc(bytes: usize): usize {
  if (<u64>bytes >= (<u64>1 << 30) || !reserve(<u64>bytes + 32)) return 0;
  return heap.alloc(bytes);
}

/**
 * A copy of a block from satAlloc grown to `newBytes` (the old block is left behind: the bump
 * allocator cannot reuse it; growth is geometric, so the waste stays below the live size),
 * or 0 when memory ran out.
 */
export function regrow(ptr: usize, oldBytes: usize, newBytes: usize): usize {
  const grown = satAlloc(newBytes);
  if (grown != 0) memory.copy(grown, ptr, min(oldBytes, newBytes));
  return grown;
}

export function luby(x: i32): i32 {
  let size = 1;
  let seq = 0;
  while (size < x + 1) {
    seq++;
    size = 2 * size + 1;
  }
  while (size - 1 != x) {
    size = (size - 1) >> 1;
    seq--;
    x = x % size;
  }
  return 1 << seq;
}

// @ts-ignore: decorator
@inline export function i32At(base: usize, index: i32): i32 {
  return load<i32>(base + (<usize>index << 2));
}
// @ts-ignore: decorator
@inline export function setI32(base: usize, index: i32, value: i32): void {
  store<i32>(base + (<usize>index << 2), value);
}
// @ts-ignore: decorator
@inline export function f64At(base: usize, index: i32): f64 {
  return load<f64>(base + (<usize>index << 3));
}
// @ts-ignore: decorator
@inline export function setF64(base: usize, index: i32, value: f64): void {
  store<f64>(base + (<usize>index << 3), value);
}
/** Make literal `lit` true (and its negation false) in a per-literal value array. */
// @ts-ignore: decorator
@inline export function setLit(vals: usize, lit: i32): void {
  const bits: u32 = <u32>1 << ((<u32>lit & 1) << 3);
  store<u16>(vals + <usize>(lit & ~1), bits);
}
// @ts-ignore: decorator
@inline export function u8At(base: usize, index: i32): i32 {
  return <i32>load<u8>(base + <usize>index);
}
// @ts-ignore: decorator
@inline export function setU8(base: usize, index: i32, value: i32): void {
  store<u8>(base + <usize>index, <u8>value);
}
