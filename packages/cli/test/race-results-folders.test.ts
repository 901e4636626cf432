// Where races write: a folder of their own per race with race-results/latest moved to the
// newest, so no race replaces another's results; an interrupted race writes what finished and
// says so in its last line; the plan line before the first task counts the tasks. An --out
// folder with another race's results is refused without --force, one another race is writing
// is refused always, a failed write leaves the earlier files whole, and compare and merge
// refuse the same broken results files.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, readlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { CLI, CLI_ENV, REPO } from './run-cli.js';

const SMALL = join(REPO, 'puzzles/seed/z3-prefix-15x15.json');

function raceIn(cwd: string, args: string[]) {
  return spawnSync(process.execPath, [CLI, 'race', ...args], { cwd, encoding: 'utf8', env: { ...CLI_ENV, NO_COLOR: '1' }, timeout: 120_000 });
}

describe('race results folders', () => {
  it('writes each race to its own folder and points race-results/latest at the newest', () => {
    const cwd = mkdtempSync(join(tmpdir(), 'gridrace-folders-'));
    const first = raceIn(cwd, ['-e', 'bitmask', '-p', SMALL, '--iterations', '1', '--no-calibration']);
    expect(first.status).toBe(0);
    expect(first.stderr).toMatch(/^race: 1 tasks on 1 puzzles; about \d+ s or more \(no earlier race of these tasks timed this way to go by; each slow solve adds up to the 10 s limit\)$/m);
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
    const child = spawn(process.execPath, [CLI, 'race', '-e', 'bitmask,naive', '-p', join(REPO, 'puzzles/seed'), '-k', 'nonogram', '--time', '1', '--no-calibration', '--no-progress'], {
      cwd,
      env: { ...CLI_ENV, NO_COLOR: '1' },
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

  const ONE_RACE = ['-e', 'bitmask', '-p', SMALL, '--iterations', '1', '--no-calibration', '-q'];

  it('says before a race how long the same tasks took in the last race timed the same way', () => {
    const cwd = mkdtempSync(join(tmpdir(), 'gridrace-estimate-'));
    const args = ['-e', 'bitmask,naive', '-p', join(REPO, 'puzzles/seed/gchq-2015.json'), '-p', SMALL, '--iterations', '2', '--no-calibration', '--no-progress'];
    expect(raceIn(cwd, args).status).toBe(0);
    const [firstDir] = readdirSync(join(cwd, 'race-results')).filter((d) => d !== 'latest');
    const first = JSON.parse(readFileSync(join(cwd, 'race-results', firstDir!, 'results.json'), 'utf8'));
    // What the first race's file says the four tasks took, with its time between tasks.
    const sum = first.tasks.reduce((s: number, t: { overhead: { wallMs: number } }) => s + t.overhead.wallMs, 0);
    const expected = Math.max(1, Math.round(Math.max(sum, first.summary.wallMs) / 1000));
    const second = raceIn(cwd, args);
    expect(second.status).toBe(0);
    expect(second.stderr).toContain(`race: 4 tasks on 2 puzzles; about ${expected} s (as these tasks took in the race in race-results/${firstDir})`);
    // Timed another way (another sample count): the first race is no guide.
    const other = raceIn(cwd, [...args.slice(0, -4), '--iterations', '3', '--no-calibration', '--no-progress']);
    expect(other.stderr).toMatch(/about \d+ s or more \(no earlier race of these tasks timed this way to go by/);
  });
  const filesOf = (dir: string) => Object.fromEntries(readdirSync(dir).sort().map((f) => [f, readFileSync(join(dir, f), 'utf8')]));

  it('refuses an --out folder that holds another race\'s results before racing, and replaces them with --force', () => {
    const out = join(mkdtempSync(join(tmpdir(), 'gridrace-out-')), 'run');
    expect(raceIn(REPO, [...ONE_RACE, '-o', out]).status).toBe(0);
    const before = filesOf(out);
    const again = raceIn(REPO, ['-e', 'wasm', '-p', SMALL, '--iterations', '1', '--no-calibration', '-o', out]);
    expect(again.status).toBe(5);
    expect(again.stderr.trim()).toBe(`gridrace: ${out} holds another race's results (results.json); give another --out, or --force to replace them`);
    expect(again.stderr).not.toMatch(/\[1\/1\]/); // refused before the first task
    expect(filesOf(out)).toEqual(before);
    const forced = raceIn(REPO, ['-e', 'wasm', '-p', SMALL, '--iterations', '1', '--no-calibration', '-q', '-o', out, '--force']);
    expect(forced.status).toBe(0);
    expect(JSON.parse(readFileSync(join(out, 'results.json'), 'utf8')).tasks[0].engine).toBe('wasm');
    expect(readdirSync(out).sort()).toEqual(['benchmark.json', 'report.html', 'results.json', 'summary.md']);
  });

  it('refuses a folder another running race is writing, with one line, and takes over the lock of a race that died', async () => {
    const out = mkdtempSync(join(tmpdir(), 'gridrace-busy-'));
    // A real race still running for seconds, idle: its engine waits 2 s per solve, so the
    // second task is still running after the first one's line.
    const sleeper = join(mkdtempSync(join(tmpdir(), 'gridrace-sleeper-')), 'sleeper.mjs');
    writeFileSync(
      sleeper,
      `import { makeResult, registerEngine } from '${pathToFileURL(join(REPO, 'packages/core/dist/index.js')).href}';
registerEngine({ name: 'cli-sleep', kind: 'nonogram', description: 'waits 2 s, then says none', solve: () => new Promise((resolve) => setTimeout(() => resolve(makeResult([], null, { timeMs: 2000, counters: {} })), 2000)) });
`,
    );
    const puzzles = ['-p', SMALL, '-p', join(REPO, 'puzzles/seed/gchq-2015.json')];
    const first = spawn(process.execPath, [CLI, 'race', '--load', sleeper, '-e', 'cli-sleep', ...puzzles, '--iterations', '1', '--no-calibration', '--no-progress', '-o', out], {
      cwd: REPO,
      env: { ...CLI_ENV, NO_COLOR: '1' },
    });
    let firstErr = '';
    const started = new Promise<void>((resolve) => first.stderr.on('data', (c: Buffer) => ((firstErr += c.toString()), /^\[1\/\d+\]/m.test(firstErr) && resolve())));
    const firstDone = new Promise<number | null>((resolve) => first.on('close', resolve));
    await started;
    const second = raceIn(REPO, [...ONE_RACE, '-o', out]);
    expect(second.status).toBe(5);
    expect(second.stderr.trim()).toBe(`gridrace: ${out}: another race (process ${first.pid}) is writing its results there; wait for it to end, or give another --out`);
    // The sleeper says "none" to puzzles with a solution: a wrong verdict, exit 6, results written.
    expect(await firstDone).toBe(6);
    expect(JSON.parse(readFileSync(join(out, 'results.json'), 'utf8')).tasks.map((t: { engine: string }) => t.engine)).toEqual(['cli-sleep', 'cli-sleep']);
    expect(existsSync(join(out, '.race.lock'))).toBe(false);

    // A lock whose process is gone (a race killed with SIGKILL) does not block the next race.
    const dead = mkdtempSync(join(tmpdir(), 'gridrace-stale-'));
    const gone = spawnSync(process.execPath, ['-e', 'console.log(process.pid)'], { encoding: 'utf8' });
    writeFileSync(join(dead, '.race.lock'), gone.stdout);
    expect(raceIn(REPO, [...ONE_RACE, '-o', dead]).status).toBe(0);
    expect(existsSync(join(dead, 'results.json'))).toBe(true);
    expect(existsSync(join(dead, '.race.lock'))).toBe(false);
  }, 120_000);

  it('leaves the earlier results whole, and no temporary files, when writing fails', () => {
    const out = join(mkdtempSync(join(tmpdir(), 'gridrace-full-')), 'run');
    expect(raceIn(REPO, [...ONE_RACE, '-o', out]).status).toBe(0);
    const before = filesOf(out);
    // A file size limit of 16 KiB: results.json fits, report.html (about 200 kB) does not, so
    // the write fails part way, as on a full disk (Node turns the signal into EFBIG).
    const limited = spawnSync('bash', ['-c', `ulimit -f 16; exec "${process.execPath}" "${CLI}" race ${[...ONE_RACE, '-o', out, '--force'].map((a) => `'${a}'`).join(' ')}`], {
      cwd: REPO,
      encoding: 'utf8',
      env: { ...CLI_ENV, NO_COLOR: '1' },
    });
    expect(limited.status).toBe(4);
    expect(limited.stderr.trim()).toMatch(new RegExp(`^gridrace: ${out}: cannot write the results: EFBIG: file too large, write$`));
    expect(filesOf(out)).toEqual(before);
  });

  it('compare and merge refuse a results file with a task twice, with the same message', () => {
    const out = join(mkdtempSync(join(tmpdir(), 'gridrace-twice-')), 'run');
    expect(raceIn(REPO, [...ONE_RACE, '-o', out]).status).toBe(0);
    const good = join(out, 'results.json');
    const results = JSON.parse(readFileSync(good, 'utf8'));
    results.tasks.push(results.tasks[0]);
    const twice = join(out, 'twice.json');
    writeFileSync(twice, JSON.stringify(results));
    const expected = `gridrace: ${twice}: not a valid results file: the task of bitmask on ${results.tasks[0].puzzle} is there twice`;
    const compare = raceIn(REPO, ['compare', good, twice]);
    expect(compare.status).toBe(4);
    expect(compare.stderr.trim()).toBe(expected);
    const merge = raceIn(REPO, ['merge', twice, '-o', join(out, 'merged')]);
    expect(merge.status).toBe(4);
    expect(merge.stderr.trim()).toBe(expected);
  });
});
