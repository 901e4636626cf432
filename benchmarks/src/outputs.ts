// Everything a race leaves in its output folder.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { actionBenchmark } from './report/action-benchmark.js';
import { raceHtml } from './report/html.js';
import { raceMarkdown } from './report/markdown.js';
import { stringifyResults } from './schema.js';
import type { RaceResults } from './types.js';

/** File names inside `--out`. */
export const OUTPUT_FILES = {
  results: 'results.json',
  summary: 'summary.md',
  report: 'report.html',
  actionBenchmark: 'benchmark.json',
} as const;

/** Write results.json, summary.md, report.html and benchmark.json; returns their paths. */
export function writeOutputs(results: RaceResults, dir: string): Record<keyof typeof OUTPUT_FILES, string> {
  mkdirSync(dir, { recursive: true });
  const paths = {
    results: join(dir, OUTPUT_FILES.results),
    summary: join(dir, OUTPUT_FILES.summary),
    report: join(dir, OUTPUT_FILES.report),
    actionBenchmark: join(dir, OUTPUT_FILES.actionBenchmark),
  };
  writeFileSync(paths.results, stringifyResults(results));
  writeFileSync(paths.summary, raceMarkdown(results));
  writeFileSync(paths.report, raceHtml(results));
  writeFileSync(paths.actionBenchmark, `${JSON.stringify(actionBenchmark(results), null, 1)}\n`);
  return paths;
}
