// A cache of line results keyed by the clue id and the line's known cells. Direct-mapped and lossy; the table starts small and doubles
// while it fills, up to 2^23 i32 entries (32 MB) or 2^17 slots, whichever is more. Slot: tag (id + 1), status
// (2 * words + ok), known filled, known empty, result filled, result empty (stride words each).
import { clearOutOfMemory, copy, load32, mul32, store32, tryAlloc } from 'solver-target';

const MAX_INTS: i32 = 1 << 23;
const MIN_SLOTS: i32 = 1 << 10;
/**
 * Slots the table may always grow to, past MAX_INTS for long lines (at 800x800 twice as many as
 * 32 MB holds, 53 MB; at 1600x1600 four times, 106 MB): a board's lines need room for their
 * states in proportion to their number, not to their length.
 */
const FLOOR_SLOTS: i32 = 1 << 17;

let stride: i32 = 0;
let slotSize: i32 = 0;
let maxSlots: i32 = 0;
let mask: i32 = 0;
let table: usize = 0;
let stores: i32 = 0;
let slot: usize = 0;
/** The slot of the last multi-word lookup that missed, where `cacheStore` puts that line (0: hash it again). */
let missed: usize = 0;

export function setupCache(words: i32): bool {
  stride = words;
  missed = 0;
  slotSize = 2 + 4 * words;
  let m = MIN_SLOTS;
  while (m < FLOOR_SLOTS || <f64>m * 2 * <f64>slotSize <= <f64>MAX_INTS) m *= 2;
  maxSlots = m;
  mask = MIN_SLOTS - 1;
  stores = 0;
  table = tryAlloc(<usize>MIN_SLOTS * slotSize * 4);
  return table != 0;
}

// Two independent chains, one over the known-filled words and one over the known-empty ones,
// so the multiplications of a long line overlap instead of waiting on each other.
// @ts-ignore: decorator
@inline function hash(id: i32, words: i32, filled: usize, empty: usize): i32 {
  let a = mul32(id + 1, <i32>0x9e3779b1);
  let b = a ^ <i32>0x7f4a7c15;
  for (let i = 0; i < words; i++) {
    a = mul32(a ^ load32(filled + (<usize>i << 2)), <i32>0x85ebca77);
    b = mul32(b ^ load32(empty + (<usize>i << 2)), <i32>0xc2b2ae3d);
    a ^= a >>> 15;
    b ^= b >>> 13;
  }
  const h = mul32(a ^ ((b << 16) | (b >>> 16)), <i32>0x27d4eb2f);
  return h ^ (h >>> 16);
}

/**
 * `hash` of a one-word line, from its two words themselves. It must stay equal to
 * `hash(id, 1, ...)`: grow() re-inserts every entry, one-word ones too, by `hash`.
 */
// @ts-ignore: decorator
@inline function hashWord(id: i32, filled: i32, empty: i32): i32 {
  const start = mul32(id + 1, <i32>0x9e3779b1);
  let a = mul32(start ^ filled, <i32>0x85ebca77);
  let b = mul32(start ^ <i32>0x7f4a7c15 ^ empty, <i32>0xc2b2ae3d);
  a ^= a >>> 15;
  b ^= b >>> 13;
  const h = mul32(a ^ ((b << 16) | (b >>> 16)), <i32>0x27d4eb2f);
  return h ^ (h >>> 16);
}

/** -1 when absent, 0 for a cached contradiction, 1 for a cached result (then `copyResult`). */
export function cacheLookup(id: i32, words: i32, filled: usize, empty: usize): i32 {
  const base = table + ((<usize>(hash(id, words, filled, empty) & mask) * slotSize) << 2);
  missed = base;
  if (load32(base) != id + 1) return -1;
  const ks = base + 8;
  const ke = ks + (<usize>stride << 2);
  for (let i = 0; i < words; i++) {
    const o = <usize>i << 2;
    if (load32(ks + o) != load32(filled + o) || load32(ke + o) != load32(empty + o)) return -1;
  }
  slot = base;
  missed = 0;
  return load32(base + 4) & 1;
}

/** Copy the result of the last successful lookup (`words` words each). */
export function copyResult(words: i32, outFilled: usize, outEmpty: usize): void {
  const r = slot + 8 + (<usize>(2 * stride) << 2);
  copy(outFilled, r, <usize>words << 2);
  copy(outEmpty, r + (<usize>stride << 2), <usize>words << 2);
}

/** The first result word of the last successful lookup (for one-word lines). */
// @ts-ignore: decorator
@inline export function resultFilled0(): i32 {
  return load32(slot + 8 + (<usize>(2 * stride) << 2));
}
// @ts-ignore: decorator
@inline export function resultEmpty0(): i32 {
  return load32(slot + 8 + (<usize>(3 * stride) << 2));
}

/**
 * Store a line's result. The propagator stores right after the look-up of the same line
 * missed, so the slot is the one that look-up found (a store of another line there would
 * only be lost: look-ups compare whole keys).
 */
export function cacheStore(id: i32, words: i32, filled: usize, empty: usize, ok: bool, outFilled: usize, outEmpty: usize): void {
  if (++stores > mask + 1 && mask + 1 < maxSlots) grow();
  const base = missed != 0 ? missed : table + ((<usize>(hash(id, words, filled, empty) & mask) * slotSize) << 2);
  missed = 0;
  store32(base, id + 1);
  store32(base + 4, ok ? words * 2 + 1 : words * 2);
  const sb = <usize>stride << 2;
  const p = base + 8;
  for (let i = 0; i < words; i++) {
    const o = <usize>i << 2;
    store32(p + o, load32(filled + o));
    store32(p + sb + o, load32(empty + o));
    store32(p + 2 * sb + o, ok ? load32(outFilled + o) : 0);
    store32(p + 3 * sb + o, ok ? load32(outEmpty + o) : 0);
  }
}

/** Store for a one-word line (avoids passing the result through memory). */
export function storeWord(id: i32, filled: i32, empty: i32, ok: bool, outFilled: i32, outEmpty: i32): void {
  if (++stores > mask + 1 && mask + 1 < maxSlots) grow();
  const base = table + ((<usize>(hashWord(id, filled, empty) & mask) * slotSize) << 2);
  const sb = <usize>stride << 2;
  store32(base, id + 1);
  store32(base + 4, ok ? 3 : 2);
  const p = base + 8;
  store32(p, filled);
  store32(p + sb, empty);
  store32(p + 2 * sb, ok ? outFilled : 0);
  store32(p + 3 * sb, ok ? outEmpty : 0);
}

/** Lookup for a one-word line. */
export function lookupWord(id: i32, filled: i32, empty: i32): i32 {
  const base = table + ((<usize>(hashWord(id, filled, empty) & mask) * slotSize) << 2);
  if (load32(base) != id + 1) return -1;
  const p = base + 8;
  if (load32(p) != filled || load32(p + (<usize>stride << 2)) != empty) return -1;
  slot = base;
  return load32(base + 4) & 1;
}

/** Double the table and re-insert what it holds. If the memory cannot hold it, keep the old one. */
function grow(): void {
  const size = slotSize;
  const slots = (mask + 1) * 2;
  const next = tryAlloc(<usize>slots * size * 4);
  if (next == 0) {
    // Stay at this size for good; the cache is optional, so this is no memory failure.
    maxSlots = mask + 1;
    clearOutOfMemory();
    return;
  }
  const old = table;
  missed = 0;
  const oldInts = (mask + 1) * size;
  table = next;
  mask = slots - 1;
  stores = 0;
  const sb = <usize>stride << 2;
  for (let b = 0; b < oldInts; b += size) {
    const base = old + (<usize>b << 2);
    const tag = load32(base);
    if (tag == 0) continue;
    const words = load32(base + 4) >> 1;
    const to = next + ((<usize>(hash(tag - 1, words, base + 8, base + 8 + sb) & mask) * size) << 2);
    copy(to, base, <usize>size << 2);
  }
}
