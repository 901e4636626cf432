// CI's performance gate in one call: the accepted base (the commit a base file names, built in
// a worktree) against the working tree as built, on a suite, by runGate. Where that commit
// cannot be had (a shallow clone, no git), one race of the working tree instead: its work
// counters and verdicts against committed results (counters do not depend on the machine;
// time is not judged, since a file made elsewhere says nothing about this machine's speed).
// benchmarks/ci-race.mjs is its command line.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { listEngines } from '@gridrace/core';
import { writeFilesInPlace } from '@gridrace/core/node';
import { compareRaceCounters } from './ab-counters.js';
import { BuildError, commitBuild, commitsBehindHead, folderBuild, repositoryRoot, resolveCommit, workingTreeBuild, type Build } from './builds.js';
import { loadCorpus } from './corpus.js';
import { gateExitCode, runGate, type GateReport } from './gate.js';
import { writeOutputs } from './outputs.js';
import { Race } from './race.js';
import { gateMarkdown } from './report/gate-markdown.js';
import { parseResults, stringifyResults } from './schema.js';
import { readSuite } from './suite.js';
import type { RaceResults } from './types.js';

export interface CiGateOptions {
  /** The repository (default: the git top level of the working directory). */
  readonly root?: string;
  /** The suite file of puzzles to count and time. */
  readonly suite: string;
  /** The file naming the accepted base commit (its first line that is not a `#` comment). */
  readonly baseFile: string;
  /** Committed results of the suite, for when the base cannot be had. */
  readonly fallback: string;
  /** Output folder: `gate/` for the gate, `fallback/` for the race without a base. */
  readonly out: string;
  /** Engines to gate; those the working tree does not register are left out with a line. */
  readonly engines: readonly string[];
  /** An engine's time change that fails (fraction). Default 0.05. */
  readonly threshold?: number;
  /** A task's time change that fails (fraction). Default 0.10. */
  readonly taskThreshold?: number;
  /** Growth of a work counter that fails (fraction). Default 0.02. */
  readonly counterThreshold?: number;
  readonly rounds?: number;
  readonly confirmRounds?: number;
  /** Seconds of samples per timed run. Default 0.1. */
  readonly time?: number;
  readonly timeAll?: boolean;
  /** Built folders to gate instead of the base commit and the working tree. */
  readonly baseDir?: string;
  readonly headDir?: string;
  readonly signal?: AbortSignal;
  /** Progress and outcome lines. */
  readonly log?: (line: string) => void;
}

export interface CiGateOutcome {
  /** The documented exit code of `race gate`: 0 passed, 1 worse, 3 interrupted, 4 no build or unreadable results, 6 a wrong answer. */
  readonly code: number;
  /** One line: what was judged and how it ended. */
  readonly line: string;
  readonly report?: GateReport;
}

/** The accepted base a base file names: its first line that is not a comment, or undefined. */
export function acceptedBase(baseFile: string): string | undefined {
  let text: string;
  try {
    text = readFileSync(baseFile, 'utf8');
  } catch {
    return undefined;
  }
  return text
    .split('\n')
    .map((l) => l.replace(/#.*$/, '').trim())
    .find((l) => l.length > 0);
}

/** Make `ref` the accepted base: its commit replaces the one the base file names. Returns the commit. */
export function acceptBase(baseFile: string, ref = 'HEAD', root = repositoryRoot()): string {
  const sha = resolveCommit(ref, root);
  // The commit the file names is replaced on its line, the comments kept.
  const lines = readFileSync(baseFile, 'utf8').split('\n');
  const at = lines.findIndex((l) => l.replace(/#.*$/, '').trim().length > 0);
  if (at < 0) lines.splice(lines.at(-1) === '' ? -1 : lines.length, 0, sha);
  else lines[at] = lines[at]!.replace(lines[at]!.replace(/#.*$/, '').trim(), sha);
  writeFileSync(baseFile, lines.join('\n'));
  return sha;
}

/** The engines of `wanted` the working tree registers; the rest are named in a line. */
function registered(wanted: readonly string[], log: (line: string) => void): string[] {
  const known = new Set(listEngines().map((e) => e.name));
  const missing = wanted.filter((e) => !known.has(e));
  if (missing.length > 0) log(`engines not registered, left out: ${missing.join(', ')}`);
  return wanted.filter((e) => known.has(e));
}

/** One plain race of the working tree on the suite. */
async function plainRace(o: CiGateOptions, engines: readonly string[], timing: { timeMs: number } | { iterations: number }, calibration: boolean): Promise<RaceResults> {
  const { puzzles } = loadCorpus(readSuite(o.suite), { cwd: o.root ?? repositoryRoot() });
  return new Race({ puzzles, engines: [...engines], timeLimitMs: 20_000, timing, calibration, ...(o.signal ? { signal: o.signal } : {}) }).run();
}

/** Race the suite once and write its results to the fallback file (the counters it is compared with). */
export async function raceFallbackBaseline(o: CiGateOptions): Promise<string> {
  const log = o.log ?? (() => {});
  const results = await plainRace(o, registered(o.engines, log), { timeMs: 400 }, true);
  writeOutputs(results, join(o.out, 'update'));
  writeFilesInPlace([[o.fallback, stringifyResults(results)]]);
  return o.fallback;
}

/** Without the base build: the working tree's counters and verdicts against the committed results. */
async function fallbackGate(o: CiGateOptions, engines: readonly string[], why: string): Promise<CiGateOutcome> {
  const log = o.log ?? (() => {});
  log(`the accepted base cannot be had (${why}): comparing work counters with the committed results ${o.fallback} instead`);
  const now = await plainRace(o, engines, { iterations: 2 }, false);
  writeOutputs(now, join(o.out, 'fallback'));
  let before: RaceResults;
  try {
    before = parseResults(readFileSync(o.fallback, 'utf8'), o.fallback);
  } catch (err) {
    return { code: 4, line: `cannot read the committed results: ${(err as Error).message.split('\n')[0]}` };
  }
  const c = compareRaceCounters(before, now, o.counterThreshold !== undefined ? { threshold: o.counterThreshold } : {});
  const uncounted = engines.filter((e) => !c.counted.includes(e) && now.tasks.some((t) => t.engine === e && t.counters && Object.keys(t.counters).length > 0));
  if (c.counted.length === 0 || uncounted.length > 0) {
    return { code: 4, line: `the committed results ${o.fallback} have no counters to compare for ${uncounted.length > 0 ? uncounted.join(', ') : 'any engine'}: refresh them with node benchmarks/ci-race.mjs --update-baseline` };
  }
  const changed = now.tasks.flatMap((t) => {
    const b = before.tasks.find((x) => x.engine === t.engine && x.puzzle === t.puzzle);
    return b && b.verdict !== t.verdict ? [`${t.engine} ${t.puzzle}: ${b.verdict ?? b.state} -> ${t.verdict ?? t.state}`] : [];
  });
  const failures = [...changed, ...c.regressions.map((r) => `${r.engine} does more work on ${r.puzzle}: ${r.counter} ${r.base} -> ${r.head}`)];
  if (now.disagreements.length > 0) return { code: 6, line: `gate FAILED: ${now.disagreements.map((d) => `${d.puzzle}: ${d.message}`).join('; ')}` };
  return failures.length > 0
    ? { code: 1, line: `gate FAILED against the committed counters: ${failures.join('; ')}` }
    : {
        code: 0,
        line: `gate passed against the committed counters (${c.counted.join(', ')} counted, ${c.changes.filter((x) => x.status === 'same').length} counters the same, ${c.improvements.length} lower); time not judged without the base build`,
      };
}

/** The gate: base against the working tree as built (build it first), or the fallback when the base cannot be had. */
export async function ciGate(o: CiGateOptions): Promise<CiGateOutcome> {
  const log = o.log ?? (() => {});
  const root = o.root ?? repositoryRoot();
  const engines = registered(o.engines, log);
  if (engines.length === 0) return { code: 4, line: 'no engine to race' };
  let base: Build;
  if (o.baseDir !== undefined) base = folderBuild(o.baseDir);
  else {
    const ref = acceptedBase(o.baseFile);
    if (ref === undefined) return fallbackGate({ ...o, root }, engines, `${o.baseFile} names no commit`);
    let sha: string;
    try {
      sha = resolveCommit(ref, root);
    } catch (err) {
      if (err instanceof BuildError) return fallbackGate({ ...o, root }, engines, err.message);
      throw err;
    }
    const behind = commitsBehindHead(sha, root);
    log(`base ${sha.slice(0, 12)}${behind !== undefined ? ` (${behind} commit(s) before HEAD)` : ''}`);
    try {
      base = commitBuild(sha, { repoRoot: root, log });
    } catch (err) {
      // The commit is there but does not build: that is no reason to judge less.
      if (err instanceof BuildError) return { code: 4, line: `the base ${sha.slice(0, 12)} cannot be built: ${err.message}` };
      throw err;
    }
  }
  // The working tree is built already (the caller imported this library from its build).
  const head = o.headDir !== undefined ? folderBuild(o.headDir) : workingTreeBuild({ repoRoot: root, rebuild: false });
  const puzzles = loadCorpus(readSuite(o.suite), { cwd: root }).puzzles;
  const report = await runGate({
    base,
    head,
    countPuzzles: puzzles,
    timePuzzles: puzzles,
    engines: [...engines],
    threshold: o.threshold ?? 0.05,
    taskThreshold: o.taskThreshold ?? 0.1,
    counterThreshold: o.counterThreshold ?? 0.02,
    rounds: o.rounds ?? 8,
    confirmRounds: o.confirmRounds ?? 8,
    timing: { timeMs: (o.time ?? 0.1) * 1000 },
    timeLimitMs: 20_000,
    ...(o.timeAll ? { timeAll: true } : {}),
    ...(o.signal ? { signal: o.signal } : {}),
    log,
  });
  const dir = join(o.out, 'gate');
  writeGateOutputs(report, dir);
  return { code: gateExitCode(report), line: `${report.line}; report in ${join(dir, 'gate.md')}`, report };
}

/** gate.json and gate.md into `dir`, each written whole or not at all. */
export function writeGateOutputs(report: GateReport, dir: string): void {
  mkdirSync(dir, { recursive: true });
  writeFilesInPlace([
    [join(dir, 'gate.json'), `${JSON.stringify(report, null, 1)}\n`],
    [join(dir, 'gate.md'), gateMarkdown(report)],
  ]);
}
