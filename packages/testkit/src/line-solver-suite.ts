// The suite for the one line solver (engine-bitmask/solver/line-solver.ts) on each target it
// is compiled for: against brute force, where every placement of the clue is listed, those
// that disagree with the known cells are dropped, and a cell is forced when all survivors
// agree. A target gives the solver's entry points over its own memory (addresses in bytes).
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { linePlacements } from './oracle-nonogram.js';

/** The line solver's entry points on one target, for one instance. */
export interface LineSolverTarget {
  readonly wordLimit: number;
  /** Results of the last successful `solveWord`. */
  outFilledW(): number;
  outEmptyW(): number;
  setupLineSolver(length: number, blocks: number): boolean;
  solveWord(clue: number, k: number, n: number, filled: number, empty: number): boolean;
  solveWords(clue: number, k: number, n: number, filled: number, empty: number, outFilled: number, outEmpty: number): boolean;
  solveTrimmed(clue: number, k: number, n: number, filled: number, empty: number, outFilled: number, outEmpty: number): boolean;
  tryAlloc(bytes: number): number;
  /** The instance's memory now (after the last allocation). */
  memory(): ArrayBuffer;
}

/** An instance set up for lines up to `length` cells and `blocks` blocks, with room to pass lines in. */
class Solver {
  readonly t: LineSolverTarget;
  readonly #clue: number;
  readonly #filled: number;
  readonly #empty: number;
  readonly #outFilled: number;
  readonly #outEmpty: number;
  readonly #memory: Int32Array;

  constructor(t: LineSolverTarget, length: number, blocks: number) {
    this.t = t;
    const words = Math.ceil(length / 32) + 1;
    this.#clue = t.tryAlloc(4 * Math.max(1, blocks));
    this.#filled = t.tryAlloc(4 * words);
    this.#empty = t.tryAlloc(4 * words);
    this.#outFilled = t.tryAlloc(4 * words);
    this.#outEmpty = t.tryAlloc(4 * words);
    expect(t.setupLineSolver(length, blocks), 'set-up').toBe(true);
    this.#memory = new Int32Array(t.memory());
  }

  #pass(clue: Int32Array, filled: Int32Array, empty: Int32Array): void {
    this.#memory.set(clue, this.#clue >> 2);
    this.#memory.set(filled, this.#filled >> 2);
    this.#memory.set(empty, this.#empty >> 2);
  }

  #take(outFilled: Int32Array, outEmpty: Int32Array): void {
    outFilled.set(this.#memory.subarray(this.#outFilled >> 2, (this.#outFilled >> 2) + outFilled.length));
    outEmpty.set(this.#memory.subarray(this.#outEmpty >> 2, (this.#outEmpty >> 2) + outEmpty.length));
  }

  solveWords(clue: Int32Array, n: number, filled: Int32Array, empty: Int32Array, outFilled: Int32Array, outEmpty: Int32Array): boolean {
    this.#pass(clue, filled, empty);
    const ok = this.t.solveWords(this.#clue, clue.length, n, this.#filled, this.#empty, this.#outFilled, this.#outEmpty);
    this.#take(outFilled, outEmpty);
    return ok;
  }

  solveTrimmed(clue: Int32Array, n: number, filled: Int32Array, empty: Int32Array, outFilled: Int32Array, outEmpty: Int32Array): boolean {
    this.#pass(clue, filled, empty);
    const ok = this.t.solveTrimmed(this.#clue, clue.length, n, this.#filled, this.#empty, this.#outFilled, this.#outEmpty);
    this.#take(outFilled, outEmpty);
    return ok;
  }

  solveWord(clue: Int32Array, n: number, filled: number, empty: number): boolean {
    this.#memory.set(clue, this.#clue >> 2);
    return this.t.solveWord(this.#clue, clue.length, n, filled, empty);
  }
}

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

/**
 * The same answer as bruteForce without listing placements, for lines with many blocks: which
 * states "the first j blocks lie in cells [0, i), cell i - 1 empty or i = 0" are reachable from
 * the left (F) and can reach the end (G); a cell may be filled when some block placement over
 * it joins the two, and may be empty when some state path steps over it empty.
 */
function dynamicProgramming({ clue, known }: LineCase): { filled: boolean[]; empty: boolean[] } | null {
  const n = known.length;
  const k = clue.length;
  const at = (i: number, j: number) => i * (k + 1) + j;
  // emptyBefore[i]: cells known empty in [0, i).
  const emptyBefore = [0];
  for (const v of known) emptyBefore.push(emptyBefore.at(-1)! + (v === 0 ? 1 : 0));
  const mayFill = (from: number, to: number) => emptyBefore[to] === emptyBefore[from];
  // Block j at start s: the state it leads to, or -1 when it does not fit.
  const next = (s: number, j: number): number => {
    const b = clue[j]!;
    if (s + b > n || !mayFill(s, s + b)) return -1;
    if (s + b === n) return n;
    return known[s + b] === 1 ? -1 : s + b + 1;
  };
  const F = new Uint8Array((n + 1) * (k + 1));
  F[at(0, 0)] = 1;
  for (let i = 0; i <= n; i++) {
    for (let j = 0; j <= k; j++) {
      if (!F[at(i, j)]) continue;
      if (i < n && known[i] !== 1) F[at(i + 1, j)] = 1;
      if (j < k) {
        const to = next(i, j);
        if (to >= 0) F[at(to, j + 1)] = 1;
      }
    }
  }
  if (!F[at(n, k)]) return null;
  const G = new Uint8Array((n + 1) * (k + 1));
  G[at(n, k)] = 1;
  for (let i = n; i >= 0; i--) {
    for (let j = k; j >= 0; j--) {
      if (i < n && known[i] !== 1 && G[at(i + 1, j)]) G[at(i, j)] = 1;
      if (j < k) {
        const to = next(i, j);
        if (to >= 0 && G[at(to, j + 1)]) G[at(i, j)] = 1;
      }
    }
  }
  const canFill = new Array<boolean>(n).fill(false);
  const canEmpty = new Array<boolean>(n).fill(false);
  for (let i = 0; i < n; i++) {
    for (let j = 0; j <= k; j++) {
      if (!F[at(i, j)]) continue;
      if (known[i] !== 1 && G[at(i + 1, j)]) canEmpty[i] = true;
      if (j < k) {
        const to = next(i, j);
        if (to >= 0 && G[at(to, j + 1)]) {
          for (let c = i; c < i + clue[j]!; c++) canFill[c] = true;
          if (to === i + clue[j]! + 1) canEmpty[i + clue[j]!] = true;
        }
      }
    }
  }
  return { filled: canEmpty.map((e) => !e), empty: canFill.map((f) => !f) };
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
const lineCase = (maxLength: number, maxBlocks: number, { minLength = 1, minKnown = 0, maxKnown = 0.8, flip = 0.1 } = {}): fc.Arbitrary<LineCase> =>
  fc
    .record({
      length: fc.integer({ min: minLength, max: maxLength }),
      density: fc.double({ min: 0, max: 1, noNaN: true }),
      knownRate: fc.double({ min: minKnown, max: maxKnown, noNaN: true }),
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
      const known = line.map((v) => (rnd() < knownRate ? ((rnd() < flip ? 1 - v : v) as 0 | 1) : null));
      return { clue, known };
    });

function check(solver: Solver, c: LineCase, oracle = bruteForce): void {
  const n = c.known.length;
  const expected = oracle(c);
  const clue = Int32Array.from(c.clue);
  const { filled, empty } = masks(c.known);
  const outFilled = new Int32Array(filled.length);
  const outEmpty = new Int32Array(filled.length);
  const ok = solver.solveWords(clue, n, filled, empty, outFilled, outEmpty);
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
  const okTrim = solver.solveTrimmed(clue, n, filled, empty, trimF, trimE);
  expect(okTrim, 'trimmed: consistent').toBe(expected !== null);
  if (expected !== null) {
    for (let i = 0; i < n; i++) {
      expect(bit(trimF, i), `trimmed: cell ${i} forced filled`).toBe(expected.filled[i]);
      expect(bit(trimE, i), `trimmed: cell ${i} forced empty`).toBe(expected.empty[i]);
    }
  }
  if (n <= solver.t.wordLimit) {
    const okWord = solver.solveWord(clue, n, filled[0]!, empty[0]!);
    expect(okWord, 'one word: consistent').toBe(expected !== null);
    if (expected !== null) {
      for (let i = 0; i < n; i++) {
        expect(bit(solver.t.outFilledW(), i), `one word: cell ${i} forced filled`).toBe(expected.filled[i]);
        expect(bit(solver.t.outEmptyW(), i), `one word: cell ${i} forced empty`).toBe(expected.empty[i]);
      }
    }
  }
}

/** The suite, on instances that `create` makes. */
export function describeLineSolver(target: string, create: () => LineSolverTarget): void {
  describe(`line solver (${target}) against brute-force enumeration`, () => {
    let solver: Solver;
    beforeAll(() => {
      solver = new Solver(create(), 100, 50);
    });

    it('short lines (up to 30 cells, one word and multi-word code) with random known cells', () => {
      fc.assert(
        fc.property(lineCase(30, 30), (c) => check(solver, c)),
        { numRuns: 1000 },
      );
    });

    it('lines of 31 to 45 cells (two words) with up to 4 blocks', () => {
      fc.assert(
        fc.property(lineCase(45, 4).filter((c) => c.known.length > 30), (c) => check(solver, c)),
        { numRuns: 500 },
      );
    });

    // The lines a target may solve on 64 bits (WebAssembly's i64, two 32-bit words in
    // JavaScript) after trimming: 31 to 62 cells, with as many blocks as fit.
    it('lines of 31 to 62 cells with many blocks, against the dynamic-programming oracle', () => {
      fc.assert(
        fc.property(lineCase(62, 31, { minLength: 31 }), (c) => check(solver, c, dynamicProgramming)),
        { numRuns: 1000 },
      );
      fc.assert(
        fc.property(lineCase(62, 31, { minLength: 31, minKnown: 0.3, maxKnown: 0.9, flip: 0.01 }), (c) => check(solver, c, dynamicProgramming)),
        { numRuns: 500 },
      );
    });

    it('long lines (up to 100 cells, four words) with up to 3 blocks', () => {
      fc.assert(
        fc.property(lineCase(100, 3), (c) => check(solver, c)),
        { numRuns: 500 },
      );
    });

    it('the dynamic-programming oracle for long lines gives what brute force gives', () => {
      fc.assert(
        fc.property(lineCase(24, 24), (c) => {
          expect(dynamicProgramming(c)).toEqual(bruteForce(c));
        }),
        { numRuns: 5000 },
      );
    });

    // Lines of a puzzle that is nearly solved: most cells known, blocks many, so each block's
    // placements span a few words of the line (the solver then works on those words only).
    it('lines of 100 to 300 cells with many blocks, mostly known, against the dynamic-programming oracle', () => {
      const long = new Solver(create(), 300, 150);
      fc.assert(
        fc.property(lineCase(300, 300, { minLength: 100, minKnown: 0.5, maxKnown: 0.995, flip: 0.005 }), (c) => check(long, c, dynamicProgramming)),
        { numRuns: 300 },
      );
      fc.assert(
        fc.property(lineCase(300, 300, { minLength: 100 }), (c) => check(long, c, dynamicProgramming)),
        { numRuns: 200 },
      );
    });

    // A target may hold a line in words of 32 or 64 bits while the line comes in 32-bit
    // words: a known run across each such boundary (a signed half widened to 64 bits once
    // spread its top bit over the other half).
    it('known runs across 32- and 64-bit word boundaries, against the dynamic-programming oracle', () => {
      const long = new Solver(create(), 200, 10);
      for (const n of [63, 64, 65, 95, 127, 128, 129, 200]) {
        for (const at of [29, 30, 31, 32, 61, 62, 63, 64, 93, 94, 95, 96, 125, 126, 127, 128, 160]) {
          if (at + 3 > n) continue;
          for (const clue of [[3], [3, 5], [2, 3, 4]]) {
            const known = Array.from({ length: n }, (_, i): 0 | 1 | null => (i >= at && i < at + 3 ? 1 : i === at + 3 ? 0 : null));
            check(long, { clue, known }, dynamicProgramming);
          }
        }
      }
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
      const big = new Solver(create(), 512, 257);
      const n = 512;
      const none = new Int32Array(16);
      const outF = new Int32Array(16);
      const outE = new Int32Array(16);
      expect(big.solveWords(Int32Array.of(512), n, none, none, outF, outE)).toBe(true);
      expect([...outF].every((w) => w === -1)).toBe(true);
      expect([...outE].every((w) => w === 0)).toBe(true);
      // Every block may sit on its even cell or one to the right: nothing is forced.
      expect(big.solveWords(new Int32Array(256).fill(1), n, none, none, outF, outE)).toBe(true);
      expect([...outF, ...outE].every((w) => w === 0)).toBe(true);
      // With cell 0 known empty every block shifts right: the line is forced completely.
      const empty0 = new Int32Array(16);
      empty0[0] = 1;
      expect(big.solveWords(new Int32Array(256).fill(1), n, none, empty0, outF, outE)).toBe(true);
      expect([...outF].every((w) => w === (0xaaaaaaaa | 0))).toBe(true);
      expect([...outE].every((w) => w === 0x55555555)).toBe(true);
      expect(big.solveWords(new Int32Array(257).fill(1), n, none, none, outF, outE)).toBe(false);
    });
  });
}
