#!/usr/bin/env node
// CI's performance gate (`gridrace race gate`): the accepted base build (the commit named in
// benchmarks/baselines/base.txt, checked out and built in a worktree) against the working
// tree on the fixed suite benchmarks/suites/ci.txt. First the work counters of every task,
// compared exactly (more than 2% more work on a task fails); then, for the engines whose
// built code changed, an A/B race, base and head alternating; what it flags (an engine 5%
// slower or a task 10% slower over its whole interval) is raced again beside an A/A
// comparison and fails only when confirmed beyond both. Answers and verdicts must not change.
//
// Where the base commit cannot be had (a shallow clone, no git), it says so and falls back
// to comparing one race's work counters and verdicts with the committed results
// benchmarks/baselines/ci.json (counters do not depend on the machine; time is not judged).
//
//   node benchmarks/ci-race.mjs                     # the gate, exit 1 on a regression
//   node benchmarks/ci-race.mjs --update-base [REF] # make REF (default HEAD) the accepted base
//   node benchmarks/ci-race.mjs --update-baseline   # race once and rewrite ci.json (the fallback's counters)
//   node benchmarks/ci-race.mjs --base-dir A --head-dir B  # the same gate on two built folders
//                                                   # (benchmarks/experiments/gate-series.mjs uses it)
//
// Environment: RACE_OUT (default race-results/ci), RACE_THRESHOLD (engine time, percent,
// default 5), RACE_TASK_THRESHOLD (10), RACE_COUNTER_THRESHOLD (2),
// RACE_ROUNDS and RACE_CONFIRM_ROUNDS (8 each), RACE_TIME (seconds of samples per run, 0.1),
// RACE_TIME_ALL=1 (time engines whose code did not change too), RACE_ENGINES (a,b: the
// engines to gate).
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const cli = join(root, 'packages/cli/dist/main.js');
const suite = join(root, 'benchmarks/suites/ci.txt');
const baseFile = join(root, 'benchmarks/baselines/base.txt');
const baseline = join(root, 'benchmarks/baselines/ci.json');
const out = process.env.RACE_OUT ?? join(root, 'race-results/ci');
const args = process.argv.slice(2);
const env = { ...process.env, TURBO_TELEMETRY_DISABLED: '1', DO_NOT_TRACK: '1' };
// The engines the gate races. Not z3 (too slow for a short gate) nor arrowpath-dfs (1.5 s per run
// on the suite's one arrow path, where a single task's interval is too wide to judge 5-10% anyway).
const ENGINES = process.env.RACE_ENGINES?.split(',') ?? ['wasm', 'bitmask', 'naive', 'arrowpath'];

function run(cmd, argv, options = {}) {
  const r = spawnSync(cmd, argv, { cwd: root, stdio: 'inherit', env, ...options });
  if (r.error) throw r.error;
  return r.status ?? 1;
}

function git(argv) {
  const r = spawnSync('git', argv, { cwd: root, encoding: 'utf8', env });
  return r.status === 0 ? r.stdout.trim() : undefined;
}

if (!existsSync(cli) || !existsSync(join(root, 'benchmarks/dist/worker.js'))) {
  console.log('ci-race: building first');
  const pnpm = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).packageManager;
  if (run('npx', ['-y', pnpm, 'exec', 'turbo', 'run', 'build', '--output-logs=errors-only']) !== 0) process.exit(1);
}

const registered = JSON.parse(spawnSync(process.execPath, [cli, 'engines', '--json'], { cwd: root, encoding: 'utf8', env }).stdout).map((e) => e.name);
const engines = ENGINES.filter((e) => registered.includes(e));
const missing = ENGINES.filter((e) => !registered.includes(e));
if (missing.length > 0) console.log(`ci-race: engines not registered, left out: ${missing.join(', ')}`);
if (engines.length === 0) {
  console.log('ci-race: no engine to race');
  process.exit(1);
}

/** The accepted base: the first line of base.txt that is not a comment. */
function acceptedBase() {
  if (!existsSync(baseFile)) return undefined;
  return readFileSync(baseFile, 'utf8')
    .split('\n')
    .map((l) => l.replace(/#.*$/, '').trim())
    .find((l) => l.length > 0);
}

if (args[0] === '--update-base') {
  const ref = args[1] ?? 'HEAD';
  const sha = git(['rev-parse', '--verify', `${ref}^{commit}`]);
  if (!sha) {
    console.log(`ci-race: no commit ${ref}`);
    process.exit(4);
  }
  const text = readFileSync(baseFile, 'utf8').replace(/^[0-9a-f]{40}$/m, sha);
  writeFileSync(baseFile, text);
  console.log(`ci-race: the accepted base is now ${sha}; commit benchmarks/baselines/base.txt (to accept a change the gate failed, put its report in the message). Where the engines' work counters changed since ${baseline} was made, refresh it for the fallback: node benchmarks/ci-race.mjs --update-baseline`);
  process.exit(0);
}

/** One plain race of the working tree on the suite (the fallback's, or the one ci.json keeps). */
function plainRace(dir, timing) {
  return run(process.execPath, [cli, 'race', '--engines', engines.join(','), '--suite', suite, ...timing, '--time-limit', '20', '--out', dir, '--force', '--no-progress', '-q']);
}

/**
 * Without the base build: one race of head, its work counters and verdicts compared with the
 * committed results ci.json. Counters do not depend on the machine, so that file is a fair
 * base for them; time is not judged (a file made on another machine or hour says nothing
 * about this one's speed).
 */
async function fallbackGate(dir) {
  if (plainRace(dir, ['--iterations', '2', '--no-calibration']) !== 0) {
    console.log('ci-race: the race failed (see above)');
    return 1;
  }
  const { compareRaceCounters, parseResults } = await import('@gridrace/race');
  const threshold = Number(process.env.RACE_COUNTER_THRESHOLD ?? '2');
  if (!(threshold >= 0)) {
    console.log(`ci-race: RACE_COUNTER_THRESHOLD must be a percentage, not "${process.env.RACE_COUNTER_THRESHOLD}"`);
    return 5;
  }
  let before, now;
  try {
    before = parseResults(readFileSync(baseline, 'utf8'));
    now = parseResults(readFileSync(join(dir, 'results.json'), 'utf8'));
  } catch (err) {
    console.log(`ci-race: cannot read the results to compare: ${err.message.split('\n')[0]}`);
    return 4;
  }
  const c = compareRaceCounters(before, now, { threshold: threshold / 100 });
  const uncounted = engines.filter((e) => !c.counted.includes(e) && now.tasks.some((t) => t.engine === e && t.counters && Object.keys(t.counters).length > 0));
  if (c.counted.length === 0 || uncounted.length > 0) {
    console.log(`ci-race: the committed results ${baseline} have no counters to compare for ${uncounted.length > 0 ? uncounted.join(', ') : 'any engine'}: refresh them with node benchmarks/ci-race.mjs --update-baseline`);
    return 4;
  }
  const changed = now.tasks.flatMap((t) => {
    const b = before.tasks.find((x) => x.engine === t.engine && x.puzzle === t.puzzle);
    return b && b.verdict !== t.verdict ? [`${t.engine} ${t.puzzle}: ${b.verdict ?? b.state} -> ${t.verdict ?? t.state}`] : [];
  });
  const failures = [...changed, ...c.regressions.map((r) => `${r.engine} does more work on ${r.puzzle}: ${r.counter} ${r.base} -> ${r.head}`)];
  console.log(failures.length > 0
    ? `ci-race: gate FAILED against the committed counters: ${failures.join('; ')}`
    : `ci-race: gate passed against the committed counters (${c.counted.join(', ')} counted, ${c.changes.filter((x) => x.status === 'same').length} counters the same, ${c.improvements.length} lower); time not judged without the base build`);
  return failures.length > 0 ? 1 : 0;
}

mkdirSync(out, { recursive: true });
if (args[0] === '--update-baseline') {
  const dir = join(out, 'update');
  if (plainRace(dir, ['--time', '0.4']) !== 0) process.exit(1);
  copyFileSync(join(dir, 'results.json'), baseline);
  console.log(`ci-race: baseline written to ${baseline}`);
  process.exit(0);
}

const option = (name) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
const [baseDir, headDir] = [option('--base-dir'), option('--head-dir')];
const base = acceptedBase();
const sha = baseDir ? undefined : base && git(['rev-parse', '--verify', '--quiet', `${base}^{commit}`]);
if (!sha && !baseDir) {
  const why = !base ? `${baseFile} names no commit` : git(['rev-parse', '--git-dir']) === undefined ? 'this is not a git checkout' : git(['rev-parse', '--is-shallow-repository']) === 'true' ? `a shallow clone lacks ${base}` : `no commit ${base} here`;
  console.log(`ci-race: the accepted base cannot be had (${why}): comparing work counters with the committed results ${baseline} instead`);
  process.exit(await fallbackGate(join(out, 'fallback')));
}

const started = Date.now();
const behind = sha ? git(['rev-list', '--count', `${sha}..HEAD`]) : undefined;
const code = run(process.execPath, [
  cli, 'race', 'gate',
  ...(baseDir ? ['--base-dir', baseDir] : ['--base', sha]),
  ...(headDir ? ['--head-dir', headDir] : []),
  '--suite', suite,
  '--engines', engines.join(','),
  '--rounds', process.env.RACE_ROUNDS ?? '8',
  '--confirm-rounds', process.env.RACE_CONFIRM_ROUNDS ?? '8',
  '--time', process.env.RACE_TIME ?? '0.1',
  '--time-limit', '20',
  '--threshold', process.env.RACE_THRESHOLD ?? '5',
  '--task-threshold', process.env.RACE_TASK_THRESHOLD ?? '10',
  '--counter-threshold', process.env.RACE_COUNTER_THRESHOLD ?? '2',
  ...(process.env.RACE_TIME_ALL === '1' ? ['--time-all'] : []),
  '--out', join(out, 'gate'),
  '-q',
]);
const against = baseDir ?? `${sha.slice(0, 12)}${behind !== undefined ? ` (${behind} commit(s) before HEAD)` : ''}`;
console.log(`ci-race: gate against ${against} took ${Math.round((Date.now() - started) / 1000)} s, exit ${code}; report in ${join(out, 'gate', 'gate.md')}`);
process.exit(code);
