// Statistics the race needs beyond tinybench's: summaries that can be recomputed from kept
// samples (for merge), the uncertainty of a median, and geometric means of ratios (compare).

/** What the results file keeps of a set of timing samples. All times in milliseconds. */
export interface SampleSummary {
  /** Number of samples. */
  readonly n: number;
  readonly median: number;
  readonly mean: number;
  readonly min: number;
  readonly max: number;
  /** Sample standard deviation (n - 1). */
  readonly sd: number;
  /** Median absolute deviation from the median, unscaled. */
  readonly mad: number;
  /** Relative margin of error of the mean in percent (95%, Student's t), as tinybench reports it. */
  readonly rme: number;
  readonly p75: number;
  readonly p99: number;
  /** The samples themselves (rounded to 0.1 µs; tinybench hands them over sorted), when kept. */
  readonly samples?: readonly number[];
}

/** Linear interpolation between order statistics of an already sorted array (R type 7). */
export function quantileSorted(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return Number.NaN;
  const pos = (sorted.length - 1) * Math.min(1, Math.max(0, q));
  const lo = Math.floor(pos);
  const hi = Math.ceil(pos);
  const a = sorted[lo]!;
  const b = sorted[hi]!;
  return a + (b - a) * (pos - lo);
}

export function quantile(values: readonly number[], q: number): number {
  return quantileSorted([...values].sort((a, b) => a - b), q);
}

export function median(values: readonly number[]): number {
  return quantile(values, 0.5);
}

export function mean(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  let sum = 0;
  for (const v of values) sum += v;
  return sum / values.length;
}

/** Sample standard deviation (divides by n - 1); 0 for fewer than two values. */
export function standardDeviation(values: readonly number[]): number {
  if (values.length < 2) return 0;
  const m = mean(values);
  let sq = 0;
  for (const v of values) sq += (v - m) ** 2;
  return Math.sqrt(sq / (values.length - 1));
}

export function medianAbsoluteDeviation(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  const m = median(values);
  return median(values.map((v) => Math.abs(v - m)));
}

// Two-sided 95% critical values of Student's t for 1..30 degrees of freedom.
const T95 = [
  12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179, 2.16, 2.145, 2.131, 2.12, 2.11, 2.101, 2.093,
  2.086, 2.08, 2.074, 2.069, 2.064, 2.06, 2.056, 2.052, 2.048, 2.045, 2.042,
];

/** Two-sided 95% critical value of Student's t; df below 1 counts as 1, large df approach 1.96. */
export function tCritical95(df: number): number {
  const d = Math.max(1, Math.floor(df));
  if (d <= T95.length) return T95[d - 1]!;
  // Beyond the table: the first terms of the Cornish-Fisher expansion around the normal quantile.
  const z = 1.959964;
  return z + (z ** 3 + z) / (4 * d) + (5 * z ** 5 + 16 * z ** 3 + 3 * z) / (96 * d * d);
}

/** Relative margin of error of the mean in percent, 95%. 0 for a single sample. */
export function relativeMarginOfError(values: readonly number[]): number {
  if (values.length < 2) return 0;
  const m = mean(values);
  if (m === 0) return Number.POSITIVE_INFINITY;
  const sem = standardDeviation(values) / Math.sqrt(values.length);
  return (100 * sem * tCritical95(values.length - 1)) / Math.abs(m);
}

const round = (v: number) => Math.round(v * 1e4) / 1e4;

/** A summary of samples (ms). `keep` also stores the samples, so merges can recompute. */
export function summarize(samples: readonly number[], keep = true): SampleSummary {
  if (samples.length === 0) throw new RangeError('cannot summarize zero samples');
  const sorted = [...samples].sort((a, b) => a - b);
  const rme = relativeMarginOfError(samples);
  const base: SampleSummary = {
    n: samples.length,
    median: quantileSorted(sorted, 0.5),
    mean: mean(samples),
    min: sorted[0]!,
    max: sorted[sorted.length - 1]!,
    sd: standardDeviation(samples),
    mad: medianAbsoluteDeviation(samples),
    rme: Number.isFinite(rme) ? rme : 0,
    p75: quantileSorted(sorted, 0.75),
    p99: quantileSorted(sorted, 0.99),
  };
  return keep ? { ...base, samples: samples.map(round) } : base;
}

/**
 * The relative standard error of a summary's median (a fraction, about one sigma):
 * 1.2533 * sigma / sqrt(n) for the median of n samples, with sigma estimated robustly as
 * 1.4826 * MAD. Robust on purpose: a shared machine adds rare huge samples (a preempted
 * solve), which inflate the mean's margin of error but barely move the median.
 */
export function medianRelativeError(s: Pick<SampleSummary, 'n' | 'median' | 'mad'>): number {
  if (s.n < 2 || !(s.median > 0)) return 0;
  return (1.2533 * 1.4826 * s.mad) / (s.median * Math.sqrt(s.n));
}

/** Geometric mean of positive values; NaN when empty. */
export function geometricMean(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  let sum = 0;
  for (const v of values) sum += Math.log(v);
  return Math.exp(sum / values.length);
}
