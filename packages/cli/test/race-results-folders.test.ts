// Where races write: a folder of their own per race with race-results/latest moved to the
// newest, so no race replaces another's results; an interrupted race writes what finished and
// says so in its last line; the plan line before the first task counts the tasks.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, readlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CLI, REPO } from './run-cli.js';

const SMALL = join(REPO, 'puzzles/seed/z3-prefix-15x15.json');

function raceIn(cwd: string, args: string[]) {
  return spawnSync(process.execPath, [CLI, 'race', ...args], { cwd, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' }, timeout: 120_000 });
}

describe('race results folders', () => {
  it('writes each race to its own folder and points race-results/latest at the newest', () => {
    const cwd = mkdtempSync(join(tmpdir(), 'gridrace-folders-'));
    const first = raceIn(cwd, ['-e', 'bitmask', '-p', SMALL, '--iterations', '1', '--no-calibration']);
    expect(first.status).toBe(0);
    expect(first.stderr).toMatch(/^race: 1 tasks on 1 puzzles; about \d+ s or more \(each slow solve adds up to the 10 s limit\)$/m);
    const second = raceIn(cwd, ['-e', 'wasm', '-p', SMALL, '--iterations', '1', '--no-calibration']);
    expect(second.status).toBe(0);
    const runs = readdirSync(join(cwd, 'race-results')).filter((d) => d !== 'latest').sort();
    expect(runs).toHaveLength(2);
    for (const run of runs) expect(run).toMatch(/^\d{8}-\d{6}(-[0-9a-f]{7}\+?)?(-\d+)?$/);
    // Both results kept, each with its own engine; latest is the second race.
    const engineOf = (dir: string) => JSON.parse(readFileSync(join(cwd, 'race-results', dir, 'results.json'), 'utf8')).tasks[0].engine;
    expect(runs.map(engineOf).sort()).toEqual(['bitmask', 'wasm']);
    expect(engineOf(readlinkSync(join(cwd, 'race-results', 'latest')))).toBe('wasm');
    expect(engineOf('latest')).toBe('wasm');
  });

  it('an interrupted race keeps the earlier results, writes what finished and ends its output with "interrupted"', async () => {
    const cwd = mkdtempSync(join(tmpdir(), 'gridrace-interrupt-'));
    expect(raceIn(cwd, ['-e', 'bitmask', '-p', SMALL, '--iterations', '1', '--no-calibration']).status).toBe(0);
    const before = readdirSync(join(cwd, 'race-results')).filter((d) => d !== 'latest');
    // naive on GCHQ and more: long enough to be interrupted after the first task has ended.
    const child = spawn(process.execPath, [CLI, 'race', '-e', 'bitmask,naive', '-p', join(REPO, 'puzzles/seed'), '-k', 'nonogram', '--time', '2', '--no-calibration', '--no-progress'], {
      cwd,
      env: { ...process.env, NO_COLOR: '1' },
    });
    let stdout = '';
    let stderr = '';
    let sent = false;
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => {
      stderr += c.toString();
      // One Ctrl-C: a second one ends the process at once, as on a terminal.
      if (!sent && /^\[1\/\d+\]/m.test(stderr)) {
        sent = true;
        child.kill('SIGINT');
      }
    });
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect(code).toBe(3);
    expect(stdout.trim().split('\n').at(-1)).toMatch(/^race interrupted: \d+ of 6 tasks finished; their results are in race-results\/\S+$/);
    const after = readdirSync(join(cwd, 'race-results')).filter((d) => d !== 'latest');
    expect(after).toHaveLength(2);
    for (const dir of before) expect(existsSync(join(cwd, 'race-results', dir, 'results.json'))).toBe(true);
    const partial = JSON.parse(readFileSync(join(cwd, 'race-results', 'latest', 'results.json'), 'utf8'));
    expect(partial.aborted).toBe(true);
    expect(partial.tasks.length).toBeGreaterThanOrEqual(1);
    expect(readFileSync(join(cwd, 'race-results', 'latest', 'summary.md'), 'utf8')).toMatch(/\*\*interrupted\*\*/);
  }, 120_000);
});
