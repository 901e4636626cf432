#!/usr/bin/env node
// The hard tail against nonosolve, in one run: the TAAI sets and single hard puzzles, each
// engine and nonosolve taking turns, CPU seconds, every answer checked.
//
//   node benchmarks/scripts/hard-tail.mjs [--engines wasm,bitmask] [--max-solutions 2]
//     [--nonosolve PATH] [--runs 1] [--time-limit 60] [--out FILE] [SET.txt | PUZZLE ...]
//
// Engines: wasm, bitmask, portfolio (its searches' threads are in this process, so its CPU
// time counts all of them; the wall time is printed beside every engine's CPU time).
//
// Without puzzles: the three TAAI sets of ../shared/puzzles/taai/question. A .txt is a TAAI
// set: nonosolve runs it in its batch mode (`--taai`, one process; its CPU time from the
// kernel, start-up and parsing included), our engines puzzle by puzzle in this process
// (CPU time of the process around each solve, parsing excluded). Any other file is one
// puzzle: `--runs` runs of each, nonosolve with seeds 1..runs (its restarts are random), the
// median. Sides alternate (nonosolve first on odd rounds, last on even ones). Our solutions
// are verified with core's verifier; a set where nonosolve and an engine disagree on a
// verdict is reported. nonosolve is looked up in --nonosolve, GRIDRACE_PEERS, ../shared/peers,
// then the PATH, and skipped with one line when absent (nothing here needs it).
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { childUsage, findNonosolve, NONOSOLVE_VERDICT, nonosolveVerdict } from './nonosolve.mjs';
import { parseScriptArgs } from './script-args.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const { values, positionals } = parseScriptArgs(import.meta.url, {
  allowPositionals: true,
  options: {
    engines: { type: 'string', default: 'wasm,bitmask' },
    'max-solutions': { type: 'string', default: '2' },
    nonosolve: { type: 'string' },
    runs: { type: 'string', default: '1' },
    'time-limit': { type: 'string', default: '60' },
    out: { type: 'string' },
  },
});
const maxSolutions = Number(values['max-solutions']);
const runs = Number(values.runs);
const timeLimitS = Number(values['time-limit']);
if (![1, 2].includes(maxSolutions) || !(runs >= 1) || !(timeLimitS > 0)) {
  console.error('hard-tail: --max-solutions is 1 or 2, --runs at least 1, --time-limit positive');
  process.exit(2);
}
const taai = join(root, '../shared/puzzles/taai/question');
const inputs = positionals.length > 0 ? positionals : ['taai2011', 'tcga2016', 'icga2017'].map((s) => join(taai, `${s}.txt`));

const core = await import('@gridrace/core');
const makers = {
  wasm: async () => (await import('@gridrace/engine-wasm')).createWasmEngine(),
  bitmask: async () => (await import('@gridrace/engine-bitmask')).createBitmaskEngine(),
  portfolio: async () => (await import('@gridrace/engine-portfolio')).createPortfolioEngine(),
};
const engines = {};
for (const name of values.engines.split(',').filter(Boolean)) {
  if (makers[name] === undefined) {
    console.error(`hard-tail: unknown engine ${name} (${Object.keys(makers).join(', ')})`);
    process.exit(2);
  }
  engines[name] = await makers[name]();
  await engines[name].init?.();
}

const nonosolve = findNonosolve(values.nonosolve, root, 'hard-tail');
if (nonosolve === null) console.error('hard-tail: nonosolve not found, timing our engines only');

const cpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
const median = (a) => [...a].sort((x, y) => x - y)[(a.length - 1) >> 1];

function nonosolveSet(file) {
  const dir = mkdtempSync(join(tmpdir(), 'hard-tail-'));
  try {
    const log = join(dir, 'log.txt');
    const args = [nonosolve, '--taai', file, '-n', String(maxSolutions), '-o', join(dir, 'solutions.txt'), '--log', log, '--timeout', String(timeLimitS)];
    const run = childUsage(args);
    if (run.code !== 0) throw new Error(`nonosolve exited ${run.code} on ${file}: ${run.output.slice(0, 200)}`);
    // One line a puzzle (`#id<TAB>seconds<TAB>STATUS...`), then a total.
    const lines = readFileSync(log, 'utf8').split('\n').filter((line) => line.startsWith('#'));
    const verdicts = lines.map((line) => NONOSOLVE_VERDICT[line.split('\t')[2]] ?? 'error');
    return { cpuS: run.cpuS, verdicts };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function nonosolvePuzzle(file, seed) {
  const run = childUsage([nonosolve, '-q', '-n', String(maxSolutions), '--seed', String(seed), '--timeout', String(timeLimitS), file]);
  return { cpuS: run.cpuS, verdict: nonosolveVerdict(run.output) };
}

async function engineSolve(engine, puzzle, name) {
  const t = cpuMs();
  const wall = performance.now();
  const result = await engine.solve(puzzle, { maxSolutions, timeLimitMs: timeLimitS * 1000 });
  const ms = cpuMs() - t;
  const wallMs = performance.now() - wall;
  for (const s of result.solutions) {
    if (!core.verify(puzzle, s).ok) throw new Error(`${engine.name}: a solution of ${name} does not verify`);
  }
  return { ms, wallMs, verdict: result.verdict === 'incomplete' ? `incomplete (${result.reason})` : result.verdict };
}

const report = { date: new Date().toISOString(), maxSolutions, runs, timeLimitS, nonosolve, rows: [] };
for (const input of inputs) {
  const isSet = input.endsWith('.txt');
  const text = readFileSync(input, 'utf8');
  const puzzles = isSet ? core.readPuzzles(text, { file: input }) : [core.readPuzzle(text, { file: input })];
  const row = { puzzles: basename(input), count: puzzles.length, seconds: {}, verdicts: {}, disagreements: [] };
  const times = Object.fromEntries([...Object.keys(engines), 'nonosolve'].map((k) => [k, []]));
  const walls = Object.fromEntries(Object.keys(engines).map((k) => [k, []]));
  const verdictsOf = {};
  for (let round = 0; round < (isSet ? 1 : runs); round++) {
    const order = [...(nonosolve === null ? [] : ['nonosolve']), ...Object.keys(engines)];
    if (round % 2 === 1) order.reverse();
    for (const side of order) {
      if (side === 'nonosolve') {
        const r = isSet ? nonosolveSet(input) : nonosolvePuzzle(input, round + 1);
        times.nonosolve.push(r.cpuS);
        verdictsOf.nonosolve = isSet ? r.verdicts : [r.verdict];
        continue;
      }
      let totalMs = 0;
      let totalWallMs = 0;
      const verdicts = [];
      for (let i = 0; i < puzzles.length; i++) {
        const r = await engineSolve(engines[side], puzzles[i], isSet ? `${basename(input)}#${i + 1}` : basename(input));
        totalMs += r.ms;
        totalWallMs += r.wallMs;
        verdicts.push(r.verdict);
      }
      times[side].push(totalMs / 1000);
      walls[side].push(totalWallMs / 1000);
      verdictsOf[side] = verdicts;
    }
  }
  for (const [side, list] of Object.entries(times)) {
    if (list.length === 0) continue;
    row.seconds[side] = { median: median(list), runs: list, ...(walls[side] ? { wallMedian: median(walls[side]), wallRuns: walls[side] } : {}) };
    const counts = {};
    for (const v of verdictsOf[side]) counts[v] = (counts[v] ?? 0) + 1;
    row.verdicts[side] = counts;
  }
  if (verdictsOf.nonosolve !== undefined) {
    for (const side of Object.keys(engines)) {
      verdictsOf[side].forEach((v, i) => {
        const n = verdictsOf.nonosolve[i];
        if (v !== n && !v.startsWith('incomplete') && !n.startsWith('incomplete')) row.disagreements.push(`#${i + 1}: ${side} ${v}, nonosolve ${n}`);
      });
    }
  }
  report.rows.push(row);
  const cells = Object.entries(row.seconds).map(([side, s]) => {
    const vs = row.seconds.nonosolve !== undefined && side !== 'nonosolve' ? ` (${(s.median / row.seconds.nonosolve.median).toFixed(2)}x)` : '';
    const wall = s.wallMedian === undefined ? '' : ` [wall ${s.wallMedian.toFixed(3)} s]`;
    return `${side} ${s.median.toFixed(3)} s${vs}${wall}`;
  });
  console.log(`${row.puzzles.padEnd(16)} ${cells.join('  ')}  ${JSON.stringify(row.verdicts)}${row.disagreements.length > 0 ? `  DISAGREE: ${row.disagreements.slice(0, 3).join('; ')}` : ''}`);
  if (values.out !== undefined) writeFileSync(values.out, `${JSON.stringify(report, null, 2)}\n`);
}
