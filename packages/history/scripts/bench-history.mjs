#!/usr/bin/env node
// The history's figures at scale: a database of 100,000 result rows (200 races of 5 engines
// on 100 puzzles, a race a commit), then the time to add one more race (the whole locked cycle:
// read the file, add 500 rows, write it back) and to draw the trend page (read, build the series,
// find the steps, write the page), each as the CLI runs it, end to end. Medians of 5 runs,
// timed with tinybench. Run it on an idle machine:
//
//   pnpm -F @gridrace/history build && node packages/history/scripts/bench-history.mjs [ROWS]
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Bench } from 'tinybench';
import { Random } from '@gridrace/core';
import { addRuns, raceRun } from '../dist/index.js';

const rows = Number(process.argv[2] ?? 100_000);
const ENGINES = ['wasm', 'bitmask', 'naive', 'arrowpath', 'z3-prefix'];
const PUZZLES = 100;
const races = Math.round(rows / (ENGINES.length * PUZZLES));
const cli = fileURLToPath(new URL('../../cli/dist/main.js', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'gridrace-history-bench-'));
const db = join(dir, 'history.sqlite');
const rng = new Random(1);
const random = () => rng.float();

/** A results file of one race of commit `c` (the shape the race writes; times with 3% noise). */
function race(c) {
  const sha = c.toString(16).padStart(8, '0').repeat(5);
  const puzzles = Array.from({ length: PUZZLES }, (_, i) => ({ id: `puzzles/p${i}.json`, file: `puzzles/p${i}.json`, index: 0, kind: 'nonogram', width: 30, height: 30, hash: `h${i}` }));
  const tasks = ENGINES.flatMap((engine, e) =>
    puzzles.map((p, i) => {
      const median = (1 + i) * (1 + e) * (1 + 0.03 * (random() - 0.5));
      return {
        engine, puzzle: p.id, state: 'completed', verdict: 'unique', verified: true, solutions: 1,
        samples: { n: 20, median, mean: median, min: median * 0.97, max: median * 1.05, sd: median * 0.01, mad: median * 0.005, rme: 1, p75: median, p99: median },
        counters: { linesSolved: 100 * (i + 1), probes: 10 * i, nodes: 1 },
        overhead: { startMs: 40, initMs: 0, wallMs: 100, harnessMs: 5 },
      };
    }),
  );
  return {
    schema: 1, format: 'gridrace-race-results',
    env: { cpu: 'Bench CPU', cores: 2, memoryMb: 1024, os: 'linux', arch: 'x64', node: 'v20', v8: '11', versions: {}, gitSha: sha, gitDirty: false, date: new Date(Date.UTC(2026, 0, 1) + c * 3_600_000).toISOString(), loadAverage: 0, ci: false },
    options: { engines: ENGINES, puzzles: ['suite.txt'], timeLimitMs: 10_000, timing: { timeMs: 500 }, clock: 'cpu', memoryMb: 2048, calibration: false, load: [] },
    engines: ENGINES.map((name) => ({ name, kind: 'nonogram', description: name })),
    puzzles, tasks, disagreements: [],
    summary: { tasks: tasks.length, completed: tasks.length, timeouts: 0, ooms: 0, errors: 0, disagreements: 0, unverified: 0, harnessMsMedian: 5, startMsMedian: 40, wallMs: 1000 },
  };
}

console.log(`filling ${db} with ${races} races (${races * ENGINES.length * PUZZLES} rows) ...`);
await addRuns(db, Array.from({ length: races }, (_, c) => raceRun(race(c), { suite: 'bench' })));

// The races to add while timing, as results folders the CLI reads.
let next = races;
const folder = () => {
  const f = join(dir, `race-${next}`);
  mkdirSync(f);
  writeFileSync(join(f, 'results.json'), JSON.stringify(race(next++)));
  return f;
};
const run = (args) => {
  const r = spawnSync(process.execPath, [cli, ...args], { encoding: 'utf8' });
  if (r.status !== 0 && r.status !== 1) throw new Error(`gridrace ${args.join(' ')}: ${r.stderr}`);
};

const bench = new Bench({ iterations: 5, time: 0, warmupIterations: 0 });
let pending;
bench
  .add('history add (one race, 500 rows)', () => run(['history', 'add', pending, '--db', db]), { beforeEach: () => void (pending = folder()) })
  .add('history trend (every series)', () => run(['history', 'trend', '--db', db, '-o', join(dir, 'trend.html')]))
  .add('history changes (per suite)', () => run(['history', 'changes', '--db', db]));
await bench.run();

console.log(`database: ${(statSync(db).size / 1e6).toFixed(1)} MB; trend page: ${(statSync(join(dir, 'trend.html')).size / 1e6).toFixed(1)} MB`);
console.log('| command | median | min | max | runs |\n|---|---:|---:|---:|---:|');
for (const task of bench.tasks) {
  const s = task.result.latency;
  console.log(`| ${task.name} | ${(s.p50 / 1000).toFixed(2)} s | ${(s.min / 1000).toFixed(2)} s | ${(s.max / 1000).toFixed(2)} s | ${s.samplesCount} |`);
}
if (!process.env.KEEP) rmSync(dir, { recursive: true, force: true });
else console.log(`kept ${dir}`);
