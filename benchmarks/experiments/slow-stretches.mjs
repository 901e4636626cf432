#!/usr/bin/env node
// Where a task's slow stretches come from: one engine on one puzzle, timed in consecutive
// windows in fresh processes, alternating a process left to the scheduler with one pinned to a
// single CPU (`taskset -c`). Per window it also records the time V8 spent collecting garbage,
// and with --canary the speed of a fixed loop on a worker thread beside the solves (does the
// whole machine slow down, or only the task's thread?). Findings: results/compare-noise.md.
//
//   node benchmarks/experiments/slow-stretches.mjs [--engine bitmask] [--puzzle FILE]
//     [--runs 4] [--windows 40] [--window-ms 200] [--cpu 0] [--canary]
//
// A window is off its run's level when it is over 1.25x the run's median or under 0.8x; the
// first three windows (warm-up) are left out. Needs Linux's taskset (util-linux).
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { PerformanceObserver } from 'node:perf_hooks';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import { parseScriptArgs } from '../scripts/script-args.mjs';

const OFF = 1.25;
const WARM_UP_WINDOWS = 3;
const median = (a) => [...a].sort((x, y) => x - y)[a.length >> 1];

/** A fixed loop on its own thread: ms per unit in each window that starts at t0. */
function canaryLoop({ t0, windows, windowMs }) {
  const out = [];
  let sink = 0;
  for (let k = 0; k < windows; k++) {
    const end = t0 + (k + 1) * windowMs;
    const start = Date.now();
    let units = 0;
    while (Date.now() < end) {
      for (let i = 0; i < 20_000; i++) sink = (sink * 31 + i) | 0;
      units++;
    }
    out.push((Date.now() - start) / Math.max(1, units));
  }
  return { out, sink };
}

async function timeWindows(job) {
  const { readPuzzle, getEngine } = await import('@gridrace/core');
  await import('@gridrace/engines');
  const puzzle = readPuzzle(readFileSync(job.puzzle, 'utf8'), { name: job.puzzle });
  const engine = getEngine(job.engine, puzzle.kind);
  await engine.init?.();
  const options = { maxSolutions: 2, timeLimitMs: 10_000 };
  const t0 = Date.now() + 100;
  const canary = job.canary ? new Worker(new URL(import.meta.url), { workerData: { t0, windows: job.windows, windowMs: job.windowMs } }) : null;
  const canaryDone = canary ? new Promise((resolve) => canary.once('message', resolve)) : null;
  const gc = new Array(job.windows).fill(0);
  const observer = new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      const k = Math.floor((performance.timeOrigin + e.startTime - t0) / job.windowMs);
      if (k >= 0 && k < job.windows) gc[k] += e.duration;
    }
  });
  observer.observe({ entryTypes: ['gc'] });
  while (Date.now() < t0) await engine.solve(puzzle, options);
  const task = [];
  for (let k = 0; k < job.windows; k++) {
    const end = t0 + (k + 1) * job.windowMs;
    const start = performance.now();
    let solves = 0;
    while (Date.now() < end) {
      await engine.solve(puzzle, options);
      solves++;
    }
    task.push((performance.now() - start) / Math.max(1, solves));
  }
  await new Promise((resolve) => setTimeout(resolve, 50)); // the last GC entries
  observer.disconnect();
  const canaryOut = canaryDone ? (await canaryDone).out : null;
  await canary?.terminate();
  return { task, gc, canary: canaryOut };
}

if (!isMainThread) {
  parentPort.postMessage(canaryLoop(workerData));
} else if (process.env.SLOW_STRETCHES_CHILD) {
  console.log(JSON.stringify(await timeWindows(JSON.parse(process.env.SLOW_STRETCHES_CHILD))));
} else {
  const { values } = parseScriptArgs(import.meta.url, {
    options: {
      engine: { type: 'string', default: 'bitmask' },
      puzzle: { type: 'string', default: new URL('../../puzzles/generated/nonogram-rough-020x020-s1.json', import.meta.url).pathname },
      runs: { type: 'string', default: '4' },
      windows: { type: 'string', default: '40' },
      'window-ms': { type: 'string', default: '200' },
      cpu: { type: 'string', default: '0' },
      canary: { type: 'boolean', default: false },
    },
  });
  const job = { engine: values.engine, puzzle: values.puzzle, windows: Number(values.windows), windowMs: Number(values['window-ms']), canary: values.canary };
  console.log(`${job.engine} on ${job.puzzle}: time per solve in ${job.windows} windows of ${job.windowMs} ms, each over the run's median; a process per line`);
  const slow = { free: [0, 0], pinned: [0, 0] };
  for (let i = 0; i < Number(values.runs) * 2; i++) {
    const side = i % 2 === 0 ? 'free' : 'pinned';
    const command = side === 'pinned' ? ['taskset', ['-c', values.cpu, process.execPath, new URL(import.meta.url).pathname]] : [process.execPath, [new URL(import.meta.url).pathname]];
    const r = spawnSync(command[0], command[1], { encoding: 'utf8', env: { ...process.env, SLOW_STRETCHES_CHILD: JSON.stringify(job) } });
    if (r.status !== 0) {
      console.error(`slow-stretches: the ${side} run failed: ${(r.stderr || r.error?.message || '').trim().split('\n')[0]}`);
      process.exit(1);
    }
    const { task, gc, canary } = JSON.parse(r.stdout.trim().split('\n').at(-1));
    const m = median(task);
    const ratios = task.map((t) => t / m);
    const counted = ratios.slice(WARM_UP_WINDOWS);
    slow[side][0] += counted.filter((x) => x > OFF || x < 1 / OFF).length;
    slow[side][1] += counted.length;
    console.log(`${side.padEnd(6)} task   ${ratios.map((x) => x.toFixed(1).padStart(3)).join(' ')}`);
    console.log(`${''.padEnd(6)} gc ms  ${gc.map((x) => x.toFixed(0).padStart(3)).join(' ')}`);
    if (canary) {
      const c = median(canary);
      console.log(`${''.padEnd(6)} canary ${canary.map((x) => (x / c).toFixed(1).padStart(3)).join(' ')}`);
    }
  }
  for (const [side, [n, of]] of Object.entries(slow)) console.log(`${side}: ${n} of ${of} windows off the run's median by over ${OFF}x (${((100 * n) / of).toFixed(1)}%)`);
}
