// `gridrace race`, `race merge` and `race compare`, run as a user runs them (the built CLI).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { CLI, CLI_ENV, gridrace, hasStackTrace, REPO } from './run-cli.js';

const scratch = mkdtempSync(join(tmpdir(), 'gridrace-race-cli-'));
const out = (name: string) => join(scratch, name);
const readResults = (dir: string) => JSON.parse(readFileSync(join(dir, 'results.json'), 'utf8'));

// Test-only engines, loaded with --load into the CLI and every worker.
const coreUrl = pathToFileURL(join(REPO, 'packages/core/dist/index.js')).href;
const engines = out('race-test-engines.mjs');
writeFileSync(
  engines,
  `import { makeResult, registerEngine } from '${coreUrl}';
registerEngine({ name: 'cli-hang', kind: 'nonogram', description: 'never returns', solve: async () => { for (;;) {} } });
registerEngine({ name: 'cli-throw', kind: 'nonogram', description: 'throws', solve: async () => { throw new Error('boom from cli-throw'); } });
registerEngine({ name: 'cli-impossible', kind: 'nonogram', description: 'unique without a solution', solve: async () => ({ verdict: 'unique', solutions: [], stats: { timeMs: 0, counters: {} } }) });
registerEngine({ name: 'cli-none', kind: 'nonogram', description: 'says none', solve: async () => makeResult([], null, { timeMs: 0, counters: {} }) });
`,
);
const SMALL = 'puzzles/seed/z3-prefix-15x15.json';

describe('gridrace race', () => {
  it('races, prints plain progress lines off a terminal, and writes the four outputs', () => {
    const dir = out('plain');
    const r = gridrace(['race', '--puzzles', 'puzzles/seed', '--kind', 'nonogram', '--engines', 'naive', '--iterations', '2', '--out', dir]);
    expect(r.stderr).not.toSatisfy(hasStackTrace);
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/^\[1\/3\] naive puzzles\/seed\/gchq-2015\.json: [\d.]+ (ms|µs) ±[\d.]+% \(unique, 2 samples\)$/m);
    expect(r.stdout).toMatch(/^race: 3 tasks, 3 completed, 0 timed out, 0 out of memory, 0 errors, 0 disagreement\(s\)/m);
    for (const f of ['results.json', 'summary.md', 'report.html', 'benchmark.json']) expect(existsSync(join(dir, f))).toBe(true);
    const results = readResults(dir);
    expect(results.tasks.map((t: { puzzle: string }) => t.puzzle)).toEqual([
      'puzzles/seed/gchq-2015.json',
      'puzzles/seed/mathematica-20x30.json',
      'puzzles/seed/z3-prefix-15x15.json',
    ]);
    expect(results.options).toMatchObject({ engines: ['naive'], timing: { iterations: 2 }, kind: 'nonogram' });
    expect(readFileSync(join(dir, 'summary.md'), 'utf8')).toContain('| puzzles/seed/gchq-2015.json | 25x25 | unique |');
  });

  it('draws a progress bar on a terminal, with "ETA ?" until a task has ended', () => {
    // util-linux's script gives the race a pseudo-terminal; CI is unset, since the bar stays off in CI.
    const dir = out('bar');
    const env = { ...CLI_ENV, NO_COLOR: '1', FORCE_COLOR: undefined, CI: undefined };
    const command = `'${process.execPath}' '${CLI}' race --puzzles puzzles/seed --kind nonogram --engines naive --iterations 2 --out '${dir}'`;
    const r = spawnSync('script', ['-qec', command, '/dev/null'], { cwd: REPO, encoding: 'utf8', env, timeout: 60_000 });
    expect(r.error, 'util-linux script (Debian: bsdutils) is needed for a terminal').toBeUndefined();
    expect(r.status).toBe(0);
    const screen = r.stdout.replace(/\x1b\[[0-9;?]*[A-Za-z]/g, '');
    expect(screen).toMatch(/ race [█░]+ 0\/3 \| (starting|naive · puzzles\/seed\/[\w.-]+) \| \d+s elapsed, ETA \?/);
    // Redraws follow each other without a line break: an ETA is read as its first known form, or as whatever follows.
    const etas = [...screen.matchAll(/ETA (\?|\d+h\d+m|\d+m\d+s|\d+s|\S+)/g)].map((m) => m[1]);
    expect(etas.length).toBeGreaterThan(0);
    for (const eta of etas) expect(eta).toMatch(/^(\?|\d+h\d+m|\d+m\d+s|\d+s)$/);
    expect(readResults(dir).tasks).toHaveLength(3);
  });

  it('records a hanging and a throwing engine, finishes, exits by itself with code 6 for the failure', () => {
    const dir = out('isolation');
    const started = Date.now();
    const r = gridrace(['race', '--load', engines, '--engines', 'cli-hang,cli-throw,naive', '--puzzles', SMALL, '--time-limit', '0.5', '--iterations', '2', '--no-calibration', '--out', dir]);
    expect(r.code).toBe(6);
    expect(r.stdout).toMatch(/^race: 3 tasks, 1 completed, 1 timed out, 0 out of memory, 1 errors?,/m);
    expect(Date.now() - started).toBeLessThan(60_000);
    const byEngine = Object.fromEntries(readResults(dir).tasks.map((t: { engine: string }) => [t.engine, t]));
    expect(byEngine['cli-hang']).toMatchObject({ state: 'timeout' });
    expect(byEngine['cli-throw']).toMatchObject({ state: 'errored' });
    expect(byEngine['cli-throw'].message).toContain('boom from cli-throw');
    expect(byEngine.naive).toMatchObject({ state: 'completed', verdict: 'unique', verified: true });
    expect(r.stderr).toMatch(/cli-hang .*: TIMEOUT/);
  });

  it('prints an engine that gave up on its cap as "gave up", counts it apart, and ends with the headline', () => {
    // naive refuses the 150x150 before solving: its placement count is over its cap. The race
    // would not start it (out of naive's reach), so --attempt-all.
    const big = 'puzzles/generated/nonogram-smooth-150x150-s1.json';
    const r = gridrace(['race', '--engines', 'naive,bitmask', '--puzzles', big, '--puzzles', SMALL, '--iterations', '1', '--no-calibration', '--attempt-all', '--out', out('gave-up')]);
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/^\[1\/4\] naive puzzles\/generated\/nonogram-smooth-150x150-s1\.json: gave up \(limit\): row 1 .*maxPlacements\)$/m);
    expect(r.stdout).toMatch(/^race: 4 tasks, 3 completed, 1 gave up, 0 timed out, 0 out of memory, 0 errors, 0 disagreement\(s\);/m);
    expect(r.stdout, r.stdout).toMatch(
      // Which one is faster on the one puzzle both solved is a timing, not something to assert.
      /^nonogram: (bitmask [\d.]+x faster than naive|naive [\d.]+x faster than bitmask|bitmask and naive equally fast|naive and bitmask equally fast)[^;]*, geometric mean over 1 of 2 puzzles both solved; (bitmask 0 failures, naive 1 failure \(1 gave up\)|naive 1 failure \(1 gave up\), bitmask 0 failures); 0 disagreements$/m,
    );
    // The summary line comes first, the headline right after it.
    const lines = r.stdout.trim().split('\n');
    expect(lines.at(-2)).toMatch(/^race: /);
    expect(lines.at(-1)).toMatch(/^nonogram: /);
    // results.json keeps its state.
    expect(readResults(out('gave-up')).tasks[0]).toMatchObject({ engine: 'naive', state: 'completed', verdict: 'incomplete', reason: 'limit' });
    expect(readFileSync(join(out('gave-up'), 'summary.md'), 'utf8')).toContain('| 150x150 | unique | gave up (limit) |');
  });

  it('exits 6 for an impossible answer, after writing every result; a timeout alone exits 0', () => {
    const dir = out('impossible');
    const r = gridrace(['race', '--load', engines, '--engines', 'cli-impossible,naive', '--puzzles', SMALL, '--iterations', '1', '--no-calibration', '--out', dir]);
    expect(r.code).toBe(6);
    const byEngine = Object.fromEntries(readResults(dir).tasks.map((t: { engine: string }) => [t.engine, t]));
    expect(byEngine['cli-impossible']).toMatchObject({ state: 'errored' });
    expect(byEngine['cli-impossible'].message).toContain('solve() returned unique with no solution');
    expect(byEngine.naive).toMatchObject({ state: 'completed', verdict: 'unique', verified: true });
    for (const f of ['results.json', 'summary.md', 'report.html']) expect(existsSync(join(dir, f))).toBe(true);

    const timedOut = gridrace(['race', '--load', engines, '--engines', 'cli-hang', '--puzzles', SMALL, '--time-limit', '0.5', '--iterations', '1', '--no-calibration', '--out', out('timeout-only')]);
    expect(timedOut.code).toBe(0);
    expect(readResults(out('timeout-only')).tasks[0]).toMatchObject({ state: 'timeout' });
  });

  it('fails loudly with code 6 when the engines disagree', () => {
    const r = gridrace(['race', '--load', engines, '--engines', 'naive,cli-none', '--puzzles', SMALL, '--iterations', '1', '--no-calibration', '--out', out('disagree')]);
    expect(r.code).toBe(6);
    expect(r.stderr).toMatch(/DISAGREEMENT.*z3-prefix-15x15\.json.*naive says unique, cli-none says none/);
    expect(readFileSync(join(out('disagree'), 'summary.md'), 'utf8')).toContain('**DISAGREEMENT**');
  });

  it('runs shards that merge into the full set', () => {
    const a = out('shard-1');
    const b = out('shard-2');
    const common = ['race', '--puzzles', 'puzzles/seed', '--kind', 'nonogram', '--engines', 'naive', '--iterations', '1', '--no-calibration', '-q'];
    expect(gridrace([...common, '--shard', '1/2', '--out', a]).code).toBe(0);
    expect(gridrace([...common, '--shard', '2/2', '--out', b]).code).toBe(0);
    expect(readResults(a).tasks).toHaveLength(2);
    expect(readResults(b).tasks).toHaveLength(1);
    const merged = out('merged');
    const m = gridrace(['race', 'merge', join(b, 'results.json'), join(a, 'results.json'), '--out', merged]);
    expect(m.code).toBe(0);
    const results = readResults(merged);
    expect(results.tasks.map((t: { puzzle: string }) => t.puzzle)).toEqual([
      'puzzles/seed/gchq-2015.json',
      'puzzles/seed/mathematica-20x30.json',
      'puzzles/seed/z3-prefix-15x15.json',
    ]);
    expect(results.shards.map((s: { shard: string }) => s.shard)).toEqual(['2/2', '1/2']);
    expect(gridrace(['race', 'merge', join(a, 'results.json'), join(a, 'results.json'), '--out', out('bad-merge')]).code).toBe(4);
  });

  it('compares: no regression against itself, exit 1 against a slower copy, with markdown and JSON', () => {
    const dir = out('for-compare');
    // Six puzzles: an engine's time is judged over its tasks, and a 95% interval needs six.
    const six = ['seed/z3-prefix-15x15', 'seed/mathematica-20x30', ...['015x015-s1', '015x015-s2', '020x020-s1', '020x020-s2'].map((p) => `generated/nonogram-rough-${p}`)];
    const puzzles = six.flatMap((p) => ['--puzzles', join(REPO, `puzzles/${p}.json`)]);
    expect(gridrace(['race', ...puzzles, '--engines', 'naive', '--iterations', '15', '-q', '--out', dir]).code).toBe(0);
    const file = join(dir, 'results.json');
    const same = gridrace(['race', 'compare', file, file]);
    expect(same.code).toBe(0);
    expect(same.stdout).toMatch(/^## Race comparison: no regression/m);
    // The same run with every solve five times slower while the calibration stayed put.
    const slow = readResults(dir);
    for (const t of slow.tasks) t.samples = { ...t.samples, median: t.samples.median * 5, mean: t.samples.mean * 5, samples: t.samples.samples.map((x: number) => x * 5) };
    const slowFile = out('slow.json');
    writeFileSync(slowFile, JSON.stringify(slow));
    const md = out('compare.md');
    const json = out('compare.json');
    const worse = gridrace(['race', 'compare', file, slowFile, '--threshold', '10', '--markdown', md, '--json', json]);
    expect(worse.code).toBe(1);
    expect(worse.stderr).toMatch(/race compare: 1 regression\(s\): slower naive \+400\.0% \(an engine counts when its whole 95% interval is beyond ±10%\)/);
    // Raw and normalised change side by side: the calibration stayed put, so both are +400%.
    expect(readFileSync(md, 'utf8')).toMatch(/\| naive \| 6 \| \+400\.0% \| \+400\.0% \| \+400\.0% \.\. \+400\.0% \| \*\*slower\*\* \|/);
    expect(JSON.parse(readFileSync(json, 'utf8')).engines[0]).toMatchObject({ engine: 'naive', status: 'slower', tasks: 6 });
    expect(JSON.parse(readFileSync(json, 'utf8'))).toMatchObject({ comparable: 6 });
    expect(JSON.parse(readFileSync(json, 'utf8')).engines[0].rawRatio).toBeCloseTo(5, 6);

    // Other time limits or timing budgets: refused with one line (code 5), unless --force.
    const other = readResults(dir);
    other.options = { ...other.options, timeLimitMs: 3000, timing: { iterations: 5 } };
    const otherFile = out('other-settings.json');
    writeFileSync(otherFile, JSON.stringify(other));
    const refused = gridrace(['race', 'compare', file, otherFile]);
    expect(refused.code).toBe(5);
    expect(refused.stderr.trim().split('\n')).toHaveLength(1);
    expect(refused.stderr).toMatch(/different time limits \(baseline 10 s, current 3 s\) and different timing budgets \(baseline 15 samples, current 5 samples\).*--force/);
    expect(refused.stderr).not.toSatisfy(hasStackTrace);
    const forced = gridrace(['race', 'compare', file, otherFile, '--force']);
    expect(forced.code).toBe(0);
    expect(forced.stdout).toMatch(/^> the runs used different time limits .*compared anyway \(--force\)/m);

    // Nothing in common: code 4 and one line saying why, not "no regression".
    const elsewhere = readResults(dir);
    elsewhere.puzzles = elsewhere.puzzles.map((p: { hash: string }) => ({ ...p, hash: `x${p.hash}` }));
    const elsewhereFile = out('elsewhere.json');
    writeFileSync(elsewhereFile, JSON.stringify(elsewhere));
    const nothing = gridrace(['race', 'compare', file, elsewhereFile, '--json', out('nothing.json')]);
    expect(nothing.code).toBe(4);
    expect(nothing.stderr.trim().split('\n')).toEqual(['gridrace: race compare: nothing comparable: the runs have no puzzle in common']);
    expect(nothing.stdout).not.toMatch(/no regression/);
    expect(JSON.parse(readFileSync(out('nothing.json'), 'utf8'))).toMatchObject({ comparable: 0, incomparable: 'the runs have no puzzle in common' });
    // Samples of 0 leave nothing to compare either.
    const zero = readResults(dir);
    for (const t of zero.tasks) t.samples = { ...t.samples, median: 0, samples: t.samples.samples.map(() => 0) };
    const zeroFile = out('zero.json');
    writeFileSync(zeroFile, JSON.stringify(zero));
    const none = gridrace(['race', 'compare', zeroFile, zeroFile]);
    expect(none.code).toBe(4);
    expect(none.stderr).toMatch(/nothing comparable: every sample of the tasks timed in both runs is 0/);
  });

  it('races in slices and compares two sliced races at their fast level', () => {
    const dir = out('sliced');
    const run = gridrace(['race', '--puzzles', SMALL, '--engines', 'naive', '--iterations', '4', '--slices', '2', '--no-progress', '--out', dir]);
    expect(run.code).toBe(0);
    // Plain lines say where the race is: the task's line comes at the end of its last slice.
    const lines = (run.stdout + run.stderr).split('\n').map((l) => l.trim());
    const at = (re: RegExp) => lines.findIndex((l) => re.test(l));
    const [one, two, task] = [at(/^slice 1 of 2$/), at(/^slice 2 of 2$/), at(/^\[1\/1\] naive .*\(unique, 4 samples\)$/)];
    expect(one, run.stdout + run.stderr).toBeGreaterThanOrEqual(0);
    expect(two).toBeGreaterThan(one);
    expect(task).toBeGreaterThan(two);
    const results = readResults(dir);
    expect(results.options.slices).toBe(2);
    expect(results.tasks[0].slices).toHaveLength(2);
    expect(results.tasks[0].calibrationSlices).toHaveLength(2);
    const file = join(dir, 'results.json');
    const same = gridrace(['race', 'compare', file, file]);
    expect(same.code).toBe(0);
    expect(same.stdout).toContain('Both runs are sliced');
  });

  it('answers bad input and bad flags with codes 4 and 5 and one line, no stack trace', () => {
    const cases: [string[], number, RegExp][] = [
      [['race', '--engines', 'no-such-engine', '--puzzles', SMALL], 5, /unknown engine "no-such-engine"/],
      [['race', '--puzzles', 'nowhere/missing.json'], 4, /no such file or folder/],
      [['race', '--time', '1', '--iterations', '2'], 5, /cannot be used with/],
      [['race', '--shard', '3/2', '--puzzles', SMALL], 5, /--shard wants k\/n/],
      [['race', '--kind', 'sudoku'], 5, /Allowed choices/],
      [['race', '--slices', '0', '--puzzles', SMALL], 5, /--slices.*expected a positive whole number/],
      [['race', '--slices', '51', '--puzzles', SMALL], 5, /the slices must be a whole number from 1 to 50/],
      [['race', '--slices', '3', '--queue', 'redis://localhost:1', '--puzzles', SMALL], 5, /--slices needs a local race/],
      [['race', 'compare', 'nope.json', 'nope.json'], 4, /nope\.json: cannot read file/],
      [['race', 'compare', 'puzzles/seed/gchq-2015.json', 'puzzles/seed/gchq-2015.json'], 4, /not a gridrace race results file/],
    ];
    for (const [args, code, message] of cases) {
      const r = gridrace(args);
      expect(r.code, args.join(' ')).toBe(code);
      expect(r.stderr, args.join(' ')).toMatch(message);
      expect(r.stderr).not.toSatisfy(hasStackTrace);
    }
  });
});
