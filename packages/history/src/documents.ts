// Reading what `history add` is given: a race's results.json, an A/B race's ab.json or a
// gate's gate.json, or the folder that holds one of them. The run's report (report.html,
// compare.md, gate.md) is the file beside it.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { isRecord } from '@gridrace/core';
import { AB_FORMAT, AB_SCHEMA, RESULTS_FORMAT, ResultsFileError, checkResults, type AbResults, type GateReport } from '@gridrace/race/records';
import { abRuns, gateRuns, raceRun, type RunContext } from './records.js';
import type { RunInput } from './types.js';

/** A file `history add` cannot read: the message names the file and the problem. */
export class RunsFileError extends Error {}

const FILES = [
  { name: 'results.json', report: 'report.html' },
  { name: 'gate.json', report: 'gate.md' },
  { name: 'ab.json', report: 'compare.md' },
];

/** The few fields of an A/B results document the history reads, checked. */
function abProblems(value: unknown): string | undefined {
  if (!isRecord(value) || value.format !== AB_FORMAT) return `no "format": "${AB_FORMAT}"`;
  if (value.schema !== AB_SCHEMA) return `A/B schema ${JSON.stringify(value.schema)} is not supported; this version reads schema ${AB_SCHEMA}`;
  for (const field of ['env', 'options', 'base', 'head'] as const) if (!isRecord(value[field])) return `"${field}" is missing`;
  for (const field of ['tasks', 'puzzles'] as const) if (!Array.isArray(value[field])) return `"${field}" is not a list`;
  const env = value.env as Record<string, unknown>;
  if (typeof env.date !== 'string' || typeof env.cpu !== 'string') return '"env" lacks the date or the CPU';
  const bad = (value.tasks as unknown[]).findIndex((t) => !isRecord(t) || typeof t.engine !== 'string' || typeof t.puzzle !== 'string' || !Array.isArray(t.runs));
  return bad >= 0 ? `task ${bad + 1} lacks its engine, puzzle or runs` : undefined;
}

/** The runs a document holds; `file` names it in errors. */
export function parseRuns(text: string, file: string, context: RunContext = {}): RunInput[] {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    throw new RunsFileError(`${file}: not JSON: ${(err as Error).message}`);
  }
  if (isRecord(value) && value.format === RESULTS_FORMAT) {
    try {
      return [raceRun(checkResults(value, file), context)];
    } catch (err) {
      if (err instanceof ResultsFileError) throw new RunsFileError(err.message);
      throw err;
    }
  }
  if (isRecord(value) && value.format === AB_FORMAT) {
    const problem = abProblems(value);
    if (problem) throw new RunsFileError(`${file}: not a valid A/B results file: ${problem}`);
    return abRuns(value as unknown as AbResults, context);
  }
  if (isRecord(value) && isRecord(value.counting) && Array.isArray(value.fingerprints)) {
    const problem = abProblems(value.counting.results) ?? (value.timing === undefined ? undefined : isRecord(value.timing) ? abProblems(value.timing.results) : '"timing" is not an object');
    if (problem) throw new RunsFileError(`${file}: not a valid gate report: ${problem}`);
    return gateRuns(value as unknown as GateReport, context);
  }
  throw new RunsFileError(`${file}: not a race results file, an A/B results file (ab.json) or a gate report (gate.json)`);
}

/** Reads a document, or the results folder holding one; the report beside it is the run's report. */
export function readRuns(path: string, context: RunContext = {}): RunInput[] {
  if (!existsSync(path)) throw new RunsFileError(`${path}: no such file or folder`);
  let file = path;
  let report: string | undefined;
  if (statSync(path).isDirectory()) {
    const found = FILES.find((f) => existsSync(join(path, f.name)));
    if (!found) throw new RunsFileError(`${path}: holds none of ${FILES.map((f) => f.name).join(', ')}`);
    file = join(path, found.name);
  }
  const beside = FILES.find((f) => file.endsWith(f.name));
  if (beside && existsSync(join(file, '..', beside.report))) report = resolve(file, '..', beside.report);
  return parseRuns(readFileSync(file, 'utf8'), file, { ...(report ? { report } : {}), ...context });
}
