// What `solve` prints and writes around the verdicts: the closing tally of a multi-puzzle file,
// -q, -o over an existing file, and a reader that closes the pipe early.
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ExitCode } from '../src/index.js';
import { CLI, CLI_ENV, gridrace, REPO, tempFile } from './run-cli.js';

const MULTIPLE = '3x3:1/1/1/1/1/1'; // every permutation matrix: 6 solutions
const UNIQUE = '5x5:2.2/1.1/4/1/2/1/3/1/3.1/1.3';
const NONE = '2x2:2/2/1/1'; // rows fill 4 cells, columns 2
// The seeds' 20x30 (puzzles/seed/mathematica-20x30.json as a game ID): about 3 kB of output each.
const LARGER =
  '20x30:3/6/8/13/1.12.1/2.7.2.1/5.2.7.4/5.3.12/8.2.3.1.1.2/8.2.1.3/2.3.4.1.4/2.2.1.1.5.3.5/4.6.7.2/2.3.3.8.2/1.2.2.2/1.4.1/2/2/9/1/1/2/4/3.1/4.1/12/9/4.1/1.1.1.1.1/1.1.1.1/1.3.1/2.1.1/9.1/4.5.1/3.4.1/3.5.3/3.1.5/5.1.2/7.3/4.10/4.3.3/4.2.3/5.2.2/5.3.2/4.1.1.2/3.2.2/2.2/7/10/2.6';
const manyFile = (name: string, ids: string[]) => tempFile(name, `${ids.join('\n')}\n`);

describe('solve of a file with several puzzles', () => {
  it('ends with a tally of verdicts and time on standard error', () => {
    const run = gridrace(['solve', manyFile('tally.txt', [MULTIPLE, UNIQUE, UNIQUE, NONE])]);
    expect(run.code).toBe(ExitCode.NO_SOLUTION);
    expect(run.stderr.trim()).toMatch(/^4 puzzles: 2 unique, 1 multiple, 1 no solution; [\d.]+ (ms|s) in the engines, [\d.]+ (ms|s) wall$/);
    // The tally is not one of the verdict lines on standard output.
    expect(run.stdout).not.toMatch(/puzzles:/);
  });

  it('with -q prints only the verdict lines, and says "found" for solutions it does not show', () => {
    const run = gridrace(['solve', '-q', manyFile('quiet.txt', [MULTIPLE, UNIQUE])]);
    expect(run.code).toBe(ExitCode.NOT_UNIQUE);
    const lines = run.stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/#1: multiple \(2 found\), verified \[/);
    expect(lines[1]).toMatch(/#2: unique, verified \[/);
    // Without -q the solutions follow, so they are "shown".
    expect(gridrace(['solve', manyFile('loud.txt', [MULTIPLE])]).stdout).toMatch(/: multiple \(2 shown\), verified/);
  });

  it('keeps the exit code of the full run when the reader closes the pipe after the first line', async () => {
    // The first puzzle has several solutions (1); the 100 after it are unique, and their grids
    // (300 kB) overflow the pipe's buffer, so the program is still writing when it closes. `| head -1`.
    const file = manyFile('pipe.txt', [MULTIPLE, ...new Array<string>(100).fill(LARGER)]);
    // naive yields to the event loop between puzzles, so the closed pipe is seen mid-run.
    const child = spawn(process.execPath, [CLI, 'solve', file, '--engine', 'naive'], { cwd: REPO, stdio: ['ignore', 'pipe', 'pipe'], env: { ...CLI_ENV, NO_COLOR: '1' } });
    let stderr = '';
    let first = '';
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    child.stdout.setEncoding('utf8').once('data', (d: string) => {
      first = d.split('\n', 1)[0]!;
      child.stdout.destroy();
    });
    const code = await new Promise<number | null>((resolve) => child.on('close', (c) => resolve(c)));
    expect(first).toMatch(/#1: multiple/);
    expect(stderr).not.toMatch(/EPIPE|\n\s+at /);
    expect(code).toBe(ExitCode.NOT_UNIQUE);
  });
});

describe('solve -o FILE', () => {
  it('leaves an existing file as it was when there is nothing to draw', () => {
    const keep = tempFile('keep.svg', '<svg>the picture from before</svg>\n');
    const run = gridrace(['solve', '-q', '-f', 'svg', '-o', keep, tempFile('none.txt', `${NONE}\n`)]);
    expect(run.code).toBe(ExitCode.NO_SOLUTION);
    expect(readFileSync(keep, 'utf8')).toBe('<svg>the picture from before</svg>\n');
    expect(run.stderr).toContain(`no solution to draw, ${keep} was not written`);
  });

  it('replaces the file whole, leaving no temporary file beside it', () => {
    const target = tempFile('replaced.svg', 'old');
    const run = gridrace(['solve', '-f', 'svg', '-o', target, tempFile('unique.txt', `${UNIQUE}\n`)]);
    expect(run.code).toBe(ExitCode.OK);
    expect(readFileSync(target, 'utf8')).toMatch(/^<svg[\s\S]*<\/svg>\n?$/);
    expect(readdirSync(dirname(target)).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });

  it('names the file in one line when it cannot be written, and leaves nothing behind', () => {
    const dir = dirname(tempFile('x', ''));
    const run = gridrace(['solve', '--json', '-o', dir, tempFile('u2.txt', `${UNIQUE}\n`)]);
    expect(run.code).toBe(ExitCode.BAD_INPUT);
    expect(run.stderr.trim()).toBe(`gridrace: ${dir}: cannot write file: is a directory`);
    expect(readdirSync(dir).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });
});
