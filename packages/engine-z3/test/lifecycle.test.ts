// Loading and releasing Z3: lazy init, one runtime shared by engines, dispose while a solve
// runs, and a process that exits by itself once the engines are disposed.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { FILLED, verify, type NonogramPuzzle } from '@gridrace/core';
import { loadSeedPuzzles } from '@gridrace/testkit';
import { describe, expect, it } from 'vitest';
import { createZ3Engine, createZ3PrefixEngine } from '../src/index.js';
import { checkQueueFor } from '../src/check-queue.js';
import { acquireZ3, releaseZ3 } from '../src/runtime.js';

const cross: NonogramPuzzle = { kind: 'nonogram', width: 3, height: 3, rows: [[1], [3], [1]], columns: [[1], [3], [1]], givens: [], meta: {} };
// The seed's model as written needs minutes for GCHQ (see README): a solve that is still in
// its first check after a second.
const gchq = loadSeedPuzzles().find((s) => s.file === 'gchq-2015.json')!.puzzle as NonogramPuzzle;
const slowVariant = { form: 'packed', occurrences: 'count', bounds: 'loose', solver: {} } as const;

describe('Z3 runtime lifecycle', () => {
  it('solves without init (Z3 loads lazily), and again after dispose', async () => {
    const engine = createZ3Engine();
    for (let round = 0; round < 2; round++) {
      const result = await engine.solve(cross);
      expect(result.verdict).toBe('unique');
      expect(verify(cross, result.solutions[0]!).ok).toBe(true);
      expect(result.solutions[0]!.cells[4]).toBe(FILLED);
      await engine.dispose!();
    }
  });

  it('disposing one engine leaves another engine working', async () => {
    const a = createZ3Engine();
    const b = createZ3PrefixEngine();
    await a.init!();
    await b.init!();
    await a.dispose!();
    expect((await b.solve(cross)).verdict).toBe('unique');
    expect((await a.solve(cross)).verdict).toBe('unique');
    await a.dispose!();
    await b.dispose!();
  });

  it('dispose() during a solve interrupts it: incomplete/aborted, and dispose returns', async () => {
    const engine = createZ3PrefixEngine(slowVariant);
    await engine.init!();
    const solving = engine.solve(gchq, { timeLimitMs: 60_000 });
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const start = performance.now();
    await engine.dispose!();
    const result = await solving;
    expect(performance.now() - start).toBeLessThan(5000);
    expect(result.verdict).toBe('incomplete');
    if (result.verdict === 'incomplete') expect(result.reason).toBe('aborted');
  });

  it('a time limit stops a check that would run for minutes: incomplete/time-limit', async () => {
    const engine = createZ3PrefixEngine(slowVariant);
    await engine.init!();
    const start = performance.now();
    const result = await engine.solve(gchq, { timeLimitMs: 1500 });
    expect(performance.now() - start).toBeLessThan(6500);
    expect(result.verdict).toBe('incomplete');
    if (result.verdict === 'incomplete') expect(result.reason).toBe('time-limit');
    // At most the one check: under load the deadline can pass while the model is still being built.
    expect(result.stats.counters['checks']).toBeLessThanOrEqual(1);
    await engine.dispose!();
  });

  it('solves started together take turns on the shared context; both are right', async () => {
    const a = createZ3Engine();
    const b = createZ3PrefixEngine();
    const seed15 = loadSeedPuzzles().find((s) => s.file === 'z3-prefix-15x15.json')!.puzzle as NonogramPuzzle;
    const [ra, rb, rc] = await Promise.all([a.solve(gchq), b.solve(seed15), a.solve(cross)]);
    expect([ra.verdict, rb.verdict, rc.verdict]).toEqual(['unique', 'unique', 'unique']);
    expect(verify(gchq, ra.solutions[0]!).ok).toBe(true);
    expect(verify(seed15, rb.solutions[0]!).ok).toBe(true);
    expect(verify(cross, rc.solutions[0]!).ok).toBe(true);
    await a.dispose!();
    await b.dispose!();
  });

  it('a solve still waiting for the context stops on abort or time limit without waiting its turn', async () => {
    const slow = createZ3PrefixEngine(slowVariant);
    const quick = createZ3Engine();
    await slow.init!();
    const blocking = slow.solve(gchq, { timeLimitMs: 60_000 });
    // Models are built in slices that yield: wait until the slow one has finished building and
    // holds the context (well under a second alone, a few seconds beside other test suites).
    const api = await acquireZ3();
    for (let waited = 0; !checkQueueFor(api).running; waited += 50) {
      expect(waited, 'the slow solve never started its check').toBeLessThan(30_000);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await releaseZ3();
    const start = performance.now();
    const aborted = await quick.solve(cross, { signal: AbortSignal.timeout(200) });
    const timedOut = await quick.solve(cross, { timeLimitMs: 200 });
    expect(performance.now() - start).toBeLessThan(5000);
    for (const [result, reason] of [[aborted, 'aborted'], [timedOut, 'time-limit']] as const) {
      expect(result.verdict).toBe('incomplete');
      if (result.verdict === 'incomplete') expect(result.reason).toBe(reason);
    }
    await slow.dispose!();
    expect((await blocking).verdict).toBe('incomplete');
    expect((await quick.solve(cross)).verdict).toBe('unique');
    await quick.dispose!();
  });

  it('solve after solve, Z3\'s heap stays the same size: each solve frees its context', async () => {
    // A context per solve left to the JS garbage collector filled Z3's fixed 2 GB heap after
    // about 200 solves (terms.ts). Z3's own count of what it holds shows such a leak at once:
    // a 3x3 puzzle's context that is not deleted keeps about 8.7 MB.
    const api = await acquireZ3();
    const engine = createZ3Engine();
    const solveTimes = async (n: number) => {
      for (let i = 0; i < n; i++) expect((await engine.solve(cross)).verdict).toBe('unique');
    };
    await solveTimes(5);
    const before = api.Z3.get_estimated_alloc_size();
    await solveTimes(40);
    const grown = Number(api.Z3.get_estimated_alloc_size() - before);
    expect(grown).toBeLessThan(1_000_000);
    await engine.dispose!();
    await releaseZ3();
  });

  const runChild = (args: string[]): Promise<{ code: number | null; out: string; hung: boolean }> =>
    new Promise((resolve, reject) => {
      const script = fileURLToPath(new URL('./fixtures/solve-and-exit.ts', import.meta.url));
      const child = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', script, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
      let out = '';
      child.stdout.on('data', (d: Buffer) => (out += d.toString()));
      child.stderr.on('data', (d: Buffer) => (out += d.toString()));
      let hung = false;
      // The script takes 2-4 s; one still running after 30 s is hanging.
      const timer = setTimeout(() => {
        hung = true;
        child.kill('SIGKILL');
      }, 30_000);
      child.on('error', reject);
      child.on('exit', (code) => {
        clearTimeout(timer);
        resolve({ code, out, hung });
      });
    });

  it('a process that disposes the engines ends Z3\'s worker threads and exits by itself', async () => {
    const { code, out, hung } = await runChild([]);
    expect(hung, out).toBe(false);
    expect(code, out).toBe(0);
    expect(out).toContain('z3 unique');
    expect(out).toContain('z3-prefix unique');
    expect(out).toMatch(/time limit (incomplete|multiple)/);
    const counts = /threads before=(\d+) with-z3=(\d+) after=(\d+)/.exec(out);
    expect(counts, out).not.toBeNull();
    const [before, withZ3, after] = counts!.slice(1).map(Number) as [number, number, number];
    expect(withZ3, 'Z3 runs checks on worker threads').toBeGreaterThan(before);
    expect(after, 'threads left after dispose()').toBeLessThanOrEqual(before);
  });
});
