#!/usr/bin/env node
// Whether timing each task in several short races and keeping its fast level lets two sides
// made apart see a 15% slowdown (results/compare-noise.md). Each side is K short races of the
// CI suite; a task's time on a side is the smallest of its K medians ("min"), the median of
// them ("median") or the first race's alone ("first", what one race gives). Per repetition:
// two sides of the unchanged build, then one unchanged and one with the engines doing 15% more
// work (slower-variant.mjs). The engine's change is the median of its tasks' log ratios, with a
// t interval over the tasks (95%, normal approximation); flagged when the low end is over 5%.
//
//   node benchmarks/experiments/fast-level.mjs [--engines naive] [--races 6] [--reps 5] [--time 0.1]
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { standardDeviation } from '@gridrace/race';
import { parseScriptArgs } from '../scripts/script-args.mjs';

const root = new URL('../../', import.meta.url).pathname;
const cli = join(root, 'packages/cli/dist/main.js');
const { values } = parseScriptArgs(import.meta.url, {
  options: {
    engines: { type: 'string', default: 'naive' },
    races: { type: 'string', default: '6' },
    reps: { type: 'string', default: '5' },
    time: { type: 'string', default: '0.1' },
    calibration: { type: 'boolean', default: false },
  },
});
const races = Number(values.races);
const variant = join(root, 'benchmarks/experiments/slower-variant.mjs');
const out = mkdtempSync(join(tmpdir(), 'fast-level-'));
const T_97_5 = { 5: 2.57, 6: 2.45, 7: 2.36, 8: 2.31, 9: 2.26, 10: 2.23 };
let raceCount = 0;

/** One short race: each completed task's median (ms). */
function race(slower) {
  const dir = join(out, `race-${raceCount++}`);
  const args = [cli, 'race', '--time', values.time, '--out', dir, '--force', '-q', '--no-progress', ...(values.calibration ? [] : ['--no-calibration']), '--engines', values.engines, '--suite', 'benchmarks/suites/ci.txt'];
  if (slower) args.push('--load', variant);
  const r = spawnSync(process.execPath, args, { cwd: root, encoding: 'utf8', env: { ...process.env, GRIDRACE_SLOWER: values.engines } });
  if (r.status !== 0) throw new Error(`race failed (${r.status}): ${r.stderr.trim().split('\n')[0]}`);
  const results = JSON.parse(readFileSync(join(dir, 'results.json'), 'utf8'));
  rmSync(dir, { recursive: true, force: true });
  const timed = results.tasks.filter((t) => t.state === 'completed' && t.samples?.median > 0);
  return new Map(timed.map((t) => [`${t.engine} ${t.puzzle}`, { time: t.samples.median, cal: t.calibration?.median }]));
}

/**
 * K races of one build: each task's medians and its calibration's, in race order, and the
 * side's reference, the calibration's fast level (the median over tasks of each one's fastest).
 */
function side(slower) {
  const medians = new Map();
  const cals = new Map();
  for (let k = 0; k < races; k++) {
    for (const [task, { time, cal }] of race(slower)) {
      medians.set(task, [...(medians.get(task) ?? []), time]);
      if (cal > 0) cals.set(task, [...(cals.get(task) ?? []), cal]);
    }
  }
  const fast = [...cals.values()].map((c) => Math.min(...c));
  return { medians, cals, reference: fast.length > 0 ? median(fast) : 1 };
}

const median = (a) => [...a].sort((x, y) => x - y)[(a.length - 1) >> 1];
const ESTIMATES = { min: (m) => Math.min(...m), median, first: (m) => m[0] };
if (values.calibration) {
  ESTIMATES['min/side'] = (m, s) => Math.min(...m) / s.reference;
  ESTIMATES['min/task'] = (m, s, t) => Math.min(...m) / Math.min(...s.cals.get(t));
}
const zeros = () => Object.fromEntries(Object.keys(ESTIMATES).map((name) => [name, 0]));
const flagged = { same: zeros(), slower: zeros() };

function judge(a, b, kind, rep) {
  for (const [name, pick] of Object.entries(ESTIMATES)) {
    const tasks = [...a.medians.keys()].filter((t) => b.medians.has(t));
    const logs = tasks.map((t) => Math.log(pick(b.medians.get(t), b, t) / pick(a.medians.get(t), a, t)));
    const n = logs.length;
    const sd = standardDeviation(logs);
    const m = median(logs);
    const half = ((T_97_5[n - 1] ?? 2) * sd) / Math.sqrt(n);
    const low = Math.exp(m - half) - 1;
    const pct = (x) => `${(100 * x).toFixed(1)}%`;
    if (low > 0.05) flagged[kind][name]++;
    console.log(`${kind.padEnd(6)} ${rep}  ${name.padEnd(8)} ${pct(Math.exp(m) - 1).padStart(6)} [${pct(low)} .. ${pct(Math.exp(m + half) - 1)}]  task sd ${sd.toFixed(3)}  ${n} tasks${low > 0.05 ? '  FLAGGED' : ''}`);
  }
}

console.log(`${values.engines} on the CI suite: ${races} races of --time ${values.time} per side, ${values.reps} repetitions; change of the second side against the first`);
for (let rep = 1; rep <= Number(values.reps); rep++) {
  judge(side(false), side(false), 'same', rep);
  judge(side(false), side(true), 'slower', rep);
}
for (const [kind, counts] of Object.entries(flagged)) console.log(`${kind}: flagged ${Object.entries(counts).map(([name, c]) => `${name} ${c}`).join(', ')} of ${values.reps}`);
rmSync(out, { recursive: true, force: true });
