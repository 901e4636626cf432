// The default engine per kind: the fastest that runs everywhere (wasm for nonograms, run from
// the CLI like any other), named in `solve --help` and marked by `gridrace engines`.
import { describe, expect, it } from 'vitest';
import { ExitCode } from '../src/index.js';
import { gridrace } from './run-cli.js';

describe('default engines', () => {
  it.each([
    ['puzzles/seed/gchq-2015.json', 'nonogram', 'wasm'],
    ['puzzles/seed/mathematica-20x30.json', 'nonogram', 'wasm'],
    ['puzzles/seed/pijlenpad-2.json', 'arrowpath', 'arrowpath'],
  ])('%s (%s) is solved by %s unless --engine says otherwise', (file, kind, engine) => {
    const run = gridrace(['solve', file, '--json']);
    expect(run.code, run.stderr).toBe(ExitCode.OK);
    expect(JSON.parse(run.stdout).results[0]).toMatchObject({ kind, engine, verdict: 'unique', verified: true });
  });

  it('--engine bitmask still picks bitmask', () => {
    const run = gridrace(['solve', 'puzzles/seed/gchq-2015.json', '--engine', 'bitmask', '--json']);
    expect(JSON.parse(run.stdout).results[0]).toMatchObject({ engine: 'bitmask', verdict: 'unique', verified: true });
  });

  it('solve --help names the default per kind and why', () => {
    const help = gridrace(['solve', '--help']).stdout.replace(/\s+/g, ' ');
    expect(help).toContain('default: wasm for nonograms, arrowpath for arrow paths');
    expect(help).toMatch(/Default engine per kind: the fastest of that kind that runs everywhere \(Node and browsers\)\. nonogram wasm: /);
    expect(help).toMatch(/arrowpath arrowpath: /);
  });

  it('gridrace engines marks the same defaults', () => {
    const engines = JSON.parse(gridrace(['engines', '--json']).stdout) as { name: string; kind: string; default: boolean }[];
    expect(engines.filter((e) => e.default).map((e) => `${e.kind}:${e.name}`).sort()).toEqual(['arrowpath:arrowpath', 'colour-nonogram:wasm', 'nonogram:wasm']);
  });
});
