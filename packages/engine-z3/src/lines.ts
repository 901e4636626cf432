// Line geometry shared by both models: which cells a row or column holds, where each block
// can start, and how many filled cells a line can have seen by each position.
import type { Clue, NonogramPuzzle } from '@gridrace/core';

export interface Line {
  /** Grid indexes (`row * width + col`) of the line's cells, in reading order. */
  readonly cells: readonly number[];
  readonly clue: Clue;
  /** Sum of the clue. */
  readonly total: number;
}

export function rowsOf(puzzle: NonogramPuzzle): Line[] {
  const { width, height } = puzzle;
  return Array.from({ length: height }, (_, r) => makeLine(Array.from({ length: width }, (_, c) => r * width + c), puzzle.rows[r]!));
}

export function columnsOf(puzzle: NonogramPuzzle): Line[] {
  const { width, height } = puzzle;
  return Array.from({ length: width }, (_, c) => makeLine(Array.from({ length: height }, (_, r) => r * width + c), puzzle.columns[c]!));
}

function makeLine(cells: number[], clue: Clue): Line {
  return { cells, clue, total: clue.reduce((a, b) => a + b, 0) };
}

/**
 * Earliest (`lo`) and latest (`hi`) start of each block: every block packed to the left,
 * then to the right. Null when the clue does not fit the line.
 */
export function startBounds(clue: Clue, length: number): { lo: number[]; hi: number[] } | null {
  const lo: number[] = [];
  let at = 0;
  for (const block of clue) {
    lo.push(at);
    at += block + 1;
  }
  if (clue.length > 0 && at - 1 > length) return null;
  const hi: number[] = new Array<number>(clue.length);
  at = length;
  for (let j = clue.length - 1; j >= 0; j--) {
    at -= clue[j]!;
    hi[j] = at;
    at -= 1;
  }
  return { lo, hi };
}

/**
 * For each position p, the fewest (`min`) and most (`max`) filled cells among positions
 * 0..p over all placements of the clue: the right-packed and left-packed placements.
 */
export function prefixBounds(clue: Clue, length: number): { min: number[]; max: number[] } | null {
  const starts = startBounds(clue, length);
  if (starts === null) return null;
  return { min: countUpTo(clue, starts.hi, length), max: countUpTo(clue, starts.lo, length) };
}

function countUpTo(clue: Clue, starts: readonly number[], length: number): number[] {
  const filled = new Uint8Array(length);
  clue.forEach((block, j) => filled.fill(1, starts[j]!, starts[j]! + block));
  const out: number[] = [];
  let count = 0;
  for (let p = 0; p < length; p++) out.push((count += filled[p]!));
  return out;
}
