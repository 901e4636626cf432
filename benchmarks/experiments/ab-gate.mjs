#!/usr/bin/env node
// How often the A/B gate (benchmarks/ci-race.mjs) cries wolf, and how often it catches a real
// slowdown. One commit is built in separate worktrees: `base`, `same` (the same code, built
// again) and `slowK` variants whose bitmask line solver solves every K-th line it computes a
// second time: a change inside the solve path, not work added after the solve. Each gate run
// is exactly CI's: `ci-race.mjs --base-dir base --head-dir VARIANT`. Variants take turns, so
// they meet the same machine; the last `--busy` runs of each variant have a busy neighbour
// (a process spinning on one core). Runs are numbered from --first, so a later batch keeps
// the earlier batches' raw output (kept per variant and run number).
//
//   node benchmarks/experiments/ab-gate.mjs [--commit REF] [--runs 20] [--variants same,slow5,slow10] [--busy 5] [--first 1] [--out FILE]
//   node benchmarks/experiments/ab-gate.mjs --recompare [--threshold 3] [--out FILE]   # judge the kept runs again with today's compareAb
//
// Needs the working tree built (the gate's harness is the working tree's); builds the
// worktrees on first use (kept in $TMPDIR/gridrace-ab-experiment, reused).
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';

const root = new URL('../..', import.meta.url).pathname;
const { defaultBuild, compareAb } = await import(join(root, 'benchmarks/dist/index.js'));
const { values } = parseArgs({
  options: {
    commit: { type: 'string', default: 'HEAD' },
    runs: { type: 'string', default: '20' },
    variants: { type: 'string', default: 'same,slow5,slow10' },
    busy: { type: 'string', default: '5' },
    first: { type: 'string', default: '1' },
    out: { type: 'string' },
    recompare: { type: 'boolean', default: false },
    threshold: { type: 'string', default: '3' },
  },
});
const git = (...args) => execFileSync('git', args, { cwd: root, encoding: 'utf8' }).trim();
const sha = git('rev-parse', '--verify', `${values.commit}^{commit}`);
const runs = Number(values.runs);
const busyRuns = Number(values.busy);
const first = Number(values.first);
const variants = values.variants.split(',');
const cache = join(tmpdir(), 'gridrace-ab-experiment');

const PROPAGATE = 'packages/engine-bitmask/src/propagate.ts';
const SOLVE_WORD = 'ok = this.#solver.solveWord(clue, clue.length, n, filled[off]!, empty[off]!);';
const SOLVE_TRIMMED = 'ok = this.#solver.solveTrimmed(clue, clue.length, n, filled, off, empty, off, outF, outE);';

/** The slowdown: every k-th line the line solver computes is computed twice (same answer). */
function slowPatch(dir, k) {
  const file = join(dir, PROPAGATE);
  let text = readFileSync(file, 'utf8');
  for (const call of [SOLVE_WORD, SOLVE_TRIMMED]) {
    if (!text.includes(call)) throw new Error(`${PROPAGATE} has no "${call}": update the experiment's patch`);
    text = text.replace(call, `${call}\n        if (this.linesSolved % ${k} === 0) ${call}`);
  }
  writeFileSync(file, text);
}

function worktree(name, patch) {
  const dir = join(cache, `${name}-${sha.slice(0, 12)}`);
  const marker = join(dir, '.gridrace-ab-built');
  if (existsSync(marker)) return dir;
  if (existsSync(dir)) {
    spawnSync('git', ['worktree', 'remove', '--force', dir], { cwd: root });
    rmSync(dir, { recursive: true, force: true });
  }
  mkdirSync(cache, { recursive: true });
  git('worktree', 'prune');
  git('worktree', 'add', '--detach', '--force', dir, sha);
  patch?.(dir);
  console.log(`ab-gate: building ${name} in ${dir}`);
  defaultBuild(dir, (command, args, cwd) => execFileSync(command, args, { cwd, stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env, TURBO_TELEMETRY_DISABLED: '1' } }));
  writeFileSync(marker, `${sha}\n`);
  return dir;
}

/** What a gate's comparison says about a run: exit code, flagged items, each engine's change. */
function judge(compare) {
  const flagged = [
    ...compare.engines.filter((e) => e.status !== 'same').map((e) => `${e.engine} ${e.status}`),
    ...compare.tasks.filter((t) => !['same', 'not-timed'].includes(t.status)).map((t) => `${t.engine} on ${t.puzzle} ${t.status}`),
  ];
  const engines = Object.fromEntries(compare.engines.map((e) => [e.engine, { ratio: e.ratio, low: e.low, high: e.high, status: e.status }]));
  return { exit: compare.regressions > 0 ? 1 : 0, flagged, engines };
}

const outFile = values.out ?? join(root, `benchmarks/experiments/ab-gate-${new Date().toISOString().slice(0, 10)}.json`);
if (values.recompare) {
  const old = JSON.parse(readFileSync(outFile, 'utf8'));
  for (const record of old.records) {
    const results = JSON.parse(readFileSync(join(cache, 'out', `${record.variant}-${record.run}`, 'ab', 'ab.json'), 'utf8'));
    Object.assign(record, judge(compareAb(results, { threshold: Number(values.threshold) / 100 })), { rounds: results.options.rounds });
  }
  writeFileSync(outFile, `${JSON.stringify({ ...old, recompared: new Date().toISOString(), recomparedThreshold: Number(values.threshold) }, null, 1)}\n`);
  summary(old.records, old.variants);
  process.exit(0);
}

const dirs = { base: worktree('base') };
for (const v of variants) {
  const m = /^slow(\d+)$/.exec(v);
  if (v === 'same') dirs[v] = worktree('same');
  else if (m) dirs[v] = worktree(v, (dir) => slowPatch(dir, Number(m[1])));
  else throw new Error(`unknown variant ${v}: use same or slowK`);
}

const records = [];
for (let i = first; i < first + runs; i++) {
  for (const variant of variants) {
    const busy = i >= first + runs - busyRuns;
    const spinner = busy ? spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }) : undefined;
    const out = join(cache, 'out', `${variant}-${i}`);
    const started = Date.now();
    const load = loadavg()[0];
    const r = spawnSync(process.execPath, [join(root, 'benchmarks/ci-race.mjs'), '--base-dir', dirs.base, '--head-dir', dirs[variant]], {
      cwd: root,
      encoding: 'utf8',
      env: { ...process.env, RACE_OUT: out },
    });
    spinner?.kill('SIGKILL');
    const seconds = (Date.now() - started) / 1000;
    const compare = JSON.parse(readFileSync(join(out, 'ab', 'compare.json'), 'utf8'));
    const { flagged, engines } = judge(compare);
    const record = { variant, run: i, busy, exit: r.status, seconds, loadAverage: load, rounds: compare.rounds, flagged, engines };
    records.push(record);
    const b = engines.bitmask;
    console.log(`ab-gate: ${variant} #${i}${busy ? ' (busy neighbour)' : ''}: exit ${r.status}, ${seconds.toFixed(0)} s, bitmask ${b ? `${((b.ratio - 1) * 100).toFixed(1)}% [${((b.low - 1) * 100).toFixed(1)}, ${((b.high - 1) * 100).toFixed(1)}]` : '-'}${flagged.length ? `; flagged: ${flagged.join('; ')}` : ''}`);
    writeFileSync(outFile, `${JSON.stringify({ commit: sha, date: new Date().toISOString(), runs, busyRuns, variants, records }, null, 1)}\n`);
  }
}

summary(records, variants);

function summary(records, variants) {
  console.log('\n| variant | gate runs | failed (exit 1) | bitmask flagged slower | other engines flagged | bitmask change (min .. max) | seconds per run |');
  console.log('|---|---:|---:|---:|---:|---|---|');
  for (const variant of variants) {
    const mine = records.filter((r) => r.variant === variant);
    const ratios = mine.map((r) => r.engines.bitmask?.ratio).filter((x) => x !== undefined);
    const pct = (x) => `${x >= 1 ? '+' : ''}${((x - 1) * 100).toFixed(1)}%`;
    const secs = mine.map((r) => r.seconds);
    console.log(
      `| ${variant} | ${mine.length} | ${mine.filter((r) => r.exit === 1).length} | ${mine.filter((r) => r.engines.bitmask?.status === 'slower').length} | ${mine.filter((r) => Object.entries(r.engines).some(([e, v]) => e !== 'bitmask' && v.status !== 'same')).length} | ${pct(Math.min(...ratios))} .. ${pct(Math.max(...ratios))} | ${Math.min(...secs).toFixed(0)}-${Math.max(...secs).toFixed(0)} |`,
    );
  }
  console.log(`raw data: ${outFile}`);
}
