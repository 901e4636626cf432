import { describe, expect, it } from 'vitest';
import { DEFAULT_REACH } from '@gridrace/generate';
import { ExitCode } from '../src/index.js';
import { gridrace, hasStackTrace } from './run-cli.js';

describe('gridrace generate arrowpath', () => {
  it('makes the same sparse puzzle for the same seed, which both arrow-path engines solve uniquely', () => {
    const first = gridrace(['generate', 'arrowpath', '6x6', '--seed', 'cli-test']);
    const second = gridrace(['generate', 'arrowpath', '6x6', '--seed', 'cli-test']);
    expect(first.code).toBe(ExitCode.OK);
    expect(first.stdout).toBe(second.stdout);
    expect(first.stdout).toMatch(/^6x6:[0-9a-h]+\n$/);
    expect(first.stderr).toMatch(/^6x6 seed cli-test: \d+ of 36 cells given \(\d+\.\d%\), unique/);
    const givens = (first.stdout.slice(4).match(/\d+/g) ?? []).length;
    expect(givens).toBeLessThan(36 / 2);
    for (const engine of ['arrowpath', 'arrowpath-dfs']) {
      const solved = gridrace(['solve', '-', '--engine', engine, '--json'], first.stdout);
      expect(solved.code).toBe(ExitCode.OK);
      expect(JSON.parse(solved.stdout).results[0]).toMatchObject({ verdict: 'unique', verified: true });
    }
  });

  it('checks removals with all of the engine\'s deductions with --thorough: a unique puzzle the engines agree on', () => {
    const run = gridrace(['generate', 'arrowpath', '12x12', '--seed', 'cli-test', '--thorough']);
    expect(run.code, run.stderr).toBe(ExitCode.OK);
    expect(run.stderr).toMatch(/^12x12 seed cli-test: \d+ of 144 cells given \(\d+\.\d%\), unique/);
    const solved = gridrace(['solve', '-', '--engine', 'arrowpath', '--json'], run.stdout);
    expect(JSON.parse(solved.stdout).results[0]).toMatchObject({ verdict: 'unique', verified: true });
  });

  it('--reach bounds how far back each check works out again: a short reach keeps more givens; "all" is the whole path; the help names the default', () => {
    const count = (stderr: string) => Number(/: (\d+) of 400 cells given/.exec(stderr)?.[1]);
    const near = gridrace(['generate', 'arrowpath', '20x20', '--seed', '4', '--reach', '5']);
    const all = gridrace(['generate', 'arrowpath', '20x20', '--seed', '4', '--reach', 'all']);
    expect(near.code, near.stderr).toBe(ExitCode.OK);
    expect(all.code, all.stderr).toBe(ExitCode.OK);
    expect(count(near.stderr)).toBeGreaterThan(count(all.stderr));
    const solved = gridrace(['solve', '-', '--engine', 'arrowpath', '--json'], near.stdout);
    expect(JSON.parse(solved.stdout).results[0]).toMatchObject({ verdict: 'unique', verified: true });
    expect(gridrace(['generate', '--help']).stdout.replace(/\s+/g, ' ')).toContain(`(default ${DEFAULT_REACH};`);
  });

  it('picks a seed when none is given, names it, and that seed makes the same puzzle again', () => {
    const picked = gridrace(['generate', 'arrowpath', '5x5']);
    expect(picked.code).toBe(ExitCode.OK);
    const seed = /^5x5 seed (\d+) \(picked at random; --seed gives the same puzzle again\): /.exec(picked.stderr)?.[1];
    expect(seed, picked.stderr).toBeDefined();
    expect(gridrace(['generate', 'arrowpath', '5x5', '--seed', seed!]).stdout).toBe(picked.stdout);
  });

  it('stops at the share of givens --givens asks for, and says it reached it', () => {
    const run = gridrace(['generate', 'arrowpath', '10x10', '--seed', '3', '--givens', '60%']);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toMatch(/: 60 of 100 cells given \(60\.0%\) \(target 60% reached\), unique/);
    const solved = gridrace(['solve', '-', '-e', 'arrowpath'], run.stdout);
    expect(solved.code, solved.stderr).toBe(0);
    for (const [args, message] of [
      [['generate', 'arrowpath', '5x5', '--seed', '1', '--givens', '2'], /argument '2' is invalid\. expected a share of the cells from 0 to 1/],
      [['generate', 'nonogram', '5x5', '--seed', '1', '--givens', '0.5'], /--givens is for arrow paths/],
      [['generate', 'nonogram', '5x5', '--seed', '1', '--thorough'], /--thorough is for arrow paths/],
      [['generate', 'nonogram', '5x5', '--seed', '1', '--reach', '10'], /--reach is for arrow paths/],
      [['generate', 'arrowpath', '5x5', '--seed', '1', '--reach', '0'], /argument '0' is invalid\. expected a whole number of steps from 1, or "all"/],
      [['generate', 'arrowpath', '5x5', '--seed', '1', '--reach', 'far'], /argument 'far' is invalid/],
    ] as const) {
      const r = gridrace([...args]);
      expect(r.code).toBe(5);
      expect(r.stderr).toMatch(message);
    }
  });

  it('puts 1 and N in the corners with --corners, as JSON', () => {
    const run = gridrace(['generate', 'arrowpath', '5x4', '--seed', '7', '--corners', '--to', 'json']);
    expect(run.code).toBe(ExitCode.OK);
    const doc = JSON.parse(run.stdout);
    expect(doc.grid[0][0][0]).toBe(1);
    expect(doc.grid[3][4][0]).toBe(20);
  });

  it.each([
    [['generate', 'arrowpath', '20by20', '--seed', '1'], /size "20by20" should be WIDTHxHEIGHT/],
    [['generate', 'sudoku', '5x5', '--seed', '1'], /cannot generate "sudoku" puzzles; supported: arrowpath, nonogram/],
  ])('rejects %j with exit code 5', (args, message) => {
    const run = gridrace(args);
    expect(run.code).toBe(ExitCode.USAGE);
    expect(run.stderr).toMatch(message);
    expect(hasStackTrace(run.stderr)).toBe(false);
  });
});
