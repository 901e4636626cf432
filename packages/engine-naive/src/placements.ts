// Every placement of a clue in a line: the seeds' first step. Black-and-white clues are lists
// of lengths; colour clues are blocks with a colour, and only blocks of one colour need a gap
// between them. Placements hold each cell's value: 0 for the background, else the block's colour
// (1, FILLED, in black and white).
import type { Clue, ColourClue } from '@gridrace/core';

/** A clue as the engine works on it: coloured blocks (black and white: every block colour 1). */
export type Blocks = ColourClue;

/** A black-and-white clue as blocks of colour 1. */
export const blocksOf = (clue: Clue): Blocks => clue.map((length) => ({ length, colour: 1 }));

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

/** The gap block `b` needs after it: one cell before a block of the same colour, else none. */
const gapAfter = (blocks: Blocks, b: number): number => (b + 1 < blocks.length && blocks[b + 1]!.colour === blocks[b]!.colour ? 1 : 0);

/**
 * How many ways `clue` fits a line of `length` cells: C(free + k, k) for k blocks, where `free`
 * is the length less the cells the blocks and their required gaps take (the free cells are
 * shared among the k + 1 slots around the blocks). In black and white that is
 * C(length - sum + 1, k). An empty clue has one placement; a clue that does not fit has none.
 */
export function placementCount(clue: Clue | Blocks, length: number): number {
  const blocks = toBlocks(clue);
  let need = 0;
  for (let b = 0; b < blocks.length; b++) need += blocks[b]!.length + gapAfter(blocks, b);
  return binomial(length - need + blocks.length, blocks.length);
}

function toBlocks(clue: Clue | Blocks): Blocks {
  return clue.length > 0 && typeof clue[0] === 'number' ? blocksOf(clue as Clue) : (clue as Blocks);
}

/** A line's placements packed row after row: cell `i` of placement `p` is `cells[p * length + i]` (0, or the block's colour). */
export interface LinePlacements {
  readonly length: number;
  readonly count: number;
  readonly cells: Uint8Array;
}

/**
 * Every placement of `clue` in `length` cells, leftmost first. The caller checks the count
 * with `placementCount` before calling, so nothing larger than that is ever allocated.
 */
export function enumeratePlacements(clue: Clue | Blocks, length: number): LinePlacements {
  const blocks = toBlocks(clue);
  const count = placementCount(blocks, length);
  const cells = new Uint8Array(count * length);
  const current = new Uint8Array(length);
  let next = 0;
  // Remaining cells the blocks from index b on need (their sizes plus the gaps between them).
  const need: number[] = new Array<number>(blocks.length + 1).fill(0);
  for (let b = blocks.length - 1; b >= 0; b--) need[b] = blocks[b]!.length + gapAfter(blocks, b) + need[b + 1]!;

  const place = (b: number, from: number): void => {
    if (b === blocks.length) {
      cells.set(current, next * length);
      next++;
      return;
    }
    const { length: size, colour } = blocks[b]!;
    for (let start = from; start + need[b]! <= length; start++) {
      current.fill(colour, start, start + size);
      place(b + 1, start + size + gapAfter(blocks, b));
      current.fill(0, start, start + size);
    }
  };
  if (count > 0) place(0, 0);
  return { length, count, cells };
}
