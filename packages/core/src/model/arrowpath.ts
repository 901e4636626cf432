import type { PuzzleMeta } from './nonogram.js';

/** The eight arrow directions, in the order of Tatham's Signpost letters a..h. */
export const DIRECTIONS = ['N', 'NE', 'E', 'SE', 'S', 'SW', 'W', 'NW'] as const;
export type Direction = (typeof DIRECTIONS)[number];

/** Row and column steps for each direction (row grows downwards). */
export const DIRECTION_STEPS: Readonly<Record<Direction, readonly [dRow: number, dCol: number]>> = {
  N: [-1, 0],
  NE: [-1, 1],
  E: [0, 1],
  SE: [1, 1],
  S: [1, 0],
  SW: [1, -1],
  W: [0, -1],
  NW: [-1, -1],
};

/**
 * An arrow path (Signpost, Pijlenpad): number the cells 1..N (N = width*height) so that
 * each number's successor lies on the ray of that number's arrow, at any distance.
 */
export interface ArrowPathPuzzle {
  readonly kind: 'arrowpath';
  readonly width: number;
  readonly height: number;
  /**
   * Row-major, one per cell. `null` marks a cell without an arrow: it can only hold N.
   * A cell given N may still carry an arrow (Signpost IDs write one); it is ignored.
   */
  readonly arrows: readonly (Direction | null)[];
  /** Row-major given numbers, 0 where no number is given. */
  readonly givens: readonly number[];
  readonly solution?: ArrowPathSolution;
  readonly meta: PuzzleMeta;
}

/** `numbers[row * width + col]` is the number (1..N) written in that cell. */
export interface ArrowPathSolution {
  readonly width: number;
  readonly height: number;
  readonly numbers: Int32Array;
}

/** Cells on the ray from `cell` in direction `dir`, nearest first. */
export function rayCells(width: number, height: number, cell: number, dir: Direction): number[] {
  const [dr, dc] = DIRECTION_STEPS[dir];
  const out: number[] = [];
  let r = Math.floor(cell / width) + dr;
  let c = (cell % width) + dc;
  while (r >= 0 && r < height && c >= 0 && c < width) {
    out.push(r * width + c);
    r += dr;
    c += dc;
  }
  return out;
}

/** True when `to` lies on the ray from `from` in direction `dir`. */
export function isOnRay(width: number, from: number, to: number, dir: Direction): boolean {
  const [dr, dc] = DIRECTION_STEPS[dir];
  const deltaRow = Math.floor(to / width) - Math.floor(from / width);
  const deltaCol = (to % width) - (from % width);
  if (deltaRow === 0 && deltaCol === 0) return false;
  // The delta must be a positive multiple of (dr, dc).
  const k = dr !== 0 ? deltaRow / dr : deltaCol / dc;
  return Number.isInteger(k) && k > 0 && deltaRow === k * dr && deltaCol === k * dc;
}
