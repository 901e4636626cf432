// The counts at the top of a results file.
import { median } from './stats.js';
import type { RaceSummary, TaskRecord } from './types.js';

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
