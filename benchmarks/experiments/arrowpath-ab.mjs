#!/usr/bin/env node
// Two builds' `arrowpath` engine on arrow-path puzzles, in one process, taking turns on every
// puzzle (base first on odd repeats, head first on even ones), after an untimed solve of the
// first three puzzles by each: wall time per solve, the median of the repeats per puzzle, and
// the geometric mean over the puzzles of head / base. Verdicts and solutions must agree.
//
//   node benchmarks/experiments/arrowpath-ab.mjs --base DIR --head DIR [--repeats 5] FILE...
//
// DIR is a checkout, installed and built. FILEs hold arrow-path puzzles in any format core
// reads (for example packages/engine-arrowpath/bench/sparse-generated.txt, or puzzles written by
// `gridrace generate arrowpath 40x40 --seed 1 -o FILE`).
import { readFileSync } from 'node:fs';
import { parseScriptArgs } from '../scripts/script-args.mjs';
import { importFromCheckout } from './checkout.mjs';

const { values, positionals } = parseScriptArgs(import.meta.url, {
  allowPositionals: true,
  options: {
    base: { type: 'string' },
    head: { type: 'string' },
    repeats: { type: 'string', default: '5' },
  },
});
const repeats = Number(values.repeats);
if (values.base === undefined || values.head === undefined || positionals.length === 0 || !(Number.isInteger(repeats) && repeats > 0)) {
  console.error('arrowpath-ab.mjs: give --base DIR, --head DIR, a whole --repeats above 0 and at least one puzzle file (--help)');
  process.exit(5);
}

const core = await import('@gridrace/core');
const engines = {
  base: (await importFromCheckout(values.base, '@gridrace/engine-arrowpath')).createArrowPathEngine(),
  head: (await importFromCheckout(values.head, '@gridrace/engine-arrowpath')).createArrowPathEngine(),
};
const puzzles = positionals.flatMap((file) =>
  core.readPuzzles(readFileSync(file, 'utf8'), { file }).map((puzzle, i) => ({ name: `${file.split('/').pop()}#${i + 1}`, puzzle })),
);

// One untimed solve of the first puzzles by each build first, so neither pays the JIT warm-up.
for (const { puzzle } of puzzles.slice(0, 3)) for (const engine of Object.values(engines)) await engine.solve(puzzle, { maxSolutions: 2, timeLimitMs: 600_000 });

const median = (list) => [...list].sort((a, b) => a - b)[(list.length - 1) >> 1];
let logSum = 0;
for (const { name, puzzle } of puzzles) {
  const times = { base: [], head: [] };
  const answers = {};
  for (let r = 0; r < repeats; r++) {
    for (const side of r % 2 === 0 ? ['base', 'head'] : ['head', 'base']) {
      const started = performance.now();
      const result = await engines[side].solve(puzzle, { maxSolutions: 2, timeLimitMs: 600_000 });
      times[side].push(performance.now() - started);
      answers[side] = { verdict: result.verdict, numbers: result.solutions.map((s) => Array.from(s.numbers).join(',')) };
    }
  }
  if (JSON.stringify(answers.base) !== JSON.stringify(answers.head)) {
    console.error(`${name}: the builds disagree (base ${answers.base.verdict}, head ${answers.head.verdict})`);
    process.exit(1);
  }
  const ratio = median(times.head) / median(times.base);
  logSum += Math.log(ratio);
  console.log(`${name.padEnd(30)} base ${median(times.base).toFixed(1).padStart(9)} ms  head ${median(times.head).toFixed(1).padStart(9)} ms  head/base ${ratio.toFixed(3)}  ${answers.head.verdict}`);
}
console.log(`geometric mean of head/base over ${puzzles.length} puzzles: ${Math.exp(logSum / puzzles.length).toFixed(3)}`);
