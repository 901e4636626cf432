// Symmetries of a nonogram's clues: the turns and mirror images of the grid that map the
// clue set (and the givens) onto itself. Solutions then come in orbits: the image of a
// solution is a solution, and a search may look among the solutions that are their own
// image first (fewer free cells). Empty lines along the border are left out before
// comparing, since they are blank in every solution (a 40x40 puzzle whose last row and
// column are empty can still be symmetric about its 39x39 picture).
import type { CheckedNonogram, GivenCell } from '@gridrace/core';

/** A symmetry as a permutation of the cells (row-major indices). */
export interface CellSymmetry {
  /** `rotate-90`, `rotate-180`, `rotate-270`, `mirror-rows` (each row reversed), `mirror-columns`, `transpose`, `anti-transpose`. */
  readonly name: string;
  /** `image[cell]` is the cell that `cell` is mapped to. */
  readonly image: Int32Array;
}

type BoxMap = (r: number, c: number, h: number, w: number) => readonly [number, number];

const SAME_SHAPE: ReadonlyArray<readonly [string, BoxMap]> = [
  ['rotate-180', (r, c, h, w) => [h - 1 - r, w - 1 - c]],
  ['mirror-rows', (r, c, _h, w) => [r, w - 1 - c]],
  ['mirror-columns', (r, c, h) => [h - 1 - r, c]],
];
const SQUARE_ONLY: ReadonlyArray<readonly [string, BoxMap]> = [
  ['rotate-90', (r, c, h) => [c, h - 1 - r]],
  ['rotate-270', (r, c, _h, w) => [w - 1 - c, r]],
  ['transpose', (r, c) => [c, r]],
  ['anti-transpose', (r, c, h, w) => [w - 1 - c, h - 1 - r]],
];

function sameClue(a: readonly number[], b: readonly number[], reversed: boolean): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[reversed ? b.length - 1 - i : i]) return false;
  return true;
}

/**
 * The symmetries (identity excluded) that map the clues and the givens onto themselves.
 * Cells in the empty border lines map to themselves.
 */
export function nonogramSymmetries(puzzle: CheckedNonogram, givens: readonly GivenCell[] = []): CellSymmetry[] {
  const { width, height, rows, columns } = puzzle;
  let top = 0;
  while (top < height && rows[top]!.length === 0) top++;
  if (top === height) return []; // a blank grid: nothing to gain
  let bottom = height;
  while (rows[bottom - 1]!.length === 0) bottom--;
  let left = 0;
  while (left < width && columns[left]!.length === 0) left++;
  if (left === width) return []; // filled rows but blank columns: no solution anyway
  let right = width;
  while (columns[right - 1]!.length === 0) right--;
  const h = bottom - top;
  const w = right - left;
  if (h * w === 1) return [];
  const candidates = h === w ? [...SAME_SHAPE, ...SQUARE_ONLY] : SAME_SHAPE;
  const found: CellSymmetry[] = [];
  for (const [name, map] of candidates) {
    if (!linesMapOntoEqualClues(map, h, w, (i) => rows[top + i]!, (j) => columns[left + j]!)) continue;
    const image = new Int32Array(width * height);
    for (let cell = 0; cell < image.length; cell++) image[cell] = cell;
    // The box's images of (0, 0), (0, 1) and (1, 0) give the step along a row and a column.
    const [r0, c0] = map(0, 0, h, w);
    const [rRight, cRight] = w > 1 ? map(0, 1, h, w) : [r0, c0];
    const [rDown, cDown] = h > 1 ? map(1, 0, h, w) : [r0, c0];
    const alongRow = (rRight - r0) * width + (cRight - c0);
    const alongColumn = (rDown - r0) * width + (cDown - c0);
    for (let r = 0; r < h; r++) {
      let to = (top + r0) * width + left + c0 + r * alongColumn;
      for (let c = 0, from = (top + r) * width + left; c < w; c++, from++, to += alongRow) image[from] = to;
    }
    if (givensInvariant(givens, image, width)) found.push({ name, image });
  }
  return found;
}

/** Does every line of the box land on a line (maybe reversed) with the same clue? */
function linesMapOntoEqualClues(map: BoxMap, h: number, w: number, row: (i: number) => readonly number[], column: (j: number) => readonly number[]): boolean {
  const lineImage = (clue: readonly number[], a: readonly [number, number], b: readonly [number, number]): boolean => {
    // a and b are the images of the line's first and last cells.
    if (a[0] === b[0] && (a[1] !== b[1] || w === 1)) return sameClue(clue, row(a[0]), a[1] > b[1]);
    return sameClue(clue, column(a[1]), a[0] > b[0]);
  };
  for (let i = 0; i < h; i++) if (!lineImage(row(i), map(i, 0, h, w), map(i, w - 1, h, w))) return false;
  for (let j = 0; j < w; j++) if (!lineImage(column(j), map(0, j, h, w), map(h - 1, j, h, w))) return false;
  return true;
}

function givensInvariant(givens: readonly GivenCell[], image: Int32Array, width: number): boolean {
  if (givens.length === 0) return true;
  const value = new Map<number, boolean>();
  for (const g of givens) value.set(g.row * width + g.col, g.filled);
  for (const [cell, filled] of value) if (value.get(image[cell]!) !== filled) return false;
  return true;
}

/** The image of a grid (one byte per cell) under a symmetry, written to `out`. */
export function symmetricImage(symmetry: CellSymmetry, cells: Uint8Array, out: Uint8Array): Uint8Array {
  const image = symmetry.image;
  for (let cell = 0; cell < cells.length; cell++) out[image[cell]!] = cells[cell]!;
  return out;
}
