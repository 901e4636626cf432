// The history as series over commits: each engine's time (and each work counter) per puzzle,
// and per suite (the geometric mean of the times over the suite's puzzles the run timed, the
// total of each counter), in commit order.
// Browser-safe: no Node APIs.
import { geometricMean, median } from '@gridrace/race/stats';
import type { ResultRow, RunRow } from './types.js';

/** One run's place on a series: its value and the independent measurements behind it. */
export interface SeriesPoint {
  /** Index into the runs list given to buildSeries. */
  readonly run: number;
  /** The median time (ms) or the counter's value. */
  readonly value: number;
  /** The independent measurements (a race's one median, an A/B race's per-round medians). */
  readonly replicates: readonly number[];
}

export interface Series {
  /** A stable id: scope, kind, engine, puzzle or suite, clock, measure. */
  readonly id: string;
  readonly scope: 'puzzle' | 'suite';
  readonly kind: string;
  readonly engine: string;
  /** The puzzle id, or the suite's name. */
  readonly subject: string;
  readonly clock: string;
  /** `time` (ms) or a work counter's name. */
  readonly measure: string;
  readonly points: readonly SeriesPoint[];
}

export interface SeriesFilter {
  readonly engine?: string;
  readonly kind?: string;
  /** A substring of the puzzle id or the suite's name. */
  readonly subject?: string;
  /** `time`, `counters`, or both (default). */
  readonly measures?: 'time' | 'counters' | 'all';
  /** Per puzzle, per suite, or both (default). */
  readonly scope?: 'puzzle' | 'suite' | 'all';
}

/** The race's geometric mean, a time of 0 counted as 1 ns (a log of 0 would make the mean 0). */
const meanTime = (values: readonly number[]) => geometricMean(values.map((v) => Math.max(v, 1e-9)));

/**
 * Series from the runs (in commit order, as History.runs() lists them) and their results.
 * Only results from the same puzzle content (its hash) share a series: a regenerated puzzle
 * starts a new one.
 */
export function buildSeries(runs: readonly RunRow[], results: readonly ResultRow[], filter: SeriesFilter = {}): Series[] {
  const runIndex = new Map(runs.map((r, i) => [r.id, i]));
  const measures = filter.measures ?? 'all';
  const scope = filter.scope ?? 'all';
  const series = new Map<string, { head: Omit<Series, 'points'>; points: Map<number, SeriesPoint> }>();
  // Per suite: run -> puzzle values, to take geometric means once every row is seen.
  const suites = new Map<string, { head: Omit<Series, 'points'>; byRun: Map<number, number[][]> }>();

  for (const row of results) {
    const run = runIndex.get(row.runId);
    if (run === undefined) continue;
    if (filter.engine !== undefined && row.engine !== filter.engine) continue;
    if (filter.kind !== undefined && row.kind !== filter.kind) continue;
    const info = runs[run]!;
    const bySubject = filter.subject === undefined || row.puzzle.includes(filter.subject) || info.suite.includes(filter.subject);
    if (!bySubject) continue;
    const values: [string, number, readonly number[]][] = [];
    if (measures !== 'counters' && row.median !== null && row.state === 'completed') {
      const rounds = row.rounds ? (JSON.parse(row.rounds) as number[]) : [row.median];
      values.push(['time', row.median, rounds.length > 0 ? rounds : [row.median]]);
    }
    if (measures !== 'time' && row.counters) {
      for (const [name, v] of Object.entries(JSON.parse(row.counters) as Record<string, number>)) if (Number.isFinite(v)) values.push([name, v, [v]]);
    }
    // Keys first, heads only for a new series: this loop sees every row of the history.
    for (const [measure, value, replicates] of values) {
      if (scope !== 'suite') {
        const id = `puzzle|${row.kind}|${row.engine}|${row.puzzle}@${row.puzzleHash}|${info.clock}|${measure}`;
        let s = series.get(id);
        if (!s) series.set(id, (s = { head: { id, scope: 'puzzle', kind: row.kind, engine: row.engine, subject: row.puzzle, clock: info.clock, measure }, points: new Map() }));
        s.points.set(run, { run, value, replicates });
      }
      if (scope !== 'puzzle') {
        const id = `suite|${row.kind}|${row.engine}|${info.suite}|${info.clock}|${measure}`;
        let s = suites.get(id);
        if (!s) suites.set(id, (s = { head: { id, scope: 'suite', kind: row.kind, engine: row.engine, subject: info.suite, clock: info.clock, measure }, byRun: new Map() }));
        const list = s.byRun.get(run);
        if (list) list.push(replicates as number[]);
        else s.byRun.set(run, [replicates as number[]]);
      }
    }
  }

  // A suite's time is the geometric mean over its puzzles (each puzzle weighs the same); its
  // work counters are totals (a counter is often 0 on most puzzles).
  for (const { head, byRun } of suites.values()) {
    const combine = head.measure === 'time' ? meanTime : (values: readonly number[]) => values.reduce((a, b) => a + b, 0);
    for (const [run, perPuzzle] of byRun) {
      const rounds = perPuzzle[0]!.length;
      // One replicate per round when every puzzle has the same rounds, else one per run.
      const replicates = perPuzzle.every((r) => r.length === rounds)
        ? Array.from({ length: rounds }, (_, k) => combine(perPuzzle.map((r) => r[k]!)))
        : [combine(perPuzzle.map(median))];
      let s = series.get(head.id);
      if (!s) series.set(head.id, (s = { head, points: new Map() }));
      s.points.set(run, { run, value: combine(perPuzzle.map(median)), replicates });
    }
  }
  return [...series.values()].map(({ head, points }) => ({ ...head, points: [...points.values()].sort((a, b) => a.run - b.run) }));
}
