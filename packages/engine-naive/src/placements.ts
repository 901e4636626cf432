// Every placement of a clue in a line: the seeds' first step.
import type { Clue } from '@gridrace/core';

/**
 * C(n, k), exact while the result stays below 2^53 (each step's product is divisible by
 * its divisor). Large results are approximate, which is enough to compare with a cap.
 */
export function binomial(n: number, k: number): number {
  if (k < 0 || k > n) return 0;
  const m = Math.min(k, n - k);
  let result = 1;
  for (let i = 1; i <= m; i++) result = (result * (n - m + i)) / i;
  return Math.round(result);
}

/**
 * How many ways `clue` fits a line of `length` cells: C(length - sum + 1, k) for k blocks
 * summing to `sum` (choose which of the length - sum + 1 slots around the filled cells get
 * a block). An empty clue has one placement; a clue that does not fit has none.
 */
export function placementCount(clue: Clue, length: number): number {
  let sum = 0;
  for (const block of clue) sum += block;
  return binomial(length - sum + 1, clue.length);
}

/** A line's placements packed row after row: cell `i` of placement `p` is `cells[p * length + i]` (0 or 1). */
export interface LinePlacements {
  readonly length: number;
  readonly count: number;
  readonly cells: Uint8Array;
}

/**
 * Every placement of `clue` in `length` cells, leftmost first. The caller checks the count
 * with `placementCount` before calling, so nothing larger than that is ever allocated.
 */
export function enumeratePlacements(clue: Clue, length: number): LinePlacements {
  const count = placementCount(clue, length);
  const cells = new Uint8Array(count * length);
  const current = new Uint8Array(length);
  let next = 0;
  // Remaining cells the blocks from index b on need (their sizes plus the gaps between them).
  const need: number[] = new Array<number>(clue.length + 1).fill(0);
  for (let b = clue.length - 1; b >= 0; b--) need[b] = clue[b]! + (b + 1 < clue.length ? 1 + need[b + 1]! : 0);

  const place = (b: number, from: number): void => {
    if (b === clue.length) {
      cells.set(current, next * length);
      next++;
      return;
    }
    const size = clue[b]!;
    for (let start = from; start + need[b]! <= length; start++) {
      current.fill(1, start, start + size);
      place(b + 1, start + size + 1);
      current.fill(0, start, start + size);
    }
  };
  if (count > 0) place(0, 0);
  return { length, count, cells };
}
