// Line logic as the seeds do it: drop placements that contradict known cells, fix the cells
// all surviving placements agree on; all rows, then all columns; repeat until nothing changes.
// A cell's value is 0 (background) or a colour (1 in black and white), UNSET while unknown.
import type { SolveBudget, StopReason } from '@gridrace/core';
import type { Blocks, LinePlacements } from './placements.js';

/** A cell not known yet: above every colour a palette can hold. */
export const UNSET = 255;
/** Surviving placements disagree on the cell. */
const MIXED = 256;

/** One row or column: which grid cells it covers, in order, and all its placements. */
export interface Line {
  /** `row 3` or `column 7` (1-based), for messages. */
  readonly label: string;
  readonly clue: Blocks;
  readonly cells: Int32Array;
  readonly placements: LinePlacements;
}

/** One search node: the grid (a value or UNSET per cell) and each line's surviving placements. */
export interface State {
  readonly grid: Uint8Array;
  /** Indices of the placements still possible, per line. Never mutated: filtering makes a new array. */
  readonly alive: Int32Array[];
}

export interface PassEvent {
  /** Search depth of the node (0 = before any branching). */
  readonly depth: number;
  /** 1-based pass number within that node. */
  readonly pass: number;
  /** Unknown cells after the pass. */
  readonly unknowns: number;
}

/** One line that fixed cells, with the grid after it (a copy): the steps of line solving. */
export interface LineEvent {
  readonly depth: number;
  readonly pass: number;
  /** The line: rows first (0 .. height-1), then columns. */
  readonly line: number;
  /** Cells this line fixed. */
  readonly fixed: number;
  /** The grid after the line: a colour (0 empty, 1.. filled) or 255 for unknown, row-major. */
  readonly grid: Uint8Array;
}

/** What a caller may follow of the propagation: every pass, and every line that fixed cells. */
export interface PropagateHooks {
  readonly onPass?: (event: PassEvent) => void;
  readonly onLine?: (event: LineEvent) => void;
}

export interface PropagateCounters {
  passes: number;
  linesSolved: number;
}

/** How many placement cells to test between two budget checks (long lines check more often). */
const CELLS_PER_CHECK = 1 << 20;

export type PropagateOutcome = 'stable' | 'contradiction' | StopReason;

/**
 * Filter one line's placements against the grid and fix the cells they all agree on.
 * Returns the number of cells fixed, -1 when no placement survives, or a stop reason.
 */
async function solveLine(line: Line, state: State, index: number, budget: SolveBudget): Promise<number | StopReason> {
  const { cells, placements } = line;
  const { length } = placements;
  const grid = state.grid;
  const alive = state.alive[index]!;
  const kept = new Int32Array(alive.length);
  let keptCount = 0;
  // agreed[i]: the value every surviving placement so far gives cell i, or MIXED.
  const agreed = new Int16Array(length).fill(-1);
  const checkEvery = Math.max(1, Math.floor(CELLS_PER_CHECK / Math.max(1, length)));
  for (let a = 0; a < alive.length; a++) {
    if ((a + 1) % checkEvery === 0) {
      const stop = await budget.checkpoint();
      if (stop !== null) return stop;
    }
    const p = alive[a]!;
    const base = p * length;
    let fits = true;
    for (let i = 0; i < length; i++) {
      const known = grid[cells[i]!]!;
      if (known !== UNSET && known !== placements.cells[base + i]) {
        fits = false;
        break;
      }
    }
    if (!fits) continue;
    kept[keptCount++] = p;
    for (let i = 0; i < length; i++) {
      const value = placements.cells[base + i]!;
      if (agreed[i] === -1) agreed[i] = value;
      else if (agreed[i] !== value) agreed[i] = MIXED;
    }
  }
  if (keptCount === 0) return -1;
  if (keptCount < alive.length) state.alive[index] = kept.slice(0, keptCount);

  // A cell is known when every surviving placement gives it the same value.
  let fixed = 0;
  for (let i = 0; i < length; i++) {
    const cell = cells[i]!;
    if (grid[cell] !== UNSET || agreed[i] === MIXED) continue;
    grid[cell] = agreed[i]!;
    fixed++;
  }
  return fixed;
}


export function countUnknowns(grid: Uint8Array): number {
  let n = 0;
  for (let i = 0; i < grid.length; i++) if (grid[i] === UNSET) n++;
  return n;
}

/**
 * Run passes (every line once, rows first) until a pass fixes nothing. The last pass has
 * then checked every line against the final grid, so a full grid that comes back `stable`
 * satisfies every clue. `lines` lists the rows, then the columns.
 */
export async function propagate(
  lines: readonly Line[],
  state: State,
  depth: number,
  budget: SolveBudget,
  counters: PropagateCounters,
  hooks: PropagateHooks = {},
): Promise<PropagateOutcome> {
  for (let pass = 1; ; pass++) {
    counters.passes++;
    let fixed = 0;
    for (let index = 0; index < lines.length; index++) {
      const stop = await budget.checkpoint();
      if (stop !== null) return stop;
      const outcome = await solveLine(lines[index]!, state, index, budget);
      counters.linesSolved++;
      if (typeof outcome === 'string') return outcome;
      if (outcome < 0) return 'contradiction';
      fixed += outcome;
      if (outcome > 0) hooks.onLine?.({ depth, pass, line: index, fixed: outcome, grid: state.grid.slice() });
    }
    hooks.onPass?.({ depth, pass, unknowns: countUnknowns(state.grid) });
    if (fixed === 0) return 'stable';
  }
}
