// A cache of line results keyed by the clue (its id) and the line's known cells.
// Direct-mapped and lossy: a new result overwrites whatever shared its slot, so memory
// stays bounded. The table starts small and doubles while it fills, up to a cap.

/** Int32 entries the cache may grow to (4 bytes each). */
const MAX_INTS = 1 << 23;
const MIN_SLOTS = 1 << 10;

export class LineCache {
  /** Words per line mask. */
  readonly #words: number;
  /** Int32s per slot: tag (id + 1), status (2 * words + ok), known filled, known empty, result filled, result empty. */
  readonly #slotSize: number;
  readonly #maxSlots: number;
  #mask: number;
  #table: Int32Array;
  #stores = 0;
  /** Where the last `lookup` hit or the last `store` wrote. */
  #slot = 0;

  constructor(words: number) {
    this.#words = words;
    this.#slotSize = 2 + 4 * words;
    let max = MIN_SLOTS;
    while (max * 2 * this.#slotSize <= MAX_INTS) max *= 2;
    this.#maxSlots = max;
    this.#mask = MIN_SLOTS - 1;
    this.#table = new Int32Array(MIN_SLOTS * this.#slotSize);
  }

  #hash(id: number, words: number, filled: Int32Array, fOff: number, empty: Int32Array, eOff: number): number {
    let h = Math.imul(id + 1, 0x9e3779b1);
    for (let i = 0; i < words; i++) {
      h = Math.imul(h ^ filled[fOff + i]!, 0x85ebca77);
      h = Math.imul(h ^ (h >>> 15) ^ empty[eOff + i]!, 0xc2b2ae3d);
      h ^= h >>> 13;
    }
    return h ^ (h >>> 16);
  }

  /**
   * Look a line up: -1 when absent, 0 for a cached contradiction, 1 for a cached result,
   * which `copyResult` then writes out. `words` is the line's mask length; the id
   * determines it (lines of one id have one length).
   */
  lookup(id: number, words: number, filled: Int32Array, fOff: number, empty: Int32Array, eOff: number): number {
    const stride = this.#words;
    const base = (this.#hash(id, words, filled, fOff, empty, eOff) & this.#mask) * this.#slotSize;
    const t = this.#table;
    if (t[base] !== id + 1) return -1;
    for (let i = 0; i < words; i++) {
      if (t[base + 2 + i] !== filled[fOff + i] || t[base + 2 + stride + i] !== empty[eOff + i]) return -1;
    }
    this.#slot = base;
    return t[base + 1]! & 1;
  }

  /** Copy the result of the last successful lookup (`words` words each). */
  copyResult(words: number, outFilled: Int32Array, outEmpty: Int32Array): void {
    const stride = this.#words;
    const t = this.#table;
    const r = this.#slot + 2 + 2 * stride;
    for (let i = 0; i < words; i++) {
      outFilled[i] = t[r + i]!;
      outEmpty[i] = t[r + stride + i]!;
    }
  }

  store(
    id: number,
    words: number,
    filled: Int32Array,
    fOff: number,
    empty: Int32Array,
    eOff: number,
    ok: boolean,
    outFilled: Int32Array,
    outEmpty: Int32Array,
  ): void {
    if (++this.#stores > this.#mask + 1 && this.#mask + 1 < this.#maxSlots) this.#grow();
    const stride = this.#words;
    const base = (this.#hash(id, words, filled, fOff, empty, eOff) & this.#mask) * this.#slotSize;
    const t = this.#table;
    t[base] = id + 1;
    t[base + 1] = ok ? words * 2 + 1 : words * 2;
    for (let i = 0; i < words; i++) {
      t[base + 2 + i] = filled[fOff + i]!;
      t[base + 2 + stride + i] = empty[eOff + i]!;
      t[base + 2 + 2 * stride + i] = ok ? outFilled[i]! : 0;
      t[base + 2 + 3 * stride + i] = ok ? outEmpty[i]! : 0;
    }
  }

  /** Double the table and re-insert what it holds. */
  #grow(): void {
    const old = this.#table;
    const size = this.#slotSize;
    const slots = (this.#mask + 1) * 2;
    this.#table = new Int32Array(slots * size);
    this.#mask = slots - 1;
    this.#stores = 0;
    const t = this.#table;
    const stride = this.#words;
    for (let base = 0; base < old.length; base += size) {
      const tag = old[base]!;
      if (tag === 0) continue;
      const words = old[base + 1]! >> 1;
      const to = (this.#hash(tag - 1, words, old, base + 2, old, base + 2 + stride) & this.#mask) * size;
      t.set(old.subarray(base, base + size), to);
    }
  }
}
