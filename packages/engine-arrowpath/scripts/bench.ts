// Benchmark: arrowpath-dfs against arrowpath, per size, on Tatham's generated Signpost
// puzzles (bench/tatham-signpost.txt) and on sparse puzzles from our generator
// (bench/sparse-generated.txt). Prints a markdown table.
//
//   pnpm run bench [-- --repeats 5 --dfs-limit 1000]
import { readFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { readPuzzles, verify, type ArrowPathPuzzle, type Engine } from '@gridrace/core';
import { arrowPathDfsEngine, arrowPathEngine } from '../src/index.js';

function option(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
}
const repeats = option('repeats', 5);
const dfsLimitMs = option('dfs-limit', 1000);

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length === 0 ? Number.NaN : s[(s.length - 1) >> 1]!;
};

interface Run {
  verdict: string;
  ms: number;
}

/** Median time of `repeats` solves; stops repeating once a solve does not finish. */
async function time(engine: Engine<'arrowpath'>, puzzle: ArrowPathPuzzle, limit?: number): Promise<Run> {
  const times: number[] = [];
  let verdict = '';
  for (let i = 0; i < repeats; i++) {
    const result = await engine.solve(puzzle, limit === undefined ? {} : { timeLimitMs: limit });
    verdict = result.verdict;
    if (result.verdict === 'unique' && verify(puzzle, result.solutions[0]!).ok !== true) throw new Error(`${engine.name}: solution does not verify`);
    times.push(result.stats.timeMs);
    if (result.verdict === 'incomplete') return { verdict, ms: result.stats.timeMs };
  }
  return { verdict, ms: median(times) };
}

const fmt = (ms: number) => (ms < 10 ? ms.toFixed(2) : ms < 100 ? ms.toFixed(1) : ms.toFixed(0));

async function suite(title: string, file: string): Promise<void> {
  const text = readFileSync(new URL(`../bench/${file}`, import.meta.url), 'utf8');
  const puzzles = readPuzzles(text, { format: 'signpost' }) as ArrowPathPuzzle[];
  const groups = new Map<string, ArrowPathPuzzle[]>();
  for (const p of puzzles) {
    const key = `${p.width}x${p.height}`;
    groups.set(key, [...(groups.get(key) ?? []), p]);
  }
  console.log(`\n### ${title} (${file})\n`);
  console.log('| size | puzzles | givens | arrowpath median ms | arrowpath max ms | arrowpath unique | arrowpath-dfs median ms | arrowpath-dfs finished |');
  console.log('|---|---|---|---|---|---|---|---|');
  for (const [size, group] of groups) {
    const prop: Run[] = [];
    const dfs: Run[] = [];
    for (const p of group) {
      prop.push(await time(arrowPathEngine, p));
      dfs.push(await time(arrowPathDfsEngine, p, dfsLimitMs));
    }
    const givens = group.map((p) => (100 * p.givens.filter((g) => g !== 0).length) / p.givens.length);
    const finished = dfs.filter((r) => r.verdict !== 'incomplete');
    const dfsMedian = finished.length === dfs.length ? fmt(median(dfs.map((r) => r.ms))) : finished.length * 2 > dfs.length ? `${fmt(median(dfs.map((r) => r.ms)))}` : `> ${dfsLimitMs}`;
    console.log(
      `| ${size} | ${group.length} | ${Math.min(...givens).toFixed(0)}-${Math.max(...givens).toFixed(0)}% | ${fmt(median(prop.map((r) => r.ms)))} | ${fmt(Math.max(...prop.map((r) => r.ms)))} | ${prop.filter((r) => r.verdict === 'unique').length}/${group.length} | ${dfsMedian} | ${finished.length}/${group.length} |`,
    );
  }
}

console.log(`date ${new Date().toISOString().slice(0, 10)}, ${cpus()[0]?.model ?? 'unknown cpu'} (${cpus().length} cores), Node ${process.version}`);
console.log(`median of ${repeats} solves per puzzle; arrowpath-dfs stopped after ${dfsLimitMs} ms (a stopped solve is not repeated)`);
await suite("Tatham's generator (sgt-signpost)", 'tatham-signpost.txt');
await suite('Sparse puzzles from @gridrace/generate', 'sparse-generated.txt');
