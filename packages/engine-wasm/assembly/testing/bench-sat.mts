// Conflicts per second of the AssemblyScript SAT solver (assembly/sat.ts + encode.ts, built from
// sat-entry.ts with the release flags) against engine-bitmask's TypeScript SatSolver, on the
// same order encoding of TAAI puzzles, no hints, enumerating up to 2 models (both solvers take
// exactly the same steps, so the counters are equal and the times compare directly).
// Run from packages/engine-wasm:
//   npx asc assembly/testing/sat-entry.ts --config assembly/testing/asconfig.json --target bench
//   npx tsx assembly/testing/bench-sat.mts [set] [puzzle numbers...] [--repeat N] [--dimacs DIR]
// --dimacs DIR also writes each puzzle's encoding as DIR/<set>-<n>.cnf (variable v + 1 is
// solver variable v), to time native solvers on the same clauses, e.g. `minisat FILE` or
// `cadical -v FILE` (Debian packages minisat, cadical).
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { encodeNonogram } from '../../../engine-bitmask/src/encode.js';
import { SatSolver } from '../../../engine-bitmask/src/sat.js';

const args = process.argv.slice(2);
const repeatAt = args.indexOf('--repeat');
const repeat = repeatAt >= 0 ? Number(args.splice(repeatAt, 2)[1]) : 3;
const dimacsAt = args.indexOf('--dimacs');
const dimacsDir = dimacsAt >= 0 ? args.splice(dimacsAt, 2)[1] : undefined;
const set = args[0] ?? 'taai2011';
const numbers = args.length > 1 ? args.slice(1).map(Number) : [752];
const MAX_CONFLICTS = 2_000_000;

function parseTaai(text: string): Map<number, { rows: number[][]; columns: number[][] }> {
  const puzzles = new Map<number, { rows: number[][]; columns: number[][] }>();
  const blocks = text.split('$').slice(1);
  for (const block of blocks) {
    const lines = block.split('\n');
    const n = Number(lines[0]);
    const clue = (s: string) => s.split('\t').map(Number).filter((x) => x > 0);
    const columns = lines.slice(1, 26).map(clue);
    const rows = lines.slice(26, 51).map(clue);
    puzzles.set(n, { rows, columns });
  }
  return puzzles;
}

const puzzles = parseTaai(readFileSync(new URL(`../../../../../shared/puzzles/taai/question/${set}.txt`, import.meta.url), 'utf8'));
const bytes = readFileSync(new URL('../../build-test/sat-bench.wasm', import.meta.url));
// Large enough never to grow: growing would slow the TypeScript solver too (README, "Memory").
const memory = new WebAssembly.Memory({ initial: 4096 });
const x = new WebAssembly.Instance(new WebAssembly.Module(bytes), {
  env: { memory, now: () => performance.now(), abort: () => { throw new Error('abort'); } },
}).exports as Record<string, (...a: number[]) => number>;

const median = (a: number[]) => [...a].sort((p, q) => p - q)[a.length >> 1]!;

for (const n of numbers) {
  const p = puzzles.get(n)!;
  const lines = [...p.rows, ...p.columns];
  const width = 25;
  const height = 25;
  if (dimacsDir !== undefined) {
    // The same encoding, recorded instead of solved (encodeNonogram only calls these three).
    const clauses: string[] = [];
    let vars = 0;
    const recorder = {
      get vars() {
        return vars;
      },
      newVars(count: number) {
        const first = vars;
        vars += count;
        return first;
      },
      addClause(lits: readonly number[]) {
        clauses.push(`${lits.map((l) => ((l & 1) === 1 ? 1 : -1) * ((l >> 1) + 1)).join(' ')} 0`);
        return true;
      },
    };
    encodeNonogram(recorder as unknown as SatSolver, width, height, (line) => lines[line]!);
    mkdirSync(dimacsDir, { recursive: true });
    const file = join(dimacsDir, `${set}-${n}.cnf`);
    writeFileSync(file, `p cnf ${vars} ${clauses.length}\n${clauses.join('\n')}\n`);
    console.log(`${set} #${n}: wrote ${file} (${vars} variables, ${clauses.length} clauses)`);
  }
  let tsCounters = '';
  let asCounters = '';
  const tsTimes: number[] = [];
  const asTimes: number[] = [];
  for (let r = 0; r < repeat; r++) {
    {
      const t0 = performance.now();
      const sat = new SatSolver();
      encodeNonogram(sat, width, height, (line) => lines[line]!);
      let models = 0;
      let outcome = '';
      for (;;) {
        outcome = await sat.solve(MAX_CONFLICTS - sat.conflicts, async () => false);
        if (outcome !== 'sat') break;
        if (++models >= 2 || !sat.blockAndContinue()) break;
      }
      tsTimes.push(performance.now() - t0);
      tsCounters = `${outcome} models=${models} conflicts=${sat.conflicts} decisions=${sat.decisions} propagations=${sat.propagations}`;
    }
    {
      const t0 = performance.now();
      x.reset!();
      const flat = lines.flat();
      const offsets = [0];
      for (const l of lines) offsets.push(offsets.at(-1)! + l.length);
      const bp = x.scratch!(flat.length);
      new Int32Array(memory.buffer, bp, flat.length).set(flat);
      const op = x.scratch!(offsets.length);
      new Int32Array(memory.buffer, op, offsets.length).set(offsets);
      x.encode!(width, height, bp, op);
      let models = 0;
      let outcome = 0;
      for (;;) {
        outcome = x.solve!(MAX_CONFLICTS - x.counter!(0));
        if (outcome !== 1) break;
        if (++models >= 2 || !x.blockAndContinue!()) break;
      }
      asTimes.push(performance.now() - t0);
      asCounters = `${['', 'sat', 'unsat', 'budget', 'paused', 'overflow'][outcome]} models=${models} conflicts=${x.counter!(0)} decisions=${x.counter!(1)} propagations=${x.counter!(2)}`;
    }
  }
  const ts = median(tsTimes);
  const as = median(asTimes);
  const conflicts = Number(/conflicts=(\d+)/.exec(asCounters)![1]);
  console.log(`${set} #${n}: TS ${ts.toFixed(0)} ms (${tsCounters})`);
  console.log(`${set} #${n}: AS ${as.toFixed(0)} ms (${asCounters})`);
  console.log(
    `  conflicts/s: TS ${((conflicts / ts) * 1000).toFixed(0)}, AS ${((conflicts / as) * 1000).toFixed(0)}; AS/TS speed ${(ts / as).toFixed(2)}x; same steps: ${tsCounters === asCounters}`,
  );
}
