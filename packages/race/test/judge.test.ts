// The one statistics model: Hodges-Lehmann estimates with rank intervals, paired and unpaired,
// checked against published critical values, direct enumeration, and simulated coverage.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { changeText, fewestPairs, intervalText, judgeChange, memberError, pairedChange, rankSumCritical, relativeTo, signedRankCritical, unpairedChange } from '../src/index.js';
import { normalSource } from './helpers.js';

describe('pairedChange', () => {
  it('knows the signed-rank critical values of the tables', () => {
    // Two-sided 5%: n = 6 -> 0, 8 -> 3, 10 -> 8, 20 -> 52 (Hollander & Wolfe); n = 5 has none.
    expect([5, 6, 8, 10, 20].map((n) => signedRankCritical(n))).toEqual([-1, 0, 3, 8, 52]);
    expect(fewestPairs()).toBe(6);
    // The normal approximation joins the exact values smoothly.
    expect(Math.abs(signedRankCritical(61) - signedRankCritical(60))).toBeLessThan(40);
  });

  it('is the median of the pairwise means, with order statistics of them as the interval', () => {
    const logs = [0.1, 0.12, 0.08, 0.11, 0.09, 0.13, 0.1, 0.3];
    const walsh = logs.flatMap((x, i) => logs.slice(i).map((y) => (x + y) / 2)).sort((a, b) => a - b);
    expect(walsh).toHaveLength(36);
    const r = pairedChange(logs);
    expect(r.ratio).toBeCloseTo(Math.exp((walsh[17]! + walsh[18]!) / 2), 12);
    expect(r.low).toBeCloseTo(Math.exp(walsh[3]!), 12);
    expect(r.high).toBeCloseTo(Math.exp(walsh[32]!), 12);
    expect(r.n).toBe(8);
    // One wild pair barely moves it (a mean would be pulled to exp(0.129)).
    expect(Math.log(r.ratio)).toBeLessThan(0.115);
    const few = pairedChange([0.1, 0.2]);
    expect(few.high).toBe(Number.POSITIVE_INFINITY);
    expect(intervalText(few)).toBe('none (too few)');
    expect(judgeChange(few, 0)).toBe('same');
  });
});

describe('unpairedChange', () => {
  it('knows the Mann-Whitney critical values of the tables', () => {
    // Two-sided 5% (Mann & Whitney; any table of U): (5,5) -> 2, (8,8) -> 13, (5,10) -> 8, (10,10) -> 23, (20,20) -> 127.
    expect([[5, 5], [8, 8], [5, 10], [10, 10], [20, 20]].map(([n, m]) => rankSumCritical(n!, m!))).toEqual([2, 13, 8, 23, 127]);
    expect(rankSumCritical(2, 2)).toBe(-1);
    // The normal approximation (past 2,500 pairs) joins the exact values.
    expect(Math.abs(rankSumCritical(50, 51) - rankSumCritical(50, 50) - 25)).toBeLessThan(6);
  });

  it('is the median of all pairwise log differences, with their order statistics as the interval', () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: 0.01, max: 100, noNaN: true }), { minLength: 1, maxLength: 30 }),
        fc.array(fc.double({ min: 0.01, max: 100, noNaN: true }), { minLength: 1, maxLength: 30 }),
        (base, head) => {
          const d = base.flatMap((b) => head.map((h) => Math.log(h) - Math.log(b))).sort((a, b) => a - b);
          const k = d.length;
          const med = k % 2 === 1 ? d[(k - 1) / 2]! : (d[k / 2 - 1]! + d[k / 2]!) / 2;
          const c = unpairedChange(base, head);
          expect(Math.log(c.ratio)).toBeCloseTo(med, 9);
          const crit = rankSumCritical(base.length, head.length);
          if (crit >= 0) {
            expect(Math.log(c.low)).toBeCloseTo(d[crit]!, 9);
            expect(Math.log(c.high)).toBeCloseTo(d[k - 1 - crit]!, 9);
          } else expect(c.high).toBe(Number.POSITIVE_INFINITY);
        },
      ),
    );
  });

  it('finds an exact shift, and its 95% interval covers the true shift about 95% of the time', () => {
    const base = [1, 1.1, 1.3, 0.9, 1.05, 1.2];
    expect(unpairedChange(base, base.map((v) => v * 1.25)).ratio).toBeCloseTo(1.25, 9);
    const normal = normalSource(7);
    let covered = 0;
    const trials = 400;
    for (let t = 0; t < trials; t++) {
      const draw = (shift: number) => Array.from({ length: 12 }, () => Math.exp(shift + 0.1 * normal()));
      const c = unpairedChange(draw(0), draw(0.1));
      if (Math.log(c.low) <= 0.1 && 0.1 <= Math.log(c.high)) covered++;
    }
    // Exact intervals are conservative: at least 95%, not far above.
    expect(covered / trials).toBeGreaterThan(0.92);
    expect(covered / trials).toBeLessThan(0.995);
  });

  it('handles thousands of samples a side', () => {
    const normal = normalSource(3);
    const draw = (scale: number) => Array.from({ length: 4000 }, () => scale * Math.exp(0.05 * normal()));
    const c = unpairedChange(draw(1), draw(1.1));
    expect(c.ratio).toBeGreaterThan(1.09);
    expect(c.ratio).toBeLessThan(1.11);
    expect(c.high / c.low).toBeLessThan(1.01);
    expect(judgeChange(c, 0.05)).toBe('slower');
  });
});

describe('the shared rules', () => {
  it('divides one family error among its members, and judges on the whole interval', () => {
    expect(memberError(20)).toBeCloseTo(0.0025, 12);
    expect(memberError(0)).toBe(0.05);
    const c = { ratio: 1.2, low: 1.06, high: 1.3, n: 10 };
    expect(judgeChange(c, 0.05)).toBe('slower');
    expect(judgeChange(c, 0.1)).toBe('same');
    expect(judgeChange({ ratio: 0.8, low: 0.7, high: 0.9, n: 10 }, 0.05)).toBe('faster');
    expect(changeText(c)).toBe('+20.0% [+6.0% .. +30.0%]');
    expect(relativeTo(c, { ratio: 1.2, low: 1.1, high: 1.3, n: 10 })).toEqual({ ratio: 1, low: 1.06 / 1.2, high: 1.3 / 1.2, n: 10 });
  });
});
