// Colour only on a terminal, NO_COLOR always off, FORCE_COLOR on (0/false off): the rule in
// output.ts, and what the command writes to a pipe under each setting.
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { useColor } from '../src/output.js';
import { CLI, CLI_ENV, REPO } from './run-cli.js';

const ESC = '\x1b[';

function run(args: string[], env: Record<string, string | undefined>) {
  const r = spawnSync(process.execPath, [CLI, ...args], { cwd: REPO, encoding: 'utf8', env: { ...CLI_ENV, NO_COLOR: undefined, FORCE_COLOR: undefined, ...env } });
  return { stdout: r.stdout, stderr: r.stderr, code: r.status };
}

describe('useColor', () => {
  const tty = { isTTY: true };
  const pipe = { isTTY: false };
  it.each([
    ['a terminal', tty, {}, true],
    ['a pipe', pipe, {}, false],
    ['a dumb terminal', tty, { TERM: 'dumb' }, false],
    ['a terminal with NO_COLOR', tty, { NO_COLOR: '1' }, false],
    ['a terminal with NO_COLOR empty (unset, per no-color.org)', tty, { NO_COLOR: '' }, true],
    ['a pipe with FORCE_COLOR', pipe, { FORCE_COLOR: '1' }, true],
    ['a pipe with FORCE_COLOR empty', pipe, { FORCE_COLOR: '' }, true],
    ['a terminal with FORCE_COLOR=0', tty, { FORCE_COLOR: '0' }, false],
    ['a terminal with FORCE_COLOR=false', tty, { FORCE_COLOR: 'false' }, false],
    ['a pipe with both NO_COLOR and FORCE_COLOR', pipe, { NO_COLOR: '1', FORCE_COLOR: '1' }, false],
  ])('%s: %s', (_, stream, env, expected) => {
    expect(useColor(stream, { TERM: 'xterm', ...env })).toBe(expected);
  });
});

describe('the command on a pipe', () => {
  const solve = ['solve', 'puzzles/seed/gchq-2015.json'];

  it('writes no colour codes by default', () => {
    const r = run(solve, {});
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('unique, verified');
    expect(r.stdout).not.toContain(ESC);
  });

  it('colours the verdict and the grid with FORCE_COLOR', () => {
    const r = run(solve, { FORCE_COLOR: '1' });
    expect(r.stdout).toMatch(/^\x1b\[32m.*unique, verified.*\x1b\[39m$/m);
  });

  it('writes no colour with NO_COLOR, even beside FORCE_COLOR, nor with FORCE_COLOR=0', () => {
    expect(run(solve, { NO_COLOR: '1', FORCE_COLOR: '1' }).stdout).not.toContain(ESC);
    expect(run(solve, { FORCE_COLOR: '0' }).stdout).not.toContain(ESC);
  });

  it('colours a usage error on standard error only when asked', () => {
    expect(run(['frobnicate'], {}).stderr).not.toContain(ESC);
    expect(run(['frobnicate'], { FORCE_COLOR: '1' }).stderr).toContain(`${ESC}31m`);
  });
});
