#!/usr/bin/env node
// Arrow-path (Signpost) generation at scale: our generator and Simon Tatham's side by side,
// the share of cells given, and how fast the `arrowpath` engine solves what ours makes.
//
//   node benchmarks/scripts/arrowpath-generation.mjs [--sizes 10,20,30,40,60,100] [--seeds 2]
//     [--time-limit 60] [--dfs-limit 10] [--reach N|all] [--tatham PATH] [--out FILE]
//
// Sizes are sides (30) or WxH (30x20); seeds run 1..N, as `--seed N` of `gridrace generate`
// (the same puzzles). Each generation runs in a fresh Node
// process (`generateArrowPath`, the code behind `gridrace generate arrowpath`) with
// --time-limit seconds; one that runs out returns the puzzle it has, unique but with more
// givens, and is marked "stopped"; --reach is the generator's (default: its own). Its CPU
// time comes from the process. The puzzle is then
// checked in another process: `arrowpath` solves it three times (the median CPU time is
// reported) and must prove it unique with the generator's solution, and `arrowpath-dfs` must
// agree within --dfs-limit seconds (or it is reported as not finishing).
// Tatham's generator (`sgt-signpost --generate 1 WxH#seed`, Debian's sgt-puzzles; looked up
// in --tatham, then /usr/games and the PATH; skipped with one line when absent) runs under
// the same time limit, its CPU time from the kernel through python3; its puzzle's givens are
// counted. The two generators take turns going first. The table goes to stdout (and --out).
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { childUsage } from './nonosolve.mjs';
import { parseScriptArgs, usageError } from './script-args.mjs';

const here = fileURLToPath(import.meta.url);
const core = await import('@gridrace/core');

const cpuSeconds = (before) => {
  const used = process.cpuUsage(before);
  return (used.user + used.system) / 1e6;
};

// Children: `--child-generate W H SEED LIMIT_S FILE` and `--child-check FILE DFS_LIMIT_S`,
// each printing one JSON line.
if (process.argv[2] === '--child-generate') {
  const [width, height, seed, limitS, file, reach] = process.argv.slice(3);
  const { generateArrowPath } = await import('@gridrace/generate');
  const before = process.cpuUsage();
  const reachOption = reach === 'default' ? {} : { reach: reach === 'all' ? Infinity : Number(reach) };
  const { puzzle, stats } = await generateArrowPath({ width: Number(width), height: Number(height), seed, timeLimitMs: Number(limitS) * 1000, ...reachOption });
  const cpuS = cpuSeconds(before);
  writeFileSync(file, core.writePuzzle(puzzle, 'signpost'));
  console.log(JSON.stringify({ cpuS, givens: stats.givens, cells: stats.cells, stopped: stats.stopped, solution: Array.from(puzzle.solution.numbers) }));
  process.exit(0);
}
if (process.argv[2] === '--child-check') {
  const [file, dfsLimitS, solutionFile] = process.argv.slice(3);
  const { createArrowPathEngine, createArrowPathDfsEngine } = await import('@gridrace/engine-arrowpath');
  const puzzle = core.readPuzzle(readFileSync(file, 'utf8'), { file, format: 'signpost' });
  const expected = JSON.parse(readFileSync(solutionFile, 'utf8'));
  const engine = createArrowPathEngine();
  const times = [];
  let verdict;
  let matches = false;
  for (let run = 0; run < 3; run++) {
    const before = process.cpuUsage();
    const result = await engine.solve(puzzle, { maxSolutions: 2, timeLimitMs: 600_000 });
    times.push(cpuSeconds(before));
    verdict = result.verdict === 'incomplete' ? `incomplete (${result.reason})` : result.verdict;
    const found = result.solutions[0];
    matches = found !== undefined && core.verify(puzzle, found).ok && found.numbers.every((k, cell) => k === expected[cell]);
  }
  const dfs = await createArrowPathDfsEngine().solve(puzzle, { maxSolutions: 2, timeLimitMs: Number(dfsLimitS) * 1000 });
  const dfsVerdict = dfs.verdict === 'incomplete' ? `incomplete (${dfs.reason})` : dfs.verdict;
  console.log(JSON.stringify({ verdict, matches, solveS: times.sort((a, b) => a - b)[1], dfsVerdict }));
  process.exit(0);
}

const { values } = parseScriptArgs(import.meta.url, {
  options: {
    sizes: { type: 'string', default: '10,20,30,40,60,100' },
    seeds: { type: 'string', default: '2' },
    'time-limit': { type: 'string', default: '60' },
    'dfs-limit': { type: 'string', default: '10' },
    tatham: { type: 'string' },
    out: { type: 'string' },
    reach: { type: 'string' },
  },
});

const fail = (message) => usageError(import.meta.url, message);
const positive = (flag) => {
  const value = Number(values[flag]);
  if (!(value > 0) || !Number.isFinite(value)) fail(`--${flag} must be a positive number, got "${values[flag]}"`);
  return value;
};
const sizes = values.sizes.split(',').map((text) => {
  const match = /^(\d+)(?:x(\d+))?$/.exec(text.trim());
  if (!match) fail(`--sizes takes sides or WxH separated by commas, got "${text}"`);
  const width = Number(match[1]);
  const height = Number(match[2] ?? match[1]);
  if (width < 2 || height < 2 || width * height > 40_000) fail(`a size must be 2x2 to 200x200 cells, got "${text}"`);
  return { width, height };
});
const seeds = positive('seeds');
if (!Number.isInteger(seeds)) fail(`--seeds must be a whole number, got "${values.seeds}"`);
const limitS = positive('time-limit');
const dfsLimitS = positive('dfs-limit');
const reach = values.reach ?? 'default';
if (reach !== 'default' && reach !== 'all' && !/^[1-9]\d*$/.test(reach)) fail(`--reach takes a whole number of steps from 1 or "all", got "${reach}"`);

function findTatham(given) {
  const candidates = [given, '/usr/games/sgt-signpost', ...(process.env.PATH ?? '').split(':').map((dir) => join(dir, 'sgt-signpost'))].filter(Boolean);
  const found = candidates.find((path) => existsSync(path));
  if (given && found !== given) fail(`--tatham ${given} does not exist`);
  return found;
}
const tatham = findTatham(values.tatham);
if (!tatham) console.error('sgt-signpost not found (Debian package sgt-puzzles): only our generator runs');
const python = spawnSync('python3', ['--version']).status === 0;
if (tatham && !python) console.error('python3 is missing: Tatham generator times cannot be taken, so it is skipped');

const dir = mkdtempSync(join(tmpdir(), 'arrowpath-generation-'));
const node = (args) => {
  const run = spawnSync(process.execPath, [here, ...args], { encoding: 'utf8', maxBuffer: 1 << 28 });
  if (run.status !== 0) throw new Error(`child ${args[0]} failed: ${run.stderr.trim().split('\n').at(-1)}`);
  return JSON.parse(run.stdout.trim().split('\n').at(-1));
};

function ours(width, height, seed) {
  const file = join(dir, `ours-${width}x${height}-${seed}.txt`);
  const made = node(['--child-generate', width, height, seed, limitS, file, reach].map(String));
  const solutionFile = `${file}.solution.json`;
  writeFileSync(solutionFile, JSON.stringify(made.solution));
  const check = node(['--child-check', file, String(dfsLimitS), solutionFile]);
  return { ...made, ...check };
}

function theirs(width, height, seed) {
  if (!tatham || !python) return undefined;
  // timeout(1) ends it at the limit; its CPU time is still counted.
  const run = childUsage(['timeout', String(limitS), tatham, '--generate', '1', `${width}x${height}#${seed}`]);
  const id = run.output.split('\n').find((line) => /^\d+x\d+:/.test(line));
  if (run.code !== 0 || id === undefined) return { cpuS: run.cpuS, finished: false };
  const puzzle = core.readPuzzle(id, { format: 'signpost' });
  const givens = puzzle.givens.filter((k) => k > 0).length;
  return { cpuS: run.cpuS, finished: true, givens, cells: width * height };
}

const rows = [];
let turn = 0;
for (const { width, height } of sizes) {
  for (let seed = 1; seed <= seeds; seed++) {
    const first = turn++ % 2 === 0;
    const earlier = first ? undefined : theirs(width, height, seed);
    const us = ours(width, height, seed);
    const them = first ? theirs(width, height, seed) : earlier;
    const row = { size: `${width}x${height}`, seed, us, tatham: them };
    rows.push(row);
    const share = (r) => `${((100 * r.givens) / r.cells).toFixed(1)}%`;
    const theirText = them === undefined ? '' : them.finished ? `; Tatham ${them.cpuS.toFixed(2)} s, ${share(them)}` : `; Tatham no puzzle in ${limitS} s`;
    console.error(
      `${row.size} seed ${seed}: ours ${us.cpuS.toFixed(2)} s, ${share(us)}${us.stopped ? ` (stopped: ${us.stopped})` : ''}, solve ${(1000 * us.solveS).toFixed(1)} ms ${us.verdict}${us.matches ? '' : ' NOT THE GENERATOR SOLUTION'}, dfs ${us.dfsVerdict}${theirText}`,
    );
  }
}

const median = (list) => {
  const sorted = [...list].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};
const seconds = (s) => (s < 10 ? s.toFixed(2) : s.toFixed(1));
const lines = [
  `| size | ours: time | givens | arrowpath solve | arrowpath-dfs | Tatham: time | givens |`,
  `|---|---:|---:|---:|---|---:|---:|`,
];
for (const size of [...new Set(rows.map((r) => r.size))]) {
  const group = rows.filter((r) => r.size === size);
  const stopped = group.filter((r) => r.us.stopped).length;
  const time = `${seconds(median(group.map((r) => r.us.cpuS)))} s${stopped ? ` (${stopped} of ${group.length} stopped at ${limitS} s)` : ''}`;
  const givens = `${median(group.map((r) => (100 * r.us.givens) / r.us.cells)).toFixed(1)}%`;
  const unique = group.every((r) => r.us.verdict === 'unique' && r.us.matches);
  const solve = `${(1000 * Math.max(...group.map((r) => r.us.solveS))).toFixed(1)} ms${unique ? '' : ' (NOT ALL UNIQUE)'}`;
  const dfsAgree = group.filter((r) => r.us.dfsVerdict === 'unique').length;
  const dfs = dfsAgree === group.length ? 'unique' : dfsAgree === 0 ? `no answer in ${dfsLimitS} s` : `unique for ${dfsAgree} of ${group.length}`;
  const them = group.map((r) => r.tatham).filter(Boolean);
  const done = them.filter((t) => t.finished);
  const theirTime = them.length === 0 ? 'not run' : done.length === 0 ? `none in ${limitS} s` : `${seconds(median(done.map((t) => t.cpuS)))} s${done.length < them.length ? ` (${them.length - done.length} of ${them.length} none in ${limitS} s)` : ''}`;
  const theirGivens = done.length === 0 ? '' : `${median(done.map((t) => (100 * t.givens) / t.cells)).toFixed(1)}%`;
  lines.push(`| ${size} | ${time} | ${givens} | ${solve} | ${dfs} | ${theirTime} | ${theirGivens} |`);
}
const machine = execFileSync('uname', ['-m'], { encoding: 'utf8' }).trim();
const table = `${lines.join('\n')}\n\nMedians over seeds 1-${seeds} (solve: the slowest puzzle's median of 3); CPU seconds; time limit ${limitS} s; reach ${reach}; ${machine}, Node ${process.versions.node}.\n`;
process.stdout.write(table);
if (values.out) writeFileSync(values.out, table);
