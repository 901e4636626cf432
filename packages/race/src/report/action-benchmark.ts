// github-action-benchmark's `customSmallerIsBetter` input: one entry per timed task.
import type { RaceResults } from '../types.js';

export interface ActionBenchmarkEntry {
  readonly name: string;
  readonly unit: string;
  readonly value: number;
  readonly range?: string;
  readonly extra?: string;
}

/**
 * Entries `engine: puzzle` with the median in ms. With `normalised`, the value is the median
 * divided by the calibration workload's median in the same task (unit `x calibration`),
 * which moves far less between CI runners than milliseconds do.
 */
export function actionBenchmark(r: RaceResults, options: { normalised?: boolean } = {}): ActionBenchmarkEntry[] {
  const out: ActionBenchmarkEntry[] = [];
  for (const t of r.tasks) {
    if (t.state !== 'completed' || !t.samples) continue;
    const cal = t.calibration?.median;
    if (options.normalised && !(cal && cal > 0)) continue;
    const value = options.normalised ? t.samples.median / cal! : t.samples.median;
    out.push({
      name: `${t.engine}: ${t.puzzle}`,
      unit: options.normalised ? 'x calibration' : 'ms',
      value: Number(value.toPrecision(6)),
      range: `±${t.samples.rme.toFixed(2)}%`,
      extra: `${t.samples.n} samples, verdict ${t.verdict ?? '?'}${r.env.gitSha ? `, ${r.env.gitSha.slice(0, 10)}` : ''}`,
    });
  }
  return out;
}
