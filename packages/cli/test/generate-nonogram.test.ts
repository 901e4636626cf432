// `gridrace generate nonogram`: seeded, reproducible, exactly one solution. Every puzzle is
// read back and solved by engines other than the one that proved it unique.
import { describe, expect, it } from 'vitest';
import { readPuzzle, readSolutions, verify, type FormatName, type NonogramPuzzle, type NonogramSolution } from '@gridrace/core';
import { ExitCode } from '../src/index.js';
import { gridrace, hasStackTrace } from './run-cli.js';

/** Solves `text` with `engine` through the CLI and checks the answer here too, with core's verifier. */
function expectUniqueBy(engine: string, text: string, format: FormatName): void {
  const run = gridrace(['solve', '-', '--from', format, '--engine', engine, '--json'], text);
  expect(run.code, run.stderr).toBe(ExitCode.OK);
  const result = JSON.parse(run.stdout).results[0];
  expect(result).toMatchObject({ engine, verdict: 'unique', verified: true });
  const puzzle = readPuzzle(text, { format }) as NonogramPuzzle;
  const [solution] = readSolutions(result.solutions[0].join('\n'), { width: puzzle.width, height: puzzle.height, kind: 'nonogram' });
  expect(verify(puzzle, solution!).ok).toBe(true);
}

describe('gridrace generate nonogram', () => {
  it('--colours 3 makes a colour puzzle as JSON, the same for the same seed; bitmask and naive find it unique', () => {
    const first = gridrace(['generate', 'nonogram', '15x12', '--colours', '3', '--seed', 'colour-test']);
    expect(first.code, first.stderr).toBe(ExitCode.OK);
    expect(gridrace(['generate', 'nonogram', '15x12', '--colours', '3', '--seed', 'colour-test']).stdout).toBe(first.stdout);
    expect(first.stderr).toMatch(/^15x12 seed colour-test: \d+% coloured in 3 colours, unique \(proven by wasm/);
    const puzzle = readPuzzle(first.stdout);
    expect(puzzle.kind === 'colour-nonogram' && puzzle.palette.length).toBe(4);
    for (const engine of ['bitmask', 'naive']) {
      const run = gridrace(['solve', '-', '--engine', engine, '--json'], first.stdout);
      expect(JSON.parse(run.stdout).results[0]).toMatchObject({ engine, kind: 'colour-nonogram', verdict: 'unique', verified: true });
    }
    expect(gridrace(['generate', 'nonogram', '5x5', '--colours', '0']).code).toBe(ExitCode.USAGE);
  });

  it('makes the same Pattern ID for the same seed; bitmask and naive find it unique', () => {
    const first = gridrace(['generate', 'nonogram', '12x10', '--seed', 'cli-test']);
    // A time limit past setTimeout's range (35 days) changes nothing; a timer armed with it would fire at once.
    const second = gridrace(['generate', 'nonogram', '12x10', '--seed', 'cli-test', '-t', '3000000']);
    expect(second.code, second.stderr).toBe(ExitCode.OK);
    expect(first.code, first.stderr).toBe(ExitCode.OK);
    expect(first.stdout).toBe(second.stdout);
    expect(first.stdout).toMatch(/^12x10:[\d./]+\n$/);
    // Proven by the default nonogram engine, so solved here by two others.
    expect(first.stderr).toMatch(/^12x10 seed cli-test: \d+% filled, unique \(proven by wasm/);
    for (const engine of ['bitmask', 'naive']) expectUniqueBy(engine, first.stdout, 'pattern');
  });

  it('gives another puzzle for another seed', () => {
    const a = gridrace(['generate', 'nonogram', '8x8', '--seed', '1']).stdout;
    const b = gridrace(['generate', 'nonogram', '8x8', '--seed', '2']).stdout;
    expect(a).toMatch(/^8x8:/);
    expect(a).not.toBe(b);
  });

  it.each(['non', 'nin', 'json', 'taai'] as const)('writes --to %s, read back and solved uniquely by wasm (proven by bitmask)', (format) => {
    const run = gridrace(['generate', 'nonogram', '9x9', '--seed', 'formats', '--engine', 'bitmask', '--to', format]);
    expect(run.code, run.stderr).toBe(ExitCode.OK);
    expect(run.stderr).toMatch(/proven by bitmask/);
    expectUniqueBy('wasm', run.stdout, format);
    // The same puzzle in every format: the clues agree with the Pattern ID of the same run.
    const asPattern = gridrace(['generate', 'nonogram', '9x9', '--seed', 'formats', '--engine', 'bitmask']).stdout;
    const clues = (text: string, f: FormatName) => {
      const p = readPuzzle(text, { format: f }) as NonogramPuzzle;
      return JSON.stringify([p.rows, p.columns]);
    };
    expect(clues(run.stdout, format)).toBe(clues(asPattern, 'pattern'));
  });

  it('stores the solution where the format holds one, and it is the unique one', () => {
    const run = gridrace(['generate', 'nonogram', '7x6', '--seed', 'stored', '--to', 'json']);
    const puzzle = readPuzzle(run.stdout, { format: 'json' }) as NonogramPuzzle;
    expect(puzzle.solution).toBeDefined();
    expect(verify(puzzle, puzzle.solution!).ok).toBe(true);
    const solved = JSON.parse(gridrace(['solve', '-', '--from', 'json', '-e', 'naive', '--json'], run.stdout).stdout).results[0];
    const [found] = readSolutions(solved.solutions[0].join('\n'), { width: 7, height: 6, kind: 'nonogram' });
    expect(Array.from((found as NonogramSolution).cells)).toEqual(Array.from(puzzle.solution!.cells));
  });

  it.each([
    [['generate', 'nonogram', '6x5', '--seed', '1', '--to', 'signpost'], /^gridrace: cannot write a 6x5 nonogram as signpost: /],
    [['generate', 'nonogram', '6x5', '--seed', '1', '--to', 'taai'], /^gridrace: cannot write a 6x5 nonogram as taai: taai holds square puzzles only/],
    [['generate', 'nonogram', '6x5', '--seed', '1', '--engine', 'arrowpath'], /engine "arrowpath" solves arrowpath puzzles, but this is a nonogram puzzle/],
    [['generate', 'nonogram', '6x5', '--seed', '1', '--corners'], /--corners is for arrow paths/],
    [['generate', 'nonogram', '2001x10', '--seed', '1'], /sides from 2 to 2000 for black-and-white nonograms/],
    [['generate', 'nonogram', '101x10', '--seed', '1', '--colours', '2'], /sides from 2 to 100 for colour nonograms/],
    [['generate', 'arrowpath', '101x10', '--seed', '1'], /sides from 2 to 100, e\.g\./],
    [['generate', 'arrowpath', '6x5', '--seed', '1', '--engine', 'wasm'], /arrow paths are generated with the arrowpath engine/],
  ])('refuses %j with exit code 5', (args, message) => {
    const run = gridrace(args);
    expect(run.code).toBe(ExitCode.USAGE);
    expect(run.stderr).toMatch(message);
    expect(hasStackTrace(run.stderr)).toBe(false);
  });

  it('ends without a puzzle at the time limit: exit 3, one line', () => {
    // 1 ms: the limit passes while the engine loads its WebAssembly module, before the first check.
    const run = gridrace(['generate', 'nonogram', '100x100', '--seed', '3', '-t', '0.001']);
    expect(run.code).toBe(ExitCode.INCOMPLETE);
    expect(run.stdout).toBe('');
    expect(run.stderr).toMatch(/^gridrace: generate: time limit of 0\.001 s reached: stopped \(aborted\) after \d+ check\(s\), before a unique 100x100 nonogram was found\n$/);
  });

  it('over 100 a side: unique by line logic with givens, the same for the same seed, and bitmask agrees', () => {
    const first = gridrace(['generate', 'nonogram', '130x101', '--seed', 'large']);
    expect(first.code, first.stderr).toBe(ExitCode.OK);
    expect(first.stderr).toMatch(/^130x101 seed large: \d+% filled, \d+ givens \([\d.]+%\), unique by line logic \(.+\) and by wasm \(.+\)\n$/);
    expect(gridrace(['generate', 'nonogram', '130x101', '--seed', 'large']).stdout).toBe(first.stdout);
    const puzzle = readPuzzle(first.stdout, { format: 'pattern' }) as NonogramPuzzle;
    expect([puzzle.width, puzzle.height]).toEqual([130, 101]);
    expectUniqueBy('bitmask', first.stdout, 'pattern');
  });
});
