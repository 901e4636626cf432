// The external engine against scripted solvers that misbehave (fixtures/fake-solver.mjs): each
// failure must come back as what it is, and nothing the program started may outlive the solve.
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { verify, type NonogramPuzzle } from '@gridrace/core';
import { describe, expect, it } from 'vitest';
import { createExternalEngine, type ExternalEngineDefinition } from '../src/index.js';
import { alive, gone, pidFrom } from './helpers.js';

const FAKE = fileURLToPath(new URL('./fixtures/fake-solver.mjs', import.meta.url));
const scratch = mkdtempSync(join(tmpdir(), 'gridrace-external-test-'));

function fake(mode: string, extra: Partial<ExternalEngineDefinition> = {}, pidFile?: string) {
  const definition: ExternalEngineDefinition = {
    name: `fake-${mode}`,
    program: process.execPath,
    args: [FAKE, mode, '{input}', ...(pidFile ? [pidFile] : [])],
    input: 'nin',
    output: 'grids',
    ...extra,
  };
  return createExternalEngine(definition, process.execPath);
}

/** Two solutions: the diagonals of a 2x2. */
const twoByTwo: NonogramPuzzle = { kind: 'nonogram', width: 2, height: 2, rows: [[1], [1]], columns: [[1], [1]], givens: [], meta: {} };
/** One solution. */
const corner: NonogramPuzzle = { kind: 'nonogram', width: 2, height: 2, rows: [[2], [1]], columns: [[2], [1]], givens: [], meta: {} };

/**
 * A hanging program that starts in a millisecond (sh, not Node), so a short time limit cannot
 * expire before it has started the child whose death the test checks: under load a Node
 * program once took longer than the 500 ms limit just to start.
 */
function shellHang(pidFile: string): ExternalEngineDefinition {
  return { name: 'sh-hang', program: 'sh', args: ['-c', 'sleep 1000 & echo $! > "$1"; wait', 'sh', pidFile], input: 'nin', output: 'grids' };
}

describe('external engine with a misbehaving program', () => {
  it('passes on a wrong solution as given, so the verifier (and the race) can refuse it', async () => {
    const result = await fake('wrong').solve(corner);
    expect(result.verdict).toBe('unique');
    expect(verify(corner, result.solutions[0]!).ok).toBe(false);
  });

  it('reports a correct first solution and its CPU time, measured from outside', async () => {
    const result = await fake('unique-first').solve(corner);
    expect(result.verdict).toBe('unique');
    expect(verify(corner, result.solutions[0]!).ok).toBe(true);
    // A Node program's start-up alone takes several ms of CPU; none would mean nothing was measured.
    expect(result.stats.process?.cpuMs).toBeGreaterThan(1);
    expect(result.stats.process?.wallMs).toBeGreaterThan(0);
  });

  it('a first-solution solver (verdict: false) answers incomplete/solution-limit', async () => {
    const result = await fake('unique-first', { capabilities: { verdict: false } }).solve(corner);
    expect(result.verdict).toBe('incomplete');
    if (result.verdict === 'incomplete') expect(result.reason).toBe('solution-limit');
    expect(verify(corner, result.solutions[0]!).ok).toBe(true);
  });

  it('a hanging program is killed at the time limit, with the child it started', async () => {
    const pidFile = join(scratch, 'hang-limit.pid');
    const started = performance.now();
    const solving = createExternalEngine(shellHang(pidFile), '/bin/sh').solve(corner, { timeLimitMs: 1000 });
    const child = await pidFrom(pidFile);
    expect(alive(child)).toBe(true);
    const result = await solving;
    expect(result.verdict).toBe('incomplete');
    if (result.verdict === 'incomplete') expect(result.reason).toBe('time-limit');
    expect(performance.now() - started).toBeLessThan(10_000);
    expect(await gone(child)).toBe(true);
  });

  it('abort() kills a hanging program and its child', async () => {
    const pidFile = join(scratch, 'hang-abort.pid');
    const controller = new AbortController();
    const solving = fake('hang', {}, pidFile).solve(corner, { signal: controller.signal });
    const child = await pidFrom(pidFile);
    controller.abort();
    const result = await solving;
    expect(result.verdict).toBe('incomplete');
    if (result.verdict === 'incomplete') expect(result.reason).toBe('aborted');
    expect(await gone(child)).toBe(true);
  });

  it('a crash is an error naming the signal', async () => {
    await expect(fake('crash').solve(corner)).rejects.toThrow(/fake-crash was killed by SIGABRT/);
  });

  it('garbage output is an error quoting it', async () => {
    await expect(fake('garbage').solve(corner)).rejects.toThrow(/unrecognised output \(no verdict word\); it began: "%%%% segment 7 ok, 42 widgets"/);
  });

  it('an exit code outside answerExitCodes is an error; inside, the answer is read', async () => {
    await expect(fake('exit3').solve(corner)).rejects.toThrow(/exited with code 3/);
    const result = await fake('exit3', { answerExitCodes: [0, 3] }).solve(corner);
    expect(result.verdict).toBe('unique');
    expect(verify(corner, result.solutions[0]!).ok).toBe(true);
  });

  it('"multiple" with one solution breaks the contract and is an error, not a verdict', async () => {
    const definition: ExternalEngineDefinition = { name: 'says-multiple', program: 'sh', args: ['-c', 'echo multiple; echo "#."; echo ".#"'], input: 'nin', output: 'grids' };
    await expect(createExternalEngine(definition, '/bin/sh').solve(twoByTwo)).rejects.toThrow(/said multiple but gave 1 solution/);
  });

  it('declines given cells it cannot read, and sides past maxSide, as incomplete/limit', async () => {
    const withGiven: NonogramPuzzle = { ...corner, givens: [{ row: 0, col: 0, filled: true }] };
    const given = await fake('unique-first').solve(withGiven);
    expect(given.verdict === 'incomplete' && given.reason === 'limit' && given.message).toMatch(/cannot read given cells/);
    const big = await fake('unique-first', { capabilities: { maxSide: 1 } }).solve(corner);
    expect(big.verdict === 'incomplete' && big.message).toMatch(/sides up to 1/);
  });

  it('init() fails with the reason when the program cannot start here', async () => {
    await expect(fake('crash').init!()).rejects.toThrow(/SIGABRT/);
  });
});

describe('the lifeline', () => {
  it('a worker thread terminated mid-solve takes its program and the child with it', async () => {
    const pidFile = join(scratch, 'hang-worker.pid');
    // A thread needs plain JS: the worker imports the built module, and runs without the test
    // run's `source` export condition (execArgv), so that its imports resolve to built code too.
    const built = new URL('../dist/run.js', import.meta.url);
    expect(existsSync(fileURLToPath(built)), 'the package is built').toBe(true);
    writeFileSync(join(scratch, 'corner.nin'), '2 2\n2\n1\n2\n1\n');
    const worker = new Worker(
      `import { runProgram } from ${JSON.stringify(built.href)};
       runProgram({ command: [process.execPath, ${JSON.stringify(FAKE)}, 'hang', ${JSON.stringify(join(scratch, 'corner.nin'))}, ${JSON.stringify(pidFile)}] });`,
      { eval: true, execArgv: [] },
    );
    const child = await pidFrom(pidFile);
    expect(alive(child)).toBe(true);
    await worker.terminate();
    expect(await gone(child)).toBe(true);
  });
});
