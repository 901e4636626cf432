// Line logic for the large-nonogram generator: what one line's clue and known cells force,
// and the fixpoint of that over rows and columns. Every cell it settles holds in every
// solution, so a grid it settles completely is the only solution: the generator's proof of
// uniqueness, with no search, in time that grows with the cells (no engine call per change).
import { EMPTY, FILLED, UNKNOWN } from '@gridrace/core';

/**
 * Solves lines of up to `maxLength` cells with up to `maxBlocks` blocks, reusing its buffers.
 * A line is placed as its blocks each followed by one empty cell, with one more (virtual) empty
 * cell after the last real one, so every block has its separator. The states (cells so far,
 * blocks placed) are visited only where reachable from the left, which in a line with few
 * unknown cells is a narrow band: a solve costs what is still open, not length times blocks.
 */
export class LineSolver {
  readonly #stride: number;
  /** before[i * stride + j] === stamp: cells [0, i) can hold blocks 0..j-1, each with its separator. */
  readonly #before: Uint32Array;
  /** after[i * stride + j] === stamp: also cells [i, n + 1) can hold blocks j..k-1 (set only where before is). */
  readonly #after: Uint32Array;
  /** Stamps mark this solve's states, so the tables are never cleared. */
  #stamp = 0;
  /** The reachable block counts at each cell lie within lo[i]..hi[i]. */
  readonly #lo: Int32Array;
  readonly #hi: Int32Array;
  /** empties[i]: empty cells in [0, i). */
  readonly #empties: Int32Array;
  /** Difference array of the cells some placement fills. */
  readonly #fill: Int32Array;
  readonly #canEmpty: Uint8Array;
  readonly #at: Uint8Array;
  readonly #need: Int32Array;

  #lastM = 0;

  /**
   * After a successful solve: the one block count of the placements that pass position `p`
   * (0..n+1 of that solve, relative to its offset and first block), or -1 when they differ.
   */
  blocksAt(p: number): number {
    const s = this.#stride;
    const stamp = this.#stamp;
    let found = -1;
    if (p > this.#lastM) return -1;
    for (let j = this.#lo[p]!, last = this.#hi[p]!; j <= last; j++) {
      if (this.#after[p * s + j] !== stamp) continue;
      if (found !== -1) return -1;
      found = j;
    }
    return found;
  }

  constructor(maxLength: number, maxBlocks: number) {
    this.#stride = maxBlocks + 1;
    this.#before = new Uint32Array((maxLength + 2) * this.#stride);
    this.#after = new Uint32Array((maxLength + 2) * this.#stride);
    this.#lo = new Int32Array(maxLength + 2);
    this.#hi = new Int32Array(maxLength + 2);
    this.#empties = new Int32Array(maxLength + 2);
    this.#fill = new Int32Array(maxLength + 2);
    this.#canEmpty = new Uint8Array(maxLength + 1);
    this.#at = new Uint8Array(maxLength + 1);
    this.#need = new Int32Array(maxBlocks + 1);
  }

  /**
   * Settles what the clue forces in `cells[offset..offset + n)` (EMPTY, FILLED or UNKNOWN),
   * in place, for the blocks `clue[from..to)`. Returns false when no placement fits (the cells
   * contradict the clue).
   */
  solve(cells: Uint8Array, offset: number, n: number, clue: readonly number[], from = 0, to = clue.length): boolean {
    // Block j of this stretch is clue[from + j]: read in place, not copied for every stretch.
    const k = to - from;
    const s = this.#stride;
    const m = n + 1; // with the virtual empty cell at n
    if (++this.#stamp === 0xffffffff) {
      this.#before.fill(0);
      this.#after.fill(0);
      this.#stamp = 1;
    }
    const stamp = this.#stamp;
    const at = this.#at;
    at.set(cells.subarray(offset, offset + n));
    at[n] = EMPTY;
    const empties = this.#empties;
    empties[0] = 0;
    for (let i = 0; i < m; i++) empties[i + 1] = empties[i]! + (at[i] === EMPTY ? 1 : 0);
    const lo = this.#lo;
    const hi = this.#hi;
    lo.fill(k + 1, 0, m + 1);
    hi.fill(-1, 0, m + 1);

    // From the left: which (cells, blocks) states a placement can reach. A block of length b
    // fits at i (its separator at i + b) when none of its cells is empty and the separator is
    // not filled.
    // need[j]: cells blocks j..k-1 take with their separators. A state (i, j) with fewer than
    // need[j] cells left cannot be completed: without this bound the left pass would carry
    // every smaller block count along an open line (all of them at its end).
    const need = this.#need;
    need[k] = 0;
    for (let j = k - 1; j >= 0; j--) need[j] = need[j + 1]! + clue[from + j]! + 1;
    const before = this.#before;
    const reach = (i: number, j: number) => {
      if (need[j]! > m - i) return;
      before[i * s + j] = stamp;
      if (j < lo[i]!) lo[i] = j;
      if (j > hi[i]!) hi[i] = j;
    };
    reach(0, 0);
    for (let i = 0; i < m; i++) {
      const open = at[i] !== FILLED;
      const left = m - i - 1;
      const row = i * s;
      const emptiesHere = empties[i]!;
      for (let j = lo[i]!, last = hi[i]!; j <= last; j++) {
        if (before[row + j] !== stamp) continue;
        // reach(i + 1, j), written out: this loop is where generation spends its time.
        if (open && need[j]! <= left) {
          before[row + s + j] = stamp;
          if (j < lo[i + 1]!) lo[i + 1] = j;
          if (j > hi[i + 1]!) hi[i + 1] = j;
        }
        if (j < k) {
          const e = i + clue[from + j]!;
          if (e < m && empties[e] === emptiesHere && at[e] !== FILLED) reach(e + 1, j + 1);
        }
      }
    }
    if (before[m * s + k] !== stamp) return false;

    // From the right, on the reachable states only: those that also complete the line.
    const after = this.#after;
    after[m * s + k] = stamp;
    const fill = this.#fill;
    const canEmpty = this.#canEmpty;
    fill.fill(0, 0, m + 1);
    canEmpty.fill(0, 0, m);
    for (let i = m - 1; i >= 0; i--) {
      const open = at[i] !== FILLED;
      for (let j = lo[i]!; j <= hi[i]!; j++) {
        if (before[i * s + j] !== stamp) continue;
        let ok = false;
        // Cell i as a gap between blocks.
        if (open && after[(i + 1) * s + j] === stamp) {
          ok = true;
          canEmpty[i] = 1;
        }
        // Block j at i..e-1, its separator at e.
        if (j < k) {
          const e = i + clue[from + j]!;
          if (e < m && empties[e] === empties[i] && at[e] !== FILLED && after[(e + 1) * s + j + 1] === stamp) {
            ok = true;
            fill[i]!++;
            fill[e]!--;
            canEmpty[e] = 1;
          }
        }
        if (ok) after[i * s + j] = stamp;
      }
    }
    this.#lastM = m;
    let covered = 0;
    for (let i = 0; i < n; i++) {
      covered += fill[i]!;
      if (at[i] !== UNKNOWN) continue;
      const canFill = covered > 0;
      if (canFill && canEmpty[i] === 0) cells[offset + i] = FILLED;
      else if (!canFill && canEmpty[i] === 1) cells[offset + i] = EMPTY;
      else if (!canFill) return false;
    }
    return true;
  }
}

/** A grid under line logic: rows and columns re-solved when a cell of theirs changes, until nothing changes. */
export class LineLogicGrid {
  /** EMPTY, FILLED or UNKNOWN per cell, row by row. */
  readonly cells: Uint8Array;
  /** Cells still UNKNOWN. */
  unknown: number;
  /** Line solves so far. */
  lineSolves = 0;

  readonly #solver: LineSolver;
  readonly #line: Uint8Array;
  readonly #queue: Int32Array;
  readonly #queued: Uint8Array;
  #head = 0;
  #size = 0;
  /**
   * Per line, per position p (0..n+1): the number of blocks every solution has placed before
   * p, where that is known and cell p - 1 is empty (so every solution has a boundary there);
   * else -1. Knowledge only grows, so an anchor stays one, and a change between two anchors
   * is re-solved between them only: the line splits there into independent stretches.
   */
  readonly #anchors: Int32Array;
  readonly #anchorStride: number;
  /** Per line: the first and last position changed since its last solve. */
  readonly #dirtyFrom: Int32Array;
  readonly #dirtyTo: Int32Array;

  constructor(
    readonly width: number,
    readonly height: number,
    readonly rows: readonly (readonly number[])[],
    readonly columns: readonly (readonly number[])[],
  ) {
    this.cells = new Uint8Array(width * height).fill(UNKNOWN);
    this.unknown = width * height;
    const maxBlocks = Math.max(0, ...rows.map((c) => c.length), ...columns.map((c) => c.length));
    this.#solver = new LineSolver(Math.max(width, height), maxBlocks);
    this.#line = new Uint8Array(Math.max(width, height));
    this.#queue = new Int32Array(width + height);
    this.#queued = new Uint8Array(width + height);
    this.#anchorStride = Math.max(width, height) + 2;
    this.#anchors = new Int32Array((width + height) * this.#anchorStride).fill(-1);
    this.#dirtyFrom = new Int32Array(width + height).fill(0x7fffffff);
    this.#dirtyTo = new Int32Array(width + height).fill(-1);
    for (let line = 0; line < height + width; line++) {
      const n = line < height ? width : height;
      const clue = line < height ? rows[line]! : columns[line - height]!;
      this.#anchors[line * this.#anchorStride] = 0;
      this.#anchors[line * this.#anchorStride + n + 1] = clue.length;
      this.#touch(line, 0);
      this.#touch(line, n - 1);
    }
  }

  /** Sets a cell (a given) and queues its row and column. */
  set(index: number, value: typeof EMPTY | typeof FILLED): void {
    if (this.cells[index] !== UNKNOWN) return;
    this.cells[index] = value;
    this.unknown--;
    const row = Math.floor(index / this.width);
    const col = index % this.width;
    this.#touch(row, col);
    this.#touch(this.height + col, row);
  }

  /**
   * Re-solves queued lines until none is left (true) or a line has no placement (false).
   * `shouldPause` is asked every few hundred line solves; when it says yes, returns undefined,
   * and the next call goes on where this one stopped.
   */
  propagate(shouldPause: () => boolean = () => false): boolean | undefined {
    const { width, height, cells } = this;
    const line = this.#line;
    while (this.#size > 0) {
      if (this.lineSolves % 64 === 0 && shouldPause()) return undefined;
      const id = this.#queue[this.#head]!;
      this.#head = (this.#head + 1) % this.#queue.length;
      this.#size--;
      this.#queued[id] = 0;
      this.lineSolves++;
      const isRow = id < height;
      const first = isRow ? id * width : id - height;
      const step = isRow ? 1 : width;
      const clue = isRow ? this.rows[id]! : this.columns[id - height]!;
      // The stretch to solve: from the last anchor at or before the first change to the first
      // anchor past the last change (cells start..end-1; cell end is empty, or the line's end).
      const anchors = this.#anchors;
      const base = id * this.#anchorStride;
      let a = this.#dirtyFrom[id]!;
      while (anchors[base + a]! < 0) a--;
      let b = this.#dirtyTo[id]! + 2;
      while (anchors[base + b]! < 0) b++;
      this.#dirtyFrom[id] = 0x7fffffff;
      this.#dirtyTo[id] = -1;
      const from = anchors[base + a]!;
      const to = anchors[base + b]!;
      const end = b - 1;
      for (let i = a; i < end; i++) line[i] = cells[first + i * step]!;
      if (!this.#solver.solve(line, a, end - a, clue, from, to)) return false;
      for (let i = a; i < end; i++) {
        const index = first + i * step;
        if (cells[index] === UNKNOWN && line[i] !== UNKNOWN) {
          cells[index] = line[i]!;
          this.unknown--;
          this.#touch(isRow ? height + i : i, id - (isRow ? 0 : height));
        }
      }
      // New anchors inside the stretch: an empty cell before a position whose block count
      // every placement agrees on.
      for (let p = a + 1; p < b; p++) {
        if (anchors[base + p]! >= 0 || line[p - 1] !== EMPTY) continue;
        const j = this.#solver.blocksAt(p - a);
        if (j >= 0) anchors[base + p] = from + j;
      }
    }
    return true;
  }

  /** Marks position `at` of a line changed and queues the line. */
  #touch(line: number, at: number): void {
    if (at < this.#dirtyFrom[line]!) this.#dirtyFrom[line] = at;
    if (at > this.#dirtyTo[line]!) this.#dirtyTo[line] = at;
    this.#push(line);
  }

  #push(line: number): void {
    if (this.#queued[line] === 1) return;
    this.#queued[line] = 1;
    this.#queue[(this.#head + this.#size) % this.#queue.length] = line;
    this.#size++;
  }
}
