// Propagation: solve dirty lines until none is left. A changed cell enqueues only its
// row and its column. Line results come from the cache when the same clue was seen with
// the same known cells before. When the learning search has clauses, they are propagated
// too (two watched literals), and every implied cell remembers why it was set.
import type { SolveBudget, StopReason } from '@gridrace/core';
import { LineCache } from './cache.js';
import { HEADER, type ClauseDb } from './clauses.js';
import { EMPTY_CELL, FILLED_CELL, UNKNOWN_CELL, type Board, type Clues } from './lines.js';
import { LineSolver } from './line-solver.js';
import { LineQueue } from './queue.js';

/** How many line solves may pass between two looks at the clock and the abort signal. */
const CHECK_EVERY = 4096;

/** `reason[cell]`: 0 for a decision or assumption, ref + 1 for a clause, -(line + 1) for a line. */
export const NO_REASON = 0;

export class Propagator {
  readonly board: Board;
  readonly clues: Clues;
  readonly queue: LineQueue;
  /** Set when the budget ran out inside `propagate`; the search must stop. */
  stopped: StopReason | null = null;
  /** Lines whose result had to be computed, and lines answered by the cache. */
  linesSolved = 0;
  cacheHits = 0;
  /** Consistency checks made for explanations. */
  consistencyChecks = 0;

  // Why each cell is set (used by the learning search).
  /** Decision level new assignments get. */
  level = 0;
  readonly levelOf: Int32Array;
  /** Trail index of each set cell. */
  readonly posOf: Int32Array;
  readonly reason: Int32Array;
  /** For a line reason: the trail length when the line was solved (its known cells were all before). */
  readonly reasonStart: Int32Array;
  /** Learned clauses, or null while the search does not learn. */
  clauses: ClauseDb | null = null;
  /** Trail index of the next cell whose clause watches must be visited. */
  qhead = 0;
  /** After a failed `propagate`: the contradictory line, or -1. */
  conflictLine = -1;
  /** After a failed `propagate`: the falsified clause, or -1. */
  conflictClause = -1;

  /** Results of the last `solveLine`. */
  readonly outFilled: Int32Array;
  readonly outEmpty: Int32Array;

  readonly #solver: LineSolver;
  readonly #cache: LineCache;
  readonly #budget: SolveBudget;
  readonly #views: Int32Array[];
  #untilCheck = CHECK_EVERY;

  constructor(board: Board, clues: Clues, budget: SolveBudget) {
    this.board = board;
    this.clues = clues;
    this.#budget = budget;
    const lines = board.width + board.height;
    const cells = board.width * board.height;
    this.queue = new LineQueue(lines);
    this.#solver = new LineSolver(Math.max(board.width, board.height), clues.maxBlocks);
    const words = Math.max(board.rowWords, board.colWords);
    this.#cache = new LineCache(words);
    this.#views = [];
    for (let i = 0; i < lines; i++) this.#views.push(clues.of(i));
    this.outFilled = new Int32Array(words);
    this.outEmpty = new Int32Array(words);
    this.levelOf = new Int32Array(cells);
    this.posOf = new Int32Array(cells);
    this.reason = new Int32Array(cells);
    this.reasonStart = new Int32Array(cells);
  }

  /** Set a cell as a decision or assumption and mark its row and column dirty. */
  assign(cell: number, value: number): void {
    this.imply(cell, value, NO_REASON, 0);
  }

  /** Set a cell with a reason and mark its row and column dirty. */
  imply(cell: number, value: number, reason: number, start: number): void {
    const board = this.board;
    this.posOf[cell] = board.trailLength;
    this.levelOf[cell] = this.level;
    this.reason[cell] = reason;
    this.reasonStart[cell] = start;
    board.set(cell, value);
    const row = (cell / board.width) | 0;
    this.queue.push(row);
    this.queue.push(board.height + cell - row * board.width);
  }

  /** Take back every cell set after the trail had length `mark`. */
  undoTo(mark: number): void {
    this.board.undoTo(mark);
    if (this.qhead > mark) this.qhead = mark;
  }

  enqueueAll(): void {
    const lines = this.board.width + this.board.height;
    for (let i = 0; i < lines; i++) this.queue.push(i);
  }

  /**
   * Solve dirty lines (and propagate clauses) until nothing is left. Returns false for a
   * contradiction (`conflictLine` or `conflictClause` says where; the queue is cleared) or
   * when the budget ran out (`stopped` is then set).
   */
  propagate(): boolean {
    const board = this.board;
    const queue = this.queue;
    const height = board.height;
    const width = board.width;
    this.conflictLine = -1;
    this.conflictClause = -1;
    for (;;) {
      if (this.clauses === null) this.qhead = board.trailLength;
      else if (this.qhead < board.trailLength && !this.#propagateClauses()) {
        queue.clear();
        return false;
      }
      if (queue.size === 0) return true;
      if (--this.#untilCheck === 0) {
        this.#untilCheck = CHECK_EVERY;
        const reason = this.#budget.stopReason();
        if (reason !== null) {
          this.stopped = reason;
          queue.clear();
          return false;
        }
      }
      const line = queue.pop();
      let ok: boolean;
      if (line < height) ok = this.#line(line, board.rowFilled, board.rowEmpty, line * board.rowWords, board.rowWords, width, line * width, 1, height);
      else {
        const col = line - height;
        ok = this.#line(line, board.colFilled, board.colEmpty, col * board.colWords, board.colWords, height, col, width, 0);
      }
      if (!ok) {
        this.conflictLine = line;
        queue.clear();
        return false;
      }
    }
  }

  /**
   * Solve a line for the known cells in `filled`/`empty` (from offset `off`), through the
   * cache. Returns false for a contradiction; otherwise `outFilled`/`outEmpty` hold the
   * forced cells.
   */
  solveLine(line: number, filled: Int32Array, empty: Int32Array, off: number, cached = true): boolean {
    const id = this.clues.id[line]!;
    const outF = this.outFilled;
    const outE = this.outEmpty;
    const cache = this.#cache;
    const board = this.board;
    const n = line < board.height ? board.width : board.height;
    const words = (n + 31) >>> 5;
    const useCache = cached || n > LineSolver.WORD_LIMIT;
    const hit = useCache ? cache.lookup(id, 0, words, filled, off, empty, off) : -1;
    if (hit >= 0) {
      this.cacheHits++;
      if (hit === 0) return false;
      cache.copyResult(words, outF, outE);
      return true;
    }
    this.linesSolved++;
    const clue = this.#views[line]!;
    let ok: boolean;
    if (n <= LineSolver.WORD_LIMIT) {
      ok = this.#solver.solveWord(clue, clue.length, n, filled[off]!, empty[off]!);
      outF[0] = this.#solver.outFilled;
      outE[0] = this.#solver.outEmpty;
    } else {
      ok = this.#solver.solveTrimmed(clue, clue.length, n, filled, off, empty, off, outF, outE, false);
    }
    if (useCache) cache.store(id, 0, words, filled, off, empty, off, ok, outF, outE);
    return ok;
  }

  /** Whether line `line` has a valid placement with the known cells in `filled`/`empty`. */
  consistent(line: number, filled: Int32Array, empty: Int32Array, off: number): boolean {
    this.consistencyChecks++;
    const board = this.board;
    const n = line < board.height ? board.width : board.height;
    const clue = this.#views[line]!;
    if (n <= LineSolver.WORD_LIMIT) return this.#solver.consistentWord(clue, clue.length, n, filled[off]!, empty[off]!);
    return this.#solver.solveTrimmed(clue, clue.length, n, filled, off, empty, off, this.outFilled, this.outEmpty, true);
  }

  /**
   * Solve one line and set what it forces. Cell i of the line is board cell
   * `first + i * step`; the crossing line of cell i is line `cross + i`.
   */
  #line(
    line: number,
    filled: Int32Array,
    empty: Int32Array,
    off: number,
    words: number,
    _n: number,
    first: number,
    step: number,
    cross: number,
  ): boolean {
    if (!this.solveLine(line, filled, empty, off)) return false;
    const outF = this.outFilled;
    const outE = this.outEmpty;
    const board = this.board;
    const queue = this.queue;
    const start = board.trailLength;
    const reason = -(line + 1);
    const level = this.level;
    for (let w = 0; w < words; w++) {
      let newFilled = outF[w]! & ~filled[off + w]!;
      let newEmpty = outE[w]! & ~empty[off + w]!;
      while (newFilled !== 0) {
        const bit = newFilled & -newFilled;
        newFilled ^= bit;
        const i = (w << 5) + 31 - Math.clz32(bit);
        const cell = first + i * step;
        this.posOf[cell] = board.trailLength;
        this.levelOf[cell] = level;
        this.reason[cell] = reason;
        this.reasonStart[cell] = start;
        board.set(cell, FILLED_CELL);
        queue.push(cross + i);
      }
      while (newEmpty !== 0) {
        const bit = newEmpty & -newEmpty;
        newEmpty ^= bit;
        const i = (w << 5) + 31 - Math.clz32(bit);
        const cell = first + i * step;
        this.posOf[cell] = board.trailLength;
        this.levelOf[cell] = level;
        this.reason[cell] = reason;
        this.reasonStart[cell] = start;
        board.set(cell, EMPTY_CELL);
        queue.push(cross + i);
      }
    }
    return true;
  }

  /** Visit the watches of every literal made false since `qhead`. */
  #propagateClauses(): boolean {
    const db = this.clauses!;
    const board = this.board;
    const cells = board.cells;
    const trail = board.trail;
    const watches = db.watches;
    while (this.qhead < board.trailLength) {
      const cell = trail[this.qhead++]!;
      const falseLit = (cell << 1) | (1 - cells[cell]!);
      const list = watches[falseLit]!;
      const n = list.length;
      if (n === 0) continue;
      const a = db.arena;
      let i = 0;
      let j = 0;
      while (i < n) {
        const ref = list[i]!;
        const blocker = list[i + 1]!;
        i += 2;
        if (cells[blocker >> 1] === (blocker & 1)) {
          list[j++] = ref;
          list[j++] = blocker;
          continue;
        }
        const base = ref + HEADER;
        if (a[base] === falseLit) {
          a[base] = a[base + 1]!;
          a[base + 1] = falseLit;
        }
        const firstLit = a[base]!;
        const firstVal = cells[firstLit >> 1]!;
        if (firstVal === (firstLit & 1)) {
          list[j++] = ref; // satisfied: keep watching, with the true literal as blocker
          list[j++] = firstLit;
          continue;
        }
        const size = a[ref]!;
        let moved = false;
        for (let k = 2; k < size; k++) {
          const lit = a[base + k]!;
          const v = cells[lit >> 1]!;
          if (v === UNKNOWN_CELL || v === (lit & 1)) {
            a[base + 1] = lit;
            a[base + k] = falseLit;
            watches[lit]!.push(ref, firstLit);
            moved = true;
            break;
          }
        }
        if (moved) continue;
        list[j++] = ref;
        list[j++] = firstLit;
        if (firstVal !== UNKNOWN_CELL) {
          // Every literal is false.
          while (i < n) list[j++] = list[i++]!;
          if (j < n) list.length = j;
          this.conflictClause = ref;
          this.qhead = board.trailLength;
          return false;
        }
        this.imply(firstLit >> 1, firstLit & 1, ref + 1, 0);
      }
      if (j < n) list.length = j;
    }
    return true;
  }
}
