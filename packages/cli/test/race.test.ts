// `gridrace race`, `race merge` and `race compare`, run as a user runs them (the built CLI).
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { REPO, gridrace, hasStackTrace } from './run-cli.js';

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

  it('records a hanging and a throwing engine, finishes, and exits by itself', () => {
    const dir = out('isolation');
    const started = Date.now();
    const r = gridrace(['race', '--load', engines, '--engines', 'cli-hang,cli-throw,naive', '--puzzles', SMALL, '--time-limit', '0.5', '--iterations', '2', '--out', dir]);
    expect(r.code).toBe(0);
    expect(Date.now() - started).toBeLessThan(60_000);
    const byEngine = Object.fromEntries(readResults(dir).tasks.map((t: { engine: string }) => [t.engine, t]));
    expect(byEngine['cli-hang']).toMatchObject({ state: 'timeout' });
    expect(byEngine['cli-throw']).toMatchObject({ state: 'errored' });
    expect(byEngine['cli-throw'].message).toContain('boom from cli-throw');
    expect(byEngine.naive).toMatchObject({ state: 'completed', verdict: 'unique', verified: true });
    expect(r.stderr).toMatch(/cli-hang .*: TIMEOUT/);
  });

  it('fails loudly with code 6 when the engines disagree', () => {
    const r = gridrace(['race', '--load', engines, '--engines', 'naive,cli-none', '--puzzles', SMALL, '--iterations', '1', '--out', out('disagree')]);
    expect(r.code).toBe(6);
    expect(r.stderr).toMatch(/DISAGREEMENT.*z3-prefix-15x15\.json.*naive says unique, cli-none says none/);
    expect(readFileSync(join(out('disagree'), 'summary.md'), 'utf8')).toContain('**DISAGREEMENT**');
  });

  it('runs shards that merge into the full set', () => {
    const a = out('shard-1');
    const b = out('shard-2');
    const common = ['race', '--puzzles', 'puzzles/seed', '--kind', 'nonogram', '--engines', 'naive', '--iterations', '1', '-q'];
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
    expect(gridrace(['race', '--puzzles', SMALL, '--engines', 'naive', '--iterations', '15', '-q', '--out', dir]).code).toBe(0);
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
    expect(worse.stderr).toMatch(/race compare: \d+ regression\(s\)/);
    expect(readFileSync(md, 'utf8')).toMatch(/\| naive \| 1 \| \+400\.0% \|/);
    expect(JSON.parse(readFileSync(json, 'utf8')).engines[0]).toMatchObject({ engine: 'naive', status: 'slower' });
  });

  it('answers bad input and bad flags with codes 4 and 5 and one line, no stack trace', () => {
    const cases: [string[], number, RegExp][] = [
      [['race', '--engines', 'no-such-engine', '--puzzles', SMALL], 5, /unknown engine "no-such-engine"/],
      [['race', '--puzzles', 'nowhere/missing.json'], 4, /no such file or folder/],
      [['race', '--time', '1', '--iterations', '2'], 5, /cannot be used with/],
      [['race', '--shard', '3/2', '--puzzles', SMALL], 5, /--shard wants k\/n/],
      [['race', '--kind', 'sudoku'], 5, /Allowed choices/],
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
