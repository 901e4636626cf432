// The numbers every report shows, computed once: per kind, a puzzle x engine table of medians,
// and engine-vs-engine ratios (geometric mean over the puzzles both engines finished).
import { PUZZLE_KINDS, type PuzzleKind } from '@gridrace/core';
import { geometricMean } from '../stats.js';
import { failureOf, failureText, outcomeCounts, type Failure } from '../summary.js';
import type { PuzzleRecord, RaceResults, TaskRecord } from '../types.js';

/** Text for a markdown table cell: a `|` would end the cell. */
export const escapeCell = (s: string) => s.replace(/\|/g, '\\|');

export interface Cell {
  readonly engine: string;
  readonly task?: TaskRecord;
  /** Median (ms) when timed. */
  readonly ms?: number;
  readonly rme?: number;
  /** Median over the fastest engine's median on this puzzle. */
  readonly ratio?: number;
  readonly fastest: boolean;
  /** Why there is no answer: timed out, out of memory, errored, or the engine gave up on its own cap. */
  readonly failure?: Failure;
  /** `12.3 ms ±1.1%`, `timeout`, `OOM`, `error`, `gave up (limit)`, or `-` when not run. */
  readonly text: string;
}

export interface Row {
  readonly puzzle: PuzzleRecord;
  /** The agreed verdict, or `disagreement`, or `?` when nobody settled it. */
  readonly verdict: string;
  readonly cells: readonly Cell[];
}

export interface KindTable {
  readonly kind: PuzzleKind;
  readonly engines: readonly string[];
  readonly rows: readonly Row[];
  /** How the times were taken, in words, for the headline (under the tables: basisInFull). */
  readonly basis: string;
  /** The engines that are external programs (native peers and others). */
  readonly externals: readonly string[];
}

/**
 * Below this, what is left of an external program's time once its start-up is taken out
 * cannot be told from the noise of measuring a process from outside.
 */
export const OUTSIDE_RESOLUTION_MS = 1;

/** An external program's start-up on the clock of its samples (ms), when it was measured. */
export function startupMs(task: TaskRecord): number | undefined {
  const p = task.process;
  return p === undefined ? undefined : p.cpuMeasured ? p.startupCpuMs : p.startupWallMs;
}

/**
 * The time the reports compare for a task: a built-in engine's median as timed in its warm
 * worker; an external program's median less its start-up on the same clock (measured on a
 * 1x1 puzzle when the engine starts), so that both sides count the solve and not Node's or
 * the program's start. `too-quick` when less than OUTSIDE_RESOLUTION_MS is left.
 */
export function comparedMs(task: TaskRecord): number | 'too-quick' | undefined {
  if (!task.samples) return undefined;
  const startup = startupMs(task);
  if (startup === undefined) return task.samples.median;
  const left = task.samples.median - startup;
  return left < OUTSIDE_RESOLUTION_MS ? 'too-quick' : left;
}

/** The race's clock in words, as every report names it: 'CPU' or 'wall-clock' (add 'time' for the noun). */
export function clockWord(results: RaceResults): 'CPU' | 'wall-clock' {
  return results.options.clock === 'cpu' ? 'CPU' : 'wall-clock';
}

/** The basis of a kind's times, in words: the clock, and how external programs are counted. */
function basisText(results: RaceResults, externals: readonly string[]): string {
  const clock = clockWord(results);
  if (externals.length === 0) return `${clock} time per solve in a warm worker`;
  return `${clock} time per solve: built-in engines in a warm worker, external programs less their start-up ${clock === 'CPU' ? 'CPU' : 'time'}`;
}

/** The basis with how the start-up is measured and where comparing stops, for under the tables. */
export function basisInFull(table: KindTable): string {
  return table.externals.length === 0 ? table.basis : `${table.basis} (a 1x1 puzzle; under ${OUTSIDE_RESOLUTION_MS} ms left is too quick to compare)`;
}

export function formatMs(ms: number): string {
  if (!Number.isFinite(ms)) return '-';
  if (ms < 0.1) return `${(ms * 1000).toFixed(1)} µs`;
  if (ms < 10) return `${ms.toFixed(2)} ms`;
  if (ms < 1000) return `${ms.toFixed(1)} ms`;
  return `${(ms / 1000).toFixed(2)} s`;
}

export function formatRatio(r: number): string {
  if (!Number.isFinite(r)) return '-';
  if (r < 0.1) return `${r.toPrecision(2)}x`;
  return r >= 100 ? `${r.toFixed(0)}x` : r >= 10 ? `${r.toFixed(1)}x` : `${r.toFixed(2)}x`;
}

export function formatDuration(ms: number): string {
  const s = Math.round(ms / 1000);
  return s < 60 ? `${s} s` : `${Math.floor(s / 60)} min ${s % 60} s`;
}

function stateText(t: TaskRecord): string {
  return failureText(t) ?? 'not timed';
}

/** `6 tasks: 3 completed, 1 gave up, 1 timed out, ...`; "gave up" only when some did, so the usual line stays short. */
export function describeCounts(r: RaceResults): string {
  const c = outcomeCounts(r);
  const skipped = r.notAttempted?.length ?? 0;
  return (
    `${c.tasks} tasks: ${c.completed} completed, ${c.gaveUp > 0 ? `${c.gaveUp} gave up, ` : ''}${c.timeouts} timed out, ${c.ooms} out of memory, ${c.errors} errors` +
    (skipped > 0 ? `; ${skipped} not attempted (out of the engine's reach)` : '')
  );
}

/** A kind as a heading: `Colour nonograms`. */
export function kindTitle(kind: PuzzleKind): string {
  return { nonogram: 'Nonograms', 'colour-nonogram': 'Colour nonograms', arrowpath: 'Arrow paths' }[kind];
}

export function kindTables(results: RaceResults): KindTable[] {
  const tables: KindTable[] = [];
  const disagreeing = new Set(results.disagreements.map((d) => d.puzzle));
  const byKey = new Map(results.tasks.map((t) => [`${t.engine}\u0000${t.puzzle}`, t]));
  const skipped = new Set((results.notAttempted ?? []).map((n) => `${n.engine}\u0000${n.puzzle}`));
  for (const kind of PUZZLE_KINDS) {
    const puzzles = results.puzzles.filter((p) => p.kind === kind);
    const engines = results.engines.filter((e) => e.kind === kind).map((e) => e.name);
    if (puzzles.length === 0 || engines.length === 0) continue;
    const rows = puzzles.map((puzzle): Row => {
      const tasks = engines.map((e) => byKey.get(`${e}\u0000${puzzle.id}`));
      // A failed task is never shown as a time, even if it carries samples.
      const compared = tasks.map((t) => (t && !failureOf(t) ? comparedMs(t) : undefined));
      const medians = compared.map((ms) => (typeof ms === 'number' ? ms : Number.POSITIVE_INFINITY));
      const best = Math.min(...medians);
      const cells = engines.map((engine, i): Cell => {
        const task = tasks[i];
        // Out of the engine's reach: neither a time nor a failure.
        if (!task) return { engine, fastest: false, text: skipped.has(`${engine}\u0000${puzzle.id}`) ? 'not attempted' : '-' };
        const failure = failureOf(task);
        if (!task.samples || failure) return { engine, task, fastest: false, text: stateText(task), ...(failure ? { failure } : {}) };
        const ms = compared[i]!;
        if (ms === 'too-quick') return { engine, task, fastest: false, text: `under ${OUTSIDE_RESOLUTION_MS} ms after start-up` };
        const fastest = ms === best;
        return { engine, task, ms, rme: task.samples.rme, ratio: ms / best, fastest, text: `${formatMs(ms)} ±${task.samples.rme.toFixed(1)}%` };
      });
      const verdicts = [...new Set(tasks.filter((t) => t?.verdict && t.verdict !== 'incomplete').map((t) => t!.verdict!))];
      const verdict = disagreeing.has(puzzle.id) ? 'disagreement' : verdicts.length === 1 ? verdicts[0]! : '?';
      return { puzzle, verdict, cells };
    });
    const externals = engines.filter((name) => results.engines.some((e) => e.name === name && e.program !== undefined));
    tables.push({ kind, engines, rows, basis: basisText(results, externals), externals });
  }
  return tables;
}

/** How many of a kind's puzzles an engine has no answer for, and why. */
export interface FailureCounts {
  readonly total: number;
  readonly timeout: number;
  readonly oom: number;
  readonly error: number;
  readonly gaveUp: number;
}

export function failureCounts(table: KindTable, engine: number): FailureCounts {
  const of = (f: Failure) => table.rows.filter((r) => r.cells[engine]?.failure === f).length;
  const counts = { timeout: of('timeout'), oom: of('oom'), error: of('error'), gaveUp: of('gave-up') };
  return { total: counts.timeout + counts.oom + counts.error + counts.gaveUp, ...counts };
}

/** `['2 timeout', '1 gave up']`: the kinds of failure that occurred. */
export function failureParts(f: FailureCounts): string[] {
  return [f.timeout ? `${f.timeout} timeout` : '', f.oom ? `${f.oom} OOM` : '', f.error ? `${f.error} error` : '', f.gaveUp ? `${f.gaveUp} gave up` : ''].filter(Boolean);
}

/** `0`, or `3 (2 timeout, 1 gave up)`. */
export function formatFailures(f: FailureCounts): string {
  return f.total === 0 ? '0' : `${f.total} (${failureParts(f).join(', ')})`;
}

export interface RatioMatrix {
  readonly kind: PuzzleKind;
  readonly engines: readonly string[];
  /** `cells[i][j]`: geometric mean of time(i) / time(j) over puzzles both timed, with the count. */
  readonly cells: readonly (readonly { readonly ratio: number; readonly n: number }[])[];
  /**
   * Per engine, the puzzles it failed: the geometric means leave those out, so an engine that
   * times out on every hard puzzle would otherwise look as fast as its easy wins.
   */
  readonly failures: readonly FailureCounts[];
}

export function ratioMatrix(table: KindTable): RatioMatrix {
  const cells = table.engines.map((_, i) =>
    table.engines.map((__, j) => {
      const ratios: number[] = [];
      for (const row of table.rows) {
        const a = row.cells[i]?.ms;
        const b = row.cells[j]?.ms;
        if (a !== undefined && b !== undefined && a > 0 && b > 0) ratios.push(a / b);
      }
      return { ratio: ratios.length ? geometricMean(ratios) : Number.NaN, n: ratios.length };
    }),
  );
  return { kind: table.kind, engines: table.engines, cells, failures: table.engines.map((_, i) => failureCounts(table, i)) };
}

/** The engine with the most timed puzzles, ties to the lower geometric-mean time ratio: the one others are shown against. */
export function referenceEngine(table: KindTable): string | undefined {
  const m = ratioMatrix(table);
  let best: { name: string; count: number; score: number } | undefined;
  table.engines.forEach((name, i) => {
    const count = table.rows.filter((r) => r.cells[i]?.ms !== undefined).length;
    const others = m.cells[i]!.filter((c, j) => j !== i && c.n > 0).map((c) => c.ratio);
    const score = others.length ? geometricMean(others) : 1;
    if (!best || count > best.count || (count === best.count && score < best.score)) best = { name, count, score };
  });
  return best?.name;
}

/**
 * The PAR-2 score of each engine on a kind (as SAT competitions rank solvers): the mean over
 * the puzzles it was started on of its time, a failure counting twice the time limit. An
 * external program's solve too quick to tell from its start-up counts as the resolution.
 */
export function par2Scores(table: KindTable, limitMs: number): (number | undefined)[] {
  return table.engines.map((_, i) => {
    const values: number[] = [];
    for (const row of table.rows) {
      const cell = row.cells[i];
      if (!cell?.task) continue; // not attempted
      if (cell.ms !== undefined) values.push(cell.ms);
      else if (cell.failure) values.push(2 * limitMs);
      else if (comparedMs(cell.task) === 'too-quick') values.push(OUTSIDE_RESOLUTION_MS);
    }
    return values.length > 0 ? values.reduce((a, b) => a + b, 0) / values.length : undefined;
  });
}

