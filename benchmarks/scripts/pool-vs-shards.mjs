// Races beyond one machine, measured on this one: the same race run by a queue's workers (one,
// then two, each `gridrace worker` a process of its own) and by two static shards run side by
// side (`--shard 1/2` and `--shard 2/2`), with each one's wall time and each worker's or shard's
// work (the sum of its tasks' wall times) and idle time (its run's wall time less that work).
// A shard that finishes early idles while the other runs on; a pool's workers pull the next
// task until none is left. Redis is Debian's redis-server, started here on a free port.
//
//   node benchmarks/scripts/pool-vs-shards.mjs [--engines wasm,bitmask] [--time 0.05]
//        [--limit 10] [--out race-results/pool-vs-shards] [-p PUZZLES ...]
//
// Default puzzles: ../shared/puzzles/taai/question/taai2011.txt and ../shared/puzzles/webpbn/*.nin.
// Writes pool-vs-shards.json (and each run's results folder) under --out and prints a table.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startRedis } from '@gridrace/testkit/redis';
import { parseScriptArgs } from './script-args.mjs';

const REPO = fileURLToPath(new URL('../../', import.meta.url));
const CLI = join(REPO, 'packages/cli/dist/main.js');
const { values } = parseScriptArgs(import.meta.url, {
  options: {
    engines: { type: 'string', default: 'wasm,bitmask' },
    time: { type: 'string', default: '0.05' },
    limit: { type: 'string', default: '10' },
    out: { type: 'string', default: 'race-results/pool-vs-shards' },
    puzzles: { type: 'string', short: 'p', multiple: true },
  },
});
const shared = resolve(REPO, '../shared/puzzles');
const puzzles = values.puzzles ?? [join(shared, 'taai/question/taai2011.txt'), join(shared, 'webpbn/*.nin')];
if (!existsSync(CLI)) {
  console.error('pool-vs-shards.mjs: the CLI is not built: run the build first');
  process.exit(4);
}
const out = resolve(values.out);
mkdirSync(out, { recursive: true });
const raceArgs = ['race', ...puzzles.flatMap((p) => ['-p', p]), '-e', values.engines, '--time', values.time, '-t', values.limit, '--no-calibration', '-q', '--force'];

/** Runs the CLI; resolves with its exit code and wall time (s). */
function run(args, { quiet = false } = {}) {
  const started = performance.now();
  const child = spawn(process.execPath, [CLI, ...args], { cwd: REPO, stdio: ['ignore', quiet ? 'ignore' : 'inherit', quiet ? 'ignore' : 'inherit'] });
  const done = new Promise((res) => child.on('exit', (code) => res({ code, seconds: (performance.now() - started) / 1000 })));
  return { child, done };
}

/** Work per machine (or for the whole file) from a results folder: tasks and the sum of their wall times (s). */
function work(dir, byMachine) {
  const r = JSON.parse(readFileSync(join(dir, 'results.json'), 'utf8'));
  const groups = new Map();
  for (const t of r.tasks) {
    const key = byMachine ? t.machine : 'all';
    const g = groups.get(key) ?? { tasks: 0, seconds: 0 };
    g.tasks++;
    g.seconds += t.overhead.wallMs / 1000;
    groups.set(key, g);
  }
  return { results: r, groups: [...groups.values()] };
}

const rows = [];
const redis = await startRedis();
try {
  for (const n of [1, 2]) {
    const name = `pool-${n}`;
    const workers = Array.from({ length: n }, () => run(['worker', '--queue', redis.url, '--queue-name', name, '-q'], { quiet: true }));
    const race = run([...raceArgs, '--queue', redis.url, '--queue-name', name, '-o', join(out, name)]);
    const { code, seconds } = await race.done;
    for (const w of workers) w.child.kill('SIGTERM');
    await Promise.all(workers.map((w) => w.done));
    const { results, groups } = work(join(out, name), true);
    rows.push({ setup: `queue, ${n} worker(s)`, code, wall: seconds, tasks: results.tasks.length, parts: groups.map((g) => ({ ...g, idle: seconds - g.seconds })) });
  }
  const shards = [1, 2].map((k) => ({ k, ...run([...raceArgs, '--shard', `${k}/2`, '-o', join(out, `shard-${k}`)]) }));
  const ends = await Promise.all(shards.map((s) => s.done));
  const wall = Math.max(...ends.map((e) => e.seconds));
  const parts = shards.map((s, i) => {
    const g = work(join(out, `shard-${s.k}`), false).groups[0] ?? { tasks: 0, seconds: 0 };
    return { ...g, wall: ends[i].seconds, idle: wall - g.seconds };
  });
  rows.push({ setup: '--shard 1/2 and 2/2 side by side', code: Math.max(...ends.map((e) => e.code ?? 1)), wall, tasks: parts.reduce((a, p) => a + p.tasks, 0), parts });
} finally {
  await redis.stop();
}

const fmt = (s) => `${s.toFixed(1)} s`;
console.log(`\n| setup | wall | tasks | each worker or shard: tasks, work, idle |\n|---|---:|---:|---|`);
for (const r of rows) console.log(`| ${r.setup} | ${fmt(r.wall)} | ${r.tasks} | ${r.parts.map((p) => `${p.tasks} tasks, ${fmt(p.seconds)} work, ${fmt(Math.max(0, p.idle))} idle`).join('; ')} |`);
writeFileSync(join(out, 'pool-vs-shards.json'), `${JSON.stringify({ date: new Date().toISOString(), puzzles, engines: values.engines, time: values.time, limit: values.limit, rows }, null, 2)}\n`);
