// An enumeration (-m above 2) stopped by Ctrl-C or the time limit after several solutions
// must say it was cut short: verdict incomplete with the reason, in the line and in --json.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { makeResult, readPuzzle, readSolutions, verify, type NonogramSolution, type Solution, type SolveResult } from '@gridrace/core';
import { ExitCode } from '../src/index.js';
import { markCutShort } from '../src/commands/solve.js';
import { CLI, CLI_ENV, gridrace, REPO, tempFile } from './run-cli.js';

// 40x40 permutation matrices: 40! solutions, far more than any run here finds (naive finds
// about a thousand a second on this machine).
const SIDE = 40;
const ones = new Array(SIDE).fill('1').join('/');
const PERMUTATIONS = `${SIDE}x${SIDE}:${ones}/${ones}`;
const LINE = /^(.+): incomplete \((aborted|time limit) after (\d+) solutions; enumeration cut short\), verified \[naive, /m;

describe('an enumeration cut short', () => {
  it('by the time limit: incomplete/time-limit with the solutions found, each verified, exit 3', () => {
    const file = tempFile('permutations-40.txt', PERMUTATIONS);
    // To a file: the JSON of a thousand 40x40 grids is past spawnSync's output buffer.
    const out = tempFile('permutations-40.json', '');
    const run = gridrace(['solve', file, '-e', 'naive', '-m', '100000', '-t', '1.5', '--json', '-o', out]);
    expect(run.code, run.stderr).toBe(ExitCode.INCOMPLETE);
    const result = JSON.parse(readFileSync(out, 'utf8')).results[0];
    expect(result).toMatchObject({ verdict: 'incomplete', reason: 'time-limit', verified: true });
    const found = result.solutions.length as number;
    expect(found).toBeGreaterThanOrEqual(2);
    expect(found).toBeLessThan(100_000);
    expect(result.message).toBe(`enumeration cut short after ${found} solutions; there are at least ${found}`);
    // Distinct, and each one fits the clues.
    expect(new Set(result.solutions.map((s: string[]) => s.join('/'))).size).toBe(found);
    const puzzle = readPuzzle(PERMUTATIONS, { format: 'pattern' });
    for (const rows of result.solutions.slice(0, 50)) {
      const [solution] = readSolutions(rows.join('\n'), { width: SIDE, height: SIDE, kind: 'nonogram' });
      expect(verify(puzzle, solution!).ok).toBe(true);
    }
  });

  it('by the time limit: the verdict line says so', () => {
    const file = tempFile('permutations-40b.txt', PERMUTATIONS);
    const run = gridrace(['solve', file, '-e', 'naive', '-m', '100000', '-t', '1.5', '-q']);
    expect(run.code).toBe(ExitCode.INCOMPLETE);
    const m = LINE.exec(run.stdout);
    expect(m, run.stdout).not.toBeNull();
    expect(m![2]).toBe('time limit');
    expect(Number(m![3])).toBeGreaterThanOrEqual(2);
  });

  it('by Ctrl-C (SIGINT): incomplete (aborted after N solutions; enumeration cut short), exit 3', async () => {
    const file = tempFile('permutations-40c.txt', PERMUTATIONS);
    const child = spawn(process.execPath, [CLI, 'solve', file, '-e', 'naive', '-m', '100000', '-q'], { cwd: REPO, env: { ...CLI_ENV, NO_COLOR: '1' } });
    let stdout = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    const timer = setTimeout(() => child.kill('SIGINT'), 3000);
    const code = await new Promise<number | null>((resolve) => child.on('close', (c) => resolve(c)));
    clearTimeout(timer);
    expect(code).toBe(ExitCode.INCOMPLETE);
    const m = LINE.exec(stdout);
    expect(m, stdout).not.toBeNull();
    expect(m![2]).toBe('aborted');
  });
});

describe('markCutShort', () => {
  const grid = (bit: number): NonogramSolution => ({ width: 2, height: 1, cells: Uint8Array.of(bit, 1 - bit) });
  const several = (timeMs: number): SolveResult<Solution> => makeResult([grid(0), grid(1)], 'time-limit', { timeMs, counters: {} });

  it('turns a multiple that stopped before maxSolutions into incomplete with the reason', () => {
    const aborted = markCutShort(several(5), 10, true, undefined);
    expect(aborted).toMatchObject({ verdict: 'incomplete', reason: 'aborted' });
    expect(aborted.solutions).toHaveLength(2);
    expect(markCutShort(several(1000), 10, false, 1000)).toMatchObject({ verdict: 'incomplete', reason: 'time-limit' });
  });

  it('leaves a full answer alone: maxSolutions reached, or an enumeration that ran out before the limit', () => {
    expect(markCutShort(several(5), 2, true, undefined).verdict).toBe('multiple');
    expect(markCutShort(several(999), 10, false, 1000).verdict).toBe('multiple');
    expect(markCutShort(several(5), 10, false, undefined).verdict).toBe('multiple');
  });

  it('leaves other verdicts alone', () => {
    const unique = makeResult([grid(0)], null, { timeMs: 5, counters: {} });
    expect(markCutShort(unique, 10, true, 1)).toBe(unique);
  });
});
