// The board: every row and every column as two bit masks (known filled, known empty),
// kept in step, plus one byte per cell and the undo trail. Lines are numbered rows first
// (0..height-1), then columns (height..height+width-1).

import type { CheckedNonogram } from '@gridrace/core';
import { packClues } from './host/index.js';

export const EMPTY_CELL = 0;
export const FILLED_CELL = 1;
export const UNKNOWN_CELL = 2;

/** The clues of all lines, flattened (`packClues`), with lines of equal clue and length sharing an id. */
export class Clues {
  readonly blocks: Int32Array;
  readonly offset: Int32Array;
  readonly id: Int32Array;
  readonly maxBlocks: number;

  constructor(puzzle: CheckedNonogram) {
    ({ blocks: this.blocks, offset: this.offset, id: this.id, maxBlocks: this.maxBlocks } = packClues(puzzle));
  }

  /** Line i's blocks as a view (no copy). */
  of(line: number): Int32Array {
    return this.blocks.subarray(this.offset[line]!, this.offset[line + 1]!);
  }
}

/**
 * Cell state as bit masks per line. `set` writes a cell into its row masks, its column
 * masks and the trail; `undoTo` takes back everything set since a trail mark. The grid is
 * never copied.
 */
export class Board {
  readonly width: number;
  readonly height: number;
  /** Words per row mask (ceil(width/32)) and per column mask (ceil(height/32)). */
  readonly rowWords: number;
  readonly colWords: number;
  readonly rowFilled: Int32Array;
  readonly rowEmpty: Int32Array;
  readonly colFilled: Int32Array;
  readonly colEmpty: Int32Array;
  /** One byte per cell, row-major: EMPTY_CELL, FILLED_CELL or UNKNOWN_CELL. */
  readonly cells: Uint8Array;
  /** Cells in the order they became known. */
  readonly trail: Int32Array;
  trailLength = 0;
  unknown: number;

  constructor(width: number, height: number) {
    this.width = width;
    this.height = height;
    this.rowWords = (width + 31) >>> 5;
    this.colWords = (height + 31) >>> 5;
    this.rowFilled = new Int32Array(height * this.rowWords);
    this.rowEmpty = new Int32Array(height * this.rowWords);
    this.colFilled = new Int32Array(width * this.colWords);
    this.colEmpty = new Int32Array(width * this.colWords);
    this.cells = new Uint8Array(width * height).fill(UNKNOWN_CELL);
    this.trail = new Int32Array(width * height);
    this.unknown = width * height;
  }

  /** Make an unknown cell known. The caller enqueues the lines that need another look. */
  set(cell: number, value: number): void {
    const width = this.width;
    const row = (cell / width) | 0;
    const col = cell - row * width;
    this.cells[cell] = value;
    this.trail[this.trailLength++] = cell;
    this.unknown--;
    const rw = row * this.rowWords + (col >>> 5);
    const cw = col * this.colWords + (row >>> 5);
    if (value === FILLED_CELL) {
      this.rowFilled[rw]! |= 1 << (col & 31);
      this.colFilled[cw]! |= 1 << (row & 31);
    } else {
      this.rowEmpty[rw]! |= 1 << (col & 31);
      this.colEmpty[cw]! |= 1 << (row & 31);
    }
  }

  /**
   * The lowest trail length `undoTo` went back to since someone last raised it: the prober
   * reads it to tell whether cells it has seen were taken back.
   */
  lowWater = 0;

  /** Forget every cell set after the trail had length `mark`. */
  undoTo(mark: number): void {
    if (mark < this.lowWater) this.lowWater = mark;
    const width = this.width;
    const trail = this.trail;
    const cells = this.cells;
    for (let i = this.trailLength - 1; i >= mark; i--) {
      const cell = trail[i]!;
      const row = (cell / width) | 0;
      const col = cell - row * width;
      const rw = row * this.rowWords + (col >>> 5);
      const cw = col * this.colWords + (row >>> 5);
      const rbit = ~(1 << (col & 31));
      const cbit = ~(1 << (row & 31));
      if (cells[cell] === FILLED_CELL) {
        this.rowFilled[rw]! &= rbit;
        this.colFilled[cw]! &= cbit;
      } else {
        this.rowEmpty[rw]! &= rbit;
        this.colEmpty[cw]! &= cbit;
      }
      cells[cell] = UNKNOWN_CELL;
    }
    this.unknown += this.trailLength - mark;
    this.trailLength = mark;
  }
}
