// The verdict of an A/B race. Each round gives every task a paired ratio, head / base, of two
// runs made seconds apart; judge.ts makes the verdict from them, paired: a task's rounds are
// its pairs, and an engine's pairs are the ratios of all its tasks and rounds.
import type { AbResults, AbRun, AbTask } from './ab.js';
import { judgeChange, memberError, pairedChange, type Change } from './judge.js';
import { median } from './stats.js';

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

const settled = (run: AbRun | undefined) => run !== undefined && run.state === 'completed' && run.verdict !== undefined && run.verdict !== 'incomplete';
const describe = (run: AbRun) => `${run.state}${run.verdict === 'incomplete' ? ` (${run.reason ?? '?'})` : ''}${run.message ? `: ${run.message}` : ''}`;

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
