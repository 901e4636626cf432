// The word of the multi-word line solver (@gridrace/engine-bitmask/solver/line-words.ts):
// 64 bits here, WebAssembly having i64, so that a long line takes half the words it takes
// in the JavaScript target (32 bits, engine-bitmask/solver/target-js.ts). Lines come in and
// go out as 32-bit words, the board's; two of them make one word here.

export type Word = i64;
export const WORD_BITS: i32 = 64;
/** log2(WORD_BITS). */
export const WORD_SHIFT: i32 = 6;
/** WORD_BITS - 1: a bit's index within its word. */
export const WORD_MASK: i32 = 63;
/** log2 of the bytes in a word. */
export const WORD_BYTES_SHIFT: i32 = 3;

// @ts-ignore: decorator
@inline export function loadWordAt(base: usize, i: i32): Word {
  return load<i64>(base + (<usize>i << 3));
}

// @ts-ignore: decorator
@inline export function storeWordAt(base: usize, i: i32, v: Word): void {
  store<i64>(base + (<usize>i << 3), v);
}

/** The number of zero bits below the lowest set bit (64 for 0). */
// @ts-ignore: decorator
@inline export function ctzWord(x: Word): i32 {
  return <i32>ctz<i64>(x);
}

/** a < b, unsigned. */
// @ts-ignore: decorator
@inline export function belowWord(a: Word, b: Word): bool {
  return <u64>a < <u64>b;
}

/** The 64 bits of x in reverse order. */
// @ts-ignore: decorator
@inline export function reverseWord(x: Word): Word {
  x = ((x >>> 1) & 0x5555555555555555) | ((x & 0x5555555555555555) << 1);
  x = ((x >>> 2) & 0x3333333333333333) | ((x & 0x3333333333333333) << 2);
  x = ((x >>> 4) & 0x0f0f0f0f0f0f0f0f) | ((x & 0x0f0f0f0f0f0f0f0f) << 4);
  return bswap<i64>(x);
}

/** Word i of a line held as `lw` 32-bit words at p (zero past them). */
export function lineWord(p: usize, i: i32, lw: i32): Word {
  // Unsigned halves: widening a signed half would spread its top bit over the high half.
  const low: u32 = 2 * i < lw ? load<u32>(p + (<usize>i << 3)) : 0;
  const high: u32 = 2 * i + 1 < lw ? load<u32>(p + (<usize>i << 3) + 4) : 0;
  return <i64>(<u64>low | (<u64>high << 32));
}

/** Store word i of a line held as `lw` 32-bit words at p (its halves past them are dropped). */
// @ts-ignore: decorator
@inline export function storeLineWord(p: usize, i: i32, lw: i32, v: Word): void {
  store<i32>(p + (<usize>i << 3), <i32>v);
  if (2 * i + 1 < lw) store<i32>(p + (<usize>i << 3) + 4, <i32>(v >>> 32));
}
