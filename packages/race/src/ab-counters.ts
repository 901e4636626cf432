// The counter verdict of an A/B race: how much work each engine did on each puzzle (line
// solves, probes, nodes, conflicts, ... as its checked solve reports them), base against head,
// compared exactly. For one build and puzzle these are the same on every machine and under any
// load, so this verdict has no noise at all: more search is caught whatever the machine does.
//
// That counters repeat is checked, not assumed: each side's runs (fresh workers) must report
// the same values; a counter that moves between runs of one build is `unsteady`, not judged,
// and its engine falls back to the time verdict.
import type { AbResults, AbRun, AbTask } from './ab.js';
import type { RaceResults, TaskRecord } from './types.js';

export interface CounterCompareOptions {
  /** Largest growth of a work counter on one task that still passes, as a fraction. Default 0.02. */
  readonly threshold?: number;
  /** Growth by fewer than this many counts never fails (1 to 2 on a tiny puzzle is 100%). Default 2. */
  readonly minCount?: number;
}

export type CounterStatus = 'more' | 'less' | 'same' | 'unsteady' | 'new' | 'gone';

export interface CounterChange {
  readonly engine: string;
  readonly puzzle: string;
  readonly counter: string;
  readonly base?: number;
  readonly head?: number;
  /** head / base - 1, when both are there and base is not 0. */
  readonly change?: number;
  readonly status: CounterStatus;
  /** A work counter (judged); others (peaks, cache hits, reuse) are shown only. */
  readonly work: boolean;
}

export interface CounterComparison {
  readonly threshold: number;
  readonly minCount: number;
  /** Every counter of every task that reported counters on both sides. */
  readonly changes: readonly CounterChange[];
  /** Work counters that grew past the threshold: each one fails the gate. */
  readonly regressions: readonly CounterChange[];
  /** Work counters that shrank past the threshold. */
  readonly improvements: readonly CounterChange[];
  /** Engines with at least one task whose counters were steady and compared on both sides. */
  readonly counted: readonly string[];
  /** Engines that report no counters, or none that repeat: judged on time alone. */
  readonly uncounted: readonly string[];
}

/**
 * Counters that are not an amount of work: a peak (`maxDepth`), hits or reuse, which grow
 * when work is saved, and times (`buildMs`), which move with the machine. Shown, never judged.
 */
export function isWorkCounter(name: string): boolean {
  return !/^max|Hits$|Reused$|^learnedBy|Ms$/.test(name);
}

const settledRun = (run: AbRun) => run.state === 'completed' && run.verdict !== undefined && run.verdict !== 'incomplete' && run.counters !== undefined;

/** The value every settled run of one side reports for `counter`, or 'unsteady' when they differ. */
function sideValue(runs: readonly AbRun[], counter: string): number | undefined | 'unsteady' {
  const values = new Set(runs.map((r) => r.counters![counter]));
  if (values.size > 1) return 'unsteady';
  return [...values][0];
}

/** The runs of each task, as an A/B race records them: all the counter verdict reads. */
export type CounterRuns = { readonly tasks: readonly Pick<AbTask, 'engine' | 'puzzle' | 'runs'>[] };

/** Compare the work counters of the two sides of an A/B race. Pure: no files, no printing. */
export function compareCounters(results: CounterRuns | AbResults, options: CounterCompareOptions = {}): CounterComparison {
  const threshold = options.threshold ?? 0.02;
  const minCount = options.minCount ?? 2;
  if (!(threshold >= 0)) throw new RangeError('the counter threshold must be a non-negative fraction');
  const changes: CounterChange[] = [];
  const counted = new Set<string>();
  const engines = new Set<string>();
  for (const task of results.tasks) {
    engines.add(task.engine);
    const base = task.runs.filter((r) => r.side === 'base' && settledRun(r));
    const head = task.runs.filter((r) => r.side === 'head' && settledRun(r));
    if (base.length === 0 || head.length === 0) continue;
    const names = new Set([...base, ...head].flatMap((r) => Object.keys(r.counters!)));
    let steady = false;
    for (const counter of [...names].sort()) {
      const b = sideValue(base, counter);
      const h = sideValue(head, counter);
      const work = isWorkCounter(counter);
      const id = { engine: task.engine, puzzle: task.puzzle, counter, work };
      if (b === 'unsteady' || h === 'unsteady') {
        changes.push({ ...id, ...(typeof b === 'number' ? { base: b } : {}), ...(typeof h === 'number' ? { head: h } : {}), status: 'unsteady' });
        continue;
      }
      if (b === undefined || h === undefined) {
        changes.push({ ...id, ...(b !== undefined ? { base: b } : {}), ...(h !== undefined ? { head: h } : {}), status: b === undefined ? 'new' : 'gone' });
        continue;
      }
      if (work) steady = true;
      const change = b !== 0 ? h / b - 1 : undefined;
      const grew = h - b >= minCount && (b === 0 || h / b - 1 > threshold);
      const shrank = b - h >= minCount && (h === 0 || 1 - h / b > threshold);
      changes.push({ ...id, base: b, head: h, ...(change !== undefined ? { change } : {}), status: grew ? 'more' : shrank ? 'less' : 'same' });
    }
    if (steady) counted.add(task.engine);
  }
  return {
    threshold,
    minCount,
    changes,
    regressions: changes.filter((c) => c.work && c.status === 'more'),
    improvements: changes.filter((c) => c.work && c.status === 'less'),
    counted: [...counted],
    uncounted: [...engines].filter((e) => !counted.has(e)),
  };
}

/**
 * The same verdict between two plain races (a committed results file and a race of head), for
 * when the base build cannot be had. Counters do not depend on the machine, so a file made
 * elsewhere is a fair base for them (never for time). One run a side: repetition is not checked.
 */
export function compareRaceCounters(baseline: RaceResults, current: RaceResults, options: CounterCompareOptions = {}): CounterComparison {
  const asRun = (side: 'base' | 'head', t: TaskRecord): AbRun => ({
    side,
    round: 1,
    state: t.state,
    ...(t.verdict ? { verdict: t.verdict } : {}),
    verified: t.verified,
    ...(t.counters ? { counters: t.counters } : {}),
    wallMs: 0,
  });
  const tasks = current.tasks.flatMap((t) => {
    const b = baseline.tasks.find((x) => x.engine === t.engine && x.puzzle === t.puzzle);
    return b ? [{ engine: t.engine, puzzle: t.puzzle, runs: [asRun('base', b), asRun('head', t)] }] : [];
  });
  return compareCounters({ tasks }, options);
}
