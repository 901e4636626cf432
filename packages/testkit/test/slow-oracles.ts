// Even slower oracles, used only to cross-check the exported ones on tiny puzzles.
import { verify, type ArrowPathPuzzle, type ArrowPathSolution, type ColourNonogramPuzzle, type ColourNonogramSolution, type NonogramPuzzle, type NonogramSolution } from '@gridrace/core';

/** Try all 2^(width*height) grids and keep those core's `verify` accepts. */
export function everyGrid(puzzle: NonogramPuzzle): NonogramSolution[] {
  const { width, height } = puzzle;
  const n = width * height;
  if (n > 16) throw new RangeError(`everyGrid is for tiny grids, got ${width}x${height}`);
  const out: NonogramSolution[] = [];
  for (let bits = 0; bits < 2 ** n; bits++) {
    const cells = new Uint8Array(n);
    for (let i = 0; i < n; i++) cells[i] = (bits >> i) & 1;
    const grid = { width, height, cells };
    if (verify(puzzle, grid).ok) out.push(grid);
  }
  return out;
}

/** Try every colouring (palette size ^ cells) and keep those core's `verify` accepts. */
export function everyColouring(puzzle: ColourNonogramPuzzle): ColourNonogramSolution[] {
  const { width, height } = puzzle;
  const n = width * height;
  const colours = puzzle.palette.length;
  if (colours ** n > 300_000) throw new RangeError(`everyColouring is for tiny grids, got ${width}x${height} in ${colours} colours`);
  const out: ColourNonogramSolution[] = [];
  for (let code = 0; code < colours ** n; code++) {
    const cells = new Uint8Array(n);
    for (let i = 0, rest = code; i < n; i++, rest = Math.floor(rest / colours)) cells[i] = rest % colours;
    const grid = { width, height, cells };
    if (verify(puzzle, grid).ok) out.push(grid);
  }
  return out;
}

/** Try every permutation of 1..N and keep those core's `verify` accepts. */
export function everyNumbering(puzzle: ArrowPathPuzzle): ArrowPathSolution[] {
  const { width, height } = puzzle;
  const n = width * height;
  if (n > 9) throw new RangeError(`everyNumbering is for tiny grids, got ${width}x${height}`);
  const out: ArrowPathSolution[] = [];
  const numbers = new Int32Array(n);
  const used = new Array<boolean>(n + 1).fill(false);
  const fill = (cell: number): void => {
    if (cell === n) {
      const candidate = { width, height, numbers: numbers.slice() };
      if (verify(puzzle, candidate).ok) out.push(candidate);
      return;
    }
    for (let k = 1; k <= n; k++) {
      if (used[k]) continue;
      used[k] = true;
      numbers[cell] = k;
      fill(cell + 1);
      used[k] = false;
    }
  };
  fill(0);
  return out;
}
