#!/usr/bin/env node
// wasm with and without rectangle swaps (the second solution from the first by a swap of four
// corners, engine-bitmask's src/host/swaps.ts) on the puzzles of some files, maxSolutions 2,
// the two engines taking turns going first on each puzzle: total time of each, verdicts
// compared, every solution verified, and how many `multiple` verdicts the swap settled.
//
//   node benchmarks/experiments/rectangle-swaps.mjs [--time-limit 60] FILE...
import { readFileSync } from 'node:fs';
import { parseScriptArgs, usageError } from '../scripts/script-args.mjs';

const { values, positionals } = parseScriptArgs(import.meta.url, {
  options: { 'time-limit': { type: 'string', default: '60' } },
  allowPositionals: true,
});
const timeLimitMs = Number(values['time-limit']) * 1000;
if (!(timeLimitMs > 0)) usageError(import.meta.url, '--time-limit takes a positive number of seconds');
if (positionals.length === 0) usageError(import.meta.url, 'name at least one puzzle file');

const core = await import('@gridrace/core');
const { createWasmEngine } = await import('@gridrace/engine-wasm');
const engines = { swaps: createWasmEngine({ swaps: true }), plain: createWasmEngine({ swaps: false }) };
for (const engine of Object.values(engines)) await engine.init();
for (const file of positionals) {
  const puzzles = core.readPuzzles(readFileSync(file, 'utf8'), { file }).filter((p) => p.kind === 'nonogram');
  const ms = { swaps: 0, plain: 0 };
  let multiple = 0;
  let bySwap = 0;
  let differ = 0;
  for (let i = 0; i < puzzles.length; i++) {
    const puzzle = puzzles[i];
    const verdicts = {};
    for (const name of i % 2 === 0 ? ['plain', 'swaps'] : ['swaps', 'plain']) {
      const start = performance.now();
      const result = await engines[name].solve(puzzle, { maxSolutions: 2, timeLimitMs });
      ms[name] += performance.now() - start;
      if (!result.solutions.every((s) => core.verify(puzzle, s).ok)) throw new Error(`${file} #${i + 1}: a solution of ${name} does not verify`);
      verdicts[name] = result.verdict;
      if (name === 'swaps' && result.stats.counters.solutionsBySwap) bySwap++;
    }
    if (verdicts.swaps !== verdicts.plain) differ++;
    if (verdicts.swaps === 'multiple') multiple++;
  }
  console.log(`${file}: ${puzzles.length} puzzles; with swaps ${(ms.swaps / 1000).toFixed(1)} s, without ${(ms.plain / 1000).toFixed(1)} s; ${multiple} multiple, ${bySwap} settled by a swap; verdicts differ on ${differ}`);
}
for (const engine of Object.values(engines)) await engine.dispose();
