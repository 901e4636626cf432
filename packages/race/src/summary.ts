// The counts at the top of a results file.
import { median } from './stats.js';
import type { RaceResults, RaceSummary, TaskRecord } from './types.js';

export function summarizeRun(records: readonly TaskRecord[], disagreements: number, wallMs: number): RaceSummary {
  const count = (state: string) => records.filter((r) => r.state === state).length;
  return {
    tasks: records.length,
    completed: count('completed'),
    timeouts: count('timeout'),
    ooms: count('oom'),
    errors: count('errored'),
    disagreements,
    unverified: records.filter((r) => !r.verified).length,
    harnessMsMedian: records.length ? median(records.map((r) => r.overhead.harnessMs)) : 0,
    startMsMedian: records.length ? median(records.map((r) => r.overhead.startMs)) : 0,
    wallMs,
  };
}

/**
 * An engine that stopped on its own cap (naive's placement limit, a grid too large): `completed`
 * in results.json, whose states are a public interface, but a failure in every report.
 */
export function gaveUp(t: TaskRecord): boolean {
  return t.state === 'completed' && t.verdict === 'incomplete' && t.reason !== 'time-limit';
}

/** Why a task has no answer, as the reports name it; undefined when the engine settled the verdict. */
export type Failure = 'timeout' | 'oom' | 'error' | 'gave-up';

export function failureOf(t: TaskRecord): Failure | undefined {
  if (t.state === 'timeout') return 'timeout';
  if (t.state === 'oom') return 'oom';
  if (t.state === 'errored') return 'error';
  if (t.verdict === 'incomplete') return t.reason === 'time-limit' ? 'timeout' : 'gave-up';
  return undefined;
}

/** `timeout`, `OOM`, `error`, `gave up (limit)`: never "completed" or a time for a task without an answer. */
export function failureText(t: TaskRecord): string | undefined {
  const f = failureOf(t);
  if (f === 'gave-up') return `gave up (${t.reason ?? '?'})`;
  return f === 'oom' ? 'OOM' : f;
}

/** The summary's state counts with the engines that gave up taken out of `completed`. */
export interface OutcomeCounts {
  readonly tasks: number;
  readonly completed: number;
  readonly gaveUp: number;
  readonly timeouts: number;
  readonly ooms: number;
  readonly errors: number;
}

export function outcomeCounts(r: Pick<RaceResults, 'tasks' | 'summary'>): OutcomeCounts {
  const s = r.summary;
  const given = r.tasks.filter(gaveUp).length;
  return { tasks: s.tasks, completed: s.completed - given, gaveUp: given, timeouts: s.timeouts, ooms: s.ooms, errors: s.errors };
}
