// Clue symmetries: every symmetry reported maps solutions to solutions (checked with
// `verify` on the image of the grid the clues came from), and every turn or mirror image
// under which a grid's clues come out the same is reported.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkNonogramInput, nonogramFromSolution, verify, type NonogramPuzzle, type NonogramSolution } from '@gridrace/core';
import { nonogramSymmetries, SolutionsWithImages, symmetricImage } from '../src/host/index.js';
import { hasShared, NEEDS_SHARED, readSharedNonogram } from '@gridrace/testkit';


/** The eight maps of a w x h grid (the square-only ones give null on other shapes), by name. */
const MAPS: Record<string, (r: number, c: number, h: number, w: number) => [number, number] | null> = {
  'rotate-180': (r, c, h, w) => [h - 1 - r, w - 1 - c],
  'mirror-rows': (r, c, _h, w) => [r, w - 1 - c],
  'mirror-columns': (r, c, h) => [h - 1 - r, c],
  'rotate-90': (r, c, h, w) => (h === w ? [c, h - 1 - r] : null),
  'rotate-270': (r, c, h, w) => (h === w ? [w - 1 - c, r] : null),
  transpose: (r, c, h, w) => (h === w ? [c, r] : null),
  'anti-transpose': (r, c, h, w) => (h === w ? [w - 1 - c, h - 1 - r] : null),
};

/** The grid moved by a named map, or null when the map needs a square grid. */
function moved(grid: NonogramSolution, name: string): NonogramSolution | null {
  const { width: w, height: h } = grid;
  const cells = new Uint8Array(w * h);
  for (let r = 0; r < h; r++) {
    for (let c = 0; c < w; c++) {
      const to = MAPS[name]!(r, c, h, w);
      if (to === null) return null;
      cells[to[0] * w + to[1]] = grid.cells[r * w + c]!;
    }
  }
  return { width: w, height: h, cells };
}

const gridArbitrary = fc
  .record({ width: fc.integer({ min: 1, max: 7 }), height: fc.integer({ min: 1, max: 7 }), square: fc.boolean() })
  .chain(({ width, height, square }) => {
    const h = square ? width : height;
    return fc.uint8Array({ min: 0, max: 1, minLength: width * h, maxLength: width * h }).map((cells) => ({ width, height: h, cells }) as NonogramSolution);
  });

/** A grid made symmetric under a named map: each cell is filled if any cell of its orbit was. */
function symmetrized(grid: NonogramSolution, name: string): NonogramSolution | null {
  let current = grid;
  const cells = Uint8Array.from(grid.cells);
  for (let i = 0; i < 4; i++) {
    const next = moved(current, name);
    if (next === null) return null;
    for (let k = 0; k < cells.length; k++) cells[k]! |= next.cells[k]!;
    current = next;
  }
  // Orbits have at most 4 cells, so four moves visit all of them; once more to spread the ORs.
  const spread = { ...grid, cells };
  const again = moved(spread, name)!;
  for (let k = 0; k < cells.length; k++) cells[k]! |= again.cells[k]!;
  return { ...grid, cells };
}

const symmetriesOf = (puzzle: NonogramPuzzle) => nonogramSymmetries(checkNonogramInput(puzzle), puzzle.givens);

describe('nonogramSymmetries', () => {
  it('every symmetry it reports maps the grid the clues came from to a solution (2000 random grids)', () => {
    fc.assert(
      fc.property(gridArbitrary, (grid) => {
        const puzzle = nonogramFromSolution(grid);
        for (const symmetry of symmetriesOf(puzzle)) {
          const image = symmetricImage(symmetry, grid.cells, new Uint8Array(grid.cells.length));
          expect(verify(puzzle, { width: grid.width, height: grid.height, cells: image }).ok, symmetry.name).toBe(true);
        }
      }),
      { numRuns: 2000 },
    );
  });

  it('finds the image of a grid under every map that keeps its clues (2000 random grids, half of them made symmetric)', () => {
    fc.assert(
      fc.property(gridArbitrary, fc.constantFrom(...Object.keys(MAPS)), fc.boolean(), (raw, name, symmetric) => {
        const grid = (symmetric ? symmetrized(raw, name) : raw) ?? raw;
        const puzzle = nonogramFromSolution(grid);
        const images = symmetriesOf(puzzle).map((s) => Array.from(symmetricImage(s, grid.cells, new Uint8Array(grid.cells.length))).join(''));
        for (const map of Object.keys(MAPS)) {
          const image = moved(grid, map);
          if (image === null) continue;
          const imageClues = nonogramFromSolution(image);
          const same = JSON.stringify([imageClues.rows, imageClues.columns]) === JSON.stringify([puzzle.rows, puzzle.columns]);
          // A map under which the grid comes out the same teaches nothing; any other must be found.
          const key = Array.from(image.cells).join('');
          if (same && key !== Array.from(grid.cells).join('')) expect(images, `${map} on ${grid.width}x${grid.height}`).toContain(key);
        }
      }),
      { numRuns: 2000 },
    );
  });

  it.skipIf(!hasShared)(`looks past blank border lines: Knotty (40x40, last row and column blank) turns by quarter turns ${NEEDS_SHARED}`, () => {
    const knotty = readSharedNonogram('webpbn/knotty.nin');
    expect(symmetriesOf(knotty).map((s) => s.name).sort()).toEqual(['rotate-180', 'rotate-270', 'rotate-90']);
  });

  it('keeps only symmetries that map the givens onto themselves', () => {
    // A 3x3 plus sign: symmetric under all eight maps until a given breaks some of them.
    const plus = nonogramFromSolution({ width: 3, height: 3, cells: Uint8Array.from([0, 1, 0, 1, 1, 1, 0, 1, 0]) });
    expect(symmetriesOf(plus)).toHaveLength(7);
    const withGiven = { ...plus, givens: [{ row: 0, col: 0, filled: false }] };
    // Of the seven, only the transpose keeps the corner (0, 0) in place.
    expect(symmetriesOf(withGiven).map((s) => s.name)).toEqual(['transpose']);
  });

  it('none for blank grids, single cells and contradictory clues with blank columns', () => {
    expect(symmetriesOf(nonogramFromSolution({ width: 3, height: 2, cells: new Uint8Array(6) }))).toEqual([]);
    expect(symmetriesOf(nonogramFromSolution({ width: 1, height: 1, cells: Uint8Array.from([1]) }))).toEqual([]);
    const contradictory: NonogramPuzzle = { kind: 'nonogram', width: 2, height: 1, rows: [[1]], columns: [[], []], givens: [], meta: {} };
    expect(symmetriesOf(contradictory)).toEqual([]);
  });
});

describe('SolutionsWithImages', () => {
  it('a solution that is its own image is counted once', () => {
    // An L in a 2x2 grid (clues [1],[2] both ways): symmetric about the main diagonal only.
    const grid: NonogramSolution = { width: 2, height: 2, cells: Uint8Array.from([0, 1, 1, 1]) };
    const symmetries = symmetriesOf(nonogramFromSolution(grid));
    expect(symmetries.map((s) => s.name)).toEqual(['transpose']);
    const found = new SolutionsWithImages(5, symmetries);
    expect(found.add(2, 2, grid.cells)).toBe(false);
    expect(found.found).toHaveLength(1);
  });

  it('brings the image of an asymmetric solution as a second solution', () => {
    // The 2x2 diagonal: every line is [1], so its mirror image (the other diagonal) solves it too.
    const diagonal: NonogramSolution = { width: 2, height: 2, cells: Uint8Array.from([1, 0, 0, 1]) };
    const puzzle = nonogramFromSolution(diagonal);
    const found = new SolutionsWithImages(2, symmetriesOf(puzzle));
    expect(found.add(2, 2, diagonal.cells)).toBe(true);
    expect(found.found.map((s) => Array.from(s.cells))).toEqual([
      [1, 0, 0, 1],
      [0, 1, 1, 0],
    ]);
    for (const s of found.found) expect(verify(puzzle, s).ok).toBe(true);
  });
});
