// The packed clues and the solution set the bitmask and wasm engines share.
import { describe, expect, it } from 'vitest';
import { checkNonogramInput, type NonogramPuzzle } from '@gridrace/core';
import { DistinctSolutions, packClues } from '../src/host/index.js';

const puzzle = (rows: number[][], columns: number[][]): NonogramPuzzle =>
  ({ kind: 'nonogram', width: columns.length, height: rows.length, rows, columns, givens: [], meta: {} }) as NonogramPuzzle;

describe('packClues', () => {
  it('flattens rows then columns, and gives lines of equal clue and length one id', () => {
    // 3 wide, 2 high: the two rows [1,1] share an id; the columns [2] (twice) share another.
    const packed = packClues(checkNonogramInput(puzzle([[1, 1], [1, 1]], [[2], [0], [2]])));
    expect(Array.from(packed.offset)).toEqual([0, 2, 4, 5, 5, 6]);
    expect(Array.from(packed.blocks)).toEqual([1, 1, 1, 1, 2, 2]);
    expect(Array.from(packed.id)).toEqual([0, 0, 1, 2, 1]);
    expect(packed.maxBlocks).toBe(2);
  });

  it('keeps equal clues on lines of different lengths apart', () => {
    // A 2x2 grid whose rows and columns all read [1]: same length, one id; a 3x2 grid: rows
    // (length 3) and columns (length 2) with clue [1] get different ids.
    expect(Array.from(packClues(checkNonogramInput(puzzle([[1], [1]], [[1], [1]]))).id)).toEqual([0, 0, 0, 0]);
    expect(Array.from(packClues(checkNonogramInput(puzzle([[1], [1]], [[1], [1], [0]]))).id)).toEqual([0, 0, 1, 1, 2]);
  });
});

describe('DistinctSolutions', () => {
  it('keeps distinct grids, copies them, and says when the limit is reached', () => {
    const set = new DistinctSolutions(2);
    const a = Uint8Array.of(1, 0, 0, 1);
    expect(set.add(2, 2, a)).toBe(false);
    a[0] = 0; // the set holds a copy
    expect(set.found[0]!.cells).toEqual(Uint8Array.of(1, 0, 0, 1));
    expect(set.add(2, 2, Uint8Array.of(1, 0, 0, 1))).toBe(false); // a duplicate
    expect(set.found).toHaveLength(1);
    expect(set.add(2, 2, Uint8Array.of(0, 1, 1, 0))).toBe(true);
    expect(set.full).toBe(true);
    expect(set.found.map((s) => Array.from(s.cells).join(''))).toEqual(['1001', '0110']);
  });

  it('keeps each of thousands of random grids exactly once', () => {
    // Many random grids: every distinct one kept once, whatever the hash buckets.
    const set = new DistinctSolutions(Number.POSITIVE_INFINITY);
    const seen = new Set<string>();
    let x = 12345;
    for (let n = 0; n < 3000; n++) {
      const cells = new Uint8Array(12);
      for (let i = 0; i < cells.length; i++) {
        x = (Math.imul(x, 1103515245) + 12345) >>> 0;
        cells[i] = (x >>> 16) & 1;
      }
      seen.add(cells.join(''));
      set.add(3, 4, cells);
    }
    expect(set.found).toHaveLength(seen.size);
    expect(new Set(set.found.map((s) => s.cells.join(''))).size).toBe(seen.size);
  });
});
