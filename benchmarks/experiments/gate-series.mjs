#!/usr/bin/env node
// How often CI's gate (benchmarks/ci-race.mjs) fails unchanged code, and how often it catches
// a real change. One commit is checked out and built in worktrees, one per variant:
//
//   base      the commit as it is
//   same      the same commit built again (base and head the same code, two builds)
//   neutral   an unused export added to core: every engine's built code differs and nothing
//             that runs does, so every engine is timed (the false-alarm test of the time gate)
//   slowN     bitmask's solve does N% more CPU work, in proportion to the solve, inside solve
//   more10    the one solver computes every 10th line it solves twice and counts it: about 10%
//             more line solves (bitmask and wasm)
//   noprobe   bitmask searches without probing (one probing step turned off)
//
// Each gate run is exactly CI's (`ci-race.mjs --base-dir base --head-dir VARIANT`), variants
// taking turns so they meet the same machine; in the last --busy runs of each variant a
// process spins on one core beside it. RACE_TIME_ALL=1 (or --time-all) times engines whose
// code did not change too, to measure the time gate on unchanged code.
//
//   node benchmarks/experiments/gate-series.mjs --variants same,neutral,slow15 --runs 10 [--busy 3] [--time-all] [--commit REF] [--cache DIR] [--out FILE]
//
// Needs the working tree built (the gate's harness is the working tree's). Worktrees are kept
// in --cache (default $TMPDIR/gridrace-gate-experiment), one per variant, and reused while
// they hold a build of the same commit.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseScriptArgs } from '../scripts/script-args.mjs';

const root = new URL('../..', import.meta.url).pathname;
const { defaultBuild } = await import('@gridrace/race');
const { values } = parseScriptArgs(import.meta.url, {
  options: {
    commit: { type: 'string', default: 'HEAD' },
    runs: { type: 'string', default: '10' },
    variants: { type: 'string', default: 'same,neutral,slow15' },
    busy: { type: 'string', default: '0' },
    'time-all': { type: 'boolean', default: false },
    cache: { type: 'string', default: join(tmpdir(), 'gridrace-gate-experiment') },
    out: { type: 'string' },
  },
});
const git = (...args) => execFileSync('git', args, { cwd: root, encoding: 'utf8' }).trim();
const sha = git('rev-parse', '--verify', `${values.commit}^{commit}`);
const cache = values.cache;

/** Replaces `from` by `to` in a file of a worktree; fails loudly when the code moved on. */
function patch(dir, file, from, to) {
  const path = join(dir, file);
  const text = readFileSync(path, 'utf8');
  if (!text.includes(from)) throw new Error(`${file} has no "${from.split('\n')[0]}": update the experiment's patch`);
  writeFileSync(path, text.replace(from, to));
}

const ENGINE = 'packages/engine-bitmask/src/engine.ts';
const PROPAGATE = 'packages/engine-bitmask/solver/propagate.ts';
const WORD = 'const ok = solveWord(clueBlocks + (<usize>start << 2), k, n, f, e);';
const LONG = 'const ok = n <= WORD64_LIMIT ? solveWord64To(clue, k, n, filled, empty, words, outF, outE) : solveTrimmed(clue, k, n, filled, empty, outF, outE);';

const PATCHES = {
  base: () => {},
  same: () => {},
  neutral: (dir) => {
    const file = join(dir, 'packages/core/src/index.ts');
    writeFileSync(file, `${readFileSync(file, 'utf8')}\n/** Changes the built core and nothing that runs. */\nexport const GATE_EXPERIMENT_NEUTRAL = 1;\n`);
  },
  more10: (dir) => {
    patch(dir, PROPAGATE, WORD, `${WORD}\n      if (<i32>linesSolved % 10 == 0) { linesSolved++; solveWord(clueBlocks + (<usize>start << 2), k, n, f, e); }`);
    patch(dir, PROPAGATE, LONG, `${LONG}\n    if (<i32>linesSolved % 10 == 0) { linesSolved++; if (n <= WORD64_LIMIT) solveWord64To(clue, k, n, filled, empty, words, outF, outE); else solveTrimmed(clue, k, n, filled, empty, outF, outE); }`);
  },
  noprobe: (dir) => patch(dir, ENGINE, 'const solve = createSolve(config, {', 'const solve = createSolve({ probing: false, ...config }, {'),
};
/** slowN: N% more CPU work in every bitmask solve, in proportion to the solve's own time. */
function slowPatch(dir, percent) {
  patch(dir, ENGINE, 'const solve = createSolve(config, {', 'const inner = createSolve(config, {');
  patch(
    dir,
    ENGINE,
    "  return {\n    name: config.name ?? 'bitmask',",
    `  const solve: typeof inner = async (puzzle, options) => {
    const t0 = performance.now();
    const result = await inner(puzzle, options);
    const end = performance.now() + ${percent / 100} * (performance.now() - t0);
    let x = 0;
    while (performance.now() < end) for (let i = 0; i < 200; i++) x = (x * 31 + i) | 0;
    if (x === 42) console.log('');
    return result;
  };
  return {
    name: config.name ?? 'bitmask',`,
  );
}

function worktree(name) {
  const dir = join(cache, name);
  const marker = join(dir, '.gate-experiment-built');
  if (existsSync(marker) && readFileSync(marker, 'utf8').trim() === sha) return dir;
  if (existsSync(dir)) git('worktree', 'remove', '--force', dir);
  git('worktree', 'add', '--detach', '--force', dir, sha);
  const slow = /^slow(\d+)$/.exec(name);
  if (slow) slowPatch(dir, Number(slow[1]));
  else if (PATCHES[name]) PATCHES[name](dir);
  else throw new Error(`unknown variant ${name}: base, same, neutral, slowN, more10, noprobe`);
  console.log(`gate-series: building ${name} in ${dir}`);
  defaultBuild(dir, (command, args, cwd) => execFileSync(command, args, { cwd, stdio: ['ignore', 'ignore', 'inherit'] }));
  writeFileSync(marker, `${sha}\n`);
  return dir;
}

const variants = values.variants.split(',');
const base = worktree('base');
const heads = Object.fromEntries(variants.map((v) => [v, worktree(v)]));
const runs = Number(values.runs);
const busyFrom = runs - Number(values.busy);
const series = [];
for (let i = 0; i < runs; i++) {
  for (const variant of variants) {
    const busy = i >= busyFrom;
    const spinner = busy ? spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }) : undefined;
    const out = join(cache, 'out', `${variant}-${i + 1}`);
    const started = Date.now();
    const r = spawnSync(process.execPath, [join(root, 'benchmarks/ci-race.mjs'), '--base-dir', base, '--head-dir', heads[variant]], {
      cwd: root,
      encoding: 'utf8',
      env: { ...process.env, RACE_OUT: out, ...(values['time-all'] ? { RACE_TIME_ALL: '1' } : {}) },
    });
    spinner?.kill();
    const seconds = Math.round((Date.now() - started) / 1000);
    const report = JSON.parse(readFileSync(join(out, 'gate', 'gate.json'), 'utf8'));
    const ratio = (e) => ({ engine: e.engine, ratio: e.ratio, low: e.low, high: e.high, status: e.status });
    series.push({
      variant,
      run: i + 1,
      busy,
      load: loadavg()[0],
      seconds,
      exit: r.status,
      passed: report.passed,
      line: report.line,
      counterRegressions: report.counting.counters.regressions.length,
      timed: report.timed,
      engines: report.timing?.comparison.engines.map(ratio) ?? [],
      flagged: report.confirmation?.flagged.map((f) => ({ what: f.what, first: f.first.ratio, again: f.again?.ratio, againLow: f.again?.low, floorHigh: f.floor?.high, confirmed: f.confirmed })) ?? [],
    });
    console.log(`${variant} run ${i + 1}${busy ? ' (busy neighbour)' : ''}: exit ${r.status}, ${seconds} s: ${report.line}`);
    if (values.out) writeFileSync(values.out, `${JSON.stringify({ commit: sha, timeAll: values['time-all'], series }, null, 1)}\n`);
  }
}
console.log('\n| variant | runs | failed | busy runs | seconds |\n|---|---:|---:|---:|---|');
for (const variant of variants) {
  const mine = series.filter((s) => s.variant === variant);
  const secs = mine.map((s) => s.seconds);
  console.log(`| ${variant} | ${mine.length} | ${mine.filter((s) => s.exit !== 0).length} | ${mine.filter((s) => s.busy).length} | ${Math.min(...secs)}-${Math.max(...secs)} |`);
}
