// Change points by E-Divisive means (Matteson and James, "A Nonparametric Approach for
// Multiple Change Point Analysis of Multivariate Data", JASA 109 (2014); the method of the ecp
// R package, of MongoDB's signal-processing-algorithms and of Apache Otava). It makes no
// assumption about the noise's distribution, which suits benchmark times (skewed, heavy tails).
//
// Divisive: split the series where the energy statistic q̂ between the left part and the right
// part is largest, test that split with a permutation test, and repeat inside the segments until
// the best split is not significant. Splits may be restricted to given boundaries: a step in a
// commit history begins at a commit, never between two runs of the same commit.
// Browser-safe: no Node APIs.
import { Random } from '@gridrace/core';

export interface ChangePointOptions {
  /** Significance level of the permutation test. Default 0.05. */
  readonly significance?: number;
  /** The most permutations per test; a test stops as soon as it cannot be significant. Default 199. */
  readonly permutations?: number;
  /** The fewest points a segment may hold. Default 3. */
  readonly minSize?: number;
  /** The exponent α of the distances, in (0, 2). Default 1. */
  readonly alpha?: number;
  /** Seed of the permutations: the same series gives the same answer. Default 1. */
  readonly seed?: number;
  /** Indices where a segment may begin (default: any). The series' ends are implied. */
  readonly boundaries?: readonly number[];
}

export interface ChangePoint {
  /** Index of the first point after the step. */
  readonly index: number;
  /** The energy statistic q̂ of the split when it was found. */
  readonly statistic: number;
  /** The permutation test's p-value. */
  readonly pValue: number;
}

interface Split {
  /** Index where the right part begins. */
  readonly tau: number;
  readonly statistic: number;
}

/**
 * Row prefix sums of the distance matrix: `prefix[j * (n + 1) + i]` is the sum over i' < i of
 * |x[i'] - x[j]|^α. Every sum over a block of pairs the statistic needs is then a difference.
 */
function distancePrefix(x: ArrayLike<number>, alpha: number, into?: Float64Array): Float64Array {
  const n = x.length;
  // The permutation tests fill one buffer over and over rather than allocate one each time.
  const prefix = into ?? new Float64Array(n * (n + 1));
  for (let j = 0; j < n; j++) {
    const row = j * (n + 1);
    let sum = 0;
    for (let i = 0; i < n; i++) {
      const d = Math.abs(x[i]! - x[j]!);
      sum += alpha === 1 ? d : d ** alpha;
      prefix[row + i + 1] = sum;
    }
  }
  return prefix;
}

/**
 * The best split of the segment [start, end): the largest q̂ over left parts [start, τ) and
 * right parts [τ, κ) with κ ≤ end, each at least `minSize` long (ecp's e.split). O(m²).
 */
/**
 * Sums of the same distances in another order differ in the last bits, so the statistics of
 * equal splits (a permutation that leaves a small segment's parts as they were, the same data
 * in another unit) can come out a hair apart. Statistics within this relative distance count
 * as equal: a tie goes to the earlier split, and a permuted statistic that ties the observed
 * one reaches it, so the change points do not depend on rounding.
 */
const TIE = 1e-9;
const above = (a: number, b: number) => a > b + TIE * Math.abs(b);
const reaches = (a: number, b: number) => a >= b - TIE * Math.abs(b);

function bestSplit(prefix: Float64Array, n: number, start: number, end: number, minSize: number, allowed: (tau: number) => boolean): Split | undefined {
  const stride = n + 1;
  const between = (j: number, from: number, to: number) => prefix[j * stride + to]! - prefix[j * stride + from]!;
  let best: Split | undefined;
  let withinLeft = 0; // sum of distances between pairs in [start, tau)
  for (let tau = start + 1; tau <= end - minSize; tau++) {
    withinLeft += between(tau - 1, start, tau - 1);
    const left = tau - start;
    if (left < minSize || !allowed(tau)) continue;
    const leftMean = left > 1 ? withinLeft / ((left * (left - 1)) / 2) : 0;
    let cross = 0;
    let withinRight = 0;
    for (let kappa = tau + 1; kappa <= end; kappa++) {
      const j = kappa - 1; // the point joining the right part
      cross += between(j, start, tau);
      withinRight += between(j, tau, j);
      const right = kappa - tau;
      if (right < minSize) continue;
      const rightMean = right > 1 ? withinRight / ((right * (right - 1)) / 2) : 0;
      const energy = (2 * cross) / (left * right) - leftMean - rightMean;
      const statistic = ((left * right) / (left + right)) * energy;
      if (best === undefined || above(statistic, best.statistic)) best = { tau, statistic };
    }
  }
  return best;
}

/** The best split over all segments between the given cut points (sorted, with 0 and n). */
function bestOverSegments(x: ArrayLike<number>, cuts: readonly number[], alpha: number, minSize: number, allowed: (tau: number) => boolean, buffer: Float64Array): Split | undefined {
  const prefix = distancePrefix(x, alpha, buffer);
  let best: Split | undefined;
  for (let s = 0; s + 1 < cuts.length; s++) {
    const split = bestSplit(prefix, x.length, cuts[s]!, cuts[s + 1]!, minSize, allowed);
    if (split && (best === undefined || above(split.statistic, best.statistic))) best = split;
  }
  return best;
}

/**
 * The change points of a series, in order of index. Each one passed a permutation test at the
 * given significance, given those found before it (the permutations shuffle points within the
 * current segments, as ecp does).
 */
export function eDivisive(series: readonly number[], options: ChangePointOptions = {}): ChangePoint[] {
  const significance = options.significance ?? 0.05;
  const permutations = options.permutations ?? 199;
  const minSize = Math.max(1, options.minSize ?? 3);
  const alpha = options.alpha ?? 1;
  if (!(alpha > 0 && alpha < 2)) throw new RangeError(`alpha must be in (0, 2), got ${alpha}`);
  if (!(significance > 0 && significance < 1)) throw new RangeError(`significance must be in (0, 1), got ${significance}`);
  if (series.some((v) => !Number.isFinite(v))) throw new RangeError('the series holds a value that is not a finite number');
  const n = series.length;
  const allowedSet = options.boundaries ? new Set(options.boundaries) : undefined;
  const allowed = (tau: number) => allowedSet === undefined || allowedSet.has(tau);
  const random = new Random(options.seed ?? 1);
  // A test stops once this many permuted statistics reach the observed one: its p-value can no
  // longer be at most `significance` (Besag and Clifford's sequential p-value).
  const enough = Math.floor(significance * (permutations + 1));

  const found: ChangePoint[] = [];
  const cuts = [0, n];
  const shuffled = new Float64Array(n);
  const buffer = new Float64Array(n * (n + 1));
  for (;;) {
    const candidate = bestOverSegments(series, cuts, alpha, minSize, allowed, buffer);
    if (candidate === undefined || !(candidate.statistic > 0)) break;
    let reached = 0;
    let done = 0;
    while (done < permutations && reached < enough) {
      for (let s = 0; s + 1 < cuts.length; s++) {
        const from = cuts[s]!;
        const to = cuts[s + 1]!;
        for (let i = from; i < to; i++) shuffled[i] = series[i]!;
        for (let i = to - 1; i > from; i--) {
          const k = from + Math.floor(random.float() * (i - from + 1));
          const t = shuffled[i]!;
          shuffled[i] = shuffled[k]!;
          shuffled[k] = t;
        }
      }
      const permuted = bestOverSegments(shuffled, cuts, alpha, minSize, allowed, buffer);
      if (permuted !== undefined && reaches(permuted.statistic, candidate.statistic)) reached++;
      done++;
    }
    const pValue = (reached + 1) / (done + 1);
    if (reached >= enough || pValue > significance) break;
    found.push({ index: candidate.tau, statistic: candidate.statistic, pValue });
    cuts.push(candidate.tau);
    cuts.sort((a, b) => a - b);
  }
  return found.sort((a, b) => a.index - b.index);
}

/**
 * The permutation test of one given split: is [from, tau) different from [tau, to)? For a step
 * too new for eDivisive's minimum segment (the newest commit's few runs). p-value as eDivisive's.
 */
export function splitTest(series: readonly number[], from: number, tau: number, to: number, options: ChangePointOptions = {}): ChangePoint {
  const significance = options.significance ?? 0.05;
  const permutations = options.permutations ?? 199;
  const alpha = options.alpha ?? 1;
  if (!(from < tau && tau < to && to <= series.length)) throw new RangeError(`no split at ${tau} in [${from}, ${to})`);
  const random = new Random(options.seed ?? 1);
  const enough = Math.floor(significance * (permutations + 1));
  const segment = series.slice(from, to);
  const buffer = new Float64Array(segment.length * (segment.length + 1));
  const statistic = (values: ArrayLike<number>) => fixedSplit(distancePrefix(values, alpha, buffer), values.length, tau - from);
  const observed = statistic(segment);
  const shuffled = Float64Array.from(segment);
  let reached = 0;
  let done = 0;
  while (done < permutations && reached < enough) {
    for (let i = shuffled.length - 1; i > 0; i--) {
      const k = Math.floor(random.float() * (i + 1));
      const t = shuffled[i]!;
      shuffled[i] = shuffled[k]!;
      shuffled[k] = t;
    }
    if (reaches(statistic(shuffled), observed)) reached++;
    done++;
  }
  return { index: tau, statistic: observed, pValue: (reached + 1) / (done + 1) };
}

/** q̂ of the split of [0, n) at tau. */
function fixedSplit(prefix: Float64Array, n: number, tau: number): number {
  const stride = n + 1;
  const sum = (j: number, from: number, to: number) => prefix[j * stride + to]! - prefix[j * stride + from]!;
  let cross = 0;
  let withinLeft = 0;
  let withinRight = 0;
  for (let j = 0; j < n; j++) {
    if (j < tau) withinLeft += sum(j, 0, j);
    else {
      cross += sum(j, 0, tau);
      withinRight += sum(j, tau, j);
    }
  }
  const left = tau;
  const right = n - tau;
  const leftMean = left > 1 ? withinLeft / ((left * (left - 1)) / 2) : 0;
  const rightMean = right > 1 ? withinRight / ((right * (right - 1)) / 2) : 0;
  return ((left * right) / (left + right)) * ((2 * cross) / (left * right) - leftMean - rightMean);
}
