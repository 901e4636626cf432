// Game IDs made by Simon Tatham's own programs (sgt-pattern / sgt-signpost --generate,
// Debian sgt-puzzles 20230122) read as the puzzles they are: a brute-force search over the
// puzzle we read finds exactly one solution (Tatham generates unique puzzles), and `verify`
// accepts it. Reading clues in the wrong order or arrows with the wrong letters would leave
// no solution.
import { describe, expect, it } from 'vitest';
import {
  DIRECTION_STEPS,
  nonogramFromSolution,
  readPuzzle,
  readPuzzles,
  verify,
  writePuzzles,
  type ArrowPathPuzzle,
  type NonogramPuzzle,
} from '../../src/index.js';
import { expectFormatError } from './helpers.js';

const PATTERN_IDS = [
  '5x3:1/1/2/2/2/1/3/3.1',
  '5x3:1/2/1/1.1/1.1/4/2/2',
  '5x3:1/1.1/1/1/2/2/1/4',
  '3x5:4/2/2/2/2/1/1.1/1',
  '3x5:3/3/1/1/1/2/1/2',
  '4x4:3/2/1.1/1/2/1/3/2',
  '4x2:2/1/1//1.1/2',
];

const SIGNPOST_IDS = [
  '3x3:edeebg9a1ah',
  '3x3:cf9ace1hacg',
  '4x3:ccef12ahg1ebbgh',
  '4x3:eeegc12afaac1hh',
  '3x4:eeea12ahbfaa1aa',
  '3x4:dceae1gag12abag',
  '4x4:7dfggcccecfeaa1aa16a',
  '4x4:1ccffbcggcccfa16acg',
  '4x4:1ceegcaf14fachgcca16a',
  '5x4:4c1efe8gdcdgfacacaag20aag',
];

/** Every grid whose clues equal the puzzle's (and which keeps its givens). */
function bruteForceNonogram(p: NonogramPuzzle): Uint8Array[] {
  const n = p.width * p.height;
  const found: Uint8Array[] = [];
  for (let bits = 0; bits < 2 ** n; bits++) {
    const cells = new Uint8Array(n);
    for (let i = 0; i < n; i++) cells[i] = (bits >> i) & 1;
    const solution = { width: p.width, height: p.height, cells };
    if (verify(p, solution).ok) found.push(cells);
  }
  return found;
}

/** Every numbering 1..N that follows the arrows and keeps the givens (depth-first). */
function bruteForceArrowPath(p: ArrowPathPuzzle): Int32Array[] {
  const { width, height } = p;
  const n = width * height;
  const numbers = new Int32Array(n);
  const found: Int32Array[] = [];
  const givenCell = new Map<number, number>();
  p.givens.forEach((g, cell) => g !== 0 && givenCell.set(g, cell));
  const extend = (cell: number, k: number): void => {
    if (k === n) {
      found.push(numbers.slice());
      return;
    }
    const arrow = p.arrows[cell];
    if (!arrow) return;
    const [dr, dc] = DIRECTION_STEPS[arrow];
    for (let r = Math.floor(cell / width) + dr, c = (cell % width) + dc; r >= 0 && r < height && c >= 0 && c < width; r += dr, c += dc) {
      const next = r * width + c;
      if (numbers[next] !== 0) continue;
      const must = givenCell.get(k + 1);
      if ((must !== undefined && must !== next) || (p.givens[next] !== 0 && p.givens[next] !== k + 1)) continue;
      numbers[next] = k + 1;
      extend(next, k + 1);
      numbers[next] = 0;
    }
  };
  for (let start = 0; start < n; start++) {
    if ((givenCell.has(1) && givenCell.get(1) !== start) || (p.givens[start] !== 0 && p.givens[start] !== 1)) continue;
    numbers[start] = 1;
    extend(start, 1);
    numbers[start] = 0;
  }
  return found;
}

describe('Tatham Pattern IDs', () => {
  it.each(PATTERN_IDS)('%s has exactly one solution as read', (id) => {
    const p = readPuzzle(id) as NonogramPuzzle;
    const [w, h] = id.split(':')[0]!.split('x').map(Number);
    expect([p.width, p.height]).toEqual([w, h]);
    const solutions = bruteForceNonogram(p);
    expect(solutions).toHaveLength(1);
    // The clues written back are Tatham's ID, character for character.
    expect(writePuzzles([p], 'pattern')).toBe(`${id}\n`);
    expect(nonogramFromSolution({ width: p.width, height: p.height, cells: solutions[0]! }).rows).toEqual(p.rows);
  });
  it('reads "W:" as a square and "0" as an empty clue', () => {
    const p = readPuzzle('2:1/0/1/', { format: 'pattern' }) as NonogramPuzzle;
    expect([p.width, p.height, p.columns, p.rows]).toEqual([2, 2, [[1], []], [[1], []]]);
  });
  it('reads immutable cells: lowercase empty, uppercase filled, z skips 25, a final run marks nothing', () => {
    // 30 cells: skip 25 (z), skip 1 then filled (B) -> cell 26, then empty at 27 (a), 2 left (c).
    const p = readPuzzle('5x6:1/1/1/1/1/0/0/0/0/0/5,zBac') as NonogramPuzzle;
    expect(p.givens).toEqual([
      { row: 5, col: 1, filled: true },
      { row: 5, col: 2, filled: false },
    ]);
    // A final lowercase run that stops short of the end marks one more (empty) given.
    expect((readPuzzle('5x6:1/1/1/1/1/0/0/0/0/0/5,zBab') as NonogramPuzzle).givens).toEqual([
      { row: 5, col: 1, filled: true },
      { row: 5, col: 2, filled: false },
      { row: 5, col: 4, filled: false },
    ]);
    expectFormatError(() => readPuzzle('5x6:1/1/1/1/1/0/0/0/0/0/5,zBa'), 'given-out-of-range', 1, /cover 28 of the 30 cells/);
    expectFormatError(() => readPuzzle('5x6:1/1/1/1/1/0/0/0/0/0/5,zBad'), 'given-out-of-range', 1, /run past the end/);
  });
  it('reads the first given at cell 0 and one at the very last cell', () => {
    const p = readPuzzle('2x2:1/1/1/1,Ad', { format: 'pattern' }) as NonogramPuzzle;
    expect(p.givens).toEqual([{ row: 0, col: 0, filled: true }]);
    const q = readPuzzle('2x2:1/1/1/1,D', { format: 'pattern' }) as NonogramPuzzle;
    expect(q.givens).toEqual([{ row: 1, col: 1, filled: true }]);
    expect(writePuzzles([q], 'pattern')).toBe('2x2:1/1/1/1,D\n');
  });
});

describe('Tatham Signpost IDs', () => {
  it.each(SIGNPOST_IDS)('%s has exactly one solution as read', (id) => {
    const p = readPuzzle(id) as ArrowPathPuzzle;
    const solutions = bruteForceArrowPath(p);
    expect(solutions).toHaveLength(1);
    expect(verify(p, { width: p.width, height: p.height, numbers: solutions[0]! })).toEqual({ ok: true });
    expect(writePuzzles([p], 'signpost')).toBe(`${id}\n`);
  });
  it('reads a file of several IDs, and the c flag', () => {
    const puzzles = readPuzzles(`${SIGNPOST_IDS[0]}\n\n4x4c:1ceegcaf14fachgcca16a\r\n`);
    expect(puzzles.map((p) => [p.width, p.height])).toEqual([
      [3, 3],
      [4, 4],
    ]);
  });
  it('gives the cell holding N no arrow, whatever its letter', () => {
    const p = readPuzzle('2x1:1c2e') as ArrowPathPuzzle;
    expect(p.arrows).toEqual(['E', null]);
    expect(p.givens).toEqual([1, 2]);
  });
});
