#!/usr/bin/env node
// Two builds' clause learners on the hard tail of the TAAI sets, in one process, taking turns
// on every puzzle: `strategy: 'learn'` (root probing, then the learner alone), so the
// conflicts measure the learner and nothing else. Conflicts do not depend on the machine or
// its load; they are the first measure of a learner change, CPU time the second.
//
//   node benchmarks/experiments/learner-ab.mjs --base DIR --head DIR [--engine wasm]
//     [--ids benchmarks/experiments/hard-tail-ids.json] [--out FILE]
//
// DIR is a checkout, installed and built. Per set: CPU seconds of each build (sum), their
// ratio, and the geometric mean over the puzzles of head's conflicts / base's (+10 each, so
// puzzles with a handful weigh little). Heavy tails make sums swing with a few puzzles; the
// geometric mean is the steadier figure. Verdicts must agree; solutions are verified.
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseScriptArgs } from '../scripts/script-args.mjs';
import { importFromCheckout } from './checkout.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const { values } = parseScriptArgs(import.meta.url, {
  options: {
    base: { type: 'string' },
    head: { type: 'string' },
    engine: { type: 'string', default: 'wasm' },
    ids: { type: 'string', default: join(here, 'hard-tail-ids.json') },
    out: { type: 'string' },
  },
});
if (values.base === undefined || values.head === undefined) {
  console.error('usage: learner-ab.mjs --base DIR --head DIR [--engine wasm|bitmask] [--ids FILE] [--out FILE]');
  process.exit(2);
}
const core = await importFromCheckout(values.head, '@gridrace/core');
async function engine(dir) {
  const config = { strategy: 'learn' };
  if (values.engine === 'wasm') return (await importFromCheckout(dir, '@gridrace/engine-wasm')).createWasmEngine(config);
  return (await importFromCheckout(dir, '@gridrace/engine-bitmask')).createBitmaskEngine(config);
}
const builds = { base: await engine(values.base), head: await engine(values.head) };
const ids = JSON.parse(readFileSync(values.ids, 'utf8'));
const taai = join(here, '../../../shared/puzzles/taai/question');
const cpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

const report = { engine: values.engine, base: values.base, head: values.head, sets: [] };
for (const set of ['taai2011', 'tcga2016', 'icga2017']) {
  if (!Array.isArray(ids[set])) continue;
  const file = join(taai, `${set}.txt`);
  const puzzles = core.readPuzzles(readFileSync(file, 'utf8'), { file });
  const ms = { base: 0, head: 0 };
  const conflicts = { base: 0, head: 0 };
  let logRatio = 0;
  const disagreements = [];
  for (const [k, id] of ids[set].entries()) {
    const puzzle = puzzles[id - 1];
    const got = {};
    for (const side of k % 2 === 0 ? ['base', 'head'] : ['head', 'base']) {
      const t = cpuMs();
      const result = await builds[side].solve(puzzle, { maxSolutions: 2, timeLimitMs: 60_000 });
      ms[side] += cpuMs() - t;
      for (const s of result.solutions) if (!core.verify(puzzle, s).ok) throw new Error(`${side}: a solution of ${set}#${id} does not verify`);
      got[side] = { verdict: result.verdict, conflicts: result.stats.counters.conflicts ?? 0 };
      conflicts[side] += got[side].conflicts;
    }
    if (got.base.verdict !== got.head.verdict) disagreements.push(`#${id}: base ${got.base.verdict}, head ${got.head.verdict}`);
    logRatio += Math.log((got.head.conflicts + 10) / (got.base.conflicts + 10));
  }
  const row = {
    set,
    puzzles: ids[set].length,
    baseS: ms.base / 1000,
    headS: ms.head / 1000,
    timeRatio: ms.head / ms.base,
    baseConflicts: conflicts.base,
    headConflicts: conflicts.head,
    conflictRatioGeoMean: Math.exp(logRatio / ids[set].length),
    disagreements,
  };
  report.sets.push(row);
  console.log(`${set} ${row.puzzles} puzzles: base ${row.baseS.toFixed(1)} s, head ${row.headS.toFixed(1)} s (${row.timeRatio.toFixed(3)}); conflicts ${row.baseConflicts} -> ${row.headConflicts}, geometric mean of ratios ${row.conflictRatioGeoMean.toFixed(3)}${disagreements.length > 0 ? `; DISAGREE ${disagreements.slice(0, 3).join(', ')}` : ''}`);
  if (values.out !== undefined) writeFileSync(values.out, `${JSON.stringify(report, null, 2)}\n`);
}
