// A brute-force arrow-path oracle that shares no code with any engine: pick a cell for 1,
// then for each next number try every free cell along the arrow, by plain recursion.
import type { ArrowPathPuzzle, ArrowPathSolution, Direction } from '@gridrace/core';
import type { OracleResult } from './oracle-nonogram.js';

const STEP: Record<Direction, readonly [number, number]> = {
  N: [-1, 0],
  NE: [-1, 1],
  E: [0, 1],
  SE: [1, 1],
  S: [1, 0],
  SW: [1, -1],
  W: [0, -1],
  NW: [-1, -1],
};

/** Cells reached from `cell` by walking its arrow to the edge. */
function reach(puzzle: ArrowPathPuzzle, cell: number): number[] {
  const arrow = puzzle.arrows[cell];
  if (arrow === null || arrow === undefined) return [];
  const [dr, dc] = STEP[arrow];
  const out: number[] = [];
  for (let r = Math.floor(cell / puzzle.width) + dr, c = (cell % puzzle.width) + dc; r >= 0 && r < puzzle.height && c >= 0 && c < puzzle.width; r += dr, c += dc) {
    out.push(r * puzzle.width + c);
  }
  return out;
}

/**
 * All numberings of a small arrow path (up to about 4x4 without givens), at most
 * `maxSolutions`. `exhausted` is false when the search stopped because `maxSolutions` were found.
 */
export function bruteForceArrowPath(puzzle: ArrowPathPuzzle, maxSolutions: number): OracleResult<ArrowPathSolution> {
  const { width, height } = puzzle;
  const n = width * height;
  // Where each given number sits, or -1.
  const home = new Array<number>(n + 2).fill(-1);
  puzzle.givens.forEach((g, cell) => {
    if (g >= 1 && g <= n) home[g] = cell;
  });
  const numbers = new Int32Array(n);
  const solutions: ArrowPathSolution[] = [];

  // Can number k go into this cell? Free, and either the cell's given or k's home.
  const allowed = (k: number, cell: number): boolean => {
    if (numbers[cell] !== 0) return false;
    const g = puzzle.givens[cell] ?? 0;
    if (g !== 0) return g === k;
    return home[k] === -1;
  };

  const extend = (k: number, cell: number): boolean => {
    numbers[cell] = k;
    let goOn = true;
    if (k === n) {
      solutions.push({ width, height, numbers: numbers.slice() });
      goOn = solutions.length < maxSolutions;
    } else {
      for (const next of reach(puzzle, cell)) {
        if (allowed(k + 1, next) && !extend(k + 1, next)) {
          goOn = false;
          break;
        }
      }
    }
    numbers[cell] = 0;
    return goOn;
  };

  if (maxSolutions < 1) return { solutions, exhausted: false };
  for (let start = 0; start < n; start++) {
    if (allowed(1, start) && !extend(1, start)) return { solutions, exhausted: false };
  }
  return { solutions, exhausted: true };
}
