// Word helpers of the SAT solver (sat.ts and its base classes): its arrays are read and
// written through the inlined helpers below. Its buffers come from the target's satAlloc.
import { load8, store16, store8 } from 'solver-target';

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

/** Make literal `lit` true (and its negation false) in a per-literal value array. */
// @ts-ignore: decorator
@inline export function setLit(vals: usize, lit: i32): void {
  store16(vals + <usize>(lit & ~1), 1 << ((lit & 1) << 3));
}
// @ts-ignore: decorator
@inline export function u8At(base: usize, index: i32): i32 {
  return <i32>load8(base + <usize>index);
}
// @ts-ignore: decorator
@inline export function setU8(base: usize, index: i32, value: i32): void {
  store8(base + <usize>index, <u8>value);
}
