// External engines from the command line: gridrace's own CLI (`solve --json`) run as an external
// program passes the conformance suite every engine runs and races beside the built-in engines;
// peers whose programs are missing are skipped with one line each; bad engines files are
// one-line errors.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createExternalEngine, type ExternalEngineDefinition } from '@gridrace/engine-external';
import { readPuzzle, verify } from '@gridrace/core';
import { describeEngineConformance } from '@gridrace/testkit';
import { describe, expect, it } from 'vitest';
import { CLI, CLI_ENV, hasStackTrace, REPO, tempFile } from './run-cli.js';

/** gridrace's CLI as a solver program: our JSON in (givens included), `solve --json` out. */
const SELF: ExternalEngineDefinition = {
  name: 'gridrace-cli',
  description: "gridrace's own CLI, run as an external program",
  program: process.execPath,
  args: [CLI, 'solve', '--json', '-e', 'bitmask', '-m', '{maxSolutions}', '{input}'],
  timeLimitArgs: ['-t', '{timeLimitS}'],
  input: 'json',
  output: 'gridrace-json',
  capabilities: { verdict: true, givens: true },
  // solve's exit codes for multiple, none and incomplete still come with an answer.
  answerExitCodes: [0, 1, 2, 3],
};

describeEngineConformance(createExternalEngine(SELF, process.execPath), { numRuns: 6, maxRandomSize: 4 });
// The same program on colour puzzles: our JSON holds colour and givens.
describeEngineConformance(createExternalEngine({ ...SELF, kind: 'colour-nonogram' }, process.execPath), { numRuns: 6, maxRandomSize: 4 });

describe('a colour external engine fed .g', () => {
  it('writes the puzzle in .g, reads the grid back in the palette characters: verified', async () => {
    const engine = createExternalEngine({ ...SELF, kind: 'colour-nonogram', input: 'olsak', capabilities: { verdict: true, givens: false } }, process.execPath);
    const puzzle = readPuzzle(readFileSync(join(REPO, 'puzzles/generated/nonogram-colour-search-020x020-c3-s1.json'), 'utf8'));
    if (puzzle.kind !== 'colour-nonogram') throw new Error('expected a colour nonogram');
    const result = await engine.solve(puzzle);
    expect(result.verdict).toBe('unique');
    expect(result.solutions[0]!.cells).toEqual(puzzle.solution!.cells);
    expect(verify(puzzle, result.solutions[0]!)).toEqual({ ok: true });
  });
});

function race(args: string[], env: NodeJS.ProcessEnv = {}) {
  const run = spawnSync(process.execPath, [CLI, 'race', ...args], {
    cwd: REPO,
    encoding: 'utf8',
    env: { ...CLI_ENV, NO_COLOR: '1', GRIDRACE_PEERS: '', ...env },
    timeout: 120_000,
  });
  return { code: run.status, stdout: run.stdout, stderr: run.stderr };
}

describe('race with external engines', () => {
  it('races an engines file engine beside bitmask: verified, cross-checked, marked external in every report', () => {
    const file = tempFile('engines.json', JSON.stringify([SELF]));
    const out = tempFile('external-race', '') + '-dir';
    const r = race(['--engines-file', file, '--engines', 'bitmask,gridrace-cli', '-p', 'puzzles/seed/gchq-2015.json', '--iterations', '3', '--no-calibration', '--clock', 'cpu', '--out', out]);
    expect(r.stderr).not.toSatisfy(hasStackTrace);
    expect(r.code).toBe(0);
    const results = JSON.parse(readFileSync(join(out, 'results.json'), 'utf8'));
    const task = results.tasks.find((t: { engine: string }) => t.engine === 'gridrace-cli');
    expect(task).toMatchObject({ state: 'completed', verdict: 'unique', verified: true });
    expect(task.samples.n).toBe(3);
    // On the CPU clock (the default, said here on purpose) the program's samples are its CPU time.
    expect(task.process.cpuMeasured).toBe(true);
    expect(results.disagreements).toEqual([]);
    expect(results.engines.find((e: { name: string }) => e.name === 'gridrace-cli').program).toBe(process.execPath);
    const summary = readFileSync(join(out, 'summary.md'), 'utf8');
    expect(summary).toMatch(/\| gridrace-cli \(external\) \|/);
    expect(summary).toMatch(/^## External engines$/m);
    expect(readFileSync(join(out, 'report.html'), 'utf8')).toContain('<h2>External engines</h2>');
  });

  it('skips peers whose programs are not found, one line each, and races the rest', () => {
    const out = tempFile('peers-missing', '') + '-dir';
    const r = race(['--engines', 'bitmask,nonosolve,pbnsolve', '-p', 'puzzles/seed/gchq-2015.json', '--iterations', '1', '--no-calibration', '--out', out], { PATH: '/nonexistent' });
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/^nonosolve: skipped, program "nonosolve" not found \(not in the PATH; name its folder with --peers or GRIDRACE_PEERS\)$/m);
    expect(r.stderr).toMatch(/^pbnsolve: skipped, program "pbnsolve" not found/m);
    expect(JSON.parse(readFileSync(join(out, 'results.json'), 'utf8')).tasks.map((t: { engine: string }) => t.engine)).toEqual(['bitmask']);
  });

  it.each([
    ['a missing file', ['--engines-file', 'no-such-engines.json'], /no-such-engines\.json: cannot read engines file: no such file$/m],
    ['a bad definition', ['--engines-file', tempFile('bad-engines.json', '{"name":"x","program":"y","args":[],"input":"pdf","output":"grids"}')], /bad-engines\.json\.input must be one of non, nin, json, xml, olsak$/m],
  ])('refuses %s in one line (exit 4)', (_, args, message) => {
    const r = race([...args, '-p', 'puzzles/seed/gchq-2015.json']);
    expect(r.code).toBe(4);
    expect(r.stderr).toMatch(message);
    expect(r.stderr).not.toSatisfy(hasStackTrace);
  });
});
