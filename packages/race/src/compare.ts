// Comparisons of two builds' times, both on the one statistics model of judge.ts:
// `compareResults` for two races run separately (`race compare`, unpaired) and `compareAb`
// for the rounds of an A/B race (`race ab` and the gate, paired).
//
// Two separate races (`race compare`): run hours apart, perhaps on another machine of the
// kind, so compared unpaired.
//
//   task    the Hodges-Lehmann change of its samples, current against baseline, with the
//           Mann-Whitney interval (tasks share 95%), divided by the same change of a reference
//           timed in the same runs (by default the calibration workload of the task's puzzle),
//           which takes out much of a machine that was busier in one run than in the other
//           A task of two sliced races (`race --slices`) is set side by side at its fast
//           level instead: its fastest sample over all its slices, current against baseline,
//           divided by the calibration's fast level over each whole run (slices.ts says why)
//   engine  the paired Hodges-Lehmann change over its tasks' changes (each task is one unit),
//           with the signed-rank 95% interval; slower when the whole interval is above the
//           threshold
//   work    each task's work counters, compared exactly (ab-counters.ts): more work past 2% is
//           a regression whatever the clock says
//
// Time is judged per engine, not per task: one run a side cannot tell a task's change from the
// offsets between two runs of the same build on this kind of machine (measured: single tasks
// 40-70% apart in most pairs of unchanged races, whole runs of an engine's tasks rarely), while
// the samples of one run see none of it. A task's interval is shown, not judged.
//
// Runs made with other time limits or timing budgets are refused (other limits change which
// tasks finish; another budget changes warm-up and sample counts) unless `force` is given.
// When no task is left that both runs timed, `comparable` is 0 and `incomparable` says why:
// a gate that compared nothing must not pass.
import type { AbResults, AbRun, AbTask } from './ab.js';
import { compareRaceCounters, type CounterComparison } from './ab-counters.js';
import { fewestPairs, judgeChange, memberError, pairedChange, relativeTo, unpairedChange, type Change, type ChangeStatus } from './judge.js';
import { median, type SampleSummary } from './stats.js';
import type { RaceResults, TaskRecord } from './types.js';

export interface CompareOptions {
  /** Smallest change of an engine that counts, over its whole interval, as a fraction (0.05 = 5%). Default 0.05. */
  readonly threshold?: number;
  /** Growth of a work counter on a task that counts, as a fraction. Default 0.02. */
  readonly counterThreshold?: number;
  /** `calibration` (default), `none` (times as measured), or an engine name to divide by on each puzzle. */
  readonly reference?: string;
  /** Compare runs made with different time limits or timing budgets, or run on several kinds of machine (with a note), instead of refusing. */
  readonly force?: boolean;
}

/**
 * `timed`: timed in both runs (its change is shown and judged with its engine's); `more-work`:
 * a work counter grew past the counter threshold; the others say why a task has no change.
 */
export type TaskStatus = 'timed' | 'more-work' | 'broken' | 'fixed' | 'verdict-changed' | 'new' | 'gone' | 'not-timed';

export interface TaskComparison extends Partial<Change> {
  readonly engine: string;
  readonly puzzle: string;
  readonly status: TaskStatus;
  /** Medians (ms) as measured; for a task compared at its fast level, its fastest sample. */
  readonly baseMs?: number;
  readonly currentMs?: number;
  /** Compared at its fast level (both runs sliced): the change has no interval of its own. */
  readonly fastLevel?: boolean;
  /** The change before dividing by the reference (the Hodges-Lehmann ratio of the times as measured). */
  readonly rawRatio?: number;
  readonly note?: string;
}

export interface EngineComparison extends Change {
  readonly engine: string;
  /** Tasks timed in both runs: the units its change rests on. */
  readonly tasks: number;
  /** The same over the tasks' changes as measured (no reference). */
  readonly rawRatio: number;
  readonly status: ChangeStatus;
  /** Why it could not be judged (too few tasks for an interval). */
  readonly note?: string;
}

export interface Comparison {
  readonly reference: string;
  readonly threshold: number;
  readonly tasks: readonly TaskComparison[];
  readonly engines: readonly EngineComparison[];
  /** Work counters of the tasks both runs settled, compared exactly. */
  readonly counters: CounterComparison;
  /** Slower engines, tasks doing more work, tasks that broke or changed verdict. */
  readonly regressions: number;
  /** Tasks with a change: timed in both runs and normalised. 0 means the comparison says nothing. */
  readonly comparable: number;
  /** Of those, the tasks compared at their fast level (both runs sliced). */
  readonly fastLevel: number;
  /** Why nothing could be compared (set exactly when `comparable` is 0). */
  readonly incomparable?: string;
  /** Things to know: another CPU, another puzzle set, a reference that was missing. */
  readonly notes: readonly string[];
  readonly baseline: { readonly sha?: string; readonly date: string; readonly cpu: string };
  readonly current: { readonly sha?: string; readonly date: string; readonly cpu: string };
}

type Timed = TaskRecord & { samples: SampleSummary & { samples: readonly number[] } };

const key = (t: Pick<TaskRecord, 'engine' | 'puzzle'>) => `${t.engine}\u0000${t.puzzle}`;
const hasSamples = (s: SampleSummary | undefined): s is SampleSummary & { samples: readonly number[] } =>
  s !== undefined && s.samples !== undefined && s.samples.some((v) => v > 0);
const timed = (t: TaskRecord | undefined): t is Timed => t !== undefined && t.state === 'completed' && hasSamples(t.samples);

/** What a run or task record says of its outcome, in both comparisons (an A/B run is a cut of a task record). */
type Outcome = Pick<TaskRecord, 'state' | 'verdict' | 'reason' | 'message'>;
/** The run settled the verdict: completed, and not `incomplete`. */
const settled = (run: Outcome | undefined) => run !== undefined && run.state === 'completed' && run.verdict !== undefined && run.verdict !== 'incomplete';
const describe = (run: Outcome) => `${run.state}${run.verdict === 'incomplete' ? ` (${run.reason ?? '?'})` : ''}${run.message ? `: ${run.message}` : ''}`;

/** The reference's change on the task's puzzle between the runs, or why there is none. */
function referenceChange(b: Timed, c: Timed, base: Map<string, TaskRecord>, cur: Map<string, TaskRecord>, reference: string): Change | string | undefined {
  if (reference === 'none') return undefined;
  if (reference === 'calibration') {
    if (!hasSamples(b.calibration) || !hasSamples(c.calibration)) return 'no calibration samples';
    return unpairedChange(b.calibration.samples, c.calibration.samples);
  }
  const rb = base.get(key({ engine: reference, puzzle: b.puzzle }));
  const rc = cur.get(key({ engine: reference, puzzle: c.puzzle }));
  if (!timed(rb) || !timed(rc)) return `no ${reference} timing on this puzzle`;
  return unpairedChange(rb.samples.samples, rc.samples.samples);
}

/** Slices enough for a fast level: at least two, every one timed. */
const enoughSlices = (values: readonly number[] | undefined): values is readonly number[] => values !== undefined && values.length >= 2 && values.every((v) => v > 0);
const sliced = (t: TaskRecord | undefined): t is TaskRecord & { slices: readonly number[] } => t !== undefined && enoughSlices(t.slices);
const fastest = (values: readonly number[]) => Math.min(...values);
/**
 * A sliced task's fast level: its fastest sample over all its slices (the fastest slice's
 * median when the samples were not kept). The fastest sample, not the fastest slice's median:
 * a slice holds only a few samples at short budgets, and its median is as noisy as they are,
 * while the fastest of all of them is where a task lands whenever the machine runs it at its
 * fast speed. Measured on the noise experiment's races (benchmarks/results/compare-noise.md):
 * the same 20 pairs of races per corpus gave 8 of 10 slowdowns flagged with slice medians and
 * 10 of 10 with the fastest sample, and no false alarm with either.
 */
const fastLevel = (slices: readonly number[], samples: SampleSummary | undefined): number =>
  samples?.samples !== undefined && samples.samples.length > 0 ? Math.min(...samples.samples) : fastest(slices);

/**
 * A sliced run's calibration level: the median over its puzzles of the calibration's fast
 * level (its fastest sample over the slices). One figure for the whole run, so it takes out a
 * shift of every task of a run (a run made while the machine as a whole was slower) without
 * adding a puzzle's own noise.
 */
function calibrationLevel(run: RaceResults): number | undefined {
  const byPuzzle = new Map<string, number>();
  for (const t of run.tasks) if (enoughSlices(t.calibrationSlices)) byPuzzle.set(t.puzzle, fastLevel(t.calibrationSlices, t.calibration));
  return byPuzzle.size > 0 ? median([...byPuzzle.values()]) : undefined;
}

/** The reference's fast-level ratio (current / baseline) for a sliced task, or why there is none. */
function fastReference(b: TaskRecord, c: TaskRecord, base: Map<string, TaskRecord>, cur: Map<string, TaskRecord>, reference: string, levels: readonly [number | undefined, number | undefined]): number | string | undefined {
  if (reference === 'none') return undefined;
  if (reference === 'calibration') return levels[0] !== undefined && levels[1] !== undefined ? levels[1] / levels[0] : "no calibration slices in both runs";
  const rb = base.get(key({ engine: reference, puzzle: b.puzzle }));
  const rc = cur.get(key({ engine: reference, puzzle: c.puzzle }));
  if (!sliced(rb) || !sliced(rc)) return `no sliced ${reference} timing on this puzzle`;
  return fastLevel(rc.slices, rc.samples) / fastLevel(rb.slices, rb.samples);
}

/** Compare a run with a baseline. Pure: no files, no printing. */
export function compareResults(baseline: RaceResults, current: RaceResults, options: CompareOptions = {}): Comparison {
  const threshold = options.threshold ?? 0.05;
  const reference = options.reference ?? 'calibration';
  if (!(threshold >= 0)) throw new RangeError('the threshold must be a non-negative fraction');
  if (baseline.options.clock !== current.options.clock) {
    throw new RangeError(`the runs used different clocks (baseline ${baseline.options.clock}, current ${current.options.clock}): race again with --clock ${baseline.options.clock}`);
  }
  const notes: string[] = [];
  const limits = (r: RaceResults) => `${r.options.timeLimitMs / 1000} s`;
  const budget = (r: RaceResults) => ('iterations' in r.options.timing ? `${r.options.timing.iterations} samples` : `${r.options.timing.timeMs / 1000} s of samples`);
  const slicesOf = (r: RaceResults) => r.options.slices ?? 1;
  const differences = [
    ...(slicesOf(baseline) !== slicesOf(current) ? [`slices (baseline ${slicesOf(baseline)}, current ${slicesOf(current)})`] : []),
    ...(baseline.options.timeLimitMs !== current.options.timeLimitMs ? [`time limits (baseline ${limits(baseline)}, current ${limits(current)})`] : []),
    ...(budget(baseline) !== budget(current) ? [`timing budgets (baseline ${budget(baseline)}, current ${budget(current)})`] : []),
  ];
  if (differences.length > 0) {
    if (!options.force) throw new RangeError(`the runs used different ${differences.join(' and different ')}: race again with the baseline's settings, or compare anyway with --force`);
    notes.push(`the runs used different ${differences.join(' and different ')}: compared anyway (--force)`);
  }
  // A run whose tasks ran on several kinds of machine (a queue's workers) has times that mix them.
  const mixed = [baseline, current].flatMap((r, i) => {
    const cpus = [...new Set((r.machines ?? []).map((m) => m.cpu))];
    return cpus.length > 1 ? [`the ${i === 0 ? 'baseline' : 'current'} run's tasks ran on ${cpus.length} kinds of machine (${cpus.join(' / ')})`] : [];
  });
  if (mixed.length > 0) {
    if (!options.force) throw new RangeError(`${mixed.join(' and ')}: its times mix machines; race on one kind of machine, or compare anyway with --force`);
    notes.push(`${mixed.join(' and ')}: compared anyway (--force)`);
  }
  // A queued run's CPU is its workers' (one kind when it got here), not the machine that queued it.
  const cpuOf = (r: RaceResults) => r.machines?.[0]?.cpu ?? r.env.cpu;
  if (cpuOf(baseline) !== cpuOf(current)) {
    notes.push(`the runs were made on different CPUs (${cpuOf(baseline)} / ${cpuOf(current)}): ratios carry machine differences too`);
  }
  const uncalibrated = reference === 'calibration' && (!baseline.options.calibration || !current.options.calibration);
  if (uncalibrated) notes.push('a run was made without calibration: comparing times as measured');
  const ref = uncalibrated ? 'none' : reference;
  if (ref !== 'calibration' && ref !== 'none' && !current.options.engines.includes(ref)) {
    throw new RangeError(`reference engine "${ref}" is not in the current run`);
  }
  const baseHash = new Map(baseline.puzzles.map((p) => [p.id, p.hash]));
  const curHash = new Map(current.puzzles.map((p) => [p.id, p.hash]));
  const base = new Map(baseline.tasks.map((t) => [key(t), t]));
  const cur = new Map(current.tasks.map((t) => [key(t), t]));
  const samePuzzle = (id: string) => baseHash.get(id) === curHash.get(id);
  const levels = [calibrationLevel(baseline), calibrationLevel(current)] as const;

  // How many tasks get a change decides each one's share of the 95% (Bonferroni): timed tasks
  // are finished once the loop has counted them, as compareAb does.
  const tasks: (TaskComparison | ((alpha: number) => TaskComparison))[] = [];
  let changes = 0;
  for (const c of current.tasks) {
    const b = base.get(key(c));
    const head = { engine: c.engine, puzzle: c.puzzle };
    if (!b) {
      tasks.push({ ...head, status: 'new' });
      continue;
    }
    if (!samePuzzle(c.puzzle)) {
      tasks.push({ ...head, status: 'not-timed', note: 'the puzzle changed between the runs' });
      continue;
    }
    const medians = { ...(b.samples ? { baseMs: b.samples.median } : {}), ...(c.samples ? { currentMs: c.samples.median } : {}) };
    if (settled(b) && !settled(c)) {
      tasks.push({ ...head, status: 'broken', ...medians, note: describe(c) });
      continue;
    }
    if (!settled(b) && settled(c)) {
      tasks.push({ ...head, status: 'fixed', ...medians, note: `was ${b.state}` });
      continue;
    }
    if (b.verdict !== c.verdict) {
      tasks.push({ ...head, status: 'verdict-changed', note: `${b.verdict ?? b.state} -> ${c.verdict ?? c.state}` });
      continue;
    }
    if (!timed(b) || !timed(c)) {
      tasks.push({ ...head, status: 'not-timed', ...medians, note: c.state !== 'completed' ? c.state : c.samples && !c.samples.samples ? 'no samples kept' : 'no samples' });
      continue;
    }
    if (ref === c.engine) {
      tasks.push({ ...head, status: 'not-timed', ...medians, rawRatio: unpairedChange(b.samples.samples, c.samples.samples).ratio, note: 'the reference engine' });
      continue;
    }
    if (sliced(b) && sliced(c)) {
      const fast = { ...head, baseMs: fastLevel(b.slices, b.samples), currentMs: fastLevel(c.slices, c.samples), fastLevel: true };
      const raw = fast.currentMs / fast.baseMs;
      const by = fastReference(b, c, base, cur, ref, levels);
      if (typeof by === 'string') tasks.push({ ...fast, status: 'not-timed', note: by });
      else tasks.push({ ...fast, status: 'timed', ratio: raw / (by ?? 1), n: Math.min(b.slices.length, c.slices.length), rawRatio: raw });
      continue;
    }
    changes++;
    tasks.push((alpha) => {
      const raw = unpairedChange(b.samples.samples, c.samples.samples, alpha);
      const by = referenceChange(b, c, base, cur, ref);
      if (typeof by === 'string') return { ...head, status: 'not-timed', ...medians, note: by };
      return { ...head, status: 'timed', ...medians, ...(by ? relativeTo(raw, by) : raw), rawRatio: raw.ratio };
    });
  }
  for (const b of baseline.tasks) if (!cur.has(key(b))) tasks.push({ engine: b.engine, puzzle: b.puzzle, status: 'gone' });
  const alpha = memberError(changes);
  const finished = tasks.map((t) => (typeof t === 'function' ? t(alpha) : t));

  // Work: counters of the tasks both runs settled with the same verdict.
  const counters = compareRaceCounters(baseline, current, options.counterThreshold !== undefined ? { threshold: options.counterThreshold } : {});
  const moreWork = new Map<string, string>();
  for (const r of counters.regressions) {
    const k = key(r);
    moreWork.set(k, `${moreWork.has(k) ? `${moreWork.get(k)}; ` : ''}${r.counter} ${r.base} -> ${r.head}`);
  }
  const judged = finished.map((t): TaskComparison => (t.status === 'timed' && moreWork.has(key(t)) ? { ...t, status: 'more-work', note: moreWork.get(key(t))! } : t));

  const engines: EngineComparison[] = [];
  const needed = fewestPairs();
  for (const engine of [...new Set(judged.map((t) => t.engine))]) {
    const mine = judged.filter((t) => t.engine === engine && t.ratio !== undefined);
    if (mine.length === 0) continue;
    const change = pairedChange(mine.map((t) => Math.log(t.ratio!)));
    const raw = pairedChange(mine.map((t) => Math.log(t.rawRatio!)));
    engines.push({
      engine,
      tasks: mine.length,
      ...change,
      rawRatio: raw.ratio,
      status: judgeChange(change, threshold),
      ...(mine.length < needed ? { note: `${mine.length} task(s): a 95% interval needs ${needed}` } : {}),
    });
  }
  const gone = judged.filter((t) => t.status === 'gone').length;
  const added = judged.filter((t) => t.status === 'new').length;
  if (gone + added > 0) notes.push(`${added} task(s) only in the current run, ${gone} only in the baseline`);
  const regressions =
    engines.filter((e) => e.status === 'slower').length +
    judged.filter((t) => t.status === 'more-work' || t.status === 'broken' || t.status === 'verdict-changed').length;
  const comparable = judged.filter((t) => t.ratio !== undefined).length;
  const incomparable = comparable > 0 ? undefined : whyIncomparable(current, base, samePuzzle, judged);
  const who = (r: RaceResults) => ({ ...(r.env.gitSha ? { sha: r.env.gitSha } : {}), date: r.env.date, cpu: r.env.cpu });
  return {
    reference: ref,
    threshold,
    tasks: judged,
    engines,
    counters,
    regressions,
    comparable,
    fastLevel: judged.filter((t) => t.ratio !== undefined && t.fastLevel).length,
    ...(incomparable ? { incomparable } : {}),
    notes,
    baseline: who(baseline),
    current: who(current),
  };
}

/** One line on why no task could be compared, most basic reason first. */
function whyIncomparable(current: RaceResults, base: ReadonlyMap<string, TaskRecord>, samePuzzle: (id: string) => boolean, tasks: readonly TaskComparison[]): string {
  if (!current.puzzles.some((p) => samePuzzle(p.id))) return 'the runs have no puzzle in common';
  const withSamples = (t: TaskRecord | undefined) => t !== undefined && t.state === 'completed' && t.samples !== undefined;
  const both = current.tasks.filter((c) => withSamples(c) && withSamples(base.get(key(c))) && samePuzzle(c.puzzle));
  if (both.length === 0) return 'no task was timed in both runs';
  if (both.every((c) => !timed(c) || !timed(base.get(key(c))))) return 'every sample of the tasks timed in both runs is 0';
  const notes = [...new Set(tasks.filter((t) => t.status === 'not-timed' && t.note).map((t) => t.note!))];
  return `no task could be normalised${notes.length > 0 ? ` (${notes.join('; ')})` : ''}`;
}

// The rounds of an A/B race (`race ab`, the gate): each round gives every task a paired
// ratio, head / base, of two runs made seconds apart. A task's rounds are its pairs; an
// engine's pairs are the ratios of all its tasks and rounds.

export interface AbCompareOptions {
  /** Smallest change that counts, as a fraction (0.05 = 5%). Default 0.05. */
  readonly threshold?: number;
  /** The same for a single task, whose interval is wider and whose build-to-build offsets are larger. Default: `threshold`. */
  readonly taskThreshold?: number;
  /** Which statistic of a run's samples is compared. Default `p10`. */
  readonly statistic?: AbStatistic;
  /**
   * A run over this many times its side's fastest run of the same task is taken as slowed
   * from outside and left out. Default 1.3: the slowed runs seen here took 1.5-2x, a clean
   * run's own jitter is a few percent.
   */
  readonly spoiled?: number;
}

/**
 * `p10` (default), `min` or `median` of a run's samples. On a shared virtual machine the
 * samples of one run spread upwards, by up to 10x, whenever something else gets the core
 * (measured: a 1.5 ms solve with a median of 1.6-2.4 ms and a maximum of 10-17 ms in four
 * runs, while the minimum stayed at 1.46-1.52 ms); interference only ever adds time, so a low
 * quantile tracks the solve's own cost far more steadily than the median.
 */
export type AbStatistic = 'p10' | 'min' | 'median';

export type AbStatus = 'slower' | 'faster' | 'same' | 'broken' | 'fixed' | 'verdict-changed' | 'not-timed';

/** A ratio (head / base) with its 95% interval; `n` counts the paired ratios it rests on. */
export type AbRatio = Change;

export interface AbTaskComparison extends Partial<AbRatio> {
  readonly engine: string;
  readonly puzzle: string;
  readonly status: AbStatus;
  /** Median over rounds of each side's run statistic (ms). */
  readonly baseMs?: number;
  readonly headMs?: number;
  readonly note?: string;
}

export interface AbEngineComparison extends AbRatio {
  readonly engine: string;
  /** Tasks timed on both sides. */
  readonly tasks: number;
  readonly status: 'slower' | 'faster' | 'same';
}

export interface AbComparison {
  readonly threshold: number;
  readonly taskThreshold: number;
  readonly statistic: AbStatistic;
  readonly base: { readonly ref: string; readonly sha?: string };
  readonly head: { readonly ref: string; readonly sha?: string; readonly dirty?: boolean };
  readonly rounds: number;
  readonly engines: readonly AbEngineComparison[];
  readonly tasks: readonly AbTaskComparison[];
  /** Slower engines and tasks, broken tasks, changed verdicts, disagreements. */
  readonly regressions: number;
  readonly notes: readonly string[];
}

/**
 * Log ratios of a task from its clean runs. A run over `spoiled` times its side's fastest run
 * of the task is taken as slowed from outside and left out: on this kind of machine about half
 * the runs take 1.5-2x as long as the same code's other runs, on both sides alike, while the
 * clean ones agree within a few percent. The rule is the same for both sides, each against its
 * own best, so a head that is really slower keeps its runs. Each side's clean runs are then
 * paired in the order they ran (the first clean base run with the first clean head run, and
 * so on), so pairs stay close in time without needing both runs of one round to be clean.
 */
function roundLogs(task: AbTask, statistic: AbStatistic, spoiled: number): { logs: number[]; setAside: number } {
  const clean = (side: 'base' | 'head') => {
    const runs = task.runs.filter((r) => r.side === side && r[statistic]! > 0).sort((a, b) => a.round - b.round);
    const best = Math.min(...runs.map((r) => r[statistic]!));
    return { all: runs.length, kept: runs.filter((r) => r[statistic]! <= spoiled * best) };
  };
  const base = clean('base');
  const head = clean('head');
  const logs: number[] = [];
  const pairs = Math.min(base.kept.length, head.kept.length);
  for (let k = 0; k < pairs; k++) {
    const b = base.kept[k]!;
    const h = head.kept[k]!;
    logs.push(Math.log(h[statistic]! / b[statistic]!));
  }
  return { logs, setAside: Math.min(base.all, head.all) - pairs };
}

/** A task's comparison without its interval (`finish` adds it once the number of tasks is known), or its final comparison. */
type TaskVerdict = { comparison: AbTaskComparison; logs: number[]; finish?: (alpha: number) => AbTaskComparison };

function compareTask(task: AbTask, threshold: number, statistic: AbStatistic, spoiled: number): TaskVerdict {
  const head = { engine: task.engine, puzzle: task.puzzle };
  const empty: number[] = [];
  const b1 = task.runs.find((r) => r.side === 'base' && r.round === 1);
  const h1 = task.runs.find((r) => r.side === 'head' && r.round === 1);
  if (!b1 || !h1) return { comparison: { ...head, status: 'not-timed', note: 'the race stopped before both sides ran' }, logs: empty };
  if (settled(b1) && !settled(h1)) return { comparison: { ...head, status: 'broken', note: `head: ${describe(h1)}` }, logs: empty };
  if (!settled(b1) && settled(h1)) return { comparison: { ...head, status: 'fixed', note: `base: ${describe(b1)}` }, logs: empty };
  if (!settled(b1)) {
    // Neither settled it: only a new failure (a throw, a crash, memory) where base stopped cleanly counts.
    const failed = (run: AbRun) => run.state === 'errored' || run.state === 'oom';
    const note = `base: ${describe(b1)}; head: ${describe(h1)}`;
    return { comparison: { ...head, status: failed(h1) && !failed(b1) ? 'broken' : 'not-timed', note }, logs: empty };
  }
  if (b1.verdict !== h1.verdict) return { comparison: { ...head, status: 'verdict-changed', note: `${b1.verdict ?? b1.state} -> ${h1.verdict ?? h1.state}` }, logs: empty };
  const { logs, setAside } = roundLogs(task, statistic, spoiled);
  const values = (side: 'base' | 'head') => task.runs.filter((r) => r.side === side && r[statistic] !== undefined).map((r) => r[statistic]!);
  const times = values('base').length > 0 && values('head').length > 0 ? { baseMs: median(values('base')), headMs: median(values('head')) } : {};
  if (logs.length < 2) return { comparison: { ...head, status: 'not-timed', ...times, note: `fewer than 2 clean runs on each side (${setAside} left out)` }, logs: empty };
  const missing = task.runs.filter((r) => r.round > 1 && r[statistic] === undefined);
  const notes = [missing.length > 0 && `${missing.length} later run(s) not timed: ${describe(missing[0]!)}`, setAside > 0 && `${setAside} run pair(s) left out as slowed from outside`].filter(Boolean);
  const finish = (alpha: number): AbTaskComparison => {
    const interval = pairedChange(logs, alpha);
    return { ...head, status: judgeChange(interval, threshold), ...times, ...interval, ...(notes.length > 0 ? { note: notes.join('; ') } : {}) };
  };
  return { comparison: { ...head, status: 'same' }, logs, finish };
}

/** Compare the two sides of an A/B race. Pure: no files, no printing. */
export function compareAb(results: AbResults, options: AbCompareOptions = {}): AbComparison {
  const threshold = options.threshold ?? 0.05;
  const taskThreshold = options.taskThreshold ?? threshold;
  const statistic = options.statistic ?? 'p10';
  const spoiled = options.spoiled ?? 1.3;
  if (!(spoiled > 1)) throw new RangeError('spoiled must be a factor above 1');
  if (!(threshold >= 0) || !(taskThreshold >= 0)) throw new RangeError('the threshold must be a non-negative fraction');
  const notes: string[] = [];
  const byEngine = new Map<string, number[][]>();
  const verdicts = results.tasks.map((task) => compareTask(task, taskThreshold, statistic, spoiled));
  const timed = verdicts.filter((v) => v.finish !== undefined).length;
  const tasks = verdicts.map((v) => (v.finish === undefined ? v.comparison : v.finish(memberError(timed))));
  results.tasks.forEach((task, i) => {
    const { logs } = verdicts[i]!;
    if (logs.length >= 2) byEngine.set(task.engine, [...(byEngine.get(task.engine) ?? []), logs]);
  });
  const engines: AbEngineComparison[] = [];
  for (const [engine, perTask] of byEngine) {
    const interval = pairedChange(perTask.flat());
    engines.push({ engine, tasks: perTask.length, ...interval, status: judgeChange(interval, threshold) });
  }
  const onlyIn = (mine: AbResults['base'], other: AbResults['base']) => mine.engines.filter((e) => !other.engines.some((o) => o.name === e.name)).map((e) => e.name);
  const newEngines = onlyIn(results.head, results.base);
  const goneEngines = onlyIn(results.base, results.head);
  if (newEngines.length > 0) notes.push(`only in head (not raced): ${newEngines.join(', ')}`);
  if (goneEngines.length > 0) notes.push(`only in base (not raced): ${goneEngines.join(', ')}`);
  if (results.aborted) notes.push('the A/B race was interrupted: fewer rounds than planned');
  if (results.head.dirty) notes.push('head is a working tree with uncommitted changes');
  const regressions =
    engines.filter((e) => e.status === 'slower').length +
    tasks.filter((t) => t.status === 'slower' || t.status === 'broken' || t.status === 'verdict-changed').length +
    results.disagreements.length;
  const who = (b: AbResults['base']) => ({ ref: b.ref, ...(b.sha ? { sha: b.sha } : {}), ...(b.dirty !== undefined ? { dirty: b.dirty } : {}) });
  return { threshold, taskThreshold, statistic, base: who(results.base), head: who(results.head), rounds: results.options.rounds, engines, tasks, regressions, notes };
}
