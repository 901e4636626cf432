// A sliced race times each task in several short slices that take turns over the whole race,
// each slice a fresh worker with its share of the timing budget. On a shared virtual machine a
// thread runs at one of two speeds about 2x apart for seconds at a time; one worker per task
// lands each task on whichever level it meets, so two races of one build put single tasks
// 40-70% apart. Slices spread over the race let every task meet both levels, and the fastest
// sample over them (its fast level) is what `race compare` sets side by side (compare.ts).
import type { PlannedTask } from './executor.js';
import type { TaskOutcome } from './isolate.js';
import { mean, summarize, type SampleSummary } from './stats.js';
import { toRecord } from './task-record.js';
import type { TaskRecord, TimingOptions } from './types.js';

/** The most slices a race takes: each one is a fresh worker per task. */
export const MAX_SLICES = 50;

/** One slice's share of the race's timing budget (at least one sample). */
export function sliceTiming(timing: TimingOptions, slices: number): TimingOptions {
  return 'iterations' in timing ? { iterations: Math.max(1, Math.ceil(timing.iterations / slices)) } : { timeMs: timing.timeMs / slices };
}

/**
 * Whether a task gets more slices after its first: only a task that settled its verdict with
 * samples, and whose checked solve fits in the race's timing budget per task. A longer solve
 * gets its minimum of samples in every slice, which would multiply the race's time by the
 * slices; such tasks keep one worker.
 */
export function sliceAgain(first: TaskOutcome, budget: TimingOptions): boolean {
  const settled = first.state === 'completed' && first.verdict !== undefined && first.verdict !== 'incomplete' && (first.samples?.length ?? 0) > 0;
  if (!settled) return false;
  return 'iterations' in budget || (first.checkMs ?? Number.POSITIVE_INFINITY) <= budget.timeMs;
}

/**
 * One record of a task's slices: the first slice's answer and counters, every slice's samples
 * pooled, each slice's median in `slices`. A later slice that did not settle the same answer
 * (a timeout, an error, another verdict or solution) makes the task's record that slice's
 * failure, so a flaky engine is never timed on its good slices only.
 */
export function slicedRecord(task: PlannedTask, outcomes: readonly TaskOutcome[], references: readonly (SampleSummary | string | undefined)[]): TaskRecord {
  const records = outcomes.map((outcome, k) => toRecord(task, outcome, references[k]));
  const first = records[0]!;
  if (records.length === 1) return first;
  for (let k = 1; k < records.length; k++) {
    const r = records[k]!;
    const where = `slice ${k + 1} of ${records.length}`;
    if (r.state !== 'completed' || r.verdict === 'incomplete' || r.samples === undefined) {
      return { ...r, message: `${where}: ${r.message ?? (r.verdict === 'incomplete' ? `incomplete (${r.reason ?? '?'})` : r.state)}` };
    }
    if (r.verdict !== first.verdict || r.solutionHash !== first.solutionHash) {
      const { verdict: _v, reason: _r, samples: _s, ...rest } = r;
      const what = r.verdict !== first.verdict ? `answered ${r.verdict} where the first answered ${first.verdict}` : 'gave other solutions than the first';
      return { ...rest, state: 'errored', message: `${where} ${what}: the engine's answer is not repeatable` };
    }
  }
  // Every slice settled the first one's answer with samples: the first record, already
  // verified, with the samples of all slices.
  const calibrations = references.filter((r): r is SampleSummary => typeof r === 'object');
  const pooledCalibration = calibrations.flatMap((c) => c.samples ?? []);
  const walls = records.map((r) => r.wallMean).filter((w): w is number => w !== undefined);
  const sum = (pick: (r: TaskRecord) => number) => records.reduce((total, r) => total + pick(r), 0);
  return {
    ...first,
    samples: summarize(outcomes.flatMap((o) => o.samples ?? [])),
    ...(pooledCalibration.length > 0 ? { calibration: summarize(pooledCalibration) } : {}),
    slices: records.map((r) => r.samples!.median),
    ...(calibrations.length === records.length ? { calibrationSlices: calibrations.map((c) => c.median) } : {}),
    ...(walls.length > 0 ? { wallMean: mean(walls) } : {}),
    overhead: { startMs: sum((r) => r.overhead.startMs), initMs: sum((r) => r.overhead.initMs), wallMs: sum((r) => r.overhead.wallMs), harnessMs: sum((r) => r.overhead.harnessMs) },
  };
}
