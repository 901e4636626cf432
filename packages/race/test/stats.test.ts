// The statistics module: known values, and agreement with tinybench's own statistics on
// the same samples (fed to tinybench through `overriddenDuration`).
import { describe, expect, it } from 'vitest';
import { Bench } from 'tinybench';
import {
  geometricMean,
  mean,
  median,
  medianAbsoluteDeviation,
  medianRelativeError,
  quantile,
  relativeMarginOfError,
  standardDeviation,
  summarize,
  tCritical95,
} from '../src/index.js';

describe('basic statistics', () => {
  it('match hand-computed values', () => {
    const xs = [2, 4, 4, 4, 5, 5, 7, 9];
    expect(mean(xs)).toBe(5);
    expect(median(xs)).toBe(4.5);
    expect(standardDeviation(xs)).toBeCloseTo(Math.sqrt(32 / 7), 12);
    expect(medianAbsoluteDeviation(xs)).toBe(0.5);
    expect(quantile([1, 2, 3, 4], 0.25)).toBeCloseTo(1.75, 12);
    expect(quantile([10], 0.99)).toBe(10);
    expect(median([3, 1, 2])).toBe(2);
    expect(Number.isNaN(median([]))).toBe(true);
    expect(standardDeviation([1])).toBe(0);
  });

  it("has Student's t critical values that fall towards 1.96", () => {
    expect(tCritical95(1)).toBeCloseTo(12.706, 3);
    expect(tCritical95(10)).toBeCloseTo(2.228, 3);
    expect(tCritical95(30)).toBeCloseTo(2.042, 3);
    // Beyond the table: the expansion, compared with published values.
    expect(tCritical95(40)).toBeCloseTo(2.021, 2);
    expect(tCritical95(120)).toBeCloseTo(1.98, 2);
    expect(tCritical95(1e6)).toBeCloseTo(1.96, 3);
    for (let df = 1; df < 200; df++) expect(tCritical95(df + 1)).toBeLessThan(tCritical95(df));
  });

  it('computes the relative margin of error of the mean', () => {
    const xs = [9, 10, 11];
    // sd = 1, sem = 1/sqrt(3), t(2) = 4.303 => moe = 2.484, rme = 24.84%
    expect(relativeMarginOfError(xs)).toBeCloseTo((100 * 4.303) / Math.sqrt(3) / 10, 2);
    expect(relativeMarginOfError([5])).toBe(0);
  });

  it('takes geometric means of ratios', () => {
    expect(geometricMean([2, 8])).toBeCloseTo(4, 12);
    expect(geometricMean([1.1, 1 / 1.1])).toBeCloseTo(1, 12);
    expect(Number.isNaN(geometricMean([]))).toBe(true);
  });
});

describe('summarize', () => {
  it('agrees with tinybench on the same samples', async () => {
    const samples = [5.1, 4.9, 5.3, 5.0, 7.2, 5.05, 4.95, 5.2, 5.15, 6.0, 4.8, 5.02];
    let i = 0;
    const bench = new Bench({ iterations: samples.length, time: 0, warmup: false, retainSamples: true });
    bench.add('fixed', () => ({ overriddenDuration: samples[i++ % samples.length]! }));
    await bench.run();
    const r = bench.tasks[0]!.result;
    if (r.state !== 'completed') throw new Error(`tinybench task ${r.state}`);
    const s = summarize(samples);
    expect(s.n).toBe(r.latency.samplesCount);
    expect(s.median).toBeCloseTo(r.latency.p50, 9);
    expect(s.mean).toBeCloseTo(r.latency.mean, 9);
    expect(s.sd).toBeCloseTo(r.latency.sd, 9);
    expect(s.mad).toBeCloseTo(r.latency.mad, 9);
    expect(s.p75).toBeCloseTo(r.latency.p75, 9);
    expect(s.p99).toBeCloseTo(r.latency.p99, 9);
    expect(s.rme).toBeCloseTo(r.latency.rme, 2);
    expect(s.min).toBe(4.8);
    expect(s.max).toBe(7.2);
    expect(s.samples).toHaveLength(samples.length);
  });

  it('rejects empty input and can drop the samples', () => {
    expect(() => summarize([])).toThrow(RangeError);
    expect(summarize([1, 2, 3], false).samples).toBeUndefined();
  });
});

describe('medianRelativeError', () => {
  it('shrinks with more samples and grows with spread', () => {
    const tight = summarize([10, 10.1, 9.9, 10.05, 9.95]);
    const loose = summarize([10, 12, 8, 11, 9]);
    expect(medianRelativeError(loose)).toBeGreaterThan(medianRelativeError(tight));
    const many = summarize(Array.from({ length: 100 }, (_, k) => [10, 12, 8, 11, 9][k % 5]!));
    expect(medianRelativeError(many)).toBeLessThan(medianRelativeError(loose));
    expect(medianRelativeError(summarize([4]))).toBe(0);
  });

  it('is about the spread of medians across repeated draws', () => {
    // Draw many sets of 15 normal samples (mean 100, sd 10) and compare the observed spread
    // of their medians with the estimate: sd(median) ~ 1.2533 * 10 / sqrt(15) = 3.24.
    let seed = 12345;
    const uniform = () => ((seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0) + 0.5) / 4294967296;
    const normal = () => Math.sqrt(-2 * Math.log(uniform())) * Math.cos(2 * Math.PI * uniform());
    const medians: number[] = [];
    const estimates: number[] = [];
    for (let k = 0; k < 400; k++) {
      const s = summarize(Array.from({ length: 15 }, () => 100 + 10 * normal()), false);
      medians.push(s.median);
      estimates.push(medianRelativeError(s) * s.median);
    }
    const observed = standardDeviation(medians);
    expect(observed).toBeGreaterThan(2.6);
    expect(observed).toBeLessThan(4);
    expect(median(estimates) / observed).toBeGreaterThan(0.7);
    expect(median(estimates) / observed).toBeLessThan(1.4);
  });
});
