#!/usr/bin/env node
// wasm with an option of the solver's host on and off, on the puzzles of some files: `swaps`
// (a second solution from the first by trading four corners, engine-bitmask's
// src/host/swaps.ts) or `regions` (independent regions searched apart, src/host/regions.ts).
// The two engines take turns going first on each puzzle; total time of each, verdicts and
// solution counts compared, every solution verified, and on how many puzzles the option acted
// (`solutionsBySwap` / `regions` among the counters). `--default` compares the default
// config (where both options act only after a long search) with the option off instead.
//
//   node benchmarks/experiments/option-ab.mjs --option swaps|regions [--default]
//     [--max-solutions 2] [--time-limit 60] FILE...
import { readFileSync } from 'node:fs';
import { parseScriptArgs, usageError } from '../scripts/script-args.mjs';

const ACTED = { swaps: 'solutionsBySwap', regions: 'regions' };
const { values, positionals } = parseScriptArgs(import.meta.url, {
  options: {
    option: { type: 'string', default: 'swaps' },
    default: { type: 'boolean', default: false },
    'max-solutions': { type: 'string', default: '2' },
    'time-limit': { type: 'string', default: '60' },
  },
  allowPositionals: true,
});
const option = values.option;
if (!Object.hasOwn(ACTED, option)) usageError(import.meta.url, `--option takes ${Object.keys(ACTED).join(' or ')}, got ${option}`);
const maxSolutions = Number(values['max-solutions']);
if (!(Number.isInteger(maxSolutions) && maxSolutions >= 1)) usageError(import.meta.url, '--max-solutions takes a positive integer');
const timeLimitMs = Number(values['time-limit']) * 1000;
if (!(timeLimitMs > 0)) usageError(import.meta.url, '--time-limit takes a positive number of seconds');
if (positionals.length === 0) usageError(import.meta.url, 'name at least one puzzle file');

const core = await import('@gridrace/core');
const { createWasmEngine } = await import('@gridrace/engine-wasm');
const engines = { on: createWasmEngine(values.default ? {} : { [option]: true }), off: createWasmEngine({ [option]: false }) };
for (const engine of Object.values(engines)) await engine.init();
for (const file of positionals) {
  const puzzles = core.readPuzzles(readFileSync(file, 'utf8'), { file }).filter((p) => p.kind === 'nonogram');
  const ms = { on: 0, off: 0 };
  let multiple = 0;
  let acted = 0;
  let differ = 0;
  for (let i = 0; i < puzzles.length; i++) {
    const puzzle = puzzles[i];
    const outcome = {};
    for (const name of i % 2 === 0 ? ['off', 'on'] : ['on', 'off']) {
      const start = performance.now();
      const result = await engines[name].solve(puzzle, { maxSolutions, timeLimitMs });
      ms[name] += performance.now() - start;
      if (!result.solutions.every((s) => core.verify(puzzle, s).ok)) throw new Error(`${file} #${i + 1}: a solution with ${option} ${name} does not verify`);
      outcome[name] = `${result.verdict} ${result.solutions.length}`;
      if (name === 'on' && result.stats.counters[ACTED[option]]) acted++;
    }
    if (outcome.on !== outcome.off) differ++;
    if (outcome.on.startsWith('multiple')) multiple++;
  }
  console.log(
    `${file}: ${puzzles.length} puzzles, maxSolutions ${maxSolutions}; ${option} ${values.default ? 'as by default' : 'on'} ${(ms.on / 1000).toFixed(2)} s, off ${(ms.off / 1000).toFixed(2)} s; ` +
      `${multiple} multiple, ${option} acted on ${acted}; verdicts or counts differ on ${differ}`,
  );
}
for (const engine of Object.values(engines)) await engine.dispose();
