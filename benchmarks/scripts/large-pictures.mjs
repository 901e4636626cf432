#!/usr/bin/env node
// Large nonograms: pictures of overlapping discs made from a seed, their verdicts by our
// engines and nonosolve in one run, CPU seconds and peak memory, every answer verified.
//
//   node benchmarks/scripts/large-pictures.mjs [--sides 100,200,400,800,1600] [--seed 1]
//     [--pictures discs|line-solvable] [--engines wasm,bitmask] [--max-solutions 2]
//     [--time-limit 100] [--nonosolve PATH] [--dir DIR] [--write-only] [--out FILE]
//
// `--pictures line-solvable` takes the generator's large nonograms instead
// (generateLineSolvableNonogram: unique, settled by line logic with a few givens), written as
// JSON (givens have no place in .non, so nonosolve is left out): a workload whose hardness does
// not grow with the side, for the exponent of the engines' cost in the cells.
//
// A picture of side S has one disc per 300 cells, radii 2 to 12 cells, so its local
// structure (and fill, about 45%) is the same at every size: the work should grow with the
// cells. Clues come from the picture; such pictures have several solutions (small regions
// that can be drawn two ways), so `--max-solutions 2` gives `multiple`. The puzzles are
// written to DIR (default: a temporary folder) as `discs-S-seed-N.non`, so they can be raced
// too (`gridrace race -p DIR`); `--write-only` stops there. Each engine solves each picture in
// a fresh Node process (its CPU time around the solve, its peak resident memory), sides
// taking turns (nonosolve first on odd sides, last on even ones). nonosolve (looked up in
// --nonosolve, GRIDRACE_PEERS, ../shared/peers, then the PATH; skipped with one line when
// absent) runs through python3 for its CPU time and peak memory from the kernel, start-up
// included; it refuses sides over 510.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { childUsage, findNonosolve, nonosolveVerdict } from './nonosolve.mjs';
import { parseScriptArgs, usageError } from './script-args.mjs';

const here = fileURLToPath(import.meta.url);
const root = resolve(dirname(here), '../..');
const core = await import('@gridrace/core');
// The disc pictures: testkit's discPicture (discs of radius 2-12, one per 300 cells).
const { discPicture } = await import('@gridrace/testkit');

const ENGINES = {
  wasm: async () => (await import('@gridrace/engine-wasm')).createWasmEngine(),
  bitmask: async () => (await import('@gridrace/engine-bitmask')).createBitmaskEngine(),
};

// A child: `--child ENGINE FILE MAX TIME_S` solves once and prints one JSON line.
if (process.argv[2] === '--child') {
  const [engineName, file, max, timeS] = process.argv.slice(3);
  const engine = await ENGINES[engineName]();
  const puzzle = core.readPuzzle(readFileSync(file, 'utf8'), { file });
  const before = process.cpuUsage();
  const result = await engine.solve(puzzle, { maxSolutions: Number(max), timeLimitMs: Number(timeS) * 1000 });
  const used = process.cpuUsage(before);
  const verified = result.solutions.every((s) => core.verify(puzzle, s).ok);
  const verdict = result.verdict === 'incomplete' ? `incomplete (${result.reason})` : result.verdict;
  const line = { verdict, verified, solutions: result.solutions.length, cpuS: (used.user + used.system) / 1e6, peakMb: process.resourceUsage().maxRSS / 1024, counters: result.stats.counters ?? {} };
  console.log(JSON.stringify(line));
  process.exit(0);
}

const { values } = parseScriptArgs(import.meta.url, {
  options: {
    sides: { type: 'string', default: '100,200,400,800,1600' },
    seed: { type: 'string', default: '1' },
    pictures: { type: 'string', default: 'discs' },
    engines: { type: 'string', default: 'wasm,bitmask' },
    'max-solutions': { type: 'string', default: '2' },
    'time-limit': { type: 'string', default: '100' },
    nonosolve: { type: 'string' },
    dir: { type: 'string' },
    'write-only': { type: 'boolean', default: false },
    out: { type: 'string' },
  },
});
const sides = values.sides.split(',').map(Number);
const maxSolutions = Number(values['max-solutions']);
const timeLimitS = Number(values['time-limit']);
const engineNames = values.engines.split(',').filter(Boolean);
const bad = (message) => usageError(import.meta.url, message);
if (!sides.every((s) => Number.isInteger(s) && s >= 5 && s <= core.MAX_SIDE)) bad(`--sides takes whole numbers from 5 to ${core.MAX_SIDE}, got ${values.sides}`);
if (![1, 2].includes(maxSolutions)) bad('--max-solutions is 1 or 2');
if (!(timeLimitS > 0)) bad('--time-limit takes a positive number of seconds');
for (const name of engineNames) if (ENGINES[name] === undefined) bad(`unknown engine ${name} (wasm, bitmask)`);
const lineSolvable = values.pictures === 'line-solvable';
if (!lineSolvable && values.pictures !== 'discs') bad(`--pictures is discs or line-solvable, got ${values.pictures}`);

const dir = values.dir ?? mkdtempSync(join(tmpdir(), 'large-pictures-'));
mkdirSync(dir, { recursive: true });
const files = [];
for (const side of sides) {
  if (lineSolvable) {
    const { generateLineSolvableNonogram } = await import('@gridrace/generate');
    const { puzzle, stats } = await generateLineSolvableNonogram({ width: side, height: side, seed: values.seed });
    const file = join(dir, `line-solvable-${side}-seed-${values.seed}.json`);
    writeFileSync(file, core.writePuzzle(puzzle, 'json'));
    console.log(`${String(side).padStart(5)}  generated: ${stats.givens} givens, ${(stats.ms / 1000).toFixed(2)} s`);
    files.push({ side, file });
  } else {
    const file = join(dir, `discs-${side}-seed-${values.seed}.non`);
    writeFileSync(file, core.writePuzzle(discPicture(side, values.seed), 'non'));
    files.push({ side, file });
  }
}
console.log(`pictures in ${dir}`);
if (values['write-only']) process.exit(0);

const nonosolve = lineSolvable ? null : findNonosolve(values.nonosolve, root, 'large-pictures');
if (lineSolvable) console.error('large-pictures: nonosolve left out: its .non input has no place for givens');
else if (nonosolve === null) console.error('large-pictures: nonosolve not found, timing our engines only');
const NONOSOLVE_MAX_SIDE = 510;

function runNonosolve(file) {
  const run = childUsage([nonosolve, '-q', '-n', String(maxSolutions), '--seed', '1', '--timeout', String(timeLimitS), file]);
  return { verdict: nonosolveVerdict(run.output), cpuS: run.cpuS, peakMb: run.peakMb };
}

function runEngine(name, file) {
  const child = spawnSync(process.execPath, [here, '--child', name, file, String(maxSolutions), String(timeLimitS)], { encoding: 'utf8', maxBuffer: 1 << 24 });
  const line = child.stdout.trim().split('\n').at(-1);
  if (child.status !== 0 || !line?.startsWith('{')) return { verdict: `error (${child.signal ?? `exit ${child.status}`}: ${child.stderr.trim().split('\n').at(-1) ?? ''})`, cpuS: NaN, peakMb: NaN };
  const result = JSON.parse(line);
  if (!result.verified) throw new Error(`${name}: a solution of ${file} does not verify`);
  return result;
}

const report = { date: new Date().toISOString(), seed: values.seed, pictures: values.pictures, maxSolutions, timeLimitS, nonosolve, rows: [] };
const fmt = (r) => (r.verdict === 'multiple' || r.verdict === 'unique' || r.verdict === 'none' ? `${r.cpuS.toFixed(2)} s` : r.verdict) + (Number.isFinite(r.peakMb) ? ` ${Math.round(r.peakMb)} MB` : '');
files.forEach(({ side, file }, i) => {
  const row = { side, results: {} };
  const order = [...(nonosolve === null ? [] : ['nonosolve']), ...engineNames];
  if (i % 2 === 1) order.reverse();
  for (const name of order) {
    if (name === 'nonosolve') row.results.nonosolve = side > NONOSOLVE_MAX_SIDE ? { verdict: `refuses sides over ${NONOSOLVE_MAX_SIDE}`, cpuS: NaN, peakMb: NaN } : runNonosolve(file);
    else row.results[name] = runEngine(name, file);
  }
  report.rows.push(row);
  const cells = Object.entries(row.results).map(([name, r]) => `${name} ${fmt(r)}`);
  const verdicts = [...new Set(Object.values(row.results).map((r) => r.verdict).filter((v) => ['unique', 'multiple', 'none'].includes(v)))];
  console.log(`${String(side).padStart(5)}  ${cells.join('  ')}${verdicts.length > 1 ? `  DISAGREE: ${verdicts.join(' / ')}` : ''}`);
  if (values.out !== undefined) writeFileSync(values.out, `${JSON.stringify(report, null, 2)}\n`);
});
