import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readPuzzle, solutionToRows, type NonogramSolution } from '@gridrace/core';
import { ExitCode, SOLVE_JSON_SCHEMA } from '../src/index.js';
import { REPO, gridrace, hasStackTrace, tempFile } from './run-cli.js';

const seedNonograms = ['gchq-2015.json', 'mathematica-20x30.json', 'z3-prefix-15x15.json'];

describe('gridrace solve', () => {
  it.each(seedNonograms)('solves the seed nonogram %s uniquely, with a verified solution', (name) => {
    const run = gridrace(['solve', join('puzzles/seed', name), '--json']);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(ExitCode.OK);
    const doc = JSON.parse(run.stdout);
    expect(doc.schema).toBe(SOLVE_JSON_SCHEMA);
    expect(doc.results).toHaveLength(1);
    expect(doc.results[0]).toMatchObject({ kind: 'nonogram', verdict: 'unique', verified: true });
    const known = readPuzzle(readFileSync(join(REPO, 'puzzles/seed', name), 'utf8'), { file: name }).solution;
    if (known) expect(doc.results[0].solutions[0]).toEqual(solutionToRows(known as NonogramSolution));
  });

  it('gives GCHQ, with its 22 givens, exactly the known grid', () => {
    const file = join(REPO, 'puzzles/seed/gchq-2015.json');
    const seed = JSON.parse(readFileSync(file, 'utf8'));
    expect(seed.filled).toHaveLength(22);
    const doc = JSON.parse(gridrace(['solve', file, '--json']).stdout);
    expect(doc.results[0].solutions).toEqual([seed.solution]);
  });

  it('prints the verdict line and the grid as text', () => {
    const run = gridrace(['solve', 'puzzles/seed/z3-prefix-15x15.json']);
    expect(run.code).toBe(ExitCode.OK);
    expect(run.stdout).toMatch(/z3-prefix-15x15\.json .*: unique, verified \[/);
    expect(run.stdout.match(/██/g)?.length).toBeGreaterThan(10);
  });

  it('reports several solutions with exit code 1', () => {
    const file = tempFile('two.nin', '2 2\n1\n1\n1\n1\n');
    const run = gridrace(['solve', file, '--json']);
    expect(run.code).toBe(ExitCode.NOT_UNIQUE);
    const result = JSON.parse(run.stdout).results[0];
    expect(result.verdict).toBe('multiple');
    expect(new Set(result.solutions.map((s: string[]) => s.join('/')))).toEqual(new Set(['#./.#', '.#/#.']));
  });

  it('says "none" for a contradictory puzzle, with exit code 2 and no stack trace', () => {
    const file = tempFile('contradiction.nin', '2 2\n2\n0\n2\n0\n');
    const run = gridrace(['solve', file]);
    expect(run.code).toBe(ExitCode.NO_SOLUTION);
    expect(run.stdout).toMatch(/: none \[/);
    expect(hasStackTrace(run.stderr)).toBe(false);
  });

  it('gives times in --json rounded to microseconds', () => {
    const doc = JSON.parse(gridrace(['solve', 'puzzles/seed/gchq-2015.json', '--json']).stdout);
    const { timeMs } = doc.results[0].stats;
    expect(timeMs).toBeGreaterThan(0);
    expect(String(timeMs)).toMatch(/^\d+(\.\d{1,3})?$/);
  });

  it('reads a Tatham Pattern game ID (made by sgt-pattern --generate) from standard input', () => {
    const run = gridrace(['solve', '-', '--json'], '5x5:2.2/1.1/4/1/2/1/3/1/3.1/1.3');
    expect(run.code).toBe(ExitCode.OK);
    expect(JSON.parse(run.stdout).results[0].file).toBe('<stdin>');
  });

  it('writes an SVG of the solution', () => {
    const out = tempFile('gchq.svg', '');
    const run = gridrace(['solve', 'puzzles/seed/gchq-2015.json', '--format', 'svg', '--output', out]);
    expect(run.code).toBe(ExitCode.OK);
    const svg = readFileSync(out, 'utf8');
    expect(svg.startsWith('<svg')).toBe(true);
    // 25x25 GCHQ has 325 filled cells (count from the known grid).
    const filled = JSON.parse(readFileSync(join(REPO, 'puzzles/seed/gchq-2015.json'), 'utf8')).solution.join('').split('#').length - 1;
    // Filled cells are drawn as one rect per run in a row: the widths add up to the count.
    const widths = [...svg.matchAll(/<rect x="[\d.]+" y="[\d.]+" width="(\d+)" height="20"\/>/g)].map((m) => Number(m[1]) / 20);
    expect(widths.reduce((a, b) => a + b, 0)).toBe(filled);
  });

  it('honours --max-solutions', () => {
    const file = tempFile('open.nin', '3 3\n1\n1\n1\n1\n1\n1\n');
    const doc = JSON.parse(gridrace(['solve', file, '--max-solutions', '10', '--json']).stdout);
    // A 3x3 grid with one cell per row and per column: the 6 permutation matrices.
    expect(doc.results[0].solutions).toHaveLength(6);
    expect(doc.results[0].verdict).toBe('multiple');
  });
});

describe('gridrace command line handling', () => {
  it('prints help with the exit codes', () => {
    const run = gridrace(['--help']);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/solve.*\n[\s\S]*verify[\s\S]*convert[\s\S]*engines[\s\S]*Exit codes/);
    expect(gridrace(['solve', '--help']).stdout).toMatch(/--max-solutions/);
  });

  it.each([
    [['frobnicate'], /unknown command 'frobnicate'/],
    [['solve'], /missing required argument 'file'/],
    [['solve', 'x.non', '--max-solutions', '0'], /expected a positive whole number/],
    [['solve', 'x.non', '--time-limit', 'soon'], /expected a positive number \(seconds\)/],
    [['solve', 'x.non', '--format', 'png'], /Allowed choices are text, svg/],
    [['convert', 'x.non'], /required option '--to <format>' not specified/],
    [['solve', 'puzzles/seed/gchq-2015.json', '--engine', 'warp'], /unknown engine "warp"; registered engines: .*naive/],
  ])('rejects %j with exit code 5 and a message', (args, message) => {
    const run = gridrace(args);
    expect(run.code).toBe(ExitCode.USAGE);
    expect(run.stderr).toMatch(message);
    expect(hasStackTrace(run.stderr)).toBe(false);
  });

  it('names a missing file with exit code 4', () => {
    const run = gridrace(['solve', 'no/such/file.non']);
    expect(run.code).toBe(ExitCode.BAD_INPUT);
    expect(run.stderr).toBe('gridrace: no/such/file.non: cannot read file: no such file\n');
  });

  it('lists engines', () => {
    const run = gridrace(['engines', '--json']);
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual(expect.arrayContaining([expect.objectContaining({ name: 'naive', kind: 'nonogram' })]));
  });
});
