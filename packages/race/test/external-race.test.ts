// External engines in the race: scripted solvers that misbehave (the external engine package's
// fixtures) beside a built-in engine; each failure is recorded as what it is, the cross-check
// refutes a wrong verdict, and no program outlives its task.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { unregisterEngine, type NonogramPuzzle } from '@gridrace/core';
import { registerExternalEngines, type ExternalEngineDefinition } from '@gridrace/engine-external';
import { afterAll, describe, expect, it } from 'vitest';
import { Race, parseResults } from '../src/index.js';
import { entry, processGone } from './helpers.js';

const FAKE = fileURLToPath(new URL('../../engine-external/test/fixtures/fake-solver.mjs', import.meta.url));
const scratch = mkdtempSync(join(tmpdir(), 'gridrace-external-race-'));
const pidFile = join(scratch, 'hang.pid');

const fake = (mode: string): ExternalEngineDefinition => ({
  name: `fake-${mode}`,
  program: process.execPath,
  args: [FAKE, mode, '{input}', ...(mode === 'hang' ? [pidFile] : [])],
  input: 'nin',
  output: 'grids',
});
const { engines } = registerExternalEngines(['wrong', 'hang', 'crash', 'garbage', 'unique-first'].map(fake));
afterAll(() => {
  for (const e of engines) unregisterEngine(e.name);
  rmSync(scratch, { recursive: true, force: true });
});

const corner: NonogramPuzzle = { kind: 'nonogram', width: 2, height: 2, rows: [[2], [1]], columns: [[2], [1]], givens: [], meta: { title: 'corner' } };
const diagonals: NonogramPuzzle = { kind: 'nonogram', width: 2, height: 2, rows: [[1], [1]], columns: [[1], [1]], givens: [], meta: { title: 'diagonals' } };

describe('a race with external engines', () => {
  it("counts the program's memory in the race's memory watch", async () => {
    const { engines: eaters } = registerExternalEngines([{ ...fake('eat'), name: 'fake-eat' }]);
    try {
      const race = new Race({ puzzles: [entry(corner, 'corner')], engines: ['fake-eat'], timeLimitMs: 20_000, memoryMb: 256, calibration: false });
      const results = await race.run();
      expect(results.tasks[0]).toMatchObject({ state: 'oom' });
      expect(results.tasks[0]!.message).toMatch(/resident memory grew by \d+ MB, over the 256 MB cap/);
    } finally {
      for (const e of eaters) unregisterEngine(e.name);
    }
  }, 60_000);

  // Many races of real worker threads and programs: about 20 s alone, three times that beside
  // the other suites of the test command.
  it("records each misbehaviour as what it is, refutes a wrong verdict, and times the honest program on the race's clock", { timeout: 180_000 }, async () => {
    const race = new Race({
      puzzles: [entry(corner, 'corner'), entry(diagonals, 'diagonals')],
      engines: ['bitmask', ...engines.map((e) => e.name)],
      // Generous for the Node-scripted programs: under load one takes a second just to start.
      timeLimitMs: 4000,
      graceMs: 1000,
      timing: { iterations: 3 },
      calibration: false,
      clock: 'wall',
    });
    const results = await race.run();
    const task = (engine: string, puzzle: string) => results.tasks.find((t) => t.engine === `fake-${engine}` && t.puzzle === puzzle)!;

    expect(task('hang', 'corner').state).toBe('timeout');
    expect(task('crash', 'corner')).toMatchObject({ state: 'errored' });
    expect(task('crash', 'corner').message).toMatch(/init: fake-crash was killed by SIGABRT/);
    expect(task('garbage', 'corner').state).toBe('errored');
    expect(task('garbage', 'corner').message).toMatch(/unrecognised output \(no verdict word\)/);

    expect(task('wrong', 'corner').verified).toBe(false);
    expect(results.disagreements.some((d) => d.puzzle === 'corner' && /fake-wrong returned a solution that fails verification/.test(d.message))).toBe(true);
    // "unique" on a puzzle with two solutions: bitmask's two verified solutions refute it.
    expect(task('unique-first', 'diagonals')).toMatchObject({ state: 'completed', verdict: 'unique', verified: true });
    expect(results.disagreements.some((d) => d.puzzle === 'diagonals' && d.verdicts['fake-unique-first'] === 'unique' && d.verdicts.bitmask === 'multiple')).toBe(true);

    // The honest answer is timed: three runs of the program on the race's clock (its wall
    // time here), its start-up beside it on both clocks.
    const honest = task('unique-first', 'corner');
    expect(honest).toMatchObject({ state: 'completed', verdict: 'unique', verified: true });
    expect(honest.samples?.n).toBe(3);
    expect(results.options.clock).toBe('wall');
    expect(honest.process).toMatchObject({ cpuMeasured: false });
    expect(honest.process!.wallMedian).toBeGreaterThan(0);
    expect(honest.process!.startupCpuMs).toBeGreaterThan(0);
    expect(honest.process!.startupWallMs).toBeGreaterThanOrEqual(honest.process!.startupCpuMs! * 0.5);
    expect(results.engines.find((e) => e.name === 'fake-unique-first')?.program).toBe(process.execPath);
    expect(results.engines.find((e) => e.name === 'bitmask')?.program).toBeUndefined();

    // The hanging program's child was killed with its group.
    expect(existsSync(pidFile)).toBe(true);
    const child = Number(readFileSync(pidFile, 'utf8'));
    expect(await processGone(child)).toBe(true);

    // What the race writes passes its own schema.
    expect(() => parseResults(JSON.stringify(results), 'results.json')).not.toThrow();
  });
});
