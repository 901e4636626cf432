#!/usr/bin/env node
// One-shot `gridrace solve`, end to end, as a user feels it: a fresh `node DIR/packages/cli/dist/main.js
// solve FILE` per run (Node start, module loading, WebAssembly compile, the solve, the output),
// wall time measured around the child process, output to /dev/null. Hyperfine-style, without
// hyperfine: every configuration once per round, in an order that rotates each round, so a
// machine busy with other work slows all of them alike; a ratio (to the first checkout, or with
// one checkout to the first engine, on the same puzzle) is the median of the per-round ratios
// (pairs run seconds apart), with a bootstrap interval. Absolute times need a quiet machine.
//
//   node benchmarks/scripts/oneshot-solve.mjs [--runs 30] [--warmup 3] [--engine default,bitmask]
//     [--puzzle FILE ...] [--no-reference] [--unset-env NAME ...] [--json FILE] [DIR ...]
//
// DIR: checkouts to compare (built), first is the base; default: this checkout. Configurations
// are DIR x engine x puzzle ("default" = no --engine flag). The reference row times `node -e 0`,
// the floor no CLI goes under. Before timing, each configuration runs once with its output
// kept: outputs that differ from the first DIR's (timings masked) are reported. --unset-env
// drops a variable from the children's environment (NODE_EXTRA_CA_CERTS costs every Node start
// here ~40 ms). It prints the command that reproduces the run, and the hyperfine equivalent.
// Default puzzle: puzzles/generated/nonogram-search-025x025-s1.json (25x25, in the repository).
import { spawnSync } from 'node:child_process';
import { closeSync, existsSync, openSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { basename, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseScriptArgs, usageError } from './script-args.mjs';
import { mean, median, quantile, standardDeviation } from '@gridrace/race';

const root = resolve(fileURLToPath(new URL('../..', import.meta.url)));
const { values, positionals } = parseScriptArgs(import.meta.url, {
  allowPositionals: true,
  options: {
    runs: { type: 'string', default: '30' },
    warmup: { type: 'string', default: '3' },
    engine: { type: 'string', default: 'default' },
    puzzle: { type: 'string', multiple: true },
    'no-reference': { type: 'boolean', default: false },
    'unset-env': { type: 'string', multiple: true },
    json: { type: 'string' },
  },
});
const runs = Number(values.runs);
const warmup = Number(values.warmup);
if (!Number.isInteger(runs) || runs < 1 || !Number.isInteger(warmup) || warmup < 0) {
  usageError(import.meta.url, '--runs is a whole number of at least 1, --warmup of at least 0');
}
const dirs = (positionals.length > 0 ? positionals : [root]).map((d) => resolve(d));
const engines = values.engine.split(',').map((e) => e.trim()).filter(Boolean);
const puzzles = values.puzzle?.map((p) => resolve(p)) ?? [join(root, 'puzzles/generated/nonogram-search-025x025-s1.json')];
for (const dir of dirs) {
  if (!existsSync(`${dir}/packages/cli/dist/main.js`)) {
    console.error(`oneshot-solve: ${dir}/packages/cli/dist/main.js not found: build that checkout first`);
    process.exit(4);
  }
}
for (const p of puzzles) {
  if (!existsSync(p)) {
    console.error(`oneshot-solve: ${p}: no such file`);
    process.exit(4);
  }
}

// The children's environment: ours, minus what --unset-env names (NODE_EXTRA_CA_CERTS, read at
// every Node start, costs this machine ~40 ms of `node -e 0`).
const env = { ...process.env };
for (const name of values['unset-env'] ?? []) delete env[name];
delete env.FORCE_COLOR;
env.NO_COLOR = '1';

/** @type {{ label: string, args: string[], check: boolean, puzzle?: string, engine?: string }[]} */
const configs = [];
if (!values['no-reference']) configs.push({ label: 'node -e 0', args: ['-e', '0'], check: false });
const short = (dir) => relative(process.cwd(), dir) || '.';
// A checkout is named by its folder, or by its path when two folders share a name.
const name = (dir) => (dirs.filter((d) => basename(d) === basename(dir)).length === 1 ? basename(dir) : short(dir));
for (const puzzle of puzzles) {
  for (const engine of engines) {
    for (const dir of dirs) {
      const args = [`${dir}/packages/cli/dist/main.js`, 'solve', puzzle, ...(engine === 'default' ? [] : ['--engine', engine])];
      const parts = [dirs.length > 1 ? name(dir) : '', engines.length > 1 ? engine : '', puzzles.length > 1 ? basename(puzzle) : ''].filter(Boolean);
      configs.push({ label: parts.join(' ') || 'solve', args, check: true, puzzle, engine });
    }
  }
}

const devNull = openSync('/dev/null', 'w');

/** One run: wall milliseconds around the child, its exit status; stdout to /dev/null unless kept. */
function runOnce(config, keep = false) {
  const started = process.hrtime.bigint();
  const child = spawnSync(process.execPath, config.args, { env, stdio: ['ignore', keep ? 'pipe' : devNull, 'pipe'], encoding: 'utf8', maxBuffer: 1 << 26 });
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  if (child.error) throw child.error;
  return { ms, status: child.status, stdout: child.stdout ?? '', stderr: child.stderr ?? '' };
}

// Same output everywhere (the engine's own time masked): a faster start must not change the answer.
const mask = (text) => text.replace(/\d+(?:\.\d+)? (?:ms|s)\b/g, 'T');
const expected = new Map();
for (const config of configs.filter((c) => c.check)) {
  const { status, stdout, stderr } = runOnce(config, true);
  const key = config.args.slice(1).join(' ').replace(/^\S+main\.js/, '');
  const seen = expected.get(key);
  if (stderr.trim() !== '') console.log(`note: ${config.label} wrote to stderr: ${stderr.trim().split('\n')[0]}`);
  if (seen === undefined) expected.set(key, { status, stdout: mask(stdout), label: config.label });
  else if (seen.status !== status || seen.stdout !== mask(stdout)) console.log(`OUTPUT DIFFERS: ${config.label} (exit ${status}) vs ${seen.label} (exit ${seen.status})`);
}

const started = new Date();
const load0 = loadavg();
const samples = configs.map(() => []);
for (let round = 0; round < warmup + runs; round++) {
  for (let k = 0; k < configs.length; k++) {
    const i = (k + round) % configs.length;
    const { ms } = runOnce(configs[i]);
    if (round >= warmup) samples[i].push(ms);
  }
}
closeSync(devNull);
const load1 = loadavg();

// Deterministic bootstrap (mulberry32), so the same samples always print the same interval.
function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
function bootstrapMedian(xs, n = 2000) {
  const next = rng(12345);
  const meds = [];
  for (let b = 0; b < n; b++) meds.push(median(Array.from(xs, () => xs[Math.floor(next() * xs.length)])));
  return [quantile(meds, 0.025), quantile(meds, 0.975)];
}

const f1 = (x) => x.toFixed(1);
// What a row is compared with: the first checkout's run of the same puzzle and engine; with
// one checkout, the first engine's run of the same puzzle.
const referenceOf = (c) => configs.findIndex((r) => r.check && r.puzzle === c.puzzle && (dirs.length === 1 || r.engine === c.engine));
const reproduce = [
  'node',
  relative(process.cwd(), fileURLToPath(import.meta.url)),
  `--runs ${runs}`,
  `--warmup ${warmup}`,
  `--engine ${engines.join(',')}`,
  ...puzzles.map((p) => `--puzzle ${relative(process.cwd(), p)}`),
  ...(values['no-reference'] ? ['--no-reference'] : []),
  ...(values['unset-env'] ?? []).map((n) => `--unset-env ${n}`),
  ...(positionals.length > 0 ? dirs.map(short) : []),
].join(' ');

console.log(`# oneshot-solve ${started.toISOString()}`);
console.log(`reproduce: ${reproduce}`);
console.log(`node ${process.version}, ${cpus().length} CPUs (${cpus()[0]?.model ?? '?'}), load average ${load0.map(f1).join(' ')} at start, ${load1.map(f1).join(' ')} at end`);
const envNotes = ['NODE_OPTIONS', 'NODE_EXTRA_CA_CERTS'].map((n) => (env[n] !== undefined ? `${n} set` : `${n} unset`));
console.log(`children: ${envNotes.join(', ')}; ${runs} timed rounds after ${warmup} warm-up, rotating order; wall ms around each process`);
console.log(`ratio: to the same puzzle and engine in ${dirs.length > 1 ? 'the first checkout' : 'the first engine listed'}; median of per-round ratios (runs seconds apart), bootstrap 95% interval`);
console.log('');
const header = ['configuration', 'median', 'mean ± sd', 'min … max', 'p10 … p90', 'ratio (95% CI)'];
const rows = configs.map((c, i) => {
  const xs = samples[i];
  const ref = c.check ? referenceOf(c) : -1;
  let ratio = ref === i ? '1' : '';
  if (ref >= 0 && ref !== i) {
    const ratios = xs.map((x, r) => x / samples[ref][r]);
    const [lo, hi] = bootstrapMedian(ratios);
    ratio = `${median(ratios).toFixed(3)} (${lo.toFixed(3)} … ${hi.toFixed(3)}) to ${dirs.length > 1 ? name(dirs[0]) : configs[ref].engine}`;
  }
  return [c.label, f1(median(xs)), `${f1(mean(xs))} ± ${f1(standardDeviation(xs))}`, `${f1(Math.min(...xs))} … ${f1(Math.max(...xs))}`, `${f1(quantile(xs, 0.1))} … ${f1(quantile(xs, 0.9))}`, ratio];
});
const widths = header.map((h, j) => Math.max(h.length, ...rows.map((r) => r[j].length)));
const line = (cells) => `| ${cells.map((c, j) => c.padEnd(widths[j])).join(' | ')} |`;
console.log(line(header));
console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
for (const r of rows) console.log(line(r));
console.log('');
const shown = (c) => `node ${c.args.map((a) => (a.startsWith('/') ? relative(process.cwd(), a) || '.' : a)).join(' ')}`;
for (const c of configs) console.log(`${c.label}: ${shown(c)}`);
// The same comparison with hyperfine, where it is installed (Debian: apt-get install hyperfine); it does not alternate.
console.log(`hyperfine: ${(values['unset-env'] ?? []).map((n) => `env -u ${n} `).join('')}hyperfine -N --warmup ${warmup} --runs ${runs} --output=null ${configs.map((c) => `'${shown(c)}'`).join(' ')}`);

if (values.json) {
  const doc = { date: started.toISOString(), reproduce, node: process.version, cpus: cpus().length, loadavg: [load0, load1], runs, warmup, configs: configs.map((c, i) => ({ label: c.label, args: c.args, ms: samples[i] })) };
  writeFileSync(values.json, `${JSON.stringify(doc, null, 1)}\n`);
  console.log(`wrote ${values.json}`);
}
