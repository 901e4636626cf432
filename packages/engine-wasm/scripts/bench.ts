// The wasm engine against the bitmask engine, in one process and the same run: cold start,
// the webpbn survey puzzles (per puzzle and in total) and the three TAAI tournament sets
// (totals and a summary of the per-puzzle ratios). Both engines solve the same puzzles
// with maxSolutions 2 and a 60 s limit; every solution is checked with core's verify, and
// the two engines' verdicts and solution sets must agree.
//
//   pnpm run bench                                  # everything (about 10 minutes)
//   pnpm run bench -- --only cold,webpbn --repeat 7 # a part
//   pnpm run bench -- --only taai --taai-limit 200  # the first 200 puzzles of each set
//
// Options: --only cold,webpbn,taai   --repeat N (webpbn, default 5)   --taai-repeat N (default 1)
//          --taai-limit N (puzzles per set, default 1000)   --hard (add Knotty and Faase)
//          --limit SECONDS (per solve, default 60)   --puzzles DIR   --json FILE
// Times are wall-clock milliseconds (performance.now) around each solve; each figure is the
// median of the repeats, the two engines taking turns. The comparison is fair only while no
// WebAssembly memory grows (a grown memory slows bitmask for the rest of the process, README
// "Memory"); the wasm engine starts with enough for these puzzles, and the run says if one grew.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readPuzzle, readPuzzles, verify, type Engine, type NonogramPuzzle, type NonogramSolution, type SolveResult as AnyResult } from '@gridrace/core';
import { bitmaskEngine } from '@gridrace/engine-bitmask';
import { compileSolver, createWasmEngine } from '../src/index.js';

/** The buffer each WebAssembly memory started with (length 0 once detached by a grow). */
const wasmFirstBuffers: ArrayBuffer[] = [];
const OriginalMemory = WebAssembly.Memory;
WebAssembly.Memory = class extends OriginalMemory {
  constructor(descriptor: WebAssembly.MemoryDescriptor) {
    super(descriptor);
    wasmFirstBuffers.push(this.buffer);
  }
};

const args = process.argv.slice(2);
const option = (name: string, fallback: string): string => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && i + 1 < args.length ? args[i + 1]! : fallback;
};
const only = new Set(option('only', 'cold,webpbn,taai').split(','));
const repeat = Number(option('repeat', '5'));
const taaiRepeat = Number(option('taai-repeat', '1'));
const taaiLimit = Number(option('taai-limit', '1000'));
const limitMs = 1000 * Number(option('limit', '60'));
const withHard = args.includes('--hard');
const root = option('puzzles', fileURLToPath(new URL('../../../../shared/puzzles/', import.meta.url)));
const jsonOut = option('json', '');

const report: Record<string, unknown> = { date: new Date().toISOString(), node: process.version, cpu: cpus()[0]?.model, cpus: cpus().length };
const ms = (x: number): string => (x >= 100 ? x.toFixed(0) : x >= 10 ? x.toFixed(1) : x.toFixed(2));
const median = (xs: readonly number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 === 1 ? s[s.length >> 1]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};
const geomean = (xs: readonly number[]): number => Math.exp(xs.reduce((a, x) => a + Math.log(x), 0) / xs.length);

// ---- cold start (first, before anything else is compiled) ----
const small: NonogramPuzzle = readPuzzle(readFileSync(join(root, 'webpbn/webpbn-00001.nin'), 'utf8'), { file: 'webpbn-00001.nin' }) as NonogramPuzzle;
if (only.has('cold')) {
  const t0 = performance.now();
  await compileSolver();
  const t1 = performance.now();
  const cold = createWasmEngine({ name: 'wasm-cold' });
  await cold.init();
  const t2 = performance.now();
  const first = await cold.solve(small);
  const t3 = performance.now();
  const again = await cold.solve(small);
  const t4 = performance.now();
  const b0 = performance.now();
  const bFirst = await bitmaskEngine.solve(small);
  const b1 = performance.now();
  if (first.verdict !== 'unique' || again.verdict !== 'unique' || bFirst.verdict !== 'unique') throw new Error('cold start puzzle not solved');
  const cold_ = { readAndCompileMs: t1 - t0, instantiateMs: t2 - t1, firstSolveMs: t3 - t2, totalMs: t3 - t0, secondSolveMs: t4 - t3, bitmaskFirstSolveMs: b1 - b0 };
  report.cold = cold_;
  console.log(`cold start (webpbn #1, 5x10): read + compile ${ms(cold_.readAndCompileMs)} ms, instantiate ${ms(cold_.instantiateMs)} ms, first solve ${ms(cold_.firstSolveMs)} ms, total ${ms(cold_.totalMs)} ms; second solve ${ms(cold_.secondSolveMs)} ms; bitmask's first solve ${ms(cold_.bitmaskFirstSolveMs)} ms`);
}

const wasm = createWasmEngine();
await wasm.init();

type SolveResult = AnyResult<NonogramSolution>;

interface Run {
  readonly ms: number;
  readonly result: SolveResult;
}

async function run(engine: Engine<'nonogram'>, puzzle: NonogramPuzzle): Promise<Run> {
  const t0 = performance.now();
  const result = await engine.solve(puzzle, { maxSolutions: 2, timeLimitMs: limitMs });
  return { ms: performance.now() - t0, result };
}

const key = (r: SolveResult): string => r.solutions.map((s) => Array.from(s.cells).join('')).sort().join('|');
const verdictOf = (r: SolveResult): string => (r.verdict === 'incomplete' ? `incomplete (${r.reason})` : r.verdict);

/** Problems with a pair of results: unverified solutions, disagreement. */
function check(puzzle: NonogramPuzzle, w: SolveResult, b: SolveResult): string | undefined {
  for (const r of [w, b]) for (const s of r.solutions) if (!verify(puzzle, s).ok) return 'a solution does not verify';
  if (w.verdict !== b.verdict) return `verdicts differ: wasm ${verdictOf(w)}, bitmask ${verdictOf(b)}`;
  // Both run the same search, so even the two solutions of a `multiple` agree, unless the
  // search among symmetric solutions ran: its turns are counted differently in each engine.
  const symmetric = w.stats.counters.symmetricSearch === 1 || b.stats.counters.symmetricSearch === 1;
  if (w.verdict !== 'incomplete' && key(w) !== key(b) && !(w.verdict === 'multiple' && symmetric)) return 'solution sets differ';
  return undefined;
}

interface Pair {
  readonly name: string;
  readonly verdict: string;
  readonly wasmMs: number;
  readonly bitmaskMs: number;
  readonly problem?: string;
}

async function pair(name: string, puzzle: NonogramPuzzle, times: number): Promise<Pair> {
  const w: number[] = [];
  const b: number[] = [];
  let problem: string | undefined;
  let verdict = '';
  for (let i = 0; i < times; i++) {
    const rw = await run(wasm, puzzle);
    const rb = await run(bitmaskEngine, puzzle);
    w.push(rw.ms);
    b.push(rb.ms);
    problem ??= check(puzzle, rw.result, rb.result);
    verdict = verdictOf(rw.result);
    if (rw.result.verdict === 'incomplete' && rb.result.verdict === 'incomplete') break; // no point repeating a timeout
  }
  const row = { name, verdict, wasmMs: median(w), bitmaskMs: median(b) };
  return problem === undefined ? row : { ...row, problem };
}

let problems = 0;

if (only.has('webpbn')) {
  const dir = join(root, 'webpbn');
  const files = [
    ...readdirSync(dir).filter((f) => f.endsWith('.nin') && (withHard || f.startsWith('webpbn-'))).map((f) => join('webpbn', f)),
    ...readdirSync(join(dir, 'non')).filter((f) => f.endsWith('.non')).map((f) => join('webpbn/non', f)),
  ].sort();
  // Warm both engines up (the JIT for bitmask) on every puzzle once, untimed.
  for (const f of files) {
    const p = readPuzzle(readFileSync(join(root, f), 'utf8'), { file: f }) as NonogramPuzzle;
    await run(wasm, p);
    await run(bitmaskEngine, p);
  }
  const rows: Pair[] = [];
  for (const f of files) {
    const p = readPuzzle(readFileSync(join(root, f), 'utf8'), { file: f }) as NonogramPuzzle;
    rows.push(await pair(f.replace(/^webpbn\//, ''), p, repeat));
  }
  console.log(`\nwebpbn: ${rows.length} puzzles, median of ${repeat} runs each, wall ms`);
  console.log('| puzzle | size | verdict | wasm ms | bitmask ms | wasm / bitmask |');
  console.log('|---|---|---|---:|---:|---:|');
  for (const [i, r] of rows.entries()) {
    const p = readPuzzle(readFileSync(join(root, files[i]!), 'utf8'), { file: files[i]! }) as NonogramPuzzle;
    console.log(`| ${r.name} | ${p.width}x${p.height} | ${r.verdict} | ${ms(r.wasmMs)} | ${ms(r.bitmaskMs)} | ${(r.wasmMs / r.bitmaskMs).toFixed(2)} |${r.problem ? ` **${r.problem}**` : ''}`);
    if (r.problem) problems++;
  }
  const sw = rows.reduce((a, r) => a + r.wasmMs, 0);
  const sb = rows.reduce((a, r) => a + r.bitmaskMs, 0);
  console.log(`| **sum** | | | **${ms(sw)}** | **${ms(sb)}** | **${(sw / sb).toFixed(2)}** |`);
  report.webpbn = { rows, wasmMs: sw, bitmaskMs: sb };
}

if (only.has('taai')) {
  const sets = ['taai2011', 'tcga2016', 'icga2017'];
  const all = sets.map((set) => readPuzzles(readFileSync(join(root, `taai/question/${set}.txt`), 'utf8'), { file: `${set}.txt` }) as NonogramPuzzle[]);
  // Warm-up, untimed: the first 30 puzzles of the first set.
  for (const p of all[0]!.slice(0, 30)) {
    await run(wasm, p);
    await run(bitmaskEngine, p);
  }
  const summary: Record<string, unknown>[] = [];
  console.log(`\nTAAI sets: ${Math.min(taaiLimit, 1000)} puzzles each, ${taaiRepeat} run(s) per puzzle (median), wall ms`);
  console.log('| set | puzzles | unique / multiple / other | wasm total ms | bitmask total ms | total ratio | per-puzzle ratio: median | geo. mean | best | worst | wasm slower |');
  console.log('|---|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|');
  for (const [si, set] of sets.entries()) {
    const puzzles = all[si]!.slice(0, taaiLimit);
    const rows: Pair[] = [];
    for (const [i, p] of puzzles.entries()) rows.push(await pair(`${set} #${i + 1}`, p, taaiRepeat));
    const sw = rows.reduce((a, r) => a + r.wasmMs, 0);
    const sb = rows.reduce((a, r) => a + r.bitmaskMs, 0);
    const ratios = rows.map((r) => Math.max(r.wasmMs, 1e-3) / Math.max(r.bitmaskMs, 1e-3));
    const unique = rows.filter((r) => r.verdict === 'unique').length;
    const multiple = rows.filter((r) => r.verdict === 'multiple').length;
    const bad = rows.filter((r) => r.problem !== undefined);
    problems += bad.length;
    const slower = ratios.filter((x) => x > 1).length;
    console.log(
      `| ${set} | ${rows.length} | ${unique} / ${multiple} / ${rows.length - unique - multiple} | ${ms(sw)} | ${ms(sb)} | **${(sw / sb).toFixed(2)}** | ${median(ratios).toFixed(2)} | ${geomean(ratios).toFixed(2)} | ${Math.min(...ratios).toFixed(2)} | ${Math.max(...ratios).toFixed(2)} | ${slower} |`,
    );
    for (const r of bad) console.log(`  problem: ${r.name}: ${r.problem}`);
    summary.push({ set, puzzles: rows.length, unique, multiple, wasmMs: sw, bitmaskMs: sb, ratioMedian: median(ratios), ratioGeomean: geomean(ratios), rows });
  }
  report.taai = summary;
}

const grown = wasmFirstBuffers.filter((buffer) => buffer.byteLength === 0).length;
report.wasmMemoriesGrown = grown;
if (grown > 0) console.log(`\nWARNING: ${grown} wasm memor${grown === 1 ? 'y' : 'ies'} grew (a buffer was detached), so bitmask ran slower after that point: the ratios favour wasm`);
console.log(`\n${problems === 0 ? 'all solutions verified; both engines agree on every verdict and solution set' : `${problems} problem(s), see above`}`);
console.log(`${report.date}, Node ${process.version}, ${String(report.cpu)} (${String(report.cpus)} cores)`);
if (jsonOut !== '') writeFileSync(jsonOut, JSON.stringify(report, null, 1));
await wasm.dispose();
if (problems > 0) process.exitCode = 1;
