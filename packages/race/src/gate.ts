// The performance gate: is head worse than base? Judged in three steps, cheapest and surest first.
//
// 1. Work counters. Two runs a side of every task, fresh workers: answers cross-checked and
//    verified, verdicts compared, and each task's work counters compared exactly
//    (ab-counters.ts). More work past the counter threshold fails, with no noise to allow for.
// 2. Time, only for engines whose code changed (fingerprint.ts): the A/B race of ab.ts on the
//    timed suite, judged by compareAb. Two builds of the same code are not timed: whatever
//    their times say is the machine.
// 3. Confirmation of what step 2 flagged: the flagged tasks are raced again, A/B and A/A (base
//    against itself) taking turns, and a slowdown fails only when its new interval lies above
//    both the threshold and the A/A interval: beyond the threshold and the run's own noise.
import { AbRace, type AbOptions, type AbResults, type AbRun, type AbTask } from './ab.js';
import { RaceConfigError } from './race.js';
import { compareAb, type AbComparison, type AbRatio } from './compare.js';
import { compareCounters, type CounterComparison } from './ab-counters.js';
import type { Build } from './builds.js';
import type { CorpusPuzzle } from './corpus.js';
import { engineFingerprints } from './fingerprint.js';
import { changeText as span, percentChange as pct } from './judge.js';

/**
 * The builds, engines, budgets and signal as an A/B race takes them (here a timed run's budget
 * defaults to 100 ms and a solve's limit to 20 s), and the gate's own settings.
 */
export interface GateOptions extends Pick<AbOptions, 'base' | 'head' | 'engines' | 'timing' | 'timeLimitMs' | 'memoryMb' | 'clock' | 'signal'> {
  /** Puzzles whose counters and answers are compared (two runs a side, untimed). */
  readonly countPuzzles: readonly CorpusPuzzle[];
  /** Puzzles timed for engines whose code changed. */
  readonly timePuzzles: readonly CorpusPuzzle[];
  /** Growth of a work counter on a task that fails. Default 0.02. */
  readonly counterThreshold?: number;
  /** An engine's time change that fails, over its whole interval. Default 0.05. */
  readonly threshold?: number;
  /** A single task's time change that fails. Default 0.10. */
  readonly taskThreshold?: number;
  /** Rounds of the time race. Default 8. */
  readonly rounds?: number;
  /** Rounds of the confirmation, each A/B and A/A. Default 8. */
  readonly confirmRounds?: number;
  /** Time every engine, also those whose code is the same in both builds (to measure the gate itself). */
  readonly timeAll?: boolean;
  /** Each engine's code fingerprint in a build (default: fingerprint.ts); tests pass their own. */
  readonly fingerprints?: (build: Build) => Promise<Map<string, string>>;
  /** Progress lines. */
  readonly log?: (line: string) => void;
}

export interface GateFingerprint {
  readonly engine: string;
  readonly base?: string;
  readonly head?: string;
  readonly same: boolean;
}

export interface GateConfirmation {
  readonly ab: AbResults;
  readonly aa: AbResults;
  readonly abComparison: AbComparison;
  readonly aaComparison: AbComparison;
  /** What the time race flagged, and whether the confirmation held it. */
  readonly flagged: readonly { readonly what: string; readonly first: AbRatio; readonly again?: AbRatio; readonly floor?: AbRatio; readonly confirmed: boolean }[];
}

export interface GateReport {
  readonly passed: boolean;
  /** One line: what was judged and why it passed or failed. */
  readonly line: string;
  /** Every reason it failed (empty when it passed). */
  readonly failures: readonly string[];
  readonly fingerprints: readonly GateFingerprint[];
  readonly counting: { readonly results: AbResults; readonly counters: CounterComparison; readonly answers: AbComparison };
  /** Absent when nothing was timed (no engine's code changed, or step 1 already failed). */
  readonly timing?: { readonly results: AbResults; readonly comparison: AbComparison };
  readonly confirmation?: GateConfirmation;
  /** Engines timed, and engines not timed because their code is the same. */
  readonly timed: readonly string[];
  readonly untimed: readonly string[];
  readonly wallMs: number;
  readonly aborted?: boolean;
}

/** Runs of several A/B races of the same tasks as one: later races' rounds follow the earlier ones'. */
export function joinRounds(parts: readonly AbResults[]): AbResults {
  const first = parts[0];
  if (first === undefined) throw new RangeError('joinRounds needs at least one race');
  const tasks = new Map<string, AbTask>();
  let offset = 0;
  for (const part of parts) {
    for (const task of part.tasks) {
      const key = `${task.engine}\0${task.puzzle}`;
      const runs: AbRun[] = task.runs.map((r) => ({ ...r, round: r.round + offset }));
      const known = tasks.get(key);
      tasks.set(key, known ? { ...known, runs: [...known.runs, ...runs] } : { ...task, runs });
    }
    offset += part.options.rounds;
  }
  return {
    ...first,
    options: { ...first.options, rounds: offset },
    tasks: [...tasks.values()],
    disagreements: parts.flatMap((p) => p.disagreements),
    wallMs: parts.reduce((sum, p) => sum + p.wallMs, 0),
    ...(parts.some((p) => p.aborted) ? { aborted: true } : {}),
  };
}

/** Answers and verdicts only: broken tasks, changed verdicts and wrong answers (no timing verdict from two rounds). */
function answerFailures(c: AbComparison, results: AbResults): string[] {
  const bad = c.tasks.filter((t) => t.status === 'broken' || t.status === 'verdict-changed');
  return [
    ...bad.map((t) => `${t.engine} ${t.puzzle} ${t.status}${t.note ? ` (${t.note})` : ''}`),
    ...results.disagreements.map((d) => `${d.puzzle}: ${d.message}`),
  ];
}

export async function runGate(o: GateOptions): Promise<GateReport> {
  const started = performance.now();
  const log = o.log ?? (() => {});
  const common = {
    timeLimitMs: o.timeLimitMs ?? 20_000,
    memoryMb: o.memoryMb ?? 2048,
    clock: o.clock ?? 'cpu',
    ...(o.signal ? { signal: o.signal } : {}),
  } as const;
  const engines = o.engines && o.engines.length > 0 ? { engines: o.engines } : {};

  for (const [name, value] of [['rounds', o.rounds], ['confirmRounds', o.confirmRounds]] as const) {
    if (value !== undefined && (!Number.isInteger(value) || value < 2)) throw new RaceConfigError(`the gate's ${name} must be a whole number of at least 2`);
  }
  // Step 1: counters and answers.
  const countRace = await AbRace.create({ puzzles: o.countPuzzles, base: o.base, head: o.head, ...engines, ...common, rounds: 2, timing: { iterations: 2 } });
  if (countRace.tasks.length === 0) throw new RaceConfigError('nothing to judge: neither build has an engine for these puzzles');
  log(`counting: ${countRace.tasks.length} tasks, 2 runs a side`);
  const counted = await countRace.run();
  const counters = compareCounters(counted, { ...(o.counterThreshold !== undefined ? { threshold: o.counterThreshold } : {}) });
  const answers = compareAb(counted);
  const raced = counted.options.engines;

  const fingerprint = o.fingerprints ?? engineFingerprints;
  const [fb, fh] = await Promise.all([fingerprint(o.base), fingerprint(o.head)]);
  for (const [side, map] of [['base', fb], ['head', fh]] as const) {
    if (map.size === 0) log(`no engine fingerprints could be taken in the ${side} build: every engine counts as changed and is timed`);
  }
  const fingerprints: GateFingerprint[] = raced.map((engine) => {
    const base = fb.get(engine);
    const head = fh.get(engine);
    return { engine, ...(base ? { base } : {}), ...(head ? { head } : {}), same: base !== undefined && base === head };
  });
  const timed = raced.filter((e) => o.timeAll || !fingerprints.find((f) => f.engine === e)!.same);
  const untimed = raced.filter((e) => !timed.includes(e));

  const failures = answerFailures(answers, counted);
  for (const c of counters.regressions) failures.push(`${c.engine} does more work on ${c.puzzle}: ${c.counter} ${c.base} -> ${c.head} (${c.change !== undefined ? pct(1 + c.change) : 'from 0'})`);
  const finish = (extra: Partial<GateReport>, line: string): GateReport => ({
    passed: failures.length === 0 && !extra.aborted,
    line,
    failures,
    fingerprints,
    counting: { results: counted, counters, answers },
    timed: extra.timing ? timed : [],
    untimed: extra.timing ? untimed : raced,
    wallMs: performance.now() - started,
    ...extra,
  });
  const counterWord = `counters: ${counters.regressions.length > 0 ? `${counters.regressions.length} task counter(s) more than +${(counters.threshold * 100).toFixed(0)}%` : `no task does more work (${counters.counted.length} engine(s) counted${counters.improvements.length > 0 ? `, ${new Set(counters.improvements.map((c) => `${c.engine} ${c.puzzle}`)).size} task(s) do less` : ''})`}`;
  if (counted.aborted) return finish({ aborted: true }, 'gate interrupted while counting');
  if (failures.length > 0) return finish({}, `gate FAILED on work counters or answers (time not judged): ${failures[0]}${failures.length > 1 ? ` (and ${failures.length - 1} more)` : ''}`);
  if (timed.length === 0) return finish({}, `gate passed: ${counterWord}; time: not judged, no engine's code changed (${untimed.join(', ')})`);

  // Step 2: time, for the engines whose code changed.
  const thresholds = { threshold: o.threshold ?? 0.05, taskThreshold: o.taskThreshold ?? 0.1 };
  const timeRace = await AbRace.create({ puzzles: o.timePuzzles, base: o.base, head: o.head, ...common, engines: timed, rounds: o.rounds ?? 8, timing: o.timing ?? { timeMs: 100 } });
  log(`timing ${timed.join(', ')}: ${timeRace.tasks.length} tasks, ${o.rounds ?? 8} rounds${untimed.length > 0 ? `; not timed, same code: ${untimed.join(', ')}` : ''}`);
  const results = await timeRace.run();
  const comparison = compareAb(results, thresholds);
  const timing = { results, comparison };
  if (results.aborted) return finish({ timing, aborted: true }, 'gate interrupted while timing');
  failures.push(...answerFailures(comparison, results));
  const slowEngines = comparison.engines.filter((e) => e.status === 'slower');
  // Tasks are confirmed on their own too, also within a flagged engine: one task far slower can
  // push its engine over the bar once and then hide in the engine's pooled interval.
  const slowTasks = comparison.tasks.filter((t) => t.status === 'slower');
  const timeWord = `time (${timed.join(', ')}): ${comparison.engines.map((e) => `${e.engine} ${pct(e.ratio)}`).join(', ')}`;
  if (slowEngines.length === 0 && slowTasks.length === 0) {
    const line = failures.length > 0 ? `gate FAILED: ${failures[0]}` : `gate passed: ${counterWord}; ${timeWord}, none beyond +${(thresholds.threshold * 100).toFixed(0)}% (task +${(thresholds.taskThreshold * 100).toFixed(0)}%)`;
    return finish({ timing }, line);
  }

  // Step 3: confirm what was flagged, A/B and A/A taking turns.
  const flaggedTasks = results.tasks.filter((t) => slowEngines.some((e) => e.engine === t.engine) || slowTasks.some((s) => s.engine === t.engine && s.puzzle === t.puzzle));
  const rounds = Math.max(2, o.confirmRounds ?? 8);
  if (o.signal?.aborted) return finish({ timing, aborted: true }, 'gate interrupted before confirming');
  log(`confirming: ${[...slowEngines.map((e) => `${e.engine} ${span(e)}`), ...slowTasks.map((t) => `${t.engine} ${t.puzzle} ${span(t as AbRatio)}`)].join('; ')} (${rounds} rounds A/B and A/A)`);
  const abParts: AbResults[] = [];
  const aaParts: AbResults[] = [];
  const baseAgain: Build = { ...o.base, ref: `${o.base.ref} (again)` };
  // One race per flagged engine, on just its flagged puzzles: no run is spent on a task nobody flagged.
  const plans = [...new Set(flaggedTasks.map((t) => t.engine))].map((engine) => ({
    engine,
    puzzles: o.timePuzzles.filter((p) => flaggedTasks.some((t) => t.engine === engine && t.puzzle === p.record.id)),
  }));
  for (let done = 0; done < rounds && !o.signal?.aborted; done += 2) {
    for (const [head, parts] of [[o.head, abParts], [baseAgain, aaParts]] as const) {
      const chunk: AbResults[] = [];
      for (const plan of plans) {
        const race = await AbRace.create({ puzzles: plan.puzzles, base: o.base, head, ...common, engines: [plan.engine], rounds: 2, timing: o.timing ?? { timeMs: 100 } });
        chunk.push(await race.run());
      }
      // The engines' races of one chunk are one set of rounds: their tasks side by side.
      parts.push({ ...chunk[0]!, tasks: chunk.flatMap((c) => c.tasks), disagreements: chunk.flatMap((c) => c.disagreements), ...(chunk.some((c) => c.aborted) ? { aborted: true } : {}) });
    }
  }
  if (abParts.length === 0 || aaParts.length === 0) return finish({ timing, aborted: true }, 'gate interrupted before confirming');
  const ab = joinRounds(abParts);
  const aa = joinRounds(aaParts);
  const abComparison = compareAb(ab, thresholds);
  const aaComparison = compareAb(aa, thresholds);
  failures.push(...answerFailures(abComparison, ab));
  const flagged: GateConfirmation['flagged'][number][] = [];
  const confirm = (what: string, first: AbRatio, again: AbRatio | undefined, floor: AbRatio | undefined, bar: number) => {
    // Beyond both the threshold and whatever the A/A comparison of the same moments could not rule out.
    const confirmed = again !== undefined && again.low > 1 + bar && (floor === undefined || again.low > floor.high);
    flagged.push({ what, first, ...(again ? { again } : {}), ...(floor ? { floor } : {}), confirmed });
    if (confirmed) failures.push(`${what} slower: ${span(first)}, confirmed ${span(again!)} against A/A ${floor ? span(floor) : '(none)'}`);
  };
  for (const e of slowEngines) {
    confirm(e.engine, e, abComparison.engines.find((x) => x.engine === e.engine), aaComparison.engines.find((x) => x.engine === e.engine), thresholds.threshold);
  }
  for (const t of slowTasks) {
    const pick = (c: AbComparison) => c.tasks.find((x) => x.engine === t.engine && x.puzzle === t.puzzle && x.ratio !== undefined) as AbRatio | undefined;
    confirm(`${t.engine} ${t.puzzle}`, t as AbRatio, pick(abComparison), pick(aaComparison), thresholds.taskThreshold);
  }
  const confirmation: GateConfirmation = { ab, aa, abComparison, aaComparison, flagged };
  if (ab.aborted || aa.aborted || o.signal?.aborted) return finish({ timing, confirmation, aborted: true }, 'gate interrupted while confirming');
  const cleared = flagged.filter((f) => !f.confirmed).map((f) => `${f.what} ${span(f.first)} not confirmed (${f.again ? span(f.again) : 'no interval'}; A/A ${f.floor ? span(f.floor) : 'none'})`);
  const line =
    failures.length > 0
      ? `gate FAILED on time: ${failures[0]}${failures.length > 1 ? ` (and ${failures.length - 1} more)` : ''}`
      : `gate passed: ${counterWord}; ${timeWord}; flagged, then cleared by confirmation: ${cleared.join('; ')}`;
  return finish({ timing, confirmation }, line);
}

/**
 * The exit code a gate's report stands for, as `race gate` documents it: 0 passed, 1 head is
 * worse, 3 interrupted, 6 a wrong or conflicting answer.
 */
export function gateExitCode(report: GateReport): 0 | 1 | 3 | 6 {
  if (report.aborted) return 3;
  const wrong = report.counting.results.disagreements.length + (report.timing?.results.disagreements.length ?? 0) + (report.confirmation?.ab.disagreements.length ?? 0);
  if (wrong > 0) return 6;
  return report.passed ? 0 : 1;
}
