// A small seeded pseudo-random generator, so that what is drawn from it (a generated puzzle, a
// permutation test) is a pure function of its seed on every platform. Not for cryptography.

/** Hash a seed (a number or any string) to 32 bits (FNV-1a over UTF-16 units, then a mixer). */
export function hashSeed(seed: number | string): number {
  const text = typeof seed === 'number' ? `n:${seed}` : `s:${seed}`;
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return mix32(h);
}

/** A bijective 32-bit mixer (murmur3's finalizer). */
function mix32(x: number): number {
  x ^= x >>> 16;
  x = Math.imul(x, 0x85ebca6b);
  x ^= x >>> 13;
  x = Math.imul(x, 0xc2b2ae35);
  x ^= x >>> 16;
  return x >>> 0;
}

/** A Weyl sequence passed through a mixer: tiny state, good enough spread for puzzles. */
export class Random {
  #state: number;

  constructor(seed: number | string) {
    this.#state = hashSeed(seed);
  }

  /** A uniform 32-bit unsigned integer. */
  nextUint32(): number {
    this.#state = (this.#state + 0x9e3779b9) >>> 0;
    return mix32(this.#state);
  }

  /** A uniform float in [0, 1). */
  float(): number {
    return this.nextUint32() / 4294967296;
  }

  /** A uniform integer in [0, bound), bound >= 1. */
  int(bound: number): number {
    return Math.floor(this.float() * bound);
  }

  /** Shuffle in place (Fisher-Yates) and return the array. */
  shuffle<T>(items: T[]): T[] {
    for (let i = items.length - 1; i > 0; i--) {
      const j = this.int(i + 1);
      const t = items[i]!;
      items[i] = items[j]!;
      items[j] = t;
    }
    return items;
  }
}
