// A Tatham game ID given as the puzzle argument itself, not in a file: read as an ID when no
// file has that name, in every command that loads puzzles.
import { spawnSync } from 'node:child_process';
import { dirname } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readPuzzle, readSolutions, verify } from '@gridrace/core';
import { ExitCode } from '../src/index.js';
import { CLI, CLI_ENV, gridrace, hasStackTrace, tempFile } from './run-cli.js';

// Made by sgt-pattern --generate (the same ID as the stdin test in solve.test.ts).
const PATTERN_ID = '5x5:2.2/1.1/4/1/2/1/3/1/3.1/1.3';
// pijlenpad-2 as a Signpost ID, written by our own converter.
const signpostId = () => gridrace(['convert', 'puzzles/seed/pijlenpad-2.json', '--to', 'signpost']).stdout.trim();

describe('a game ID as the argument', () => {
  it('solve reads a Pattern ID and gives a verified unique solution, named <game-id>', () => {
    const run = gridrace(['solve', PATTERN_ID, '--json']);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(ExitCode.OK);
    const result = JSON.parse(run.stdout).results[0];
    expect(result).toMatchObject({ file: '<game-id>', kind: 'nonogram', width: 5, height: 5, verdict: 'unique', verified: true });
    // Checked here too, against the clues read from the same ID.
    const puzzle = readPuzzle(PATTERN_ID, { format: 'pattern' });
    const [solution] = readSolutions(result.solutions[0].join('\n'), { width: 5, height: 5, kind: 'nonogram' });
    expect(verify(puzzle, solution!).ok).toBe(true);
  });

  it('solve reads a Signpost ID', () => {
    const id = signpostId();
    expect(id).toMatch(/^\d+x\d+:/);
    const run = gridrace(['solve', id, '--json']);
    expect(run.code).toBe(ExitCode.OK);
    expect(JSON.parse(run.stdout).results[0]).toMatchObject({ file: '<game-id>', kind: 'arrowpath', verdict: 'unique', verified: true });
  });

  it('convert and show take an ID too (they load puzzles the same way)', () => {
    const converted = gridrace(['convert', PATTERN_ID, '--to', 'pattern']);
    expect(converted.code).toBe(ExitCode.OK);
    expect(converted.stdout.trim()).toBe(PATTERN_ID);
    const shown = gridrace(['show', PATTERN_ID]);
    expect(shown.code).toBe(ExitCode.OK);
    expect(shown.stdout).toMatch(/^<game-id>: 5x5 nonogram\n/);
  });

  it('a file of that name wins over the ID', () => {
    // A file named like a Signpost ID (no "/" in it) that holds a nonogram: the file is read.
    const id = signpostId();
    const file = tempFile(id, PATTERN_ID);
    const run = spawnSync(process.execPath, [CLI, 'solve', id, '--json'], { cwd: dirname(file), encoding: 'utf8', env: { ...CLI_ENV, NO_COLOR: '1' } });
    expect(run.status).toBe(ExitCode.OK);
    expect(JSON.parse(run.stdout).results[0]).toMatchObject({ file: id, kind: 'nonogram', verdict: 'unique' });
  });

  it('a malformed ID: exit 4, the reader names the problem and says no such file exists', () => {
    const bad = '5x5:2.2/1.1/4/1/2/1/3/1/3.1/9.3';
    const run = gridrace(['solve', bad]);
    expect(run.code).toBe(ExitCode.BAD_INPUT);
    expect(run.stderr).toBe(`gridrace: <game-id>:1: row 5 clue "9 3" needs 13 cells but the row has 5 (read as a game ID: there is no file "${bad}")\n`);
    expect(hasStackTrace(run.stderr)).toBe(false);
  });

  it('a missing file that does not look like an ID stays "cannot read file" (exit 4)', () => {
    for (const path of ['no/such/file.non', 'puzzle:5x5', '5x5']) {
      const run = gridrace(['solve', path]);
      expect(run.code, path).toBe(ExitCode.BAD_INPUT);
      expect(run.stderr, path).toBe(`gridrace: ${path}: cannot read file: no such file\n`);
    }
  });
});
