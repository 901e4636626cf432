// E-Divisive means on series whose steps are known: the univariate example of the ecp paper
// (James and Matteson, "ecp: An R Package for Nonparametric Multiple Change Point Analysis of
// Multivariate Data", J. Stat. Softw. 62 (2014), section 4.1: four segments of 100 normal
// points, changes in variance and mean at 101, 201 and 301, found with R = 499, α = 1),
// drawn here from our own seeded generator; a step in a benchmark-like series; flat noise;
// and the statistic's invariance under a change of unit.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { eDivisive, splitTest } from '../src/index.js';
import { normals } from './synthetic.js';

describe('eDivisive', () => {
  it("finds the ecp paper's three changes of a univariate normal series", () => {
    // Six draws of the paper's design (R = 199, ecp's default, to keep the test short): the
    // paper's own draw gave exactly 101, 201, 301; ours mostly give three changes within a few
    // points, as its simulations report (over twelve draws with R = 499: ten of three changes).
    const errors: number[] = [];
    let three = 0;
    for (let seed = 1; seed <= 6; seed++) {
      const z = normals(seed);
      const segments = [
        [0, 1],
        [0, 3],
        [2, 1],
        [2, 4],
      ] as const;
      const series = segments.flatMap(([mean, sd]) => Array.from({ length: 100 }, () => mean + sd * z()));
      const found = eDivisive(series, { minSize: 30, permutations: 199, significance: 0.05, seed });
      for (const c of found) expect(c.pValue).toBeLessThanOrEqual(0.05);
      if (found.length !== 3) continue;
      three++;
      found.forEach((c, i) => errors.push(Math.abs(c.index - (i + 1) * 100)));
    }
    expect(three).toBeGreaterThanOrEqual(5);
    errors.sort((a, b) => a - b);
    expect(errors[errors.length >> 1]).toBeLessThanOrEqual(3);
    expect(errors.filter((e) => e > 10).length).toBeLessThanOrEqual(1);
  });

  it('finds a 20% step in a series with 4% noise at the point where it begins', () => {
    const z = normals(7);
    const series = Array.from({ length: 40 }, (_, i) => (i < 25 ? 10 : 12) * (1 + 0.04 * z()));
    const found = eDivisive(series, { significance: 0.01 });
    expect(found.map((c) => c.index)).toEqual([25]);
  });

  it('finds a step in a flat noisy series of 30 points about as rarely as the significance level says', () => {
    // Each series is a test at the 1% level: over 200 flat series about 2 false steps are
    // expected, 7 or more would happen by chance less than once in 200 runs of this test.
    let found = 0;
    for (let seed = 1; seed <= 200; seed++) {
      const z = normals(seed);
      const series = Array.from({ length: 30 }, () => 5 * (1 + 0.05 * z()));
      found += eDivisive(series, { significance: 0.01, seed }).length;
    }
    expect(found).toBeLessThanOrEqual(6);
  });

  it('splits only at the boundaries it is given', () => {
    const series = [...Array(10).fill(1), ...Array(10).fill(2)].map((v, i) => v + (i % 3) * 0.01);
    expect(eDivisive(series).map((c) => c.index)).toEqual([10]);
    // Commits of 4 runs each: the step at 10 falls inside a commit, so the nearest boundary takes it.
    const found = eDivisive(series, { boundaries: [4, 8, 12, 16] }).map((c) => c.index);
    expect(found.every((i) => [4, 8, 12, 16].includes(i))).toBe(true);
    expect(found).toContain(8);
  });

  it('gives the same answer for the same seed, and refuses values that are not numbers', () => {
    const z = normals(3);
    const series = Array.from({ length: 60 }, (_, i) => (i < 30 ? 0 : 0.8) + z());
    expect(eDivisive(series, { seed: 9 })).toEqual(eDivisive(series, { seed: 9 }));
    expect(() => eDivisive([1, Number.NaN, 2])).toThrow(/finite/);
    expect(() => eDivisive([1, 2], { alpha: 2 })).toThrow(/alpha/);
  });

  it('does not depend on the unit: a series scaled and shifted has the same change points', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1000 }), fc.double({ min: 0.001, max: 1000, noNaN: true }), fc.double({ min: -100, max: 100, noNaN: true }), (seed, scale, shift) => {
        const z = normals(seed);
        const series = Array.from({ length: 36 }, (_, i) => (i < 18 ? 0 : 1.5) + z());
        const plain = eDivisive(series, { seed }).map((c) => c.index);
        const moved = eDivisive(series.map((v) => v * scale + shift), { seed }).map((c) => c.index);
        expect(moved).toEqual(plain);
      }),
      // The example once gave an extra change point: a permuted statistic equal to the observed
      // one in real numbers fell either side of it after rounding.
      { numRuns: 30, examples: [[162, 0.7466104934152121, 0]] },
    );
  });
});

/** q̂ of x split at tau, straight from the paper's definition (α = 1). */
function energyStatistic(x: readonly number[], tau: number): number {
  const left = x.slice(0, tau);
  const right = x.slice(tau);
  const mean = (pairs: number[]) => (pairs.length === 0 ? 0 : pairs.reduce((a, b) => a + b, 0) / pairs.length);
  const within = (v: number[]) => mean(v.flatMap((a, i) => v.slice(i + 1).map((b) => Math.abs(a - b))));
  const between = mean(left.flatMap((a) => right.map((b) => Math.abs(a - b))));
  const n = left.length;
  const m = right.length;
  return ((n * m) / (n + m)) * (2 * between - within(left) - within(right));
}

describe('the energy statistic', () => {
  it("is the paper's q̂, and the first split is where q̂ is largest over every left and right part", () => {
    for (const seed of [1, 2, 3, 4, 5]) {
      const z = normals(seed);
      const x = Array.from({ length: 24 }, (_, i) => (i < 9 ? 0 : 3) + z());
      for (const tau of [3, 9, 15]) expect(splitTest(x, 0, tau, x.length, { permutations: 1 }).statistic).toBeCloseTo(energyStatistic(x, tau), 9);
      let best = { tau: 0, q: -Infinity };
      for (let tau = 3; tau <= 21; tau++) for (let kappa = tau + 3; kappa <= 24; kappa++) {
        const q = energyStatistic(x.slice(0, kappa), tau);
        if (q > best.q) best = { tau, q };
      }
      const found = eDivisive(x, { permutations: 99 });
      expect(found.length).toBeGreaterThan(0);
      expect(found.some((c) => c.index === best.tau && Math.abs(c.statistic - best.q) < 1e-9)).toBe(true);
    }
  });
});

describe('splitTest', () => {
  it('tells a newest commit of slower runs from one of the same speed', () => {
    const z = normals(11);
    const history = Array.from({ length: 30 }, () => 10 * (1 + 0.03 * z()));
    const slower = [...history, ...Array.from({ length: 4 }, () => 11.5 * (1 + 0.03 * z()))];
    const same = [...history, ...Array.from({ length: 4 }, () => 10 * (1 + 0.03 * z()))];
    expect(splitTest(slower, 0, 30, 34).pValue).toBeLessThanOrEqual(0.01);
    expect(splitTest(same, 0, 30, 34).pValue).toBeGreaterThan(0.05);
  });
});
