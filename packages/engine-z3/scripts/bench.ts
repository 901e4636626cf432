// Benchmarks for the README: median solve times of the z3 engines (and variants) on puzzle
// files, beside another engine. Prints a Markdown table; never used by tests.
//
//   pnpm bench [--engine z3|z3-prefix|bitmask|naive] [--variant JSON] [--puzzles seeds|webpbn|FILE,...]
//                 [--limit MS] [--runs N] [--max N] [--first]
//
// --variant is a Z3EngineConfig or Z3PrefixEngineConfig as JSON, e.g.
//   --engine z3-prefix --variant '{"form":"packed","occurrences":"count","bounds":"loose","solver":{}}'
// --first also times the first solution alone (maxSolutions 1). Init is timed separately.
import { readFileSync, readdirSync } from 'node:fs';
import { cpus } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { readPuzzle, verify, type Engine, type NonogramPuzzle, type SolveResult } from '@gridrace/core';
import { naiveEngine } from '@gridrace/engine-naive';
import { createZ3Engine, createZ3PrefixEngine } from '../src/index.js';

const { values } = parseArgs({
  options: {
    engine: { type: 'string', default: 'z3' },
    variant: { type: 'string', default: '{}' },
    puzzles: { type: 'string', default: 'seeds' },
    limit: { type: 'string', default: '60000' },
    runs: { type: 'string', default: '3' },
    max: { type: 'string', default: '2' },
    first: { type: 'boolean', default: false },
  },
});

const here = new URL('.', import.meta.url).pathname;
const SEEDS = join(here, '../../../puzzles/seed');
const WEBPBN = '/work/shared/puzzles/webpbn';

function files(spec: string): string[] {
  if (spec === 'seeds') return readdirSync(SEEDS).filter((f) => f.endsWith('.json')).map((f) => join(SEEDS, f));
  if (spec === 'webpbn') return readdirSync(WEBPBN).filter((f) => f.endsWith('.nin')).sort().map((f) => join(WEBPBN, f));
  return spec.split(',');
}

// Loaded by a computed name so that this package typechecks while engine-bitmask is unbuilt.
const BITMASK = '@gridrace/engine-bitmask';

async function engineFor(name: string, variant: object): Promise<Engine<'nonogram'>> {
  if (name === 'z3') return createZ3Engine(variant);
  if (name === 'z3-prefix') return createZ3PrefixEngine(variant);
  if (name === 'bitmask') return ((await import(BITMASK)) as { bitmaskEngine: Engine<'nonogram'> }).bitmaskEngine;
  if (name === 'naive') return naiveEngine;
  throw new Error(`unknown engine ${name}`);
}

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 === 1 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};
const ms = (x: number): string => (x >= 10_000 ? `${(x / 1000).toFixed(1)} s` : x >= 1000 ? `${(x / 1000).toFixed(2)} s` : `${x.toFixed(0)} ms`);

async function time(engine: Engine<'nonogram'>, puzzle: NonogramPuzzle, maxSolutions: number, limit: number, runs: number) {
  const times: number[] = [];
  let last: SolveResult | undefined;
  for (let i = 0; i < runs; i++) {
    const result = (await engine.solve(puzzle, { maxSolutions, timeLimitMs: limit })) as SolveResult;
    for (const s of result.solutions) if (!verify(puzzle, s).ok) throw new Error(`${engine.name} returned a wrong solution`);
    times.push(result.stats.timeMs);
    last = result;
    if (result.verdict === 'incomplete' && result.reason === 'time-limit') break; // no point repeating a timeout
  }
  const verdict = last!.verdict === 'incomplete' ? `incomplete (${last!.reason})` : last!.verdict;
  const range = times.length > 1 ? ` (${ms(Math.min(...times))}-${ms(Math.max(...times))})` : '';
  return { verdict, text: `${ms(median(times))}${range}`, counters: last!.stats.counters };
}

const engine = await engineFor(values.engine!, JSON.parse(values.variant!) as object);
const limit = Number(values.limit);
const runs = Number(values.runs);
const max = Number(values.max);
const initStart = performance.now();
await engine.init?.();
const initMs = performance.now() - initStart;

console.log(`engine ${engine.name} ${values.variant}, ${engine.description}`);
console.log(`init ${ms(initMs)}; time limit ${ms(limit)}; median of ${runs} solves; node ${process.version}; ${cpus().length}x ${cpus()[0]?.model ?? '?'}; ${new Date().toISOString()}`);
console.log('');
console.log(`| puzzle | size | verdict (maxSolutions ${max}) | solve time | ${values.first ? 'first solution | ' : ''}checks / conflicts |`);
console.log(`|---|---|---|---|${values.first ? '---|' : ''}---|`);
for (const file of files(values.puzzles!)) {
  const read = readPuzzle(readFileSync(file, 'utf8'), { file });
  if (read.kind !== 'nonogram') continue;
  const puzzle = read;
  const name = file.split('/').pop()!;
  const full = await time(engine, puzzle, max, limit, runs);
  const first = values.first ? (await time(engine, puzzle, 1, limit, runs)).text + ' | ' : '';
  const c = full.counters;
  const counts = c['checks'] === undefined ? '' : `${c['checks']} / ${c['conflicts'] ?? '-'}`;
  console.log(`| ${name} | ${puzzle.width}x${puzzle.height} | ${full.verdict} | ${full.text} | ${first}${counts} |`);
}
await engine.dispose?.();
