#!/usr/bin/env node
// Two builds of gridrace in one process, taking turns on every puzzle of the sets given:
// CPU time (median of --runs runs per puzzle, summed per set, and the geometric mean of the
// per-puzzle ratios) and answers of the engines named (bitmask, wasm, arrowpath), each on the
// puzzles of its kind. Answers must agree: the same verdict, and the same solutions, each
// verified with core's verifier. Made to measure the one-source move against the main it
// replaced; used since for any engine change.
//
//   node benchmarks/experiments/one-source-ab.mjs --base DIR --head DIR [--runs 3]
//     [--engines bitmask,wasm] [--time-limit 60] [--out FILE] SET...
//
// A SET is a puzzle file (a .txt of many puzzles, TAAI sets or Signpost IDs, is one set) or a
// folder (its puzzle files, one set). DIR is a checkout, installed and built. Each build
// solves the first puzzle of the first set once, untimed, before the timing starts.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { parseScriptArgs } from '../scripts/script-args.mjs';
import { importFromCheckout } from './checkout.mjs';

const { values, positionals } = parseScriptArgs(import.meta.url, {
  allowPositionals: true,
  options: {
    base: { type: 'string' },
    head: { type: 'string' },
    runs: { type: 'string', default: '3' },
    engines: { type: 'string', default: 'bitmask,wasm' },
    'time-limit': { type: 'string', default: '60' },
    skip: { type: 'string', default: '' },
    out: { type: 'string' },
  },
});
if (values.base === undefined || values.head === undefined || positionals.length === 0) {
  console.error('usage: one-source-ab.mjs --base DIR --head DIR [--runs N] [--engines a,b] [--time-limit S] [--skip name,..] [--out FILE] SET...');
  process.exit(2);
}
const runs = Number(values.runs);
const timeLimitMs = 1000 * Number(values['time-limit']);
const skip = new Set(values.skip.split(',').filter(Boolean));
const core = await importFromCheckout(values.head, '@gridrace/core');

/** Engine name: its package and factory. */
const FACTORIES = {
  bitmask: ['@gridrace/engine-bitmask', 'createBitmaskEngine'],
  wasm: ['@gridrace/engine-wasm', 'createWasmEngine'],
  arrowpath: ['@gridrace/engine-arrowpath', 'createArrowPathEngine'],
};
const names = values.engines.split(',');
for (const name of names) {
  if (!(name in FACTORIES)) {
    console.error(`one-source-ab.mjs: unknown engine "${name}"; it knows ${Object.keys(FACTORIES).join(', ')}`);
    process.exit(2);
  }
}
async function engines(dir) {
  const made = {};
  for (const name of names) {
    const [pkg, factory] = FACTORIES[name];
    made[name] = (await importFromCheckout(dir, pkg))[factory]();
  }
  return made;
}
const builds = { base: await engines(values.base), head: await engines(values.head) };

const PUZZLE = /\.(nin|non|json|txt)$/;
function readSet(path) {
  // In a folder, .txt files are notes; a .txt given by itself is a TAAI set.
  const files = statSync(path).isDirectory() ? readdirSync(path).filter((f) => PUZZLE.test(f) && !f.endsWith('.txt')).map((f) => join(path, f)) : [path];
  const puzzles = [];
  for (const file of files) {
    if (skip.has(basename(file))) continue;
    const text = readFileSync(file, 'utf8');
    if (file.endsWith('.txt')) core.readPuzzles(text, { file }).forEach((p, i) => puzzles.push({ name: `${basename(file)}#${i + 1}`, puzzle: p }));
    else puzzles.push({ name: basename(file), puzzle: core.readPuzzle(text, { file }) });
  }
  return puzzles;
}

const cpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
const median = (a) => [...a].sort((x, y) => x - y)[a.length >> 1];
const grids = (r) => r.solutions.map((s) => Array.from(s.cells ?? s.numbers).join(',')).sort();

const report = { runs, timeLimitMs, base: values.base, head: values.head, sets: [] };
const sets = positionals.map((path) => ({ path, puzzles: readSet(path) }));
for (const name of names) {
  const first = sets.flatMap((set) => set.puzzles).find((p) => p.puzzle.kind === builds.base[name].kind);
  if (first !== undefined) for (const side of ['base', 'head']) await builds[side][name].solve(first.puzzle, { maxSolutions: 2, timeLimitMs });
}
for (const { path, puzzles: all } of sets) {
  for (const engine of names) {
    const puzzles = all.filter((p) => p.puzzle.kind === builds.base[engine].kind);
    if (puzzles.length === 0) continue;
    let baseMs = 0;
    let headMs = 0;
    let logRatios = 0;
    const mismatches = [];
    const verdicts = {};
    for (const { name, puzzle } of puzzles) {
      const times = { base: [], head: [] };
      let answers = null;
      for (let r = 0; r < runs; r++) {
        for (const side of r % 2 === 0 ? ['base', 'head'] : ['head', 'base']) {
          const t = cpuMs();
          const result = await builds[side][engine].solve(puzzle, { maxSolutions: 2, timeLimitMs });
          times[side].push(cpuMs() - t);
          for (const s of result.solutions) if (!core.verify(puzzle, s).ok) mismatches.push(`${name}: ${side} gave a solution that does not verify`);
          const answer = `${result.verdict} ${grids(result).join(',')}`;
          if (answers === null) answers = { side, answer, verdict: result.verdict };
          else if (answer !== answers.answer && result.verdict !== 'incomplete' && answers.verdict !== 'incomplete') mismatches.push(`${name}: ${answers.side} ${answers.verdict}, ${side} ${result.verdict} (or other solutions)`);
          if (side === 'head' && r === 0) verdicts[result.verdict] = (verdicts[result.verdict] ?? 0) + 1;
        }
      }
      baseMs += median(times.base);
      headMs += median(times.head);
      // CPU time has a resolution of a few microseconds: floor each side, so a puzzle solved in
      // no measurable time does not swing the mean.
      logRatios += Math.log(Math.max(median(times.head), 0.01) / Math.max(median(times.base), 0.01));
    }
    const geomean = Math.exp(logRatios / puzzles.length);
    const row = { set: path, engine, puzzles: puzzles.length, baseS: baseMs / 1000, headS: headMs / 1000, ratio: headMs / baseMs, geomean, verdicts, mismatches };
    report.sets.push(row);
    console.log(`${basename(path).padEnd(16)} ${engine.padEnd(9)} ${String(puzzles.length).padStart(5)} puzzles  base ${row.baseS.toFixed(2).padStart(8)} s  head ${row.headS.toFixed(2).padStart(8)} s  head/base ${row.ratio.toFixed(3)}, per puzzle ${geomean.toFixed(3)}  ${JSON.stringify(verdicts)}  ${mismatches.length} mismatches`);
    for (const m of mismatches.slice(0, 5)) console.log(`  ${m}`);
    if (values.out !== undefined) writeFileSync(values.out, `${JSON.stringify(report, null, 2)}\n`);
  }
}
