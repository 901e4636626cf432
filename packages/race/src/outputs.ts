// Everything a race leaves in its output folder.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { writeFilesInPlace } from '@gridrace/core/node';
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

/**
 * Write results.json, summary.md, report.html and benchmark.json (core's writeFilesInPlace: a failure
 * leaves the folder's earlier files, or none, never a truncated one); returns their paths.
 */
export function writeOutputs(results: RaceResults, dir: string): Record<keyof typeof OUTPUT_FILES, string> {
  mkdirSync(dir, { recursive: true });
  const paths = {
    results: join(dir, OUTPUT_FILES.results),
    summary: join(dir, OUTPUT_FILES.summary),
    report: join(dir, OUTPUT_FILES.report),
    actionBenchmark: join(dir, OUTPUT_FILES.actionBenchmark),
  };
  writeFilesInPlace([
    [paths.results, stringifyResults(results)],
    [paths.summary, raceMarkdown(results)],
    [paths.report, raceHtml(results)],
    [paths.actionBenchmark, `${JSON.stringify(actionBenchmark(results), null, 1)}\n`],
  ]);
  return paths;
}
