// Every bad input of core's table, given to the CLI as a file: exit code 4, one line on
// stderr with the file, line and problem, and never a stack trace.
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { BAD_INPUT_CASES } from '../../core/test/bad-input-cases.js';
import { ExitCode } from '../src/index.js';
import { CLI, CLI_ENV, hasStackTrace } from './run-cli.js';

const dir = mkdtempSync(join(tmpdir(), 'gridrace-bad-'));

describe('bad input files through the CLI', () => {
  it('covers at least 30 distinct cases', () => {
    expect(BAD_INPUT_CASES.length).toBeGreaterThanOrEqual(30);
  });

  it.each(BAD_INPUT_CASES)('%s', (name, format, file, text, _code, _line, message) => {
    // One folder per case, so the file keeps its own name and the message can be matched exactly.
    const caseDir = join(dir, name.replace(/[^a-z0-9]+/gi, '-'));
    mkdirSync(dirname(join(caseDir, file)), { recursive: true });
    writeFileSync(join(caseDir, file), text);
    const args = ['solve', file, ...(format === undefined ? [] : ['--from', format])];
    const run = spawnSync(process.execPath, [CLI, ...args], { cwd: caseDir, encoding: 'utf8', env: { ...CLI_ENV, NO_COLOR: '1' } });
    expect(run.status).toBe(ExitCode.BAD_INPUT);
    expect(run.stdout).toBe('');
    expect(run.stderr.startsWith('gridrace: ')).toBe(true);
    expect(run.stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(run.stderr.slice('gridrace: '.length).trimEnd()).toMatch(message);
    expect(hasStackTrace(run.stderr)).toBe(false);
  });
});
