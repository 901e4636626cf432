#!/usr/bin/env node
// How often `gridrace race compare` cries wolf, and whether it sees a real slowdown: one
// baseline race on a suite, then N reruns of the unchanged build and V runs with a variant
// doing ~15% more work inside its solve (slower-variant.mjs), each compared with the baseline;
// with --pairs, every comparison gets a baseline race of its own, made just before it.
// The figures of benchmarks/results/compare-noise*.md.
//
//   node benchmarks/experiments/noise.mjs [--runs 10] [--variants 10] [--out DIR] [--slower bitmask]
//     [--load MODULE]... [--engines a,b] [--time 0.4] [--slices N] [--pairs] [--threshold 5]
//     [--suite FILE] [--time-limit S]
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { changeText } from '@gridrace/race';

const root = new URL('../../', import.meta.url).pathname;
const cli = join(root, 'packages/cli/dist/main.js');
const argv = process.argv.slice(2);
const opt = (flag, fallback) => {
  const i = argv.indexOf(flag);
  return i >= 0 ? argv[i + 1] : fallback;
};
const loads = argv.flatMap((a, i) => (a === '--load' ? [argv[i + 1]] : []));
const runs = Number(opt('--runs', '10'));
const variants = Number(opt('--variants', String(runs)));
const timeLimit = opt('--time-limit');
const out = opt('--out', join(root, 'race-results/noise'));
const slower = opt('--slower', 'bitmask');
const time = opt('--time', '0.4');
const threshold = opt('--threshold', '5');
const engines = opt('--engines');
const slices = opt('--slices');
const pairs = argv.includes('--pairs');
const puzzles = readFileSync(opt('--suite', join(root, 'benchmarks/suites/ci.txt')), 'utf8')
  .split('\n')
  .map((l) => l.trim())
  .filter((l) => l && !l.startsWith('#'));
const variant = join(root, 'benchmarks/experiments/slower-variant.mjs');

function race(dir, extraLoads = [], env = {}) {
  const args = [cli, 'race', '--time', time, '--out', dir, '--force', '-q', '--no-progress'];
  if (engines) args.push('--engines', engines);
  if (timeLimit) args.push('--time-limit', timeLimit);
  if (slices) args.push('--slices', slices);
  for (const p of puzzles) args.push('--puzzles', p);
  for (const l of [...loads, ...extraLoads]) args.push('--load', l);
  const t = performance.now();
  const r = spawnSync(process.execPath, args, { cwd: root, encoding: 'utf8', env: { ...process.env, ...env } });
  if (r.status !== 0) throw new Error(`race failed (${r.status}): ${r.stderr}`);
  return (performance.now() - t) / 1000;
}

function compare(base, dir) {
  const json = join(dir, 'compare.json');
  const r = spawnSync(process.execPath, [cli, 'race', 'compare', base, join(dir, 'results.json'), '--threshold', threshold, '--json', json], { cwd: root, encoding: 'utf8' });
  if (r.status !== 0 && r.status !== 1) throw new Error(`compare failed (${r.status}): ${r.stderr}`);
  const c = JSON.parse(readFileSync(json, 'utf8'));
  return { alarm: r.status === 1, c };
}

mkdirSync(out, { recursive: true });
const load = spawnSync('uptime', { encoding: 'utf8' }).stdout.trim();
console.log(`noise experiment: ${runs} reruns + ${variants} variant runs (${slower} +15%), threshold ${threshold}%, ${slices ?? 1} slice(s), ${pairs ? 'a baseline per comparison' : 'one baseline'}, ${load}`);
// With --pairs every comparison makes its own baseline race: no shared one is needed.
let base = join(out, 'baseline', 'results.json');
if (!pairs) console.log(`baseline: ${race(join(out, 'baseline')).toFixed(1)} s`);
/** With --pairs, a fresh baseline race for the comparison about to be made. */
const nextBase = (name) => {
  if (!pairs) return;
  const dir = join(out, `${name}-baseline`);
  race(dir);
  base = join(dir, 'results.json');
};

const rows = [];
const summarize = (kind, i, seconds, { alarm, c }) => {
  const engineText = c.engines.map((e) => `${e.engine} ${changeText(e)} ${e.status}`).join(', ');
  const slowerEngines = c.engines.filter((e) => e.status === 'slower').map((e) => e.engine);
  const tasks = c.tasks.filter((t) => ['more-work', 'broken', 'verdict-changed'].includes(t.status)).map((t) => `${t.engine}:${t.puzzle.split('/').pop()} ${t.status}`);
  const worstTask = Math.max(...c.tasks.filter((t) => t.ratio !== undefined).map((t) => t.ratio));
  rows.push({ kind, run: i, alarm, seconds, engines: engineText, slowerEngines, flaggedTasks: tasks, worstTask });
  console.log(`${kind} ${i}: ${alarm ? 'ALARM' : 'quiet'} (${seconds.toFixed(1)} s) ${engineText}${tasks.length ? ` | tasks: ${tasks.join(' ')}` : ''} | worst task ${((worstTask - 1) * 100).toFixed(1)}%`);
};
for (let i = 1; i <= runs; i++) {
  nextBase(`same-${i}`);
  const dir = join(out, `same-${i}`);
  const seconds = race(dir);
  summarize('unchanged', i, seconds, compare(base, dir));
}
for (let i = 1; i <= variants; i++) {
  nextBase(`slower-${i}`);
  const dir = join(out, `slower-${i}`);
  const seconds = race(dir, [variant], { GRIDRACE_SLOWER: slower });
  summarize('variant', i, seconds, compare(base, dir));
}
const alarms = (kind) => rows.filter((r) => r.kind === kind && r.alarm).length;
const flagged = rows.filter((r) => r.kind === 'variant' && r.slowerEngines.includes(slower)).length;
const summary = `unchanged: ${alarms('unchanged')}/${runs} alarms; variant (${slower} +15%): ${alarms('variant')}/${variants} alarms, ${flagged}/${variants} with ${slower} judged slower; ${load}`;
console.log(summary);
writeFileSync(join(out, 'noise.json'), `${JSON.stringify({ summary, rows }, null, 1)}\n`);
