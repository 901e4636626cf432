// Resource caps seen from the command line: input size, output size, closed pipes, -m.
import { spawn, spawnSync } from 'node:child_process';
import { closeSync, ftruncateSync, openSync, readFileSync, statSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { writePuzzle, type ArrowPathPuzzle, type Direction } from '@gridrace/core';
import { ExitCode } from '../src/exit-codes.js';
import { CLI, REPO, gridrace, hasStackTrace, tempFile } from './run-cli.js';

function runWithStdin(args: string[], stdinPath: string): { code: number | null; stderr: string } {
  const fd = openSync(stdinPath, 'r');
  try {
    const run = spawnSync(process.execPath, [CLI, ...args], { cwd: REPO, stdio: [fd, 'pipe', 'pipe'], encoding: 'utf8', timeout: 60_000 });
    return { code: run.status, stderr: run.stderr };
  } finally {
    closeSync(fd);
  }
}

describe('input size cap (64 MiB)', () => {
  it('solve - < /dev/zero stops at the cap with exit 4 and one line', () => {
    const run = runWithStdin(['solve', '-'], '/dev/zero');
    expect(run.code).toBe(ExitCode.BAD_INPUT);
    expect(run.stderr.trim()).toBe('gridrace: <stdin>: the input did not end within the input limit of 64 MiB');
  });

  it('solve /dev/zero is refused at the cap, naming the file', () => {
    const run = gridrace(['solve', '/dev/zero']);
    expect(run.code).toBe(ExitCode.BAD_INPUT);
    expect(run.stderr.trim()).toBe('gridrace: /dev/zero: the input is not a regular file and did not end within the input limit of 64 MiB');
  });

  it('race -p /dev/zero is refused the same way by the corpus loader', () => {
    const run = gridrace(['race', '-p', '/dev/zero', '-e', 'naive']);
    expect(run.code).toBe(ExitCode.BAD_INPUT);
    expect(run.stderr.trim()).toBe('gridrace: /dev/zero: the input is not a regular file and did not end within the input limit of 64 MiB');
  });

  it('a regular file over the cap is refused by its size, without reading it', () => {
    const file = tempFile('huge.non', '');
    const fd = openSync(file, 'r+');
    ftruncateSync(fd, 64 * 1024 * 1024 + 1); // sparse: no disk used
    closeSync(fd);
    const run = gridrace(['verify', file]);
    expect(run.code).toBe(ExitCode.BAD_INPUT);
    expect(run.stderr.trim()).toBe(`gridrace: ${file}: the file is larger than the input limit of 64 MiB`);
  });
});

describe('output size', () => {
  it('an all-filled grid gives a small SVG (a rect per row)', () => {
    const side = 1500;
    const clue = new Array(side).fill(String(side)).join('/');
    const file = tempFile('full.txt', `${side}x${side}:${clue}/${clue}`);
    const out = tempFile('full.svg', '');
    const run = gridrace(['solve', file, '-e', 'naive', '-f', 'svg', '-o', out]);
    expect(run.code).toBe(ExitCode.OK);
    const svg = readFileSync(out, 'utf8');
    expect(svg.match(/<rect [^>]*width="30000" height="20"\/>/g)).toHaveLength(side);
    // One rect per cell would be over 100 MB.
    expect(statSync(out).size).toBeLessThan(1_000_000);
  });

  it('an SVG past the output cap ends with exit 4 and a message, not a crash', () => {
    const side = 1000;
    const arrows: (Direction | null)[] = [];
    // A snake: east along even rows, west along odd ones, down at the ends; the last cell has no arrow.
    for (let r = 0; r < side; r++) {
      for (let c = 0; c < side; c++) arrows.push(r % 2 === 0 ? (c === side - 1 ? 'S' : 'E') : c === 0 ? 'S' : 'W');
    }
    arrows[side * side - 1] = null;
    const givens = new Array<number>(side * side).fill(0);
    givens[0] = 1;
    givens[side * side - 1] = side * side;
    const puzzle: ArrowPathPuzzle = { kind: 'arrowpath', width: side, height: side, arrows, givens, meta: {} };
    const file = tempFile('snake.txt', writePuzzle(puzzle, 'signpost'));
    const run = gridrace(['show', file, '-f', 'svg']);
    expect(run.code).toBe(ExitCode.BAD_INPUT);
    expect(run.stderr.trim()).toMatch(new RegExp(`^gridrace: ${file}: the SVG of a 1000x1000 arrow path would be about \\d+ MiB, over the output limit of 64 MiB$`));
    expect(hasStackTrace(run.stderr)).toBe(false);
  });
});

describe('a closed pipe', () => {
  it('ends the command quietly (no EPIPE stack trace)', async () => {
    // About 2 MB of text: the reader closes the pipe after the first chunk, mid-write.
    const side = 1000;
    const clue = new Array(side).fill(String(side)).join('/');
    const file = tempFile('show-full.txt', `${side}x${side}:${clue}/${clue}`);
    const child = spawn(process.execPath, [CLI, 'show', file], { cwd: REPO, stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    child.stdout.once('data', () => child.stdout.destroy());
    const code = await new Promise<number | null>((resolve) => child.on('close', (c) => resolve(c)));
    expect(stderr).toBe('');
    expect(code).toBe(ExitCode.OK);
  });
});

describe('-m cap', () => {
  it('refuses more solutions than the library holds, as a usage error', () => {
    const file = tempFile('open3.nin', '3 3\n1\n1\n1\n1\n1\n1\n');
    const run = gridrace(['solve', file, '-m', '1000000']);
    expect(run.code).toBe(ExitCode.USAGE);
    expect(run.stderr).toMatch(/at most 100000 solutions/);
  });
});
