// What the race writes, as history runs: a race's results.json is one run; an A/B race's
// results and a gate's report are two (the base build and the head build, each at its own
// commit). A result keeps the median of each independent run of its task (a race has one, an
// A/B race one per round): the points change detection looks at.
import { createHash } from 'node:crypto';
import { summarize, type AbResults, type GateReport, type RaceEnv, type RaceResults, type SampleSummary } from '@gridrace/race/records';
import type { MachineInfo, ResultInput, ResultSummary, RunInput, RunSide, RunSource } from './types.js';

/** Facts a file does not hold, given when it is added. */
export interface RunContext {
  /** The suite's name; default: the puzzle sources the run was given, else a hash of its puzzles. */
  readonly suite?: string;
  /** The run's report, opened from the trend page. */
  readonly report?: string;
  /** A commit's date, when git can tell (the trend's order). */
  readonly commitDate?: (sha: string) => string | undefined;
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

export function machineInfo(env: RaceEnv): MachineInfo {
  const parts = { cpu: env.cpu, cores: env.cores, memoryMb: env.memoryMb, os: env.os, arch: env.arch, node: env.node };
  return { fingerprint: sha256(JSON.stringify(parts)).slice(0, 16), ...parts };
}

function suiteName(sources: readonly string[], puzzles: readonly string[], context: RunContext): string {
  if (context.suite) return context.suite;
  if (sources.length > 0) return sources.join(' ');
  return `${puzzles.length} puzzles ${sha256([...puzzles].sort().join('\n')).slice(0, 8)}`;
}

/** A race's results file as one run. */
export function raceRun(results: RaceResults, context: RunContext = {}): RunInput {
  const puzzles = new Map(results.puzzles.map((p) => [p.id, p]));
  const out: ResultInput[] = results.tasks.map((t) => {
    const p = puzzles.get(t.puzzle);
    const s = t.samples;
    return {
      engine: t.engine,
      kind: p?.kind ?? 'nonogram',
      puzzle: t.puzzle,
      puzzleHash: p?.hash ?? '',
      state: t.state,
      ...(t.verdict === undefined ? {} : { verdict: t.verdict }),
      verified: t.verified,
      ...(s ? { summary: summaryOf(s), rounds: [s.median] } : {}),
      ...(t.counters ? { counters: t.counters } : {}),
    };
  });
  const sha = results.env.gitSha;
  return {
    key: sha256(`race\n${JSON.stringify(results)}`),
    source: 'race',
    date: results.env.date,
    ...(sha ? { gitSha: sha, ...optionalDate(sha, context) } : {}),
    ...(results.env.gitDirty === undefined ? {} : { gitDirty: results.env.gitDirty }),
    // A shard raced part of the suite: its times are not the whole suite's, so its suite is its own.
    suite: suiteName(results.options.puzzles, results.puzzles.map((p) => p.id), context) + (results.options.shard ? ` (shard ${results.options.shard})` : ''),
    clock: results.options.clock,
    machine: machineInfo(results.env),
    versions: results.env.versions,
    ...(context.report ? { report: context.report } : {}),
    results: out,
  };
}

/** What a result keeps of a sample summary (the samples themselves and the rest stay in the file). */
function summaryOf(s: SampleSummary): ResultSummary {
  return { n: s.n, median: s.median, mean: s.mean, min: s.min, max: s.max, sd: s.sd, mad: s.mad };
}

/** A task's key within a run: its engine, kind and puzzle. */
const taskKey = (r: ResultInput) => `${r.engine}\n${r.kind}\n${r.puzzle}`;

function optionalDate(sha: string, context: RunContext): { commitDate?: string } {
  const date = context.commitDate?.(sha);
  return date ? { commitDate: date } : {};
}

/** One side of an A/B race as a run. `timed: false` keeps counters and verdicts only (the gate's counting step). */
function abSide(ab: AbResults, side: RunSide, source: RunSource, context: RunContext, extra: { timed: boolean; code?: ReadonlyMap<string, string>; key: string }): RunInput {
  const build = ab[side];
  const puzzles = new Map(ab.puzzles.map((p) => [p.id, p]));
  const results: ResultInput[] = ab.tasks.map((task) => {
    const runs = task.runs.filter((r) => r.side === side).sort((a, b) => a.round - b.round);
    const first = runs[0];
    const failed = runs.find((r) => r.state !== 'completed');
    const rounds = runs.flatMap((r) => (r.state === 'completed' && r.median !== undefined ? [r.median] : []));
    const timed = extra.timed && rounds.length > 0 && failed === undefined;
    const s = timed ? summarize(rounds, false) : undefined;
    const code = extra.code?.get(task.engine);
    return {
      engine: task.engine,
      kind: task.kind,
      puzzle: task.puzzle,
      puzzleHash: puzzles.get(task.puzzle)?.hash ?? '',
      state: failed?.state ?? first?.state ?? 'errored',
      ...(first?.verdict === undefined ? {} : { verdict: first.verdict }),
      verified: runs.every((r) => r.verified),
      ...(code ? { code } : {}),
      ...(s ? { summary: summaryOf(s), rounds } : {}),
      ...(first?.counters ? { counters: first.counters } : {}),
    };
  });
  return {
    key: sha256(`${source}\n${side}\n${extra.key}`),
    source,
    side,
    date: ab.env.date,
    ...(build.sha ? { gitSha: build.sha, ...optionalDate(build.sha, context) } : {}),
    ...(build.dirty === undefined ? {} : { gitDirty: build.dirty }),
    suite: suiteName(ab.options.puzzles, ab.puzzles.map((p) => p.id), context),
    clock: ab.options.clock,
    machine: machineInfo(ab.env),
    versions: ab.env.versions,
    ...(context.report ? { report: context.report } : {}),
    results,
  };
}

/** An A/B race (`race ab`'s results) as two runs, base and head. */
export function abRuns(ab: AbResults, context: RunContext = {}): RunInput[] {
  const key = JSON.stringify(ab);
  return (['base', 'head'] as const).map((side) => abSide(ab, side, 'ab', context, { timed: true, key }));
}

/**
 * A gate's report as two runs, base and head: the timed race when the gate timed anything
 * (engines not timed keep their counters from the counting step), else the counting step's
 * counters and verdicts alone.
 */
export function gateRuns(gate: GateReport, context: RunContext = {}): RunInput[] {
  const key = JSON.stringify(gate);
  return (['base', 'head'] as const).map((side) => {
    const code = new Map(gate.fingerprints.flatMap((f) => (f[side] ? [[f.engine, f[side]!] as const] : [])));
    const counted = abSide(gate.counting.results, side, 'gate', context, { timed: false, code, key });
    if (!gate.timing) return counted;
    const timed = abSide(gate.timing.results, side, 'gate', context, { timed: true, code, key });
    const timedTasks = new Set(timed.results.map(taskKey));
    const counters = new Map(counted.results.map((r) => [taskKey(r), r.counters]));
    const results = [
      ...timed.results.map((r) => {
        const c = r.counters ?? counters.get(taskKey(r));
        return c ? { ...r, counters: c } : r;
      }),
      ...counted.results.filter((r) => !timedTasks.has(taskKey(r))),
    ];
    return { ...timed, suite: counted.suite, results };
  });
}
