// Propagation: solve dirty lines until none is left. A changed cell enqueues only its
// row and its column. Line results come from the cache when the same clue was seen with
// the same known cells before.
import type { SolveBudget, StopReason } from '@gridrace/core';
import { LineCache } from './cache.js';
import { EMPTY_CELL, FILLED_CELL, UNKNOWN_CELL, type Board, type Clues } from './lines.js';
import { LineQueue } from './queue.js';
import type { SolverInstance } from './solver-instance.js';

/**
 * The distinct lines looked at since `start`, up to `capacity` of them (`overflow` beyond).
 */
export class LineVisits {
  readonly lines: Int32Array;
  count = 0;
  overflow = false;
  readonly #mark: Int32Array;
  #stamp = 0;

  constructor(lineCount: number, capacity: number) {
    this.lines = new Int32Array(capacity);
    this.#mark = new Int32Array(lineCount);
  }

  start(): void {
    this.count = 0;
    this.overflow = false;
    this.#stamp++;
  }

  add(line: number): void {
    if (this.#mark[line] === this.#stamp) return;
    this.#mark[line] = this.#stamp;
    if (this.count === this.lines.length) this.overflow = true;
    else this.lines[this.count++] = line;
  }
}

/** How many line solves may pass between two looks at the clock and the abort signal. */
const CHECK_EVERY = 4096;

export class Propagator {
  readonly board: Board;
  readonly clues: Clues;
  readonly queue: LineQueue;
  /** When set, every line `propagate` looks at is added to it (probing records them). */
  visits: LineVisits | null = null;
  /** Set when the budget ran out inside `propagate`; the search must stop. */
  stopped: StopReason | null = null;
  /** Lines whose result had to be computed, and lines answered by the cache. */
  linesSolved = 0;
  cacheHits = 0;

  /** The line solver (the one source shared with the wasm engine), in its own memory. */
  readonly #solver: SolverInstance;
  readonly #wordLimit: number;
  readonly #cache: LineCache;
  readonly #budget: SolveBudget;
  /** Line i's clue: its address in the solver's memory and its number of blocks. */
  readonly #clueAt: Int32Array;
  readonly #clueLength: Int32Array;
  /** A long line's known cells go to these addresses, its forced cells come back in the views below. */
  readonly #inFilledAt: number;
  readonly #inEmptyAt: number;
  readonly #outFilledAt: number;
  readonly #outEmptyAt: number;
  readonly #memory: Int32Array;
  readonly #outFilled: Int32Array;
  readonly #outEmpty: Int32Array;
  #untilCheck = CHECK_EVERY;
  /**
   * Tied mode (the search among symmetric solutions): every cell set also sets its images
   * under these cell permutations, which form a group with the identity left out.
   */
  #ties: readonly Int32Array[] | null = null;
  /** Set by `assign` in tied mode when an image already held the other value. */
  #tieConflict = false;

  /** `solver`: an instance of the line solver this propagator has to itself; its memory is reset. */
  constructor(board: Board, clues: Clues, budget: SolveBudget, solver: SolverInstance) {
    this.board = board;
    this.clues = clues;
    this.#budget = budget;
    const lines = board.width + board.height;
    this.queue = new LineQueue(lines);
    const words = Math.max(board.rowWords, board.colWords);
    this.#cache = new LineCache(words);
    solver.resetArena();
    this.#solver = solver;
    this.#wordLimit = solver.WORD_LIMIT;
    // All of the solver's memory is taken here, so the views below stay valid.
    const cluesAt = solver.tryAlloc(clues.blocks.length * 4);
    this.#inFilledAt = solver.tryAlloc(words * 4);
    this.#inEmptyAt = solver.tryAlloc(words * 4);
    this.#outFilledAt = solver.tryAlloc(words * 4);
    this.#outEmptyAt = solver.tryAlloc(words * 4);
    const longest = Math.max(board.width, board.height);
    if (!solver.setupLineSolver(longest, clues.maxBlocks) || solver.memoryFailed()) {
      throw new RangeError(`the line solver's scratch for lines of ${longest} cells does not fit in memory`);
    }
    const memory = new Int32Array(solver.memoryBuffer());
    this.#memory = memory;
    memory.set(clues.blocks, cluesAt >> 2);
    this.#clueAt = new Int32Array(lines);
    this.#clueLength = new Int32Array(lines);
    for (let i = 0; i < lines; i++) {
      this.#clueAt[i] = cluesAt + clues.offset[i]! * 4;
      this.#clueLength[i] = clues.offset[i + 1]! - clues.offset[i]!;
    }
    this.#outFilled = memory.subarray(this.#outFilledAt >> 2, (this.#outFilledAt >> 2) + words);
    this.#outEmpty = memory.subarray(this.#outEmptyAt >> 2, (this.#outEmptyAt >> 2) + words);
  }

  /** Tie every cell to its images under `images` (each a cell permutation); see `#ties`. */
  tie(images: readonly Int32Array[]): void {
    this.#ties = images.length > 0 ? images : null;
  }

  get ties(): readonly Int32Array[] {
    return this.#ties ?? [];
  }

  /** Set a cell (a branch, a probe, a fact) and mark its row and column dirty. */
  assign(cell: number, value: number): void {
    if (this.#ties === null) this.#setAndEnqueue(cell, value);
    else if (!this.#setTied(cell, value)) this.#tieConflict = true;
  }

  /** Take back every cell set after the trail had length `mark`. */
  undoTo(mark: number): void {
    this.board.undoTo(mark);
  }

  enqueueAll(): void {
    const lines = this.board.width + this.board.height;
    for (let i = 0; i < lines; i++) this.queue.push(i);
  }

  /**
   * Solve dirty lines until the queue is empty. Returns false for a contradiction (the
   * queue is then cleared) or when the budget ran out (`stopped` is then set).
   */
  propagate(): boolean {
    const board = this.board;
    const queue = this.queue;
    const height = board.height;
    const width = board.width;
    if (this.#tieConflict) {
      this.#tieConflict = false;
      queue.clear();
      return false;
    }
    while (queue.size > 0) {
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
      if (this.visits !== null) this.visits.add(line);
      let ok: boolean;
      if (line < height) ok = this.#line(line, board.rowFilled, board.rowEmpty, line * board.rowWords, board.rowWords, width, line * width, 1, height);
      else {
        const col = line - height;
        ok = this.#line(line, board.colFilled, board.colEmpty, col * board.colWords, board.colWords, height, col, width, 0);
      }
      if (!ok) {
        queue.clear();
        return false;
      }
    }
    return true;
  }

  /**
   * Solve one line of n cells and set what it forces. Cell i of the line is board cell
   * `first + i * step`; the crossing line of cell i is line `cross + i`.
   */
  #line(
    line: number,
    filled: Int32Array,
    empty: Int32Array,
    off: number,
    words: number,
    n: number,
    first: number,
    step: number,
    cross: number,
  ): boolean {
    const outF = this.#outFilled;
    const outE = this.#outEmpty;
    const id = this.clues.id[line]!;
    const cache = this.#cache;
    const hit = cache.lookup(id, words, filled, off, empty, off);
    if (hit >= 0) {
      this.cacheHits++;
      if (hit === 0) return false;
      cache.copyResult(words, outF, outE);
    } else {
      this.linesSolved++;
      const solver = this.#solver;
      const clue = this.#clueAt[line]!;
      const k = this.#clueLength[line]!;
      let ok: boolean;
      if (n <= this.#wordLimit) {
        ok = solver.solveWord(clue, k, n, filled[off]!, empty[off]!);
        outF[0] = solver.filledWord();
        outE[0] = solver.emptyWord();
      } else {
        const memory = this.#memory;
        const inF = this.#inFilledAt >> 2;
        const inE = this.#inEmptyAt >> 2;
        for (let w = 0; w < words; w++) {
          memory[inF + w] = filled[off + w]!;
          memory[inE + w] = empty[off + w]!;
        }
        ok = solver.solveTrimmed(clue, k, n, this.#inFilledAt, this.#inEmptyAt, this.#outFilledAt, this.#outEmptyAt);
      }
      cache.store(id, words, filled, off, empty, off, ok, outF, outE);
      if (!ok) return false;
    }
    if (this.#ties !== null) return this.#setForcedTied(words, filled, empty, off, first, step);
    const board = this.board;
    const queue = this.queue;
    for (let w = 0; w < words; w++) {
      let newFilled = outF[w]! & ~filled[off + w]!;
      let newEmpty = outE[w]! & ~empty[off + w]!;
      while (newFilled !== 0) {
        const bit = newFilled & -newFilled;
        newFilled ^= bit;
        const i = (w << 5) + 31 - Math.clz32(bit);
        board.set(first + i * step, FILLED_CELL);
        queue.push(cross + i);
      }
      while (newEmpty !== 0) {
        const bit = newEmpty & -newEmpty;
        newEmpty ^= bit;
        const i = (w << 5) + 31 - Math.clz32(bit);
        board.set(first + i * step, EMPTY_CELL);
        queue.push(cross + i);
      }
    }
    return true;
  }

  /** `#line`'s last step in tied mode: set the forced cells and their images. */
  #setForcedTied(words: number, filled: Int32Array, empty: Int32Array, off: number, first: number, step: number): boolean {
    const outF = this.#outFilled;
    const outE = this.#outEmpty;
    for (let w = 0; w < words; w++) {
      // Read the line's masks once: setting images may change them under our feet.
      const newFilled = outF[w]! & ~filled[off + w]!;
      const newEmpty = outE[w]! & ~empty[off + w]!;
      for (let bits = newFilled; bits !== 0; bits &= bits - 1) {
        if (!this.#setTied(first + ((w << 5) + 31 - Math.clz32(bits & -bits)) * step, FILLED_CELL)) return false;
      }
      for (let bits = newEmpty; bits !== 0; bits &= bits - 1) {
        if (!this.#setTied(first + ((w << 5) + 31 - Math.clz32(bits & -bits)) * step, EMPTY_CELL)) return false;
      }
    }
    return true;
  }

  /** Set a cell and its images, enqueueing their rows and columns; false if one holds the other value. */
  #setTied(cell: number, value: number): boolean {
    const cells = this.board.cells;
    if (cells[cell] !== UNKNOWN_CELL) return cells[cell] === value;
    this.#setAndEnqueue(cell, value);
    for (const image of this.#ties!) {
      const other = image[cell]!;
      const now = cells[other];
      if (now === UNKNOWN_CELL) this.#setAndEnqueue(other, value);
      else if (now !== value) return false;
    }
    return true;
  }

  /** Set a cell and mark its row and column dirty. */
  #setAndEnqueue(cell: number, value: number): void {
    const board = this.board;
    board.set(cell, value);
    const row = (cell / board.width) | 0;
    this.queue.push(row);
    this.queue.push(board.height + cell - row * board.width);
  }
}
