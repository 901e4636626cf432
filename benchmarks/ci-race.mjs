#!/usr/bin/env node
// CI's performance gate: a short race on the fixed suite (benchmarks/suites/ci.txt) with the
// engines of the committed baseline, compared with benchmarks/baselines/ci.json. A regression
// must show twice: when the first comparison flags one, the race is run again and only what
// both comparisons flag (the same engine, or the same task) fails the step (a busy neighbour
// rarely strikes twice in the same place). Needs the built CLI (the test step builds it; so does this script).
//
//   node benchmarks/ci-race.mjs                  # race + compare, exit 1 on a confirmed regression
//   node benchmarks/ci-race.mjs --update-baseline  # race and write the baseline instead
//
// Environment: RACE_OUT (default race-results/ci), RACE_THRESHOLD (percent, default 10).
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const cli = join(root, 'packages/cli/dist/main.js');
const suite = join(root, 'benchmarks/suites/ci.txt');
const baseline = join(root, 'benchmarks/baselines/ci.json');
const out = process.env.RACE_OUT ?? join(root, 'race-results/ci');
const threshold = process.env.RACE_THRESHOLD ?? '10';
const update = process.argv.includes('--update-baseline');
const env = { ...process.env, TURBO_TELEMETRY_DISABLED: '1', DO_NOT_TRACK: '1' };

function run(cmd, args, options = {}) {
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env, ...options });
  if (r.error) throw r.error;
  return r.status ?? 1;
}

if (!existsSync(cli) || !existsSync(join(root, 'benchmarks/dist/worker.js'))) {
  console.log('ci-race: building first');
  if (run('pnpm', ['exec', 'turbo', 'run', 'build', '--output-logs=errors-only']) !== 0) process.exit(1);
}

const puzzles = readFileSync(suite, 'utf8')
  .split('\n')
  .map((l) => l.trim())
  .filter((l) => l && !l.startsWith('#'));
const registered = JSON.parse(spawnSync(process.execPath, [cli, 'engines', '--json'], { cwd: root, encoding: 'utf8', env }).stdout).map((e) => e.name);
// The baseline decides the engines; a new engine joins the gate when the baseline is updated.
const wanted = !update && existsSync(baseline) ? JSON.parse(readFileSync(baseline, 'utf8')).options.engines : (process.env.RACE_ENGINES?.split(',') ?? registered);
const engines = wanted.filter((e) => registered.includes(e));
const missing = wanted.filter((e) => !registered.includes(e));
if (missing.length > 0) console.log(`ci-race: baseline engines no longer registered: ${missing.join(', ')}`);
if (engines.length === 0) {
  console.log('ci-race: no engine to race');
  process.exit(update ? 1 : 0);
}

function race(dir) {
  const args = [cli, 'race', '--engines', engines.join(','), '--time', '0.4', '--time-limit', '20', '--out', dir, '--no-progress', '-q'];
  for (const p of puzzles) args.push('--puzzles', p);
  return run(process.execPath, args);
}

function compare(dir) {
  const args = [cli, 'race', 'compare', baseline, join(dir, 'results.json'), '--threshold', threshold];
  return run(process.execPath, [...args, '--markdown', join(dir, 'compare.md'), '--json', join(dir, 'compare.json')]);
}

/** What a comparison flagged: slower engines and slower, broken or changed tasks. */
function flagged(dir) {
  const c = JSON.parse(readFileSync(join(dir, 'compare.json'), 'utf8'));
  return new Set([
    ...c.engines.filter((e) => e.status === 'slower').map((e) => `engine ${e.engine}`),
    ...c.tasks.filter((t) => ['slower', 'broken', 'verdict-changed'].includes(t.status)).map((t) => `${t.engine} on ${t.puzzle} (${t.status})`),
  ]);
}

mkdirSync(out, { recursive: true });
const first = join(out, 'run-1');
if (race(first) !== 0) {
  console.log('ci-race: the race failed (see above)');
  process.exit(1);
}
if (update) {
  copyFileSync(join(first, 'results.json'), baseline);
  console.log(`ci-race: baseline written to ${baseline}`);
  process.exit(0);
}
if (!existsSync(baseline)) {
  console.log(`ci-race: no baseline at ${baseline}; make one with --update-baseline`);
  process.exit(0);
}
let code = compare(first);
if (code === 1) {
  console.log('ci-race: regression flagged; racing again to confirm');
  const second = join(out, 'run-2');
  if (race(second) !== 0) process.exit(1);
  const again = compare(second);
  if (again !== 0 && again !== 1) process.exit(again);
  const before = flagged(first);
  const confirmed = [...flagged(second)].filter((f) => before.has(f));
  if (confirmed.length > 0) {
    console.log(`ci-race: confirmed by a second run: ${confirmed.join('; ')}`);
    process.exit(1);
  }
  console.log('ci-race: the second run did not confirm it: treated as noise');
  code = 0;
}
process.exit(code);
