// The clues of a checked puzzle packed for the solvers, which read them as flat arrays (the
// WebAssembly one copies them into its memory as they are).
import type { CheckedNonogram } from '@gridrace/core';

/** The clues of all lines flattened for a solver: rows first (0..height-1), then columns. */
export interface PackedClues {
  /** Blocks of all lines, line after line. */
  readonly blocks: Int32Array;
  /** Start of line i's blocks in `blocks` (lines + 1 entries: the last is the total). */
  readonly offset: Int32Array;
  /** Lines with the same clue and the same length share an id (for a line cache). */
  readonly id: Int32Array;
  /** The most blocks in one line. */
  readonly maxBlocks: number;
}

/** Flatten a checked puzzle's clues into typed arrays, giving equal lines one id. */
export function packClues(puzzle: CheckedNonogram): PackedClues {
  const all = [...puzzle.rows, ...puzzle.columns];
  const offset = new Int32Array(all.length + 1);
  let total = 0;
  let maxBlocks = 0;
  for (let i = 0; i < all.length; i++) {
    offset[i] = total;
    total += all[i]!.length;
    maxBlocks = Math.max(maxBlocks, all[i]!.length);
  }
  offset[all.length] = total;
  const blocks = new Int32Array(total);
  const id = new Int32Array(all.length);
  const ids = new Map<string, number>();
  for (let i = 0; i < all.length; i++) {
    blocks.set(all[i]!, offset[i]!);
    const key = `${i < puzzle.height ? puzzle.width : puzzle.height}:${all[i]!.join(',')}`;
    let known = ids.get(key);
    if (known === undefined) {
      known = ids.size;
      ids.set(key, known);
    }
    id[i] = known;
  }
  return { blocks, offset, id, maxBlocks };
}
