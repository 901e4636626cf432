// `race compare`: the regression gate. Absolute times from two runs hours apart on a shared
// machine are not comparable, so each median is first divided by a reference timed in the
// same run (by default the calibration workload, timed in the same worker around the
// samples). A change counts only when it exceeds both the threshold and the noise:
//
//   task    r = (cur / cur_ref) / (base / base_ref)            (ratio of normalised medians)
//           sigma^2 = e(cur)^2 + e(base)^2 + e(refs)^2 + 2 * floor^2 + (res/cur)^2 + (res/base)^2
//           slower when ln r > ln(1 + threshold) and ln r > z * sigma
//   engine  G = geometric mean of r over its tasks
//           slower when ln G > ln(1 + threshold) and ln G exceeds z times the larger of
//           its measurement noise (sqrt(sum sigma^2) / n) and its spread across puzzles
//           (t * sd(ln r) / sqrt(n))
//
// e() is the relative standard error of a median (from its samples); `floor` stands for the
// run-to-run noise that samples taken within one run cannot see (JIT luck, a busy neighbour);
// `res` is its absolute part: a call of a few microseconds can take twice as long in another
// worker (inline caches, JIT tier, code layout), which a relative floor cannot cover.
//
// Runs made with other time limits or timing budgets are refused (other limits change which
// tasks finish; another budget changes warm-up and sample counts) unless `force` is given.
// When no task is left that both runs timed, `comparable` is 0 and `incomparable` says why:
// a gate that compared nothing must not pass.
import { geometricMean, mean, medianRelativeError, standardDeviation, tCritical95, type SampleSummary } from './stats.js';
import type { RaceResults, TaskRecord } from './types.js';

export interface CompareOptions {
  /** Smallest slowdown that counts, as a fraction (0.1 = 10%). Default 0.1. */
  readonly threshold?: number;
  /** Run-to-run noise per task and run (one sigma, a fraction) added to the sample noise. Default 0.06. */
  readonly noiseFloor?: number;
  /** How many sigmas a change must exceed. Default 3. */
  readonly z?: number;
  /** Run-to-run noise per call in milliseconds (one sigma), for tasks of a few microseconds. Default 0.002. */
  readonly resolutionMs?: number;
  /** `calibration` (default), `none` (raw medians), or an engine name to divide by on each puzzle. */
  readonly reference?: string;
  /** Compare runs made with different time limits or timing budgets (with a note) instead of refusing. */
  readonly force?: boolean;
}

export type TaskStatus = 'slower' | 'faster' | 'same' | 'broken' | 'fixed' | 'verdict-changed' | 'new' | 'gone' | 'not-timed';

export interface TaskComparison {
  readonly engine: string;
  readonly puzzle: string;
  readonly status: TaskStatus;
  /** Medians (ms) as measured. */
  readonly baseMs?: number;
  readonly currentMs?: number;
  /** Ratio of normalised medians, current / baseline (1.2 = 20% slower). */
  readonly ratio?: number;
  /** Ratio of the raw medians, current / baseline, before dividing by the reference. */
  readonly rawRatio?: number;
  /** One sigma of ln(ratio). */
  readonly noise?: number;
  readonly note?: string;
}

export interface EngineComparison {
  readonly engine: string;
  /** Tasks with timings in both runs. */
  readonly tasks: number;
  /** Geometric mean of the task ratios. */
  readonly ratio: number;
  /** Geometric mean of the same tasks' raw ratios (no reference). */
  readonly rawRatio: number;
  /** One sigma of ln(ratio), the larger of measurement noise and spread across puzzles. */
  readonly noise: number;
  readonly status: 'slower' | 'faster' | 'same';
}

export interface Comparison {
  readonly reference: string;
  readonly threshold: number;
  readonly noiseFloor: number;
  readonly resolutionMs: number;
  readonly z: number;
  readonly tasks: readonly TaskComparison[];
  readonly engines: readonly EngineComparison[];
  /** Slower engines, slower tasks, tasks that broke or changed verdict. */
  readonly regressions: number;
  /** Tasks with a ratio: timed in both runs and normalised. 0 means the comparison says nothing. */
  readonly comparable: number;
  /** Why nothing could be compared (set exactly when `comparable` is 0). */
  readonly incomparable?: string;
  /** Things to know: another CPU, another puzzle set, a reference that was missing. */
  readonly notes: readonly string[];
  readonly baseline: { readonly sha?: string; readonly date: string; readonly cpu: string };
  readonly current: { readonly sha?: string; readonly date: string; readonly cpu: string };
}

const key = (t: Pick<TaskRecord, 'engine' | 'puzzle'>) => `${t.engine}\u0000${t.puzzle}`;
const timed = (t: TaskRecord | undefined): t is TaskRecord & { samples: SampleSummary } =>
  t !== undefined && t.state === 'completed' && t.samples !== undefined && t.samples.median > 0;

interface Normalised {
  readonly value: number;
  /** Squared relative error of the reference (0 for none). */
  readonly refError2: number;
}

function normalise(task: TaskRecord & { samples: SampleSummary }, run: Map<string, TaskRecord>, reference: string): Normalised | string {
  if (reference === 'none') return { value: task.samples.median, refError2: 0 };
  if (reference === 'calibration') {
    const cal = task.calibration;
    if (!cal || !(cal.median > 0)) return 'no calibration samples';
    return { value: task.samples.median / cal.median, refError2: medianRelativeError(cal) ** 2 };
  }
  const ref = run.get(key({ engine: reference, puzzle: task.puzzle }));
  if (!timed(ref)) return `no ${reference} timing on this puzzle`;
  return { value: task.samples.median / ref.samples.median, refError2: medianRelativeError(ref.samples) ** 2 };
}

/** Compare a run with a baseline. Pure: no files, no printing. */
export function compareResults(baseline: RaceResults, current: RaceResults, options: CompareOptions = {}): Comparison {
  const threshold = options.threshold ?? 0.1;
  const floor = options.noiseFloor ?? 0.06;
  const z = options.z ?? 3;
  const resolution = options.resolutionMs ?? 0.002;
  const reference = options.reference ?? 'calibration';
  if (!(threshold >= 0)) throw new RangeError('the threshold must be a non-negative fraction');
  if (!(resolution >= 0)) throw new RangeError('the resolution must be a non-negative number of milliseconds');
  if (baseline.options.clock !== current.options.clock) {
    throw new RangeError(`the runs used different clocks (baseline ${baseline.options.clock}, current ${current.options.clock}): race again with --clock ${baseline.options.clock}`);
  }
  const notes: string[] = [];
  const limits = (r: RaceResults) => `${r.options.timeLimitMs / 1000} s`;
  const budget = (r: RaceResults) => ('iterations' in r.options.timing ? `${r.options.timing.iterations} samples` : `${r.options.timing.timeMs / 1000} s of samples`);
  const differences = [
    ...(baseline.options.timeLimitMs !== current.options.timeLimitMs ? [`time limits (baseline ${limits(baseline)}, current ${limits(current)})`] : []),
    ...(budget(baseline) !== budget(current) ? [`timing budgets (baseline ${budget(baseline)}, current ${budget(current)})`] : []),
  ];
  if (differences.length > 0) {
    if (!options.force) throw new RangeError(`the runs used different ${differences.join(' and different ')}: race again with the baseline's settings, or compare anyway with --force`);
    notes.push(`the runs used different ${differences.join(' and different ')}: compared anyway (--force)`);
  }
  if (baseline.env.cpu !== current.env.cpu) {
    notes.push(`the runs were made on different CPUs (${baseline.env.cpu} / ${current.env.cpu}): ratios carry machine differences too`);
  }
  if (reference === 'calibration' && (!baseline.options.calibration || !current.options.calibration)) {
    notes.push('a run was made without calibration: comparing raw medians');
  }
  const ref = reference === 'calibration' && (!baseline.options.calibration || !current.options.calibration) ? 'none' : reference;
  if (ref !== 'calibration' && ref !== 'none' && !current.options.engines.includes(ref)) {
    throw new RangeError(`reference engine "${ref}" is not in the current run`);
  }
  const baseHash = new Map(baseline.puzzles.map((p) => [p.id, p.hash]));
  const curHash = new Map(current.puzzles.map((p) => [p.id, p.hash]));
  const base = new Map(baseline.tasks.map((t) => [key(t), t]));
  const cur = new Map(current.tasks.map((t) => [key(t), t]));

  const tasks: TaskComparison[] = [];
  for (const c of current.tasks) {
    const b = base.get(key(c));
    const head = { engine: c.engine, puzzle: c.puzzle };
    if (!b) {
      tasks.push({ ...head, status: 'new' });
      continue;
    }
    if (baseHash.get(c.puzzle) !== curHash.get(c.puzzle)) {
      tasks.push({ ...head, status: 'not-timed', note: 'the puzzle changed between the runs' });
      continue;
    }
    const settled = (t: TaskRecord) => t.state === 'completed' && t.verdict !== 'incomplete';
    if (settled(b) && !settled(c)) {
      tasks.push({ ...head, status: 'broken', ...(timed(b) ? { baseMs: b.samples.median } : {}), note: `${c.state}${c.verdict === 'incomplete' ? ` (${c.reason})` : ''}${c.message ? `: ${c.message}` : ''}` });
      continue;
    }
    if (!settled(b) && settled(c)) {
      tasks.push({ ...head, status: 'fixed', ...(timed(c) ? { currentMs: c.samples.median } : {}), note: `was ${b.state}` });
      continue;
    }
    if (b.verdict !== c.verdict) {
      tasks.push({ ...head, status: 'verdict-changed', note: `${b.verdict ?? b.state} -> ${c.verdict ?? c.state}` });
      continue;
    }
    if (!timed(b) || !timed(c)) {
      tasks.push({ ...head, status: 'not-timed', note: c.state === 'completed' ? 'no samples' : c.state });
      continue;
    }
    if (ref !== 'calibration' && ref !== 'none' && c.engine === ref) {
      tasks.push({ ...head, status: 'not-timed', baseMs: b.samples.median, currentMs: c.samples.median, rawRatio: c.samples.median / b.samples.median, note: 'the reference engine' });
      continue;
    }
    const nb = normalise(b, base, ref);
    const nc = normalise(c, cur, ref);
    if (typeof nb === 'string' || typeof nc === 'string') {
      tasks.push({ ...head, status: 'not-timed', note: typeof nb === 'string' ? nb : (nc as string) });
      continue;
    }
    const ratio = nc.value / nb.value;
    const rawRatio = c.samples.median / b.samples.median;
    const noise = Math.sqrt(
      medianRelativeError(b.samples) ** 2 + medianRelativeError(c.samples) ** 2 + nb.refError2 + nc.refError2 + 2 * floor * floor +
        (resolution / b.samples.median) ** 2 + (resolution / c.samples.median) ** 2,
    );
    const x = Math.log(ratio);
    const bar = Math.log(1 + threshold);
    const status: TaskStatus = x > bar && x > z * noise ? 'slower' : -x > bar && -x > z * noise ? 'faster' : 'same';
    tasks.push({ ...head, status, baseMs: b.samples.median, currentMs: c.samples.median, ratio, rawRatio, noise });
  }
  for (const b of baseline.tasks) if (!cur.has(key(b))) tasks.push({ engine: b.engine, puzzle: b.puzzle, status: 'gone' });

  const engines: EngineComparison[] = [];
  for (const engine of [...new Set(tasks.map((t) => t.engine))]) {
    const mine = tasks.filter((t) => t.engine === engine && t.ratio !== undefined && t.noise !== undefined);
    if (mine.length === 0) continue;
    const logs = mine.map((t) => Math.log(t.ratio!));
    const n = logs.length;
    const measurement = Math.sqrt(mine.reduce((s, t) => s + t.noise! ** 2, 0)) / n;
    const spread = n >= 2 ? (tCritical95(n - 1) / 1.96) * (standardDeviation(logs) / Math.sqrt(n)) : 0;
    const noise = Math.max(measurement, spread);
    const x = mean(logs);
    const bar = Math.log(1 + threshold);
    const status = x > bar && x > z * noise ? 'slower' : -x > bar && -x > z * noise ? 'faster' : 'same';
    engines.push({ engine, tasks: n, ratio: geometricMean(mine.map((t) => t.ratio!)), rawRatio: geometricMean(mine.map((t) => t.rawRatio!)), noise, status });
  }
  const gone = tasks.filter((t) => t.status === 'gone').length;
  const added = tasks.filter((t) => t.status === 'new').length;
  if (gone + added > 0) notes.push(`${added} task(s) only in the current run, ${gone} only in the baseline`);
  const regressions =
    engines.filter((e) => e.status === 'slower').length +
    tasks.filter((t) => t.status === 'slower' || t.status === 'broken' || t.status === 'verdict-changed').length;
  const comparable = tasks.filter((t) => t.ratio !== undefined).length;
  const incomparable = comparable > 0 ? undefined : whyIncomparable(baseline, current, tasks);
  const who = (r: RaceResults) => ({ ...(r.env.gitSha ? { sha: r.env.gitSha } : {}), date: r.env.date, cpu: r.env.cpu });
  return {
    reference: ref,
    threshold,
    noiseFloor: floor,
    resolutionMs: resolution,
    z,
    tasks,
    engines,
    regressions,
    comparable,
    ...(incomparable ? { incomparable } : {}),
    notes,
    baseline: who(baseline),
    current: who(current),
  };
}

/** One line on why no task could be compared, most basic reason first. */
function whyIncomparable(baseline: RaceResults, current: RaceResults, tasks: readonly TaskComparison[]): string {
  const baseHash = new Map(baseline.puzzles.map((p) => [p.id, p.hash]));
  if (!current.puzzles.some((p) => baseHash.get(p.id) === p.hash)) return 'the runs have no puzzle in common';
  const base = new Map(baseline.tasks.map((t) => [key(t), t]));
  const withSamples = (t: TaskRecord | undefined) => t !== undefined && t.state === 'completed' && t.samples !== undefined;
  const both = current.tasks.filter((c) => withSamples(c) && withSamples(base.get(key(c))) && baseHash.get(c.puzzle) === current.puzzles.find((p) => p.id === c.puzzle)?.hash);
  if (both.length === 0) return 'no task was timed in both runs';
  if (both.every((c) => !timed(c) || !timed(base.get(key(c))))) return 'every median of the tasks timed in both runs is 0';
  const notes = [...new Set(tasks.filter((t) => t.status === 'not-timed' && t.note).map((t) => t.note!))];
  return `no task could be normalised${notes.length > 0 ? ` (${notes.join('; ')})` : ''}`;
}
