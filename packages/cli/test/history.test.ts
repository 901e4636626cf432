// `gridrace history` as a user runs it: a real race added with `race --history`, listed,
// shown, drawn and searched for steps; a history of 12 commits made from that race's file with
// a slower newest commit fails `history changes`; files that are not a history or not results
// get one line, the documented code and no stack trace, and are left as they were.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gridrace, hasStackTrace } from './run-cli.js';

const scratch = mkdtempSync(join(tmpdir(), 'gridrace-history-cli-'));
const db = join(scratch, 'history.sqlite');
const raced = join(scratch, 'race');
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

beforeAll(() => {
  const r = gridrace(['race', '-p', 'puzzles/seed/z3-prefix-15x15.json', '-e', 'wasm,bitmask', '--time', '0.05', '-o', raced, '-q', '--history', db]);
  expect(r.code, r.stderr).toBe(0);
  expect(r.stderr).toContain(`history: added 1 run(s) to ${db}`);
}, 120_000);

describe('gridrace history', () => {
  it('lists, shows and draws the race that `race --history` added, and adds it only once', () => {
    const again = gridrace(['history', 'add', raced, '--db', db]);
    expect(again.code).toBe(0);
    expect(again.stderr).toContain('added 0 run(s)');
    expect(again.stderr).toContain('(1 already there)');

    const list = JSON.parse(gridrace(['history', 'list', '--json', '--db', db]).stdout);
    expect(list).toHaveLength(1);
    const results = JSON.parse(readFileSync(join(raced, 'results.json'), 'utf8'));
    expect(list[0]).toMatchObject({ id: 1, source: 'race', gitSha: results.env.gitSha, results: 2, report: join(raced, 'report.html') });

    const shown = gridrace(['history', 'show', '1', '--db', db]);
    expect(shown.code).toBe(0);
    expect(shown.stdout).toMatch(/^wasm\s+puzzles\/seed\/z3-prefix-15x15\.json\s+completed\s+unique/m);
    const rows = JSON.parse(gridrace(['history', 'show', '1', '--json', '--db', db]).stdout).results;
    for (const task of results.tasks) expect(rows.find((r: { engine: string }) => r.engine === task.engine).median).toBe(task.samples.median);

    const page = join(scratch, 'trend.html');
    const trend = gridrace(['history', 'trend', '--db', db, '-o', page]);
    expect(trend.code, trend.stderr).toBe(0);
    expect(readFileSync(page, 'utf8')).toContain('"report":"race/report.html"');

    const changes = gridrace(['history', 'changes', '--db', db]);
    expect(changes.code).toBe(0);
    expect(changes.stderr).toMatch(/no slower step beyond 5% at the newest commit/);
  });

  it('fails `history changes` when the newest commit starts a slower step, and names it', () => {
    // Twelve commits made from the real results file: the same tasks, dated a day apart, with
    // 2% noise; the newest commit's three races are 30% slower for wasm.
    const base = JSON.parse(readFileSync(join(raced, 'results.json'), 'utf8'));
    const steps = join(scratch, 'steps.sqlite');
    const folders: string[] = [];
    let seed = 7;
    const noise = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648 - 0.5) * 0.04;
    for (let commit = 1; commit <= 12; commit++) {
      for (let copy = 0; copy < (commit === 12 ? 3 : 1); copy++) {
        const sha = commit.toString(16).padStart(2, '0').repeat(20);
        const tasks = base.tasks.map((t: { engine: string; samples: { median: number } }) => {
          const factor = (commit === 12 && t.engine === 'wasm' ? 1.3 : 1) * (1 + noise());
          return { ...t, samples: { ...t.samples, median: t.samples.median * factor } };
        });
        const folder = join(scratch, `commit-${commit}-${copy}`);
        mkdirSync(folder);
        writeFileSync(join(folder, 'results.json'), JSON.stringify({ ...base, env: { ...base.env, gitSha: sha, date: new Date(Date.UTC(2026, 0, commit, copy)).toISOString() }, tasks }));
        folders.push(folder);
      }
    }
    const added = gridrace(['history', 'add', ...folders, '--db', steps, '--suite', 'z3-prefix']);
    expect(added.stderr).toContain(`added ${folders.length} run(s)`);
    const r = gridrace(['history', 'changes', '--db', steps, '--measure', 'time']);
    expect(r.code, r.stderr).toBe(1);
    const sha12 = '0c'.repeat(5);
    expect(r.stdout).toMatch(new RegExp(`^suite z3-prefix\\s+wasm\\s+time\\s+${sha12}\\s.*\\+(2[5-9]|3[0-5])\\.\\d%.*newest commit`, 'm'));
    expect(r.stdout).not.toMatch(/bitmask/);
    expect(r.stderr).toMatch(new RegExp(`the newest commit ${sha12} starts a slower step beyond 5% in 1 series \\(wasm z3-prefix time \\+`));
    // A wider threshold lets it pass; the step is still listed.
    const wide = gridrace(['history', 'changes', '--db', steps, '--measure', 'time', '--threshold', '40']);
    expect(wide.code).toBe(0);
    expect(wide.stdout).toMatch(/newest commit/);
  });

  it('keeps both builds of `race ab --history` as two runs with a point per round', () => {
    const ab = join(scratch, 'ab');
    const abDb = join(scratch, 'ab.sqlite');
    const r = gridrace(['race', 'ab', '--base-dir', '.', '--head-dir', '.', '-p', 'puzzles/seed/z3-prefix-15x15.json', '-e', 'wasm', '--rounds', '2', '--time', '0.02', '-o', ab, '-q', '--history', abDb]);
    expect([0, 1], r.stderr).toContain(r.code);
    expect(r.stderr).toContain(`history: added 2 run(s) to ${abDb}`);
    const runs = JSON.parse(gridrace(['history', 'list', '--json', '--db', abDb]).stdout);
    expect(runs.map((run: { source: string; side: string }) => `${run.source} ${run.side}`).sort()).toEqual(['ab base', 'ab head']);
    const shown = JSON.parse(gridrace(['history', 'show', String(runs[0].id), '--json', '--db', abDb]).stdout);
    expect(shown.results).toHaveLength(1);
    expect(shown.results[0].rounds).toHaveLength(2);
    expect(shown.run.report).toBe(join(ab, 'compare.md'));
  }, 120_000);

  it('refuses a corrupt or foreign database in one line, exit 4, and leaves it as it was', () => {
    const corrupt = join(scratch, 'corrupt.sqlite');
    const bytes = Buffer.alloc(4096, 7);
    writeFileSync(corrupt, bytes);
    for (const args of [['history', 'list', '--db', corrupt], ['history', 'add', raced, '--db', corrupt], ['race', '-p', 'puzzles/seed/z3-prefix-15x15.json', '-e', 'wasm', '--time', '0.02', '-o', join(scratch, 'r2'), '-q', '--history', corrupt]]) {
      const r = gridrace(args);
      expect(r.code, args.join(' ')).toBe(4);
      expect(r.stderr).toContain(`gridrace: ${corrupt}: not a SQLite database`);
      expect(r.stderr).toContain('left as it is');
      expect(r.stderr).not.toSatisfy(hasStackTrace);
      expect(readFileSync(corrupt).equals(bytes)).toBe(true);
    }
  }, 60_000);

  it('says what is wrong with other bad input, with the documented codes', () => {
    const cases: [string[], number, RegExp][] = [
      [['history', 'list', '--db', join(scratch, 'none.sqlite')], 4, /none\.sqlite: no history there/],
      [['history', 'add', join(scratch, 'nothing-here'), '--db', db], 4, /nothing-here: no such file or folder/],
      [['history', 'add', 'puzzles/seed/gchq-2015.json', '--db', db], 4, /gchq-2015\.json: not a race results file, an A\/B results file \(ab\.json\) or a gate report \(gate\.json\)/],
      [['history', 'show', '99', '--db', db], 5, /no run 99/],
      [['history', 'changes', '--significance', '2', '--db', db], 5, /significance/],
      [['history', 'frobnicate'], 5, /unknown command/],
    ];
    for (const [args, code, message] of cases) {
      const r = gridrace(args);
      expect(r.code, `${args.join(' ')}: ${r.stderr}`).toBe(code);
      expect(r.stderr).toMatch(message);
      expect(r.stderr).not.toSatisfy(hasStackTrace);
    }
  });
});
