import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readPuzzle } from '@gridrace/core';
import { ExitCode } from '../src/index.js';
import { hasShared, NEEDS_SHARED, sharedDir } from '@gridrace/testkit';
import { REPO, gridrace, tempFile } from './run-cli.js';

describe('gridrace verify', () => {
  it("accepts a file's own correct solution (GCHQ seed)", () => {
    const run = gridrace(['verify', 'puzzles/seed/gchq-2015.json']);
    expect(run.code).toBe(ExitCode.OK);
    expect(run.stdout).toMatch(/: correct\n$/);
  });

  it('rejects a wrong solution file, naming the broken lines, with exit code 2', () => {
    const solution = tempFile('wrong.txt', '#.\n.#\n');
    const puzzle = tempFile('diag.nin', '2 2\n1\n1\n1\n1\n');
    expect(gridrace(['verify', puzzle, '--solution', solution]).code).toBe(ExitCode.OK);
    const wrong = tempFile('wrong2.txt', '##\n..\n');
    const run = gridrace(['verify', puzzle, '--solution', wrong]);
    expect(run.code).toBe(ExitCode.NO_SOLUTION);
    expect(run.stdout).toMatch(/WRONG\n\s+row 1: clue 1, grid gives 2/);
  });

  it.skipIf(!hasShared)(`checks all 1000 TAAI 2011 reference solutions against their puzzles ${NEEDS_SHARED}`, () => {
    const run = gridrace(['verify', `${sharedDir}puzzles/taai/question/taai2011.txt`, '--solution', `${sharedDir}puzzles/taai/solution/taai2011.txt`]);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(ExitCode.OK);
    expect(run.stdout).toMatch(/1000 of 1000 solutions correct/);
  });

  it('verifies and renders both seed arrow paths with their own solutions', () => {
    for (const name of ['pijlenpad-1.json', 'pijlenpad-2.json']) {
      expect(gridrace(['verify', join('puzzles/seed', name)]).code).toBe(ExitCode.OK);
      const shown = gridrace(['show', join('puzzles/seed', name), '--solution']);
      expect(shown.code).toBe(ExitCode.OK);
      const seed = JSON.parse(readFileSync(join(REPO, 'puzzles/seed', name), 'utf8'));
      // Every number of the known solution appears in the rendering.
      for (const row of seed.solution) for (const [n] of row) expect(shown.stdout).toMatch(new RegExp(`\\b${n}\\b`));
    }
  });
});

describe('gridrace convert', () => {
  it.each(['non', 'nin', 'pattern', 'json', 'xml'])('converts the seed 15x15 to %s and solves the result the same way', (format) => {
    const converted = gridrace(['convert', 'puzzles/seed/z3-prefix-15x15.json', '--to', format]);
    expect(converted.code).toBe(ExitCode.OK);
    const original = readPuzzle(readFileSync(join(REPO, 'puzzles/seed/z3-prefix-15x15.json'), 'utf8'));
    const back = readPuzzle(converted.stdout);
    expect(back.width).toBe(original.width);
    expect(back.kind === 'nonogram' && original.kind === 'nonogram' && [back.rows, back.columns]).toEqual([
      (original as { rows: unknown }).rows,
      (original as { columns: unknown }).columns,
    ]);
    const a = JSON.parse(gridrace(['solve', 'puzzles/seed/z3-prefix-15x15.json', '--json']).stdout).results[0].solutions;
    const b = JSON.parse(gridrace(['solve', '-', '--json'], converted.stdout).stdout).results[0].solutions;
    expect(b).toEqual(a);
  });

  it('refuses a conversion the target cannot hold (givens into .nin) with exit code 5', () => {
    const run = gridrace(['convert', 'puzzles/seed/gchq-2015.json', '--to', 'nin']);
    expect(run.code).toBe(ExitCode.USAGE);
    expect(run.stderr).toMatch(/cannot convert to nin: .*given/);
  });

  it('refuses a webpbn XML clue in a colour no <color> defines with one line naming the file and line, exit code 4', () => {
    const converted = gridrace(['convert', 'puzzles/seed/z3-prefix-15x15.json', '--to', 'xml']);
    const red = converted.stdout.replace('<count>', '<count color="red">');
    const line = red.slice(0, red.indexOf('color="red"')).split('\n').length;
    const file = tempFile('red.xml', red);
    const run = gridrace(['solve', file]);
    expect(run.code).toBe(ExitCode.BAD_INPUT);
    expect(run.stderr).toBe(`gridrace: ${file}:${line}: a clue in colour "red", which no <color> defines\n`);
  });

  it('writes an arrow path as a Signpost game ID that reads back the same', () => {
    const run = gridrace(['convert', 'puzzles/seed/pijlenpad-2.json', '--to', 'signpost']);
    expect(run.code).toBe(ExitCode.OK);
    expect(run.stdout).toMatch(/^5x5:1e/);
    const back = gridrace(['convert', '-', '--to', 'json'], run.stdout);
    const original = readPuzzle(readFileSync(join(REPO, 'puzzles/seed/pijlenpad-2.json'), 'utf8'));
    const reread = readPuzzle(back.stdout);
    expect(reread.kind === 'arrowpath' && [reread.givens, reread.arrows]).toEqual(
      original.kind === 'arrowpath' && [original.givens, original.arrows],
    );
  });
});

// A 3x3 colour puzzle with one solution, rb. / .r. / bbr, written by hand in webpbn's XML.
const COLOUR_XML = `<?xml version="1.0"?>
<puzzleset><puzzle type="grid" defaultcolor="red" backgroundcolor="white">
<color name="white" char=".">fff</color>
<color name="red" char="r">f00</color>
<color name="blue" char="b">00f</color>
<clues type="columns">
<line><count>1</count><count color="blue">1</count></line>
<line><count color="blue">1</count><count>1</count><count color="blue">1</count></line>
<line><count>1</count></line>
</clues>
<clues type="rows">
<line><count>1</count><count color="blue">1</count></line>
<line><count>1</count></line>
<line><count color="blue">2</count><count>1</count></line>
</clues>
</puzzle></puzzleset>
`;

describe('colour nonograms through the CLI', () => {
  it('solves, verifies, converts and shows a colour puzzle; solve --json adds the palette', () => {
    const xml = tempFile('colour.xml', COLOUR_XML);
    const solved = gridrace(['solve', xml, '--json']);
    expect(solved.code).toBe(ExitCode.OK);
    const result = (JSON.parse(solved.stdout) as { results: Record<string, unknown>[] }).results[0]!;
    expect(result).toMatchObject({ kind: 'colour-nonogram', engine: 'wasm', verdict: 'unique', verified: true, solutions: [['rb.', '.r.', 'bbr']] });
    expect(result.palette).toEqual([
      { name: 'white', rgb: 'ffffff', char: '.' },
      { name: 'red', rgb: 'ff0000', char: 'r' },
      { name: 'blue', rgb: '0000ff', char: 'b' },
    ]);

    const good = tempFile('colour-solution.txt', 'rb.\n.r.\nbbr\n');
    expect(gridrace(['verify', xml, '--solution', good]).code).toBe(ExitCode.OK);
    const wrong = gridrace(['verify', xml, '--solution', tempFile('colour-wrong.txt', 'rb.\n.b.\nbbr\n')]);
    expect(wrong.code).toBe(ExitCode.NO_SOLUTION);
    expect(wrong.stdout).toMatch(/row 2: clue 1red, grid gives 1blue/);

    const json = gridrace(['convert', xml, '--to', 'json']);
    expect(json.code).toBe(ExitCode.OK);
    expect(readPuzzle(json.stdout)).toEqual(readPuzzle(COLOUR_XML));
    expect(gridrace(['convert', xml, '--to', 'non']).stderr).toMatch(/non holds a nonogram, not a colour nonogram/);

    const shown = gridrace(['show', xml, '--format', 'svg']);
    expect(shown.stdout).toContain('fill="#0000ff"');
    for (const engine of ['bitmask', 'naive']) expect(JSON.parse(gridrace(['solve', xml, '-e', engine, '--json']).stdout).results[0]).toMatchObject({ engine, verdict: 'unique', verified: true });
    expect(gridrace(['solve', xml, '-e', 'z3']).stderr).toBe(`gridrace: engine "z3" solves nonogram puzzles, but this is a colour-nonogram puzzle\n`);
  });
});

describe('gridrace show', () => {
  it('renders an unsolved puzzle as SVG', () => {
    const run = gridrace(['show', 'puzzles/seed/pijlenpad-1.json', '--format', 'svg']);
    expect(run.code).toBe(ExitCode.OK);
    expect(run.stdout).toMatch(/^<svg[\s\S]*<polygon[\s\S]*<\/svg>\n$/);
  });
});
