// The SAT solver and nonogram encoding of the one source (engine-bitmask/solver/sat.ts,
// encode.ts) as the wasm engine compiles them, on their own from a test-only entry
// (assembly/testing/sat-entry.ts) into build-test/: against brute force on random formulas
// and random small nonograms, hard formulas with known verdicts, pausing and resuming, and
// the caps (overflow flag, refused memory: no trap). The engines' tests cover the JavaScript
// build of the same source through whole solves.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { verifyNonogram } from '@gridrace/core';
import { bruteForceNonogram, hasShared, NEEDS_SHARED, nonogramCaseArbitrary, readSharedNonograms, seededRandom } from '@gridrace/testkit';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';

const SAT = 1;
const UNSAT = 2;
const BUDGET = 3;
const PAUSED = 4;
const OVERFLOW = 5;

interface Exports {
  reset(): void;
  scratch(count: number): number;
  newVars(count: number): number;
  vars(): number;
  addClause(ptr: number, length: number): number;
  addUnit(lit: number): number;
  solve(budget: number): number;
  value(v: number): number;
  fixed(v: number): number;
  hint(v: number, value: number, activity: number): void;
  blockAndContinue(): number;
  readModel(out: number, count: number): void;
  setSlice(end: number, checkConflicts: number, checkDecisions: number): void;
  setMaxArena(entries: number): void;
  overflow(): number;
  counter(which: number): number;
  encode(width: number, height: number, blocks: number, offsets: number): number;
  size(width: number, height: number, offsets: number): number;
}

const pkgDir = fileURLToPath(new URL('..', import.meta.url));
/** Real puzzles, outside the repository (see puzzles/README.md at the root). */
let wasmBytes: Uint8Array<ArrayBuffer>;

// Compiled unoptimised (assembly/testing/asconfig.json, optimizeLevel 0): these builds check
// what the code computes, not its speed, and compile in half the CPU time of -O3.
beforeAll(() => {
  const asc = fileURLToPath(new URL('../node_modules/assemblyscript/bin/asc.js', import.meta.url));
  execFileSync(process.execPath, [asc, 'assembly/testing/sat-entry.ts', '--config', 'assembly/testing/asconfig.json', '--target', 'test'], {
    cwd: pkgDir,
    stdio: 'pipe',
  });
  wasmBytes = new Uint8Array(readFileSync(new URL('../build-test/sat-test.wasm', import.meta.url)));
});

/** The clock the module reads through `env.now`. */
let clock = 0;

/** One instance of the test module, with a fresh solver after each `reset`. */
class Wasm {
  readonly x: Exports;
  readonly memory: WebAssembly.Memory;
  #buf = 0;
  #bufSize = 0;

  constructor(maximumPages?: number) {
    this.memory = new WebAssembly.Memory(maximumPages === undefined ? { initial: 2 } : { initial: 2, maximum: maximumPages });
    const memory = this.memory;
    const instance = new WebAssembly.Instance(new WebAssembly.Module(wasmBytes), {
      env: {
        memory,
        now: () => clock,
        abort: (msg: number, file: number, line: number, col: number) => {
          const str = (p: number) => {
            if (p === 0) return '';
            const len = new Uint32Array(memory.buffer, p - 4, 1)[0]! >>> 1;
            return String.fromCharCode(...new Uint16Array(memory.buffer, p, len));
          };
          throw new Error(`abort: ${str(msg)} at ${str(file)}:${line}:${col}`);
        },
      },
    });
    this.x = instance.exports as unknown as Exports;
  }

  reset(): void {
    this.x.reset();
    this.#bufSize = 0;
  }

  /** Copy numbers into module memory (a buffer kept until the next reset). */
  put(values: ArrayLike<number>): number {
    if (values.length > this.#bufSize) {
      this.#bufSize = Math.max(values.length, 2 * this.#bufSize, 64);
      this.#buf = this.x.scratch(this.#bufSize);
    }
    new Int32Array(this.memory.buffer, this.#buf, values.length).set(values);
    return this.#buf;
  }

  addClause(lits: readonly number[]): boolean {
    return this.x.addClause(this.put(lits), lits.length) !== 0;
  }

  model(vars: number): number[] {
    return Array.from({ length: vars }, (_, v) => this.x.value(v));
  }

  counters(): number[] {
    return [0, 1, 2, 3, 4, 5].map((i) => this.x.counter(i));
  }
}

/** Literals as 2 * variable + value (true when the variable holds value). */
type Cnf = number[][];

const satisfies = (cnf: Cnf, model: readonly number[]): boolean => cnf.every((c) => c.some((lit) => model[lit >> 1] === (lit & 1)));

function bruteForceModels(vars: number, cnf: Cnf): number {
  let count = 0;
  const model = new Array<number>(vars).fill(0);
  for (let m = 0; m < 1 << vars; m++) {
    for (let v = 0; v < vars; v++) model[v] = (m >> v) & 1;
    if (satisfies(cnf, model)) count++;
  }
  return count;
}

interface Run {
  /** Models in the order found. */
  models: string[];
  /** The last outcome. */
  outcome: number;
  counters: number[];
  pauses: number;
}

/** Solve `cnf` in the module: every model (up to `limit`), each blocked, budget chunks of `chunk` conflicts. */
function runWasm(
  w: Wasm,
  vars: number,
  cnf: Cnf,
  opts: { limit?: number; chunk?: number; pause?: boolean; hints?: readonly [number, number, number][] } = {},
): Run {
  const limit = opts.limit ?? Number.POSITIVE_INFINITY;
  w.reset();
  w.x.newVars(vars);
  for (const [v, value, act] of opts.hints ?? []) w.x.hint(v, value, act);
  if (opts.pause) {
    clock = 1;
    w.x.setSlice(0, 1, 1); // every check point pauses
  }
  const models: string[] = [];
  let pauses = 0;
  let calls = 0;
  let outcome = UNSAT;
  if (cnf.every((c) => w.addClause(c))) {
    for (;;) {
      outcome = w.x.solve(opts.chunk ?? -1);
      if (++calls > 10_000_000) throw new Error('the solver makes no progress');
      if (outcome === PAUSED) {
        pauses++;
        continue;
      }
      if (outcome === BUDGET) continue;
      if (outcome !== SAT) break;
      models.push(w.model(vars).join(''));
      if (models.length >= limit) break;
      if (!w.x.blockAndContinue()) {
        outcome = UNSAT;
        break;
      }
    }
  }
  return { models, outcome, counters: w.counters(), pauses };
}

/** Random k-SAT over `vars` variables with `clauses` clauses of distinct variables. */
function randomKSat(seed: number, vars: number, clauses: number, k = 3): Cnf {
  const r = seededRandom(seed);
  const cnf: Cnf = [];
  for (let i = 0; i < clauses; i++) {
    const c: number[] = [];
    while (c.length < k) {
      const v = Math.floor(r() * vars);
      if (c.some((l) => l >> 1 === v)) continue;
      c.push(2 * v + (r() < 0.5 ? 1 : 0));
    }
    cnf.push(c);
  }
  return cnf;
}

/** Pigeonhole: `pigeons` pigeons in `holes` holes (unsatisfiable when pigeons > holes). */
function pigeonhole(pigeons: number, holes: number): { vars: number; cnf: Cnf } {
  const v = (p: number, h: number) => p * holes + h;
  const cnf: Cnf = [];
  for (let p = 0; p < pigeons; p++) cnf.push(Array.from({ length: holes }, (_, h) => 2 * v(p, h) + 1));
  for (let h = 0; h < holes; h++) for (let p = 0; p < pigeons; p++) for (let q = p + 1; q < pigeons; q++) cnf.push([2 * v(p, h), 2 * v(q, h)]);
  return { vars: pigeons * holes, cnf };
}

const cnfArbitrary = (vars: number) =>
  fc.array(fc.array(fc.integer({ min: 0, max: 2 * vars - 1 }), { minLength: 1, maxLength: 4 }), { minLength: 0, maxLength: 5 * vars });
const formulaArbitrary = fc.integer({ min: 1, max: 12 }).chain((vars) => fc.tuple(fc.constant(vars), cnfArbitrary(vars)));

describe('AssemblyScript SAT solver', () => {
  // A correctness check, not a speed one: 600 brute forces take about 3 s on a 2-core machine.
  it('finds exactly the models brute force finds (600 random formulas over up to 12 variables)', () => {
    const w = new Wasm();
    let satisfiable = 0;
    let unsatisfiable = 0;
    fc.assert(
      fc.property(formulaArbitrary, ([vars, cnf]) => {
        const run = runWasm(w, vars, cnf);
        expect(run.outcome).toBe(UNSAT); // enumeration ends with "no further model"
        for (const m of run.models) expect(satisfies(cnf, [...m].map(Number))).toBe(true);
        expect(new Set(run.models).size).toBe(run.models.length);
        const count = bruteForceModels(vars, cnf);
        expect(run.models.length).toBe(count);
        if (count > 0) satisfiable++;
        else unsatisfiable++;
      }),
      { numRuns: 600 },
    );
    // Both kinds were met (the generator is not degenerate): about one formula in eight is
    // unsatisfiable (62 and 83 of 600 in two runs; fast-check draws a new seed each run).
    expect(satisfiable).toBeGreaterThan(300);
    expect(unsatisfiable).toBeGreaterThan(25);
  }, 240_000);

  it('random 3-SAT with thousands of conflicts (restarts, clause deletion, compaction): the models satisfy the formula, and the same run twice is the same', () => {
    const w = new Wasm();
    let reductions = 0;
    let compactions = 0;
    for (let seed = 1; seed <= 6; seed++) {
      // Near the threshold (4.26 clauses per variable): satisfiable or not, both are hard.
      const vars = 120 + 10 * seed;
      const cnf = randomKSat(seed, vars, Math.round(4.26 * vars));
      const as = runWasm(w, vars, cnf, { limit: 3 });
      reductions += w.x.counter(6);
      compactions += w.x.counter(7);
      const again = runWasm(w, vars, cnf, { limit: 3 });
      expect(again).toEqual(as);
      expect(new Set(as.models).size).toBe(as.models.length);
      for (const m of as.models) expect(satisfies(cnf, [...m].map(Number))).toBe(true);
      expect(as.counters[0]).toBeGreaterThan(100);
    }
    // The clause database was reduced, and the arena compacted, along the way.
    expect(reductions).toBeGreaterThan(0);
    expect(compactions).toBeGreaterThan(0);
  });

  it('proves the pigeonhole formula 8 -> 7 unsatisfiable (through clause deletion and compaction)', () => {
    const { vars, cnf } = pigeonhole(8, 7);
    const w = new Wasm();
    const as = runWasm(w, vars, cnf);
    expect(as.outcome).toBe(UNSAT);
    expect(as.models).toEqual([]);
    expect(as.counters[0]).toBeGreaterThan(2000);
    expect(w.x.counter(7)).toBeGreaterThan(0); // the arena was compacted on the way
  });

  it('budget chunks: stops with BUDGET at level 0 and, resumed, reaches the same verdict; its models satisfy the formula', () => {
    const w = new Wasm();
    for (let seed = 11; seed <= 14; seed++) {
      const vars = 130;
      const cnf = randomKSat(seed, vars, Math.round(4.26 * vars));
      const whole = runWasm(w, vars, cnf, { limit: 2 });
      const as = runWasm(w, vars, cnf, { limit: 2, chunk: 37 });
      for (const m of as.models) expect(satisfies(cnf, [...m].map(Number))).toBe(true);
      // The verdict (satisfiable or not) does not depend on the chunks.
      expect(as.models.length > 0).toBe(whole.models.length > 0);
    }
    // A budget of 0 returns BUDGET at the first conflict, at level 0 (then clauses can be added).
    const { vars, cnf } = pigeonhole(7, 6);
    w.reset();
    w.x.newVars(vars);
    for (const c of cnf) w.addClause(c);
    expect(w.x.solve(0)).toBe(BUDGET);
    expect(w.x.counter(0)).toBe(1);
    expect(w.addClause([1])).toBe(true);
    expect(w.x.fixed(0)).toBe(1);
    expect(w.x.value(0)).toBe(1);
  });

  it('pausing at every check point and resuming gives exactly the uninterrupted run', () => {
    const w = new Wasm();
    const cases: { vars: number; cnf: Cnf; limit: number }[] = [{ ...pigeonhole(7, 6), limit: 1 }];
    for (let seed = 21; seed <= 24; seed++) cases.push({ vars: 140, cnf: randomKSat(seed, 140, Math.round(4.2 * 140)), limit: 3 });
    cases.push({ vars: 40, cnf: randomKSat(5, 40, 100), limit: 50 }); // many models, each blocked
    for (const { vars, cnf, limit } of cases) {
      const whole = runWasm(w, vars, cnf, { limit });
      const paused = runWasm(w, vars, cnf, { limit, pause: true });
      expect(paused.pauses).toBeGreaterThan(10);
      expect(paused.outcome).toBe(whole.outcome);
      expect(paused.models).toEqual(whole.models);
      expect(paused.counters).toEqual(whole.counters);
    }
  });

  it('never pauses before the slice end', () => {
    const w = new Wasm();
    const { vars, cnf } = pigeonhole(7, 6);
    w.reset();
    w.x.newVars(vars);
    for (const c of cnf) w.addClause(c);
    clock = 5;
    w.x.setSlice(10, 1, 1);
    expect(w.x.solve(-1)).toBe(UNSAT);
  });

  it('the arena cap sets the overflow flag (no trap); the solver then stays stopped', () => {
    const w = new Wasm();
    const { vars, cnf } = pigeonhole(9, 8);
    w.reset();
    w.x.newVars(vars);
    for (const c of cnf) expect(w.addClause(c)).toBe(true);
    w.x.setMaxArena(20_000);
    expect(w.x.solve(-1)).toBe(OVERFLOW);
    expect(w.x.overflow()).toBe(1);
    expect(w.x.solve(-1)).toBe(OVERFLOW);
    // The same instance works again after a reset.
    const run = runWasm(w, 3, [[1, 3], [0], [5]]);
    expect(run.models).toEqual(['011']);
  });

  it('memory the host refuses to grow sets the overflow flag instead of trapping', () => {
    // 8 pages = 512 KB in all: the clause arena cannot double from its first 256 KB.
    const w = new Wasm(8);
    const { vars, cnf } = pigeonhole(9, 8);
    w.reset();
    w.x.newVars(vars);
    for (const c of cnf) expect(w.addClause(c)).toBe(true);
    expect(w.x.solve(-1)).toBe(OVERFLOW);
    expect(w.x.overflow()).toBe(1);
    // Too many variables for the memory: -1 and the flag, no trap.
    w.reset();
    expect(w.x.newVars(10_000_000)).toBe(-1);
    expect(w.x.overflow()).toBe(1);
    expect(w.addClause([1])).toBe(false);
  });

  it('a literal naming no variable aborts (a caller bug), and the clause database stays usable after reset', () => {
    const w = new Wasm();
    w.reset();
    w.x.newVars(2);
    expect(() => w.addClause([4])).toThrow(/names no variable/);
    w.reset();
    w.x.newVars(2);
    expect(w.addClause([0, 2])).toBe(true);
    expect(w.addClause([1, 3])).toBe(true);
    expect(w.x.solve(-1)).toBe(SAT);
  });
});

/** The puzzle's clues as the module takes them: blocks of all lines (rows, then columns) and offsets. */
function flatClues(lines: readonly (readonly number[])[]): { blocks: number[]; offsets: number[] } {
  const blocks: number[] = [];
  const offsets: number[] = [0];
  for (const line of lines) {
    blocks.push(...line);
    offsets.push(blocks.length);
  }
  return { blocks, offsets };
}

describe('nonogram encoding', () => {
  it('random puzzles up to 6x6 (givens as unit clauses): the models, read on the cells, are exactly the solutions', () => {
    const w = new Wasm();
    let solvable = 0;
    fc.assert(
      fc.property(nonogramCaseArbitrary({ maxWidth: 6, maxHeight: 6 }), (c) => {
        const { puzzle } = c;
        const { width, height } = puzzle;
        const lines = [...puzzle.rows, ...puzzle.columns];
        const cells = width * height;
        const { blocks, offsets } = flatClues(lines);
        w.reset();
        // Two separate buffers: put() reuses one.
        const blocksPtr = w.x.scratch(blocks.length);
        new Int32Array(w.memory.buffer, blocksPtr, blocks.length).set(blocks);
        const offsetsPtr = w.x.scratch(offsets.length);
        new Int32Array(w.memory.buffer, offsetsPtr, offsets.length).set(offsets);
        // The size estimate: n clauses for an empty line of n cells, 2k(n + 1) + n for k blocks.
        const estimate = lines.reduce((sum, line, i) => {
          const n = i < height ? width : height;
          return sum + (line.length === 0 ? n : 2 * line.length * (n + 1) + n);
        }, 0);
        expect(w.x.size(width, height, offsetsPtr)).toBe(estimate);
        const grids: string[] = [];
        const encoded = w.x.encode(width, height, blocksPtr, offsetsPtr) !== 0;
        expect(w.x.vars()).toBeGreaterThanOrEqual(cells);
        if (encoded && puzzle.givens.every((g) => w.x.addUnit(2 * (g.row * width + g.col) + (g.filled ? 1 : 0)) !== 0)) {
          for (;;) {
            const outcome = w.x.solve(-1);
            expect([SAT, UNSAT]).toContain(outcome);
            if (outcome === UNSAT) break;
            grids.push(w.model(cells).join(''));
            if (!w.x.blockAndContinue()) break;
          }
        }
        const oracle = bruteForceNonogram(puzzle, 100_000);
        expect(oracle.exhausted).toBe(true);
        expect([...grids].sort()).toEqual(oracle.solutions.map((s) => Array.from(s.cells).join('')).sort());
        if (grids.length > 0) solvable++;
      }),
      { numRuns: 1000 },
    );
    expect(solvable).toBeGreaterThan(100);
  });

  // About 8,000 conflicts to its second solution, under a second: among the TAAI puzzles that
  // take this solver thousands of conflicts, one of the cheaper ones (#648 of the same set took
  // 84,000 and 9 s).
  it.skipIf(!hasShared)(`a hard TAAI puzzle (tcga2016 #650, 25x25, no hints): two distinct verified solutions after thousands of conflicts ${NEEDS_SHARED}`, () => {
    const puzzle = readSharedNonograms('taai/question/tcga2016.txt')[649]!;
    const { width, height } = puzzle;
    const lines = [...puzzle.rows, ...puzzle.columns];
    const cells = width * height;
    const w = new Wasm();
    w.reset();
    const { blocks, offsets } = flatClues(lines);
    const blocksPtr = w.x.scratch(blocks.length);
    new Int32Array(w.memory.buffer, blocksPtr, blocks.length).set(blocks);
    const offsetsPtr = w.x.scratch(offsets.length);
    new Int32Array(w.memory.buffer, offsetsPtr, offsets.length).set(offsets);
    expect(w.x.encode(width, height, blocksPtr, offsetsPtr)).toBe(1);
    const grids: string[] = [];
    while (grids.length < 2 && w.x.solve(-1) === SAT) {
      grids.push(w.model(cells).join(''));
      if (!w.x.blockAndContinue()) break;
    }
    expect(grids).toHaveLength(2);
    expect(grids[0]).not.toBe(grids[1]);
    expect(w.x.counter(0)).toBeGreaterThan(5000);
    for (const g of grids) expect(verifyNonogram(puzzle, { width, height, cells: Uint8Array.from(g, Number) }).ok).toBe(true);
  });
});
