// Clues whose row and column totals differ are well formed but contradictory: read in every
// format, and every nonogram engine answers "no solution" (exit 2).
import { describe, expect, it } from 'vitest';
import { ExitCode } from '../src/index.js';
import { gridrace, tempFile } from './run-cli.js';

// Rows fill 3 cells, columns 4.
const NIN = '3 2\n2\n1\n1\n2\n1\n';

describe('row and column totals that differ', () => {
  it.each(['wasm', 'bitmask', 'naive', 'z3', 'z3-prefix'])('%s: none, exit 2', (engine) => {
    const run = gridrace(['solve', tempFile('totals.nin', NIN), '--engine', engine, '--json']);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(ExitCode.NO_SOLUTION);
    expect(JSON.parse(run.stdout).results[0]).toMatchObject({ engine, verdict: 'none', solutions: [] });
  });

  it.each(['non', 'pattern', 'json'] as const)('is read from .nin, written as %s and read back: still none', (format) => {
    const converted = gridrace(['convert', tempFile('totals2.nin', NIN), '--to', format]);
    expect(converted.code, converted.stderr).toBe(ExitCode.OK);
    const run = gridrace(['solve', '-', '--from', format], converted.stdout);
    expect(run.code).toBe(ExitCode.NO_SOLUTION);
    expect(run.stdout).toMatch(/: none \[wasm, /);
  });
});
