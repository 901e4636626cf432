// Solutions go to the host as they are found: `env.solution(ptr, cells)` receives a complete
// grid (one 0/1 byte per cell, row-major), drops duplicates (backtracking and clause
// learning may meet the same grid) and answers 1 once `maxSolutions` distinct ones are known.
import { hostSolution } from 'solver-target';
import { cellCount, cells } from './board';

/** Record the complete grid on the board. True when the solution limit is reached. */
export function addBoardSolution(): bool {
  return hostSolution(cells, cellCount) != 0;
}

/** Record a complete grid at `ptr`. True when the solution limit is reached. */
export function addGridSolution(ptr: usize): bool {
  return hostSolution(ptr, cellCount) != 0;
}
