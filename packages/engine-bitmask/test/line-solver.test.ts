// The line solver against brute force: every placement of the clue is listed, those that
// disagree with the known cells are dropped, and a cell is forced when all survivors agree.
// The solver is internal; this test imports it directly because the issue asks for it.
import { linePlacements } from '@gridrace/testkit';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LineSolver } from '../src/line-solver.js';

interface LineCase {
  readonly clue: number[];
  readonly known: (0 | 1 | null)[];
}

/** What brute force says: null for no valid placement, else the forced cells. */
function bruteForce({ clue, known }: LineCase): { filled: boolean[]; empty: boolean[] } | null {
  const n = known.length;
  const fits = linePlacements(clue, n).filter((p) => known.every((k, i) => k === null || p[i] === k));
  if (fits.length === 0) return null;
  return {
    filled: known.map((_, i) => fits.every((p) => p[i] === 1)),
    empty: known.map((_, i) => fits.every((p) => p[i] === 0)),
  };
}

function masks(known: readonly (0 | 1 | null)[]): { filled: Int32Array; empty: Int32Array } {
  const words = Math.max(1, Math.ceil(known.length / 32));
  const filled = new Int32Array(words);
  const empty = new Int32Array(words);
  known.forEach((k, i) => {
    if (k === 1) filled[i >> 5]! |= 1 << (i & 31);
    if (k === 0) empty[i >> 5]! |= 1 << (i & 31);
  });
  return { filled, empty };
}

const bit = (words: Int32Array | number, i: number): boolean =>
  ((typeof words === 'number' ? words : words[i >> 5]!) >>> (i & 31)) & 1 ? true : false;

/**
 * A random line: a random grid line gives a clue that fits; sometimes a block is grown so
 * the clue may not fit; known cells are mostly taken from the line, sometimes flipped.
 */
const lineCase = (maxLength: number, maxBlocks: number): fc.Arbitrary<LineCase> =>
  fc
    .record({
      length: fc.integer({ min: 1, max: maxLength }),
      density: fc.double({ min: 0, max: 1, noNaN: true }),
      knownRate: fc.double({ min: 0, max: 0.8, noNaN: true }),
      seed: fc.integer({ min: 1, max: 2 ** 30 }),
      grow: fc.boolean(),
    })
    .map(({ length, density, knownRate, seed, grow }) => {
      let s = seed;
      const rnd = () => {
        s = (Math.imul(s, 1103515245) + 12345) & 0x7fffffff;
        return s / 0x80000000;
      };
      const line = Array.from({ length }, () => (rnd() < density ? 1 : 0));
      const clue: number[] = [];
      let run = 0;
      for (const v of [...line, 0]) {
        if (v === 1) run++;
        else if (run > 0) {
          clue.push(run);
          run = 0;
        }
      }
      while (clue.length > maxBlocks) clue.pop();
      if (grow && clue.length > 0) clue[Math.floor(rnd() * clue.length)]! += 1;
      const known = line.map((v) => (rnd() < knownRate ? ((rnd() < 0.9 ? v : 1 - v) as 0 | 1) : null));
      return { clue, known };
    });

function check(solver: LineSolver, c: LineCase): void {
  const n = c.known.length;
  const expected = bruteForce(c);
  const clue = Int32Array.from(c.clue);
  const { filled, empty } = masks(c.known);
  const outFilled = new Int32Array(filled.length);
  const outEmpty = new Int32Array(filled.length);
  const ok = solver.solveWords(clue, clue.length, n, filled, 0, empty, 0, outFilled, outEmpty);
  expect(ok, 'multi-word: consistent').toBe(expected !== null);
  if (expected !== null) {
    for (let i = 0; i < n; i++) {
      expect(bit(outFilled, i), `multi-word: cell ${i} forced filled`).toBe(expected.filled[i]);
      expect(bit(outEmpty, i), `multi-word: cell ${i} forced empty`).toBe(expected.empty[i]);
    }
  }
  // The trimmed entry point (used for long lines): the same answers.
  const trimF = new Int32Array(filled.length);
  const trimE = new Int32Array(filled.length);
  const okTrim = solver.solveTrimmed(clue, clue.length, n, filled, 0, empty, 0, trimF, trimE);
  expect(okTrim, 'trimmed: consistent').toBe(expected !== null);
  if (expected !== null) {
    for (let i = 0; i < n; i++) {
      expect(bit(trimF, i), `trimmed: cell ${i} forced filled`).toBe(expected.filled[i]);
      expect(bit(trimE, i), `trimmed: cell ${i} forced empty`).toBe(expected.empty[i]);
    }
  }
  if (n <= LineSolver.WORD_LIMIT) {
    const okWord = solver.solveWord(clue, clue.length, n, filled[0]!, empty[0]!);
    expect(okWord, 'one word: consistent').toBe(expected !== null);
    if (expected !== null) {
      for (let i = 0; i < n; i++) {
        expect(bit(solver.outFilled, i), `one word: cell ${i} forced filled`).toBe(expected.filled[i]);
        expect(bit(solver.outEmpty, i), `one word: cell ${i} forced empty`).toBe(expected.empty[i]);
      }
    }
  }
}

describe('line solver against brute-force enumeration', () => {
  const solver = new LineSolver(100, 50);

  it('short lines (up to 30 cells, one word and multi-word code) with random known cells', () => {
    fc.assert(
      fc.property(lineCase(30, 30), (c) => check(solver, c)),
      { numRuns: 3000 },
    );
  });

  it('lines of 31 to 45 cells (two words) with up to 4 blocks', () => {
    fc.assert(
      fc.property(lineCase(45, 4).filter((c) => c.known.length > 30), (c) => check(solver, c)),
      { numRuns: 1500 },
    );
  });

  it('long lines (up to 100 cells, four words) with up to 3 blocks', () => {
    fc.assert(
      fc.property(lineCase(100, 3), (c) => check(solver, c)),
      { numRuns: 1500 },
    );
  });

  it('a table of hand-made cases', () => {
    const cases: [clue: number[], line: string, result: string | null][] = [
      // line: '.' empty, '#' filled, '?' unknown; result: the forced line or null.
      [[], '???', '...'],
      [[], '?#?', null],
      [[3], '?????', '??#??'],
      [[5], '?????', '#####'],
      [[6], '?????', null],
      [[2, 1], '????', '##.#'],
      [[1, 1], '?#??', '.#.#'],
      [[1], '??#??', '..#..'],
      [[2, 2], '#?????', '##.?#?'],
      [[3, 1], '???.??', '###.??'],
      [[1, 1, 1], '?????', '#.#.#'],
    ];
    for (const [clue, line, result] of cases) {
      const known = [...line].map((ch) => (ch === '#' ? 1 : ch === '.' ? 0 : null));
      const brute = bruteForce({ clue, known });
      const brutal = brute === null ? null : known.map((_, i) => (brute.filled[i] ? '#' : brute.empty[i] ? '.' : '?')).join('');
      expect(brutal, `brute force for ${clue.join(' ')} on ${line}`).toBe(result);
      check(solver, { clue, known });
    }
  });

  it('512-cell lines: one block of 512; 256 blocks of 1 (one cell of slack); 257 blocks of 1 (too many)', () => {
    const big = new LineSolver(512, 257);
    const n = 512;
    const none = new Int32Array(16);
    const outF = new Int32Array(16);
    const outE = new Int32Array(16);
    expect(big.solveWords(Int32Array.of(512), 1, n, none, 0, none, 0, outF, outE)).toBe(true);
    expect([...outF].every((w) => w === -1)).toBe(true);
    expect([...outE].every((w) => w === 0)).toBe(true);
    // Every block may sit on its even cell or one to the right: nothing is forced.
    expect(big.solveWords(new Int32Array(256).fill(1), 256, n, none, 0, none, 0, outF, outE)).toBe(true);
    expect([...outF, ...outE].every((w) => w === 0)).toBe(true);
    // With cell 0 known empty every block shifts right: the line is forced completely.
    const empty0 = new Int32Array(16);
    empty0[0] = 1;
    expect(big.solveWords(new Int32Array(256).fill(1), 256, n, none, 0, empty0, 0, outF, outE)).toBe(true);
    expect([...outF].every((w) => w === (0xaaaaaaaa | 0))).toBe(true);
    expect([...outE].every((w) => w === 0x55555555)).toBe(true);
    expect(big.solveWords(new Int32Array(257).fill(1), 257, n, none, 0, none, 0, outF, outE)).toBe(false);
  });
});
