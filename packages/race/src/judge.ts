// The one statistics model behind every comparison the race makes (`race compare`, `race ab`
// and the gate): the same estimator, interval method, multiplicity rule and words.
//
// - Estimator: the Hodges-Lehmann estimate of a log ratio. Paired (one-sample): the median of
//   the Walsh averages of the log ratios. Unpaired (two samples): the median of all pairwise
//   differences of the logs.
// - Interval: the one that inverts the matching rank test, as Go's benchstat and criterion.rs
//   use rank methods: Wilcoxon's signed-rank test for pairs, Mann-Whitney's U test for two
//   samples. Exact distributions for small samples, the normal approximation beyond.
// - Multiplicity: an engine is judged at 95%; the tasks of one comparison share 95% between
//   them (Bonferroni: each task's interval is at 1 - 5%/tasks).
// - Decision: a change counts only when its whole interval lies beyond the threshold.
//
// Ranks rather than means and standard deviations: on a shared virtual machine a whole run now
// and then takes 1.5-2x as long (a busy sibling thread), so a few values are off by a factor of
// two either way. A mean follows them; ranks do not.
import { probit } from 'simple-statistics';
import { quantileSorted } from './stats.js';

/** A ratio (head / base) with its interval. */
export interface Change {
  readonly ratio: number;
  /** Bounds of the interval; 0 and Infinity when the units are too few for one. */
  readonly low: number;
  readonly high: number;
  /** Independent units it rests on: pairs (paired), or the smaller sample (unpaired). */
  readonly n: number;
}

export type ChangeStatus = 'slower' | 'faster' | 'same';

/** The error rate an engine, or all the tasks of one comparison together, are judged at. */
export const FAMILY_ERROR = 0.05;

/** Each member's error rate when `members` share one family's (Bonferroni). */
export function memberError(members: number): number {
  return FAMILY_ERROR / Math.max(1, members);
}

/** The fewest pairs for which a 1 - alpha signed-rank interval exists (6 at 95%). */
export function fewestPairs(alpha = FAMILY_ERROR): number {
  let n = 1;
  while (signedRankCritical(n, alpha) < 0) n++;
  return n;
}

/**
 * The largest c with P(T <= c) <= alpha / 2 for Wilcoxon's signed-rank statistic T of n
 * pairs, from its exact distribution (subset sums of 1..n) up to 60 pairs and the normal
 * approximation beyond; -1 when even T = 0 is likelier (too few pairs for any interval).
 */
export function signedRankCritical(n: number, alpha = FAMILY_ERROR): number {
  const total = (n * (n + 1)) / 2;
  if (n > 60) {
    const z = probit(1 - alpha / 2);
    return Math.floor(total / 2 - z * Math.sqrt((n * (n + 1) * (2 * n + 1)) / 24) - 0.5);
  }
  // counts[t] = subsets of {1..n} whose sum is t; probabilities are counts / 2^n.
  let counts = new Float64Array(total + 1);
  counts[0] = 1;
  for (let k = 1; k <= n; k++) {
    const next = counts.slice();
    for (let t = k; t <= total; t++) next[t]! += counts[t - k]!;
    counts = next;
  }
  return lowerCritical(counts, alpha);
}

/**
 * The largest c with P(U <= c) <= alpha / 2 for the Mann-Whitney statistic U of samples of
 * n and m values: exact (counts of U by the usual recursion) while n * m is at most 2,500,
 * the normal approximation beyond; -1 when no interval exists.
 */
export function rankSumCritical(n: number, m: number, alpha = FAMILY_ERROR): number {
  if (n * m > 2500) {
    const z = probit(1 - alpha / 2);
    return Math.floor((n * m) / 2 - z * Math.sqrt((n * m * (n + m + 1)) / 12) - 0.5);
  }
  return lowerCritical(mannWhitneyCounts(n, m), alpha);
}

/** counts[u] = arrangements of n and m values with U = u (the classic f(n, m, u) recursion). */
function mannWhitneyCounts(n: number, m: number): Float64Array {
  // f(a, b, u) = f(a - 1, b, u - b) + f(a, b - 1, u); rows over b kept for the current a.
  let prev: Float64Array[] = [];
  for (let b = 0; b <= m; b++) prev.push(Float64Array.of(1)); // a = 0: U = 0 only
  for (let a = 1; a <= n; a++) {
    const row: Float64Array[] = [Float64Array.of(1)]; // b = 0: U = 0 only
    for (let b = 1; b <= m; b++) {
      const f = new Float64Array(a * b + 1);
      const left = prev[b]!; // f(a - 1, b, .) shifted by b
      for (let u = 0; u < left.length; u++) f[u + b]! += left[u]!;
      const down = row[b - 1]!; // f(a, b - 1, .)
      for (let u = 0; u < down.length; u++) f[u]! += down[u]!;
      row.push(f);
    }
    prev = row;
  }
  return prev[m]!;
}

/** The largest c with P(X <= c) <= alpha / 2, for counts[x] outcomes of X, all equally likely. */
function lowerCritical(counts: Float64Array, alpha: number): number {
  const all = counts.reduce((sum, k) => sum + k, 0);
  let below = 0;
  let c = -1;
  for (let t = 0; t < counts.length; t++) {
    below += counts[t]!;
    if (below / all > alpha / 2) break;
    c = t;
  }
  return c;
}

/** Paired: the Hodges-Lehmann estimate of `logs` (log ratios) with the signed-rank 1 - alpha interval, on the ratio scale. */
export function pairedChange(logs: readonly number[], alpha = FAMILY_ERROR): Change {
  const n = logs.length;
  if (n === 0) throw new RangeError('a change needs at least one pair');
  const walsh: number[] = [];
  for (let i = 0; i < n; i++) for (let j = i; j < n; j++) walsh.push((logs[i]! + logs[j]!) / 2);
  walsh.sort((a, b) => a - b);
  const c = signedRankCritical(n, alpha);
  return {
    ratio: Math.exp(quantileSorted(walsh, 0.5)),
    low: c >= 0 ? Math.exp(walsh[c]!) : 0,
    high: c >= 0 ? Math.exp(walsh[walsh.length - 1 - c]!) : Number.POSITIVE_INFINITY,
    n,
  };
}

/**
 * The k-th smallest (0-based) of all differences y[j] - x[i] of two sorted arrays, without
 * listing the n * m differences: a bisection on the value, counting the differences at or
 * below it in one merge-like pass. Samples of a few thousand values each stay fast.
 */
function kthDifference(x: readonly number[], y: readonly number[], k: number): number {
  const atOrBelow = (d: number) => {
    let count = 0;
    let i = 0;
    for (let j = 0; j < y.length; j++) {
      while (i < x.length && y[j]! - x[i]! > d) i++;
      count += x.length - i;
    }
    return count;
  };
  let lo = y[0]! - x[x.length - 1]!;
  let hi = y[y.length - 1]! - x[0]!;
  if (atOrBelow(lo) >= k + 1) return lo;
  // Halve until the bounds are neighbouring doubles: hi is then the k-th difference itself.
  for (let step = 0; step < 200; step++) {
    const mid = lo + (hi - lo) / 2;
    if (mid <= lo || mid >= hi) break;
    if (atOrBelow(mid) >= k + 1) hi = mid;
    else lo = mid;
  }
  return hi;
}

/** Unpaired: the Hodges-Lehmann estimate of head / base from two samples of times (ms), with the Mann-Whitney 1 - alpha interval. */
export function unpairedChange(base: readonly number[], head: readonly number[], alpha = FAMILY_ERROR): Change {
  const logs = (v: readonly number[]) => v.filter((t) => t > 0).map(Math.log).sort((a, b) => a - b);
  const x = logs(base);
  const y = logs(head);
  if (x.length === 0 || y.length === 0) throw new RangeError('a change needs a positive time on each side');
  const all = x.length * y.length;
  const estimate = (kthDifference(x, y, Math.floor((all - 1) / 2)) + kthDifference(x, y, Math.ceil((all - 1) / 2))) / 2;
  const c = rankSumCritical(x.length, y.length, alpha);
  return {
    ratio: Math.exp(estimate),
    low: c >= 0 ? Math.exp(kthDifference(x, y, c)) : 0,
    high: c >= 0 ? Math.exp(kthDifference(x, y, all - 1 - c)) : Number.POSITIVE_INFINITY,
    n: Math.min(x.length, y.length),
  };
}

/** A change divided by a reference's change over the same runs (the same machine drift seen in both). */
export function relativeTo(change: Change, reference: Change): Change {
  return { ...change, ratio: change.ratio / reference.ratio, low: change.low / reference.ratio, high: change.high / reference.ratio };
}

/** Slower or faster only when the whole interval lies beyond the threshold (a fraction: 0.05 = 5%). */
export function judgeChange(change: Change, threshold: number): ChangeStatus {
  const bar = Math.log(1 + threshold);
  if (Math.log(change.low) > bar) return 'slower';
  if (Math.log(change.high) < -bar) return 'faster';
  return 'same';
}

/** A ratio as a signed percentage change: 1.052 -> `+5.2%`. */
export const percentChange = (r: number) => `${r >= 1 ? '+' : ''}${((r - 1) * 100).toFixed(1)}%`;

/** An interval in the same words everywhere: `+1.0% .. +9.9%`, or `none (too few)` without one. */
export function intervalText(c: Pick<Change, 'low' | 'high'>): string {
  if (!(c.low > 0) && !Number.isFinite(c.high)) return 'none (too few)';
  return `${percentChange(c.low)} .. ${Number.isFinite(c.high) ? percentChange(c.high) : '∞'}`;
}

/** A comparison's outcome in words: `2 regression(s): slower a +8.1%; faster b -6.0%`, or `no regression`. */
export function outcomeText(regressions: number, engines: readonly { readonly engine: string; readonly ratio: number; readonly status: ChangeStatus }[]): string {
  const named = (status: ChangeStatus) => engines.filter((e) => e.status === status).map((e) => `${e.engine} ${percentChange(e.ratio)}`);
  const slower = named('slower');
  const faster = named('faster');
  const what = regressions > 0 ? `${regressions} regression(s)${slower.length > 0 ? `: slower ${slower.join(', ')}` : ''}` : 'no regression';
  return `${what}${faster.length > 0 ? `; faster ${faster.join(', ')}` : ''}`;
}

/** A change with its interval: `+5.2% [+1.0% .. +9.9%]`. */
export const changeText = (c: Change) => `${percentChange(c.ratio)} [${intervalText(c)}]`;
