#!/usr/bin/env node
// One engine on one puzzle in fresh worker threads started one after another (as the race
// starts its tasks), or in fresh processes: each prints its time per solve (ms) in consecutive
// windows. It shows whether a task's level depends on the worker it got, apart from the code:
// results/compare-noise.md.
//
//   node benchmarks/experiments/worker-fate.mjs [--engine wasm] [--puzzle FILE] [--runs 8]
//     [--windows 6] [--window-ms 200] [--processes]
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { parseScriptArgs } from '../scripts/script-args.mjs';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';

async function timeWindows({ engine: name, puzzle: file, windows, windowMs }) {
  const { readPuzzle, getEngine } = await import('@gridrace/core');
  await import('@gridrace/engines');
  const puzzle = readPuzzle(readFileSync(file, 'utf8'), { name: file });
  const engine = getEngine(name, puzzle.kind);
  await engine.init?.();
  const options = { maxSolutions: 2, timeLimitMs: 10_000 };
  const out = [];
  for (let k = 0; k < windows; k++) {
    const start = performance.now();
    let solves = 0;
    while (performance.now() - start < windowMs) {
      await engine.solve(puzzle, options);
      solves++;
    }
    out.push(((performance.now() - start) / solves).toFixed(3));
  }
  return out.join(' ');
}

if (!isMainThread) {
  parentPort.postMessage(await timeWindows(workerData));
} else if (process.env.WORKER_FATE_CHILD) {
  console.log(await timeWindows(JSON.parse(process.env.WORKER_FATE_CHILD)));
} else {
  const { values } = parseScriptArgs(import.meta.url, {
    options: {
      engine: { type: 'string', default: 'wasm' },
      puzzle: { type: 'string', default: new URL('../../puzzles/generated/nonogram-rough-050x050-s1.json', import.meta.url).pathname },
      runs: { type: 'string', default: '8' },
      windows: { type: 'string', default: '6' },
      'window-ms': { type: 'string', default: '200' },
      processes: { type: 'boolean', default: false },
    },
  });
  const job = { engine: values.engine, puzzle: values.puzzle, windows: Number(values.windows), windowMs: Number(values['window-ms']) };
  console.log(`${job.engine} on ${job.puzzle}: ms per solve in ${job.windows} windows of ${job.windowMs} ms, one line per fresh ${values.processes ? 'process' : 'worker thread'}`);
  for (let i = 0; i < Number(values.runs); i++) {
    if (values.processes) {
      const r = spawnSync(process.execPath, [new URL(import.meta.url).pathname], { encoding: 'utf8', env: { ...process.env, WORKER_FATE_CHILD: JSON.stringify(job) } });
      process.stdout.write(r.stdout || r.stderr);
    } else {
      const worker = new Worker(new URL(import.meta.url), { workerData: job });
      console.log(await new Promise((resolve, reject) => worker.once('message', resolve).once('error', reject)));
      await worker.terminate();
    }
  }
}
