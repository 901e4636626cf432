// The board: every row and every column as two bit masks (known filled, known empty), kept
// in step, one byte per cell, and the undo trail. Lines are numbered rows first
// (0..height-1), then columns (height..height+width-1). Everything lives in the arena;
// the pointers below are set up by `setupBoard` once per solve.
import { fill, load32, load8, store32, store8 } from 'solver-target';

export const EMPTY_CELL: u8 = 0;
export const FILLED_CELL: u8 = 1;
export const UNKNOWN_CELL: u8 = 2;

export let width: i32 = 0;
export let height: i32 = 0;
export let lineCount: i32 = 0;
export let cellCount: i32 = 0;
/** Words per row mask (ceil(width/32)) and per column mask (ceil(height/32)). */
export let rowWords: i32 = 0;
export let colWords: i32 = 0;
export let rowFilled: usize = 0;
export let rowEmpty: usize = 0;
export let colFilled: usize = 0;
export let colEmpty: usize = 0;
/** One byte per cell, row-major. */
export let cells: usize = 0;
/** Cells in the order they became known (i32 each), and their rows (saves a division on undo). */
export let trail: usize = 0;
export let trailRows: usize = 0;
export let trailLength: i32 = 0;
export let unknown: i32 = 0;
/**
 * The lowest trail length `undoTo` went back to since `raiseLowWater`: the prober reads it
 * to tell whether cells it has seen were taken back.
 */
export let lowWater: i32 = 0;

export function raiseLowWater(): void {
  lowWater = trailLength;
}

// Clues: `clueOffset[i]` .. `clueOffset[i+1]` index line i's blocks in `clueBlocks`; lines
// with the same clue and length share `clueId[i]` (for the line cache).
export let clueBlocks: usize = 0;
export let clueOffset: usize = 0;
export let clueId: usize = 0;

export function setClues(blocks: usize, offset: usize, id: usize): void {
  clueBlocks = blocks;
  clueOffset = offset;
  clueId = id;
}

/** Set the sizes and point the board at its (zeroed) buffers. */
export function setupBoard(w: i32, h: i32, rf: usize, re: usize, cf: usize, ce: usize, c: usize, t: usize, tr: usize): void {
  width = w;
  height = h;
  lineCount = w + h;
  cellCount = w * h;
  rowWords = (w + 31) >>> 5;
  colWords = (h + 31) >>> 5;
  rowFilled = rf;
  rowEmpty = re;
  colFilled = cf;
  colEmpty = ce;
  cells = c;
  trail = t;
  trailRows = tr;
  fill(c, UNKNOWN_CELL, <usize>cellCount);
  trailLength = 0;
  lowWater = 0;
  unknown = cellCount;
}

// @ts-ignore: decorator
@inline export function cellAt(cell: i32): u8 {
  return load8(cells + <usize>cell);
}

/** Make an unknown cell known. The caller enqueues the lines that need another look. */
// @ts-ignore: decorator
@inline export function setCell(cell: i32, value: u8): void {
  const row = (cell / width) | 0;
  setCellAt(cell, row, cell - row * width, value);
}

/** `setCell` when the cell's row and column are known (no division). */
// @ts-ignore: decorator
@inline export function setCellAt(cell: i32, row: i32, col: i32, value: u8): void {
  store8(cells + <usize>cell, value);
  const t = <usize>trailLength << 2;
  store32(trail + t, cell);
  store32(trailRows + t, row);
  trailLength++;
  unknown--;
  const rOff = (<usize>(row * rowWords + (col >>> 5))) << 2;
  const cOff = (<usize>(col * colWords + (row >>> 5))) << 2;
  if (value == FILLED_CELL) {
    store32(rowFilled + rOff, load32(rowFilled + rOff) | (1 << (col & 31)));
    store32(colFilled + cOff, load32(colFilled + cOff) | (1 << (row & 31)));
  } else {
    store32(rowEmpty + rOff, load32(rowEmpty + rOff) | (1 << (col & 31)));
    store32(colEmpty + cOff, load32(colEmpty + cOff) | (1 << (row & 31)));
  }
}

/** Forget every cell set after the trail had length `mark`. */
export function undoTo(mark: i32): void {
  if (mark < lowWater) lowWater = mark;
  const w = width;
  for (let i = trailLength - 1; i >= mark; i--) {
    const cell = load32(trail + (<usize>i << 2));
    const row = load32(trailRows + (<usize>i << 2));
    const col = cell - row * w;
    const rOff = (<usize>(row * rowWords + (col >>> 5))) << 2;
    const cOff = (<usize>(col * colWords + (row >>> 5))) << 2;
    const rbit = ~(1 << (col & 31));
    const cbit = ~(1 << (row & 31));
    if (load8(cells + <usize>cell) == FILLED_CELL) {
      store32(rowFilled + rOff, load32(rowFilled + rOff) & rbit);
      store32(colFilled + cOff, load32(colFilled + cOff) & cbit);
    } else {
      store32(rowEmpty + rOff, load32(rowEmpty + rOff) & rbit);
      store32(colEmpty + cOff, load32(colEmpty + cOff) & cbit);
    }
    store8(cells + <usize>cell, UNKNOWN_CELL);
  }
  unknown += trailLength - mark;
  trailLength = mark;
}
