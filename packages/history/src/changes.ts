// Steps in the history's series: E-Divisive means over each series' independent measurements,
// splits allowed only where the commit changes, and a test of the newest commit's runs against
// the segment before them (too few points for E-Divisive's minimum segment). A step that begins
// where the machine changed is marked: it says more about the machine than about the code.
// Browser-safe: no Node APIs.
import { eDivisive, splitTest, type ChangePointOptions } from './change-points.js';
import { median } from '@gridrace/race/stats';
import type { Series } from './series.js';
import type { RunRow } from './types.js';

/** eDivisive's options (here the significance defaults to 0.01: a history holds many series), and: */
export interface ChangeOptions extends Omit<ChangePointOptions, 'boundaries'> {
  /** Only steps of at least this relative size are listed (0.02 = 2%). Default 0.02. */
  readonly minChange?: number;
  /** Only the newest this many commits of each series are searched. Default 100. */
  readonly window?: number;
}

export interface SeriesChange {
  readonly series: Omit<Series, 'points'>;
  /** Index (into the runs list) of the first run after the step. */
  readonly run: number;
  readonly gitSha: string | null;
  readonly date: string;
  /** Median of the segment before the step and of the one after (ms or counts). */
  readonly before: number;
  readonly after: number;
  /** after / before - 1. */
  readonly change: number;
  readonly pValue: number;
  /** The runs before and after the step were measured on different machines. */
  readonly machineChanged: boolean;
  /** The step begins at the history's newest commit. */
  readonly newest: boolean;
  /** Runs (independent measurements) after the step, in its segment. */
  readonly pointsAfter: number;
}

const commitOf = (run: RunRow) => run.gitSha ?? `run ${run.id}`;

/** The steps of every series, newest first. `runs` is the list the series were built from. */
export function findChanges(runs: readonly RunRow[], series: readonly Series[], options: ChangeOptions = {}): SeriesChange[] {
  const minChange = options.minChange ?? 0.02;
  const window = options.window ?? 100;
  const significance = options.significance ?? 0.01;
  const newestCommit = runs.length > 0 ? commitOf(runs[runs.length - 1]!) : undefined;
  const out: SeriesChange[] = [];
  for (const s of series) {
    // The newest `window` commits of this series.
    let points = s.points;
    const commits = [...new Set(points.map((p) => commitOf(runs[p.run]!)))];
    if (commits.length > window) {
      const keep = new Set(commits.slice(-window));
      points = points.filter((p) => keep.has(commitOf(runs[p.run]!)));
    }
    const values: number[] = [];
    const owner: number[] = [];
    const boundaries: number[] = [];
    points.forEach((p, i) => {
      if (i > 0 && commitOf(runs[p.run]!) !== commitOf(runs[points[i - 1]!.run]!)) boundaries.push(values.length);
      for (const v of p.replicates) {
        values.push(v);
        owner.push(i);
      }
    });
    if (boundaries.length === 0) continue;
    const steps = eDivisive(values, { ...options, significance, boundaries }).map((c) => ({ index: c.index, pValue: c.pValue }));
    // The newest commit's runs, against the segment before them.
    const lastStart = boundaries[boundaries.length - 1]!;
    if (!steps.some((c) => c.index === lastStart)) {
      const from = Math.max(0, ...steps.map((c) => c.index).filter((i) => i < lastStart));
      const test = splitTest(values, from, lastStart, values.length, { ...options, significance });
      if (test.pValue <= significance) steps.push({ index: test.index, pValue: test.pValue });
    }
    const cuts = [0, ...steps.map((c) => c.index).sort((a, b) => a - b), values.length];
    for (const step of steps) {
      const at = cuts.indexOf(step.index);
      const before = median(values.slice(cuts[at - 1]!, step.index));
      const after = median(values.slice(step.index, cuts[at + 1]!));
      const change = before === 0 ? (after === 0 ? 0 : Infinity) : after / before - 1;
      if (Math.abs(change) < minChange) continue;
      const run = points[owner[step.index]!]!.run;
      const previous = points[owner[step.index - 1]!]!.run;
      out.push({
        series: { id: s.id, scope: s.scope, kind: s.kind, engine: s.engine, subject: s.subject, clock: s.clock, measure: s.measure },
        run,
        gitSha: runs[run]!.gitSha,
        date: runs[run]!.date,
        before,
        after,
        change,
        pValue: step.pValue,
        machineChanged: runs[run]!.machineId !== runs[previous]!.machineId,
        newest: commitOf(runs[run]!) === newestCommit,
        pointsAfter: cuts[at + 1]! - step.index,
      });
    }
  }
  return out.sort((a, b) => b.run - a.run || a.series.id.localeCompare(b.series.id));
}

/** The steps that fail `history changes`: the newest commit, slower (or more work) by more than `threshold`, same machine. */
export function failingChanges(changes: readonly SeriesChange[], threshold: number): SeriesChange[] {
  return changes.filter((c) => c.newest && !c.machineChanged && c.change > threshold);
}
