// Reproduces the bitmask figures for a nonogram engine (by default `bitmask`, whose
// README records them): per-puzzle medians for the webpbn survey puzzles and the extra
// puzzles, Knotty and Faase, and totals for the three TAAI tournament sets. Every answer is
// checked with core's verify, and unique answers against the known grids.
//
//   pnpm -F @gridrace/benchmarks figures                                   # everything (about 12 minutes)
//   pnpm -F @gridrace/benchmarks figures -- --only webpbn,extra --repeat 7  # a part
//
// It runs the built packages on plain Node, not through tsx: loading z3-solver through tsx's
// module hooks detaches an ArrayBuffer, which slows every typed-array access in the process
// (engine-wasm README, "Memory").
//
// Options: --engine NAME (a registered nonogram engine, default bitmask)
//          --only webpbn,hard,extra,taai   --repeat N (webpbn/hard/extra, default 5)
//          --taai-repeat N (default 1)   --limit SECONDS (per solve, default 60)
//          --puzzles DIR (default ../shared/puzzles next to the repository)   --json FILE
// Times are CPU milliseconds of this process (process.cpuUsage) around each solve, which
// other jobs on the machine disturb less than wall time; wall time is recorded too.
import { readFileSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { getEngine, readPuzzle, readPuzzles, readSolutions, solutionToRows, verify } from '@gridrace/core';
import '@gridrace/engines';
import { median } from '@gridrace/race';

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && i + 1 < args.length ? args[i + 1] : fallback;
};
const only = new Set(option('only', 'webpbn,hard,extra,taai').split(','));
const repeat = Number(option('repeat', '5'));
const taaiRepeat = Number(option('taai-repeat', '1'));
const limitMs = 1000 * Number(option('limit', '60'));
const root = option('puzzles', fileURLToPath(new URL('../../../shared/puzzles/', import.meta.url)));
const engineName = option('engine', 'bitmask');
let engine;
try {
  engine = getEngine(engineName, 'nonogram');
} catch (err) {
  console.error(`figures: ${err.message}`);
  process.exit(2);
}
const jsonOut = option('json', '');

async function solveOnce(puzzle, expected) {
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  const result = await engine.solve(puzzle, { maxSolutions: 2, timeLimitMs: limitMs });
  const wallMs = performance.now() - t0;
  const c1 = process.cpuUsage(c0);
  const cpuMs = (c1.user + c1.system) / 1000;
  let problem;
  for (const s of result.solutions) {
    const v = verify(puzzle, s);
    if (!v.ok) problem = `a solution does not verify: ${v.problems[0]}`;
  }
  const known = expected ?? puzzle.solution;
  if (result.verdict === 'unique' && known !== undefined && solutionToRows(result.solutions[0]).join() !== solutionToRows(known).join()) {
    problem = 'unique, but not the known solution';
  }
  const base = { verdict: result.verdict === 'incomplete' ? `incomplete (${result.reason})` : result.verdict, cpuMs, wallMs, difficulty: result.stats.difficulty ?? '' };
  return problem === undefined ? base : { ...base, problem };
}

const ms = (x) => (x >= 100 ? x.toFixed(0) : x >= 10 ? x.toFixed(1) : x.toFixed(2));

async function measure(name, puzzle, times) {
  const runs = [];
  for (let i = 0; i < times; i++) {
    const run = await solveOnce(puzzle);
    runs.push(run);
    if (run.verdict.startsWith('incomplete')) break; // no point repeating a timeout
  }
  const last = runs[runs.length - 1];
  const row = {
    puzzle: name,
    size: `${puzzle.width}x${puzzle.height}`,
    verdict: last.verdict,
    difficulty: last.difficulty,
    cpuMs: median(runs.map((r) => r.cpuMs)),
    wallMs: median(runs.map((r) => r.wallMs)),
    runs: runs.length,
  };
  const problem = runs.find((r) => r.problem !== undefined)?.problem;
  return problem === undefined ? row : { ...row, problem };
}

function table(rows) {
  const lines = ['| puzzle | size | verdict | class | CPU ms (median) | wall ms | runs |', '|---|---|---|---|---:|---:|---:|'];
  for (const r of rows) lines.push(`| ${r.puzzle} | ${r.size} | ${r.verdict}${r.problem ? ` **${r.problem}**` : ''} | ${r.difficulty} | ${ms(r.cpuMs)} | ${ms(r.wallMs)} | ${r.runs} |`);
  return lines.join('\n');
}

const load = (path) => readPuzzle(readFileSync(path, 'utf8'), { file: basename(path) });
const report = {
  date: new Date().toISOString(),
  cpu: cpus()[0]?.model ?? 'unknown',
  cores: cpus().length,
  node: process.version,
  engine: engineName,
  limitMs,
};
const out = [`${engineName} engine figures, ${report.date}, ${report.cpu} (${report.cores} cores), Node ${process.version}`];

// Warm up the JIT on a few puzzles, so the first measured puzzle is not penalised.
for (const f of ['webpbn/webpbn-00065.nin', 'webpbn/webpbn-00803.nin', 'extra/domino-7.non']) await solveOnce(load(join(root, f)));

if (only.has('webpbn')) {
  const survey = ['00001', '00006', '00016', '00021', '00023', '00027', '00065', '00436', '00529', '00803', '01611', '06574'];
  const rows = [];
  for (const id of survey) rows.push(await measure(`webpbn #${Number(id)}`, load(join(root, `webpbn/webpbn-${id}.nin`)), repeat));
  for (const name of ['webpbn-35105-wild', 'webpbn-36459-moss']) rows.push(await measure(name, load(join(root, `webpbn/non/${name}.non`)), repeat));
  const surveySum = rows.slice(0, survey.length).reduce((a, r) => a + r.cpuMs, 0);
  out.push('', '## webpbn survey puzzles (maxSolutions 2)', '', table(rows), '', `Sum of the ${survey.length} survey puzzles (*.nin): ${ms(surveySum)} ms CPU`);
  report.webpbn = { rows, surveySumCpuMs: surveySum };
}

if (only.has('hard')) {
  const rows = [];
  for (const name of ['knotty', 'faase']) rows.push(await measure(name, load(join(root, `webpbn/${name}.nin`)), repeat));
  out.push('', `## Knotty and Faase (median of ${repeat} runs, one when it times out; limit ${limitMs / 1000} s)`, '', table(rows));
  report.hard = rows;
}

if (only.has('extra')) {
  const rows = [];
  for (const name of ['cauldron', 'tiger', 'sun', 'jwilk-091-owl', 'domino-7', 'domino-8', 'domino-9']) {
    rows.push(await measure(name, load(join(root, `extra/${name}.non`)), name === 'domino-9' ? Math.min(repeat, 3) : repeat));
  }
  out.push('', '## extra puzzles', '', table(rows));
  report.extra = rows;
}

if (only.has('taai')) {
  const sets = [];
  const lines = ['| set | puzzles | unique | multiple | other | CPU s (sum) | wall s (sum) | slowest (CPU s) | problems |', '|---|---:|---:|---:|---:|---:|---:|---|---:|'];
  for (const set of ['taai2011', 'tcga2016', 'icga2017']) {
    const puzzles = readPuzzles(readFileSync(join(root, `taai/question/${set}.txt`), 'utf8'), { file: `${set}.txt` });
    const reference = readSolutions(readFileSync(join(root, `taai/solution/${set}.txt`), 'utf8'), { width: 25, height: 25, kind: 'nonogram' });
    const counts = {};
    let cpu = 0;
    let wall = 0;
    let slowest = { index: -1, cpuMs: 0 };
    let problems = 0;
    for (let i = 0; i < puzzles.length; i++) {
      const runs = [];
      for (let r = 0; r < taaiRepeat; r++) runs.push(await solveOnce(puzzles[i], reference[i]));
      const cpuMs = median(runs.map((r) => r.cpuMs));
      cpu += cpuMs;
      wall += median(runs.map((r) => r.wallMs));
      const verdict = runs[0].verdict;
      counts[verdict] = (counts[verdict] ?? 0) + 1;
      if (runs.some((r) => r.problem !== undefined)) problems++;
      if (cpuMs > slowest.cpuMs) slowest = { index: i, cpuMs };
    }
    const other = puzzles.length - (counts.unique ?? 0) - (counts.multiple ?? 0);
    lines.push(
      `| ${set} | ${puzzles.length} | ${counts.unique ?? 0} | ${counts.multiple ?? 0} | ${other} | ${(cpu / 1000).toFixed(1)} | ${(wall / 1000).toFixed(1)} | #${slowest.index + 1}: ${(slowest.cpuMs / 1000).toFixed(2)} | ${problems} |`,
    );
    sets.push({ set, counts, cpuMs: cpu, wallMs: wall, slowest, problems });
    console.error(lines[lines.length - 1]);
  }
  out.push('', `## TAAI tournament sets (1000 puzzles 25x25 each, maxSolutions 2, ${taaiRepeat} run(s) per puzzle)`, '', lines.join('\n'));
  report.taai = sets;
}

console.log(out.join('\n'));
if (jsonOut !== '') writeFileSync(jsonOut, `${JSON.stringify(report, null, 2)}\n`);
await engine.dispose?.();
