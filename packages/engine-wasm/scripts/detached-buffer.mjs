#!/usr/bin/env node
// How much slower the bitmask engine runs once any ArrayBuffer in its process has been
// detached (V8 then checks for detachment on every typed-array access, for good). Each case
// runs in a fresh process, in turns: `clean`; `detached` (one buffer transferred away first);
// `wasm-grown` (the wasm engine first solves a few puzzles with `initialMemoryMb: 0`, so its
// memory grows); `wasm-default` (the same with the default initial memory, which does not grow).
// Plain Node on the built packages (not tsx, whose module hooks may detach buffers
// themselves). After a build:
//
//   node packages/engine-wasm/scripts/detached-buffer.mjs [--rounds 2] [--solves 15]
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const argv = process.argv.slice(2);
const opt = (flag, fallback) => {
  const i = argv.indexOf(flag);
  return i >= 0 ? argv[i + 1] : fallback;
};
const shared = fileURLToPath(new URL('../../../../shared/puzzles/', import.meta.url));

if (argv[0] === '--case') {
  const [, which, solves] = argv;
  const core = await import('@gridrace/core');
  const { bitmaskEngine: bitmask } = await import('@gridrace/engine-bitmask');
  const load = (path) => core.readPuzzle(readFileSync(shared + path, 'utf8'), { file: path });
  const taai = core.readPuzzles(readFileSync(`${shared}taai/question/taai2011.txt`, 'utf8'), { file: 'taai2011.txt' });
  if (which === 'detached') {
    const buffer = new ArrayBuffer(16);
    structuredClone(buffer, { transfer: [buffer] });
  }
  if (which === 'wasm-grown' || which === 'wasm-default') {
    const { createWasmEngine } = await import('../dist/index.js');
    const wasm = createWasmEngine({ name: 'wasm-first', initialMemoryMb: which === 'wasm-grown' ? 0 : undefined });
    for (const puzzle of taai.slice(0, 20)) await wasm.solve(puzzle, { maxSolutions: 2 });
    await wasm.dispose();
  }
  const timed = async (puzzle) => {
    const t0 = performance.now();
    await bitmask.solve(puzzle, { maxSolutions: 2 });
    return performance.now() - t0;
  };
  const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
  const row = {};
  for (const [name, path] of [['#803', 'webpbn/webpbn-00803.nin'], ['cauldron', 'extra/cauldron.non']]) {
    const puzzle = load(path);
    const times = [];
    for (let i = 0; i < Number(solves); i++) times.push(await timed(puzzle));
    row[name] = median(times);
  }
  let sample = 0;
  for (let i = 3; i < taai.length; i += 20) sample += await timed(taai[i]);
  row['taai2011 sample (50)'] = sample;
  console.log(JSON.stringify(row));
} else {
  const rounds = Number(opt('--rounds', '2'));
  const solves = opt('--solves', '15');
  const cases = ['clean', 'detached', 'wasm-grown', 'wasm-default'];
  const self = fileURLToPath(import.meta.url);
  console.log('| round | case | #803 ms (median) | Cauldron ms (median) | taai2011 sample ms (sum of 50) |');
  console.log('|---|---|---:|---:|---:|');
  for (let r = 1; r <= rounds; r++) {
    for (const which of cases) {
      const child = spawnSync(process.execPath, [self, '--case', which, solves], { encoding: 'utf8' });
      if (child.status !== 0) throw new Error(`case ${which} failed: ${child.stderr}`);
      const row = JSON.parse(child.stdout.trim().split('\n').pop());
      console.log(`| ${r} | ${which} | ${row['#803'].toFixed(1)} | ${row.cauldron.toFixed(1)} | ${row['taai2011 sample (50)'].toFixed(0)} |`);
    }
  }
}
