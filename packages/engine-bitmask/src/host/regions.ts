// Independent regions: the cells a board leaves unknown, split into groups that no line ties
// together, so that the solutions of the puzzle are every combination of the solutions of
// each group. A line ties two unknown cells unless a known empty cell between them is a cut:
// every placement of the clue that fits the line puts the same number of blocks before it.
// Then the blocks on each side are fixed, and each side's cells can take their values
// whatever the other side does.
//
// The host uses it once the first solution S is known (engine-host.ts): each group is
// searched on its own, with every other cell given as in S, and the puzzle's solutions are
// the combinations of the groups' solutions. One group with a second solution makes the
// verdict `multiple`; one solution in every group proves `unique`.
import { nonogramFromSolution, type NonogramPuzzle, type NonogramSolution, type SolveResult, type StopReason } from '@gridrace/core';
import { mergeCounters } from './counters.js';

const EMPTY = 0;
const FILLED = 1;
const UNKNOWN = 2;

/**
 * Where `line` (EMPTY / FILLED / UNKNOWN per cell) can be cut: cut[i] = 1 when cell i - 1 is
 * known empty and every placement of `clue` that fits the line has the same number of
 * blocks in cells 0 .. i - 1. A dynamic programme over (position, blocks placed), both ways.
 */
export function lineCuts(line: ArrayLike<number>, blocks: readonly number[]): Uint8Array {
  const clue = blocks.filter((b) => b > 0); // [0] is an empty line
  const n = line.length;
  const k = clue.length;
  const row = k + 1;
  // ahead[i * row + j]: the first j blocks fit in cells 0 .. i - 1, cell i - 1 empty or i = 0
  // (or i = n). behind[i * row + j]: the blocks from j on fit in cells i .. n - 1 after that.
  const ahead = new Uint8Array((n + 1) * row);
  const behind = new Uint8Array((n + 1) * row);
  // emptyBefore[i]: cells known empty among 0 .. i - 1 (a block fits where none is).
  const emptyBefore = new Int32Array(n + 1);
  for (let i = 0; i < n; i++) emptyBefore[i + 1] = emptyBefore[i]! + (line[i] === EMPTY ? 1 : 0);
  const fits = (start: number, length: number) => start + length <= n && emptyBefore[start + length] === emptyBefore[start] && (start + length === n || line[start + length] !== FILLED);
  ahead[0] = 1;
  for (let i = 0; i < n; i++) {
    for (let j = 0; j <= k; j++) {
      if (ahead[i * row + j] === 0) continue;
      if (line[i] !== FILLED) ahead[(i + 1) * row + j] = 1;
      if (j < k && fits(i, clue[j]!)) ahead[Math.min(n, i + clue[j]! + 1) * row + j + 1] = 1;
    }
  }
  behind[n * row + k] = 1;
  for (let i = n - 1; i >= 0; i--) {
    for (let j = k; j >= 0; j--) {
      let ok = line[i] !== FILLED && behind[(i + 1) * row + j] === 1;
      if (!ok && j < k && fits(i, clue[j]!)) ok = behind[Math.min(n, i + clue[j]! + 1) * row + j + 1] === 1;
      if (ok) behind[i * row + j] = 1;
    }
  }
  const cut = new Uint8Array(n + 1);
  for (let i = 1; i < n; i++) {
    if (line[i - 1] !== EMPTY) continue;
    let counts = 0;
    for (let j = 0; j <= k && counts < 2; j++) if (ahead[i * row + j] === 1 && behind[i * row + j] === 1) counts++;
    if (counts === 1) cut[i] = 1;
  }
  return cut;
}

/**
 * The board's unknown cells in independent regions (cell indices, row-major, each region in
 * increasing order; the largest region first). Empty when no cell is unknown.
 */
export function independentRegions(
  puzzle: { readonly width: number; readonly height: number; readonly rows: readonly (readonly number[])[]; readonly columns: readonly (readonly number[])[] },
  board: Uint8Array,
): Int32Array[] {
  const { width, height } = puzzle;
  const parent = new Int32Array(width * height);
  for (let i = 0; i < parent.length; i++) parent[i] = i;
  const find = (x: number): number => {
    while (parent[x] !== x) {
      parent[x] = parent[parent[x]!]!;
      x = parent[x]!;
    }
    return x;
  };
  const join = (a: number, b: number) => {
    const ra = find(a);
    const rb = find(b);
    if (ra !== rb) parent[ra] = rb;
  };
  /** Join the unknown cells of one line (cells start + t * step) that no cut separates. */
  const tie = (start: number, step: number, n: number, clue: readonly number[]) => {
    const line = new Uint8Array(n);
    let unknowns = 0;
    for (let t = 0; t < n; t++) {
      line[t] = board[start + t * step]!;
      if (line[t] === UNKNOWN) unknowns++;
    }
    if (unknowns < 2) return;
    const cut = lineCuts(line, clue);
    let last = -1;
    for (let t = 0; t < n; t++) {
      if (cut[t] === 1) last = -1;
      if (line[t] !== UNKNOWN) continue;
      const cell = start + t * step;
      if (last >= 0) join(last, cell);
      last = cell;
    }
  };
  for (let r = 0; r < height; r++) tie(r * width, 1, width, puzzle.rows[r]!);
  for (let c = 0; c < width; c++) tie(c, width, height, puzzle.columns[c]!);
  const byRoot = new Map<number, number[]>();
  for (let i = 0; i < board.length; i++) {
    if (board[i] !== UNKNOWN) continue;
    const root = find(i);
    let cells = byRoot.get(root);
    if (cells === undefined) byRoot.set(root, (cells = []));
    cells.push(i);
  }
  return [...byRoot.values()].map((cells) => Int32Array.from(cells)).sort((a, b) => b.length - a.length);
}

/**
 * At most `count` groups of regions, each searched as one (a union of independent regions is
 * independent of the rest). With more regions than that, neighbours in reading order share a
 * group, so that each group's bounding box stays a band of the board. Keeps the number of
 * searches bounded on boards with many small regions.
 */
export function groupRegions(regions: readonly Int32Array[], count: number): Int32Array[] {
  if (regions.length <= count) return [...regions];
  const inOrder = [...regions].sort((a, b) => a[0]! - b[0]!);
  const groups: Int32Array[] = [];
  for (let g = 0; g < count; g++) {
    const part = inOrder.slice(Math.floor((g * inOrder.length) / count), Math.floor(((g + 1) * inOrder.length) / count));
    groups.push(Int32Array.from(part.flatMap((region) => [...region]).sort((a, b) => a - b)));
  }
  return groups;
}

/**
 * The puzzle of one group alone: the group's bounding box widened by a cell on each side, the
 * other cells of the box given as in `first`, and each line's clue the blocks `first` has in
 * the box. Exact: the cells just outside the group's box are given, so a block that crosses
 * the box's edge keeps its outer part, and the line outside the box is the same in every
 * solution; a filling of the group fits the whole puzzle exactly when it fits this one.
 * Searching it costs what the box holds, not the board.
 */
export function groupPuzzle(first: NonogramSolution, group: Int32Array): { puzzle: NonogramPuzzle; top: number; left: number } {
  const { width, height, cells } = first;
  let top = height;
  let bottom = -1;
  let left = width;
  let right = -1;
  for (const cell of group) {
    const row = Math.floor(cell / width);
    const col = cell - row * width;
    top = Math.min(top, row);
    bottom = Math.max(bottom, row);
    left = Math.min(left, col);
    right = Math.max(right, col);
  }
  top = Math.max(0, top - 1);
  left = Math.max(0, left - 1);
  bottom = Math.min(height - 1, bottom + 1);
  right = Math.min(width - 1, right + 1);
  const boxWidth = right - left + 1;
  const boxHeight = bottom - top + 1;
  const box = new Uint8Array(boxWidth * boxHeight);
  const free = new Uint8Array(box.length);
  for (let r = 0; r < boxHeight; r++) for (let c = 0; c < boxWidth; c++) box[r * boxWidth + c] = cells[(top + r) * width + left + c]!;
  for (const cell of group) free[(Math.floor(cell / width) - top) * boxWidth + (cell % width) - left] = 1;
  const puzzle = nonogramFromSolution({ width: boxWidth, height: boxHeight, cells: box });
  const givens: { row: number; col: number; filled: boolean }[] = [];
  for (let i = 0; i < box.length; i++) if (free[i] === 0) givens.push({ row: Math.floor(i / boxWidth), col: i % boxWidth, filled: box[i] === 1 });
  return { puzzle: { kind: 'nonogram', width: boxWidth, height: boxHeight, rows: puzzle.rows, columns: puzzle.columns, givens, meta: {} }, top, left };
}

/** What searching each group on its own gave. */
export interface RegionOutcome {
  /** Solutions of the puzzle, the first solution first; at most `maxSolutions`. */
  readonly solutions: NonogramSolution[];
  /** True when the groups' counts multiply to `maxSolutions` or more (more may exist). */
  readonly full: boolean;
  /** Why the search of a group stopped early (time limit, abort, a cap), if one did. */
  readonly stopped: { readonly reason: StopReason; readonly message?: string | undefined } | null;
  /** Searches run, and their counters summed. */
  readonly searches: number;
  readonly counters: Record<string, number>;
}

/**
 * Search each group's own puzzle (`groupPuzzle`) and combine: the solutions are `first`
 * with each group's cells taken from one of that group's solutions. Stops as soon as the
 * combinations reach `maxSolutions`, and at the first search that stops early.
 */
export async function solveByGroups(
  first: NonogramSolution,
  groups: readonly Int32Array[],
  maxSolutions: number,
  search: (puzzle: NonogramPuzzle) => Promise<SolveResult<NonogramSolution>>,
): Promise<RegionOutcome> {
  const { width, height, cells } = first;
  /** Per group searched, the values of its cells in each of its solutions, `first`'s first. */
  const options: Uint8Array[][] = [];
  let counters: Record<string, number> = {};
  let combinations = 1;
  let stopped: RegionOutcome['stopped'] = null;
  for (const group of groups) {
    const { puzzle, top, left } = groupPuzzle(first, group);
    const result = await search(puzzle);
    counters = mergeCounters(counters, result.stats.counters);
    const own = Uint8Array.from(group, (cell) => cells[cell]!);
    const values = [own];
    for (const solution of result.solutions) {
      const these = Uint8Array.from(group, (cell) => solution.cells[(Math.floor(cell / width) - top) * puzzle.width + (cell % width) - left]!);
      if (these.some((v, i) => v !== own[i])) values.push(these);
    }
    options.push(values);
    combinations *= values.length;
    if (result.verdict === 'incomplete' && result.reason !== 'solution-limit') {
      stopped = { reason: result.reason, message: result.message };
      break;
    }
    if (combinations >= maxSolutions) break;
  }
  // Every combination, the last group's choice varying fastest, up to maxSolutions.
  const solutions: NonogramSolution[] = [];
  const pick = new Array<number>(options.length).fill(0);
  while (solutions.length < maxSolutions) {
    const grid = Uint8Array.from(cells);
    pick.forEach((p, g) => {
      if (p > 0) groups[g]!.forEach((cell, i) => (grid[cell] = options[g]![p]![i]!));
    });
    solutions.push({ width, height, cells: grid });
    let g = options.length - 1;
    while (g >= 0 && ++pick[g]! === options[g]!.length) pick[g--] = 0;
    if (g < 0) break;
  }
  return { solutions, full: combinations >= maxSolutions, stopped, searches: options.length, counters };
}
