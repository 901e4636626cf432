import { describe, expect, it } from 'vitest';
import { Random, hashSeed } from '../src/index.js';

describe('Random', () => {
  it('repeats its sequence for a seed and differs between seeds', () => {
    const take = (seed: number | string) => {
      const r = new Random(seed);
      return Array.from({ length: 20 }, () => r.nextUint32());
    };
    expect(take(42)).toEqual(take(42));
    expect(take('x')).toEqual(take('x'));
    expect(take(42)).not.toEqual(take(43));
    expect(take(42)).not.toEqual(take('42'));
    expect(hashSeed(1)).not.toBe(hashSeed(2));
  });

  it('int(bound) stays in range and hits every value', () => {
    const r = new Random('range');
    const seen = new Set<number>();
    for (let i = 0; i < 2000; i++) {
      const v = r.int(7);
      expect(Number.isInteger(v) && v >= 0 && v < 7).toBe(true);
      seen.add(v);
    }
    expect(seen.size).toBe(7);
  });

  it('float() is in [0, 1) with a mean near one half', () => {
    const r = new Random(7);
    let sum = 0;
    for (let i = 0; i < 10000; i++) {
      const f = r.float();
      expect(f >= 0 && f < 1).toBe(true);
      sum += f;
    }
    expect(Math.abs(sum / 10000 - 0.5)).toBeLessThan(0.02);
  });

  it('shuffle keeps the items', () => {
    const r = new Random('shuffle');
    const items = Array.from({ length: 50 }, (_, i) => i);
    const shuffled = r.shuffle([...items]);
    expect([...shuffled].sort((a, b) => a - b)).toEqual(items);
    expect(shuffled).not.toEqual(items);
  });
});
