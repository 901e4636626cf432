// Line logic for the large-nonogram generator: the fixpoint over rows and columns of what each
// line's clue and known cells force, by the engines' exact line solver
// (`@gridrace/engine-bitmask`). Every cell it settles holds in every solution, so a grid it
// settles completely is the only solution: the generator's proof of uniqueness, with no
// search (no engine call per change).
import { UNKNOWN, type EMPTY, type FILLED } from '@gridrace/core';
import { createLineSolver, type LineSolver } from '@gridrace/engine-bitmask';

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

  constructor(
    readonly width: number,
    readonly height: number,
    readonly rows: readonly (readonly number[])[],
    readonly columns: readonly (readonly number[])[],
  ) {
    this.cells = new Uint8Array(width * height).fill(UNKNOWN);
    this.unknown = width * height;
    const maxBlocks = Math.max(0, ...rows.map((c) => c.length), ...columns.map((c) => c.length));
    this.#solver = createLineSolver(Math.max(width, height), maxBlocks);
    this.#line = new Uint8Array(Math.max(width, height));
    this.#queue = new Int32Array(width + height);
    this.#queued = new Uint8Array(width + height);
    for (let line = 0; line < height + width; line++) this.#push(line);
  }

  /** Sets a cell (a given) and queues its row and column. */
  set(index: number, value: typeof EMPTY | typeof FILLED): void {
    if (this.cells[index] !== UNKNOWN) return;
    this.cells[index] = value;
    this.unknown--;
    const row = Math.floor(index / this.width);
    const col = index % this.width;
    this.#push(row);
    this.#push(this.height + col);
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
      const n = isRow ? width : height;
      for (let i = 0; i < n; i++) line[i] = cells[first + i * step]!;
      if (!this.#solver.solve(line, 0, n, clue)) return false;
      for (let i = 0; i < n; i++) {
        const index = first + i * step;
        if (cells[index] === UNKNOWN && line[i] !== UNKNOWN) {
          cells[index] = line[i]!;
          this.unknown--;
          this.#push(isRow ? height + i : i);
        }
      }
    }
    return true;
  }

  #push(line: number): void {
    if (this.#queued[line] === 1) return;
    this.#queued[line] = 1;
    this.#queue[(this.#head + this.#size) % this.#queue.length] = line;
    this.#size++;
  }
}
