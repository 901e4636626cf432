// The output parsers on outputs recorded from the real programs (fixtures/recorded/, see its
// README), each checked against the puzzle it answered with core's verifier.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { verify, type NonogramPuzzle } from '@gridrace/core';
import { describe, expect, it } from 'vitest';
import { OutputError, parseGridraceJson, parseGrids, parseNonosolve, parsePbnsolve, type ParsedAnswer } from '../src/index.js';
import { hasShared, NEEDS_SHARED, readSharedNonogram } from '@gridrace/testkit';

const recorded = (name: string) => readFileSync(fileURLToPath(new URL(`./fixtures/recorded/${name}`, import.meta.url)), 'utf8');
const nonogram = (rows: number[][], columns: number[][]): NonogramPuzzle => ({ kind: 'nonogram', width: columns.length, height: rows.length, rows, columns, givens: [], meta: {} });
const solves = (puzzle: NonogramPuzzle, answer: ParsedAnswer) => answer.grids.map((cells) => verify(puzzle, { width: puzzle.width, height: puzzle.height, cells }).ok);

// The puzzles of the recordings (recorded/README.md gives the commands).
const diagonals = nonogram([[1], [1]], [[1], [1]]);
const impossible = nonogram([[2], []], [[2], []]);
// The recorded outputs solve puzzles of ../shared, read only by the tests that need them.
const domino3 = () => readSharedNonogram('extra/domino-3.non');
const webpbn1 = () => readSharedNonogram('webpbn/webpbn-00001.nin');

describe('pbnsolve parser (recorded outputs of pbnsolve 1.10 -u -t)', () => {
  it('FOUND MULTIPLE SOLUTIONS: both grids, each solving the puzzle, and its time line', () => {
    const a = parsePbnsolve({ stdout: recorded('pbnsolve-multiple.txt'), width: 2, height: 2 });
    expect(a.status).toBe('multiple');
    expect(a.grids).toHaveLength(2);
    expect(solves(diagonals, a)).toEqual([true, true]);
    expect(a.grids[0]).not.toEqual(a.grids[1]);
    expect(a.solverMs).toBeCloseTo(0.039, 6);
    expect(a.counters).toMatchObject({ probes: 1, guesses: 0, backtracks: 1, linesSolved: 12 });
  });

  it('a colour grid in the palette characters, read as palette indices', () => {
    const a = parsePbnsolve({ stdout: recorded('pbnsolve-unique-colour4.txt'), width: 4, height: 4, palette: ['.', 'r', 'g'] });
    expect(a.status).toBe('unique');
    expect(a.grids.map((g) => [...g])).toEqual([[1, 1, 2, 0, 1, 0, 2, 2, 0, 2, 0, 1, 2, 2, 1, 1]]);
    // Without the palette the rows are not black-and-white grids: no grid, so an answer that lies.
    expect(parsePbnsolve({ stdout: recorded('pbnsolve-unique-colour4.txt'), width: 4, height: 4 }).grids).toEqual([]);
  });

  it('NO SOLUTION.: none, no grids', () => {
    const a = parsePbnsolve({ stdout: recorded('pbnsolve-none.txt'), width: 2, height: 2 });
    expect(a.status).toBe('none');
    expect(solves(impossible, a)).toEqual([]);
  });

  it.skipIf(!hasShared)(`UNIQUE SOLUTION: after a title line (9-Dom style .non), one grid that solves it ${NEEDS_SHARED}`, () => {
    const a = parsePbnsolve({ stdout: recorded('pbnsolve-unique-domino-3.txt'), width: 7, height: 7 });
    expect(a.status).toBe('unique');
    expect(solves(domino3(), a)).toEqual([true]);
  });

  it.skipIf(!hasShared)(`UNIQUE LINE SOLUTION: (solved by line logic alone) is unique too ${NEEDS_SHARED}`, () => {
    const a = parsePbnsolve({ stdout: recorded('pbnsolve-unique-line-webpbn-00001.txt'), width: 5, height: 10 });
    expect(a.status).toBe('unique');
    expect(solves(webpbn1(), a)).toEqual([true]);
  });

  it('refuses output without a verdict line, quoting its start', () => {
    expect(() => parsePbnsolve({ stdout: 'Content-type: application/xml\n<status>FAIL</status>\n', width: 2, height: 2 })).toThrow(
      /unrecognised output \(no pbnsolve verdict line\); it began: "Content-type: application\/xml"/,
    );
  });
});

describe('nonosolve parser (recorded outputs of nonosolve)', () => {
  it('MULTIPLE with -q: the status line, and both solutions from its --json file', () => {
    const a = parseNonosolve({ stdout: recorded('nonosolve-multiple-json.txt'), outputFile: recorded('nonosolve-multiple.json'), width: 2, height: 2 });
    expect(a.status).toBe('multiple');
    expect(solves(diagonals, a)).toEqual([true, true]);
    expect(a.solverMs).toBeCloseTo(7.3, 6);
    expect(a.counters).toEqual({ nodes: 0, probes: 1, sat: 0 });
  });

  it.skipIf(!hasShared)(`UNIQUE without --json: the grid printed after the status line ${NEEDS_SHARED}`, () => {
    const a = parseNonosolve({ stdout: recorded('nonosolve-unique-webpbn-00001.txt'), width: 5, height: 10 });
    expect(a.status).toBe('unique');
    expect(solves(webpbn1(), a)).toEqual([true]);
  });

  it('NONE and TIMEOUT', () => {
    expect(parseNonosolve({ stdout: recorded('nonosolve-none.txt'), width: 2, height: 2 })).toMatchObject({ status: 'none', grids: [] });
    expect(parseNonosolve({ stdout: recorded('nonosolve-timeout-faase.txt'), width: 80, height: 95 })).toMatchObject({ status: 'timeout', grids: [] });
  });

  it('refuses a status line for another size, and a --json file without solutions', () => {
    expect(() => parseNonosolve({ stdout: recorded('nonosolve-none.txt'), width: 3, height: 2 })).toThrow(/read a 2x2 puzzle, not 3x2/);
    expect(() => parseNonosolve({ stdout: recorded('nonosolve-multiple-json.txt'), outputFile: '{"solutions":["10"]}', width: 2, height: 2 })).toThrow(/no list of 4-cell solutions/);
  });
});

describe('generic grids parser', () => {
  it('reads a verdict word and grids in #/., X/. or 1/0', () => {
    const a = parseGrids({ stdout: 'verdict: multiple\n10\n01\n\nX.\n.X\n', width: 2, height: 2 });
    expect(a.status).toBe('multiple');
    expect(solves(diagonals, a)).toEqual([true, true]);
    expect(parseGrids({ stdout: 'no solution\n', width: 2, height: 2 }).status).toBe('none');
  });

  it('refuses output without a verdict word', () => {
    expect(() => parseGrids({ stdout: '#.\n.#\n', width: 2, height: 2 })).toThrow(OutputError);
  });
});

describe('gridrace-json parser', () => {
  it('maps incomplete verdicts: time-limit to timeout, solution-limit to found', () => {
    const json = (verdict: string, reason?: string) =>
      JSON.stringify({ schema: 1, results: [{ verdict, ...(reason ? { reason } : {}), solutions: [['#.', '.#']], stats: { timeMs: 1.5, counters: { probes: 2 } } }] });
    expect(parseGridraceJson({ stdout: json('incomplete', 'time-limit'), width: 2, height: 2 }).status).toBe('timeout');
    const found = parseGridraceJson({ stdout: json('incomplete', 'solution-limit'), width: 2, height: 2 });
    expect(found.status).toBe('found');
    expect(solves(diagonals, found)).toEqual([true]);
    expect(found.solverMs).toBe(1.5);
  });

  it('refuses rows of the wrong size', () => {
    const stdout = JSON.stringify({ results: [{ verdict: 'unique', solutions: [['#', '.#']], stats: {} }] });
    expect(() => parseGridraceJson({ stdout, width: 2, height: 2 })).toThrow(/not 2 rows of 2 cells/);
  });
});
