// arrowpath-dfs: the seed exercise's depth-first search, generalized to Signpost puzzles.
// From the cell holding k, try every cell on its arrow's ray that may hold k+1: the cell
// given k+1 if there is one, otherwise each free cell that holds no given. When 1 is not
// given, every cell that may hold 1 is tried as the start.
import {
  SolveBudget,
  checkSolveInput,
  makeResult,
  type ArrowPathPuzzle,
  type ArrowPathSolution,
  type SolveOptions,
  type SolveResult,
  type StopReason,
} from '@gridrace/core';
import { prepareGrid } from './grid.js';

export interface DfsLimits {
  /** Stop with verdict `incomplete`, reason `limit`, after this many search nodes. */
  readonly maxNodes?: number;
}

/** How many nodes the search runs between budget checks. */
const CHECK_EVERY = 4096;

export async function solveDfs(
  input: ArrowPathPuzzle,
  solveOptions: SolveOptions | undefined,
  limits: DfsLimits,
): Promise<SolveResult<ArrowPathSolution>> {
  // Core's input contract first: the same refusals, with the same errors, as every engine.
  const { puzzle, options } = checkSolveInput('arrowpath', input, solveOptions);
  const { maxSolutions } = options;
  const budget = new SolveBudget(options);
  const prepared = await prepareGrid(puzzle, budget);
  const maxNodes = limits.maxNodes ?? Number.POSITIVE_INFINITY;

  let nodes = 0;
  let backtracks = 0;
  let maxDepth = 0;
  const solutions: ArrowPathSolution[] = [];
  const finish = (stopped: StopReason | null, message?: string) =>
    makeResult(solutions, stopped, { timeMs: budget.elapsedMs(), counters: { nodes, backtracks, maxDepth } }, message);

  if (typeof prepared === 'string') return finish(prepared);
  const grid = prepared;
  // Rays are walked by step from their counted length, never stored.
  const { n, rayStep, rayLength, given, cellOfGiven, width, height } = grid;
  const early = budget.stopReason();
  if (early !== null) return finish(early);
  if (grid.contradiction !== null) return finish(null);

  // path[k] = cell holding k (1-based); pos[k] = next ray index to try after k.
  const path = new Int32Array(n + 2);
  const pos = new Int32Array(n + 2);
  const used = new Uint8Array(n);

  // Where 1 may go: the cell given 1, else every cell with no given.
  const starts: number[] = [];
  if (cellOfGiven[1] !== -1) starts.push(cellOfGiven[1]!);
  else for (let c = 0; c < n; c++) if (given[c] === 0) starts.push(c);

  let stopped: StopReason | null = null;
  let message: string | undefined;
  let startIndex = 0;
  let depth = 0;

  // Every step (forward or back) counts towards the next budget check: a long run of
  // backtracking, each step scanning a long ray, must not outrun the time limit.
  let steps = 0;
  search: for (;;) {
    if (++steps % CHECK_EVERY === 0) {
      const reason = await budget.checkpoint();
      if (reason !== null) {
        stopped = reason;
        break;
      }
    }
    // Choose the next start when the previous one is exhausted.
    if (depth === 0) {
      if (startIndex >= starts.length) break;
      const s = starts[startIndex++]!;
      path[1] = s;
      pos[1] = 0;
      used[s] = 1;
      depth = 1;
      nodes++;
      maxDepth = Math.max(maxDepth, 1);
    }

    if (depth === n) {
      const numbers = new Int32Array(n);
      for (let k = 1; k <= n; k++) numbers[path[k]!] = k;
      solutions.push({ width, height, numbers });
      if (solutions.length >= maxSolutions) {
        stopped = 'solution-limit';
        break;
      }
      used[path[depth]!] = 0;
      depth--;
      backtracks++;
      continue;
    }

    // Find the next candidate for depth+1 from the cell holding `depth`.
    const cell = path[depth]!;
    const step = rayStep[cell]!;
    const length = rayLength[cell]!;
    const target = cellOfGiven[depth + 1]!;
    let chosen = -1;
    if (target !== -1) {
      // Only the given cell may follow, and only once.
      if (pos[depth] === 0) {
        pos[depth] = 1;
        if (onRay(cell, step, length, target)) chosen = target;
      }
    } else {
      let i = pos[depth]!;
      while (i < length) {
        const d = cell + ++i * step;
        if (used[d] === 0 && given[d] === 0) {
          chosen = d;
          break;
        }
      }
      pos[depth] = i;
    }

    if (chosen === -1) {
      used[cell] = 0;
      depth--;
      backtracks++;
      continue;
    }

    depth++;
    path[depth] = chosen;
    pos[depth] = 0;
    used[chosen] = 1;
    if (depth > maxDepth) maxDepth = depth;
    nodes++;
    if (nodes >= maxNodes) {
      stopped = 'limit';
      message = `arrowpath-dfs node limit of ${maxNodes} reached`;
      break search;
    }
  }

  // A solution limit hit on the very last possibility still means the search was exhausted.
  if (stopped === 'solution-limit' && exhausted(depth)) stopped = null;
  return finish(stopped, message);

  function exhausted(atDepth: number): boolean {
    if (startIndex < starts.length) return false;
    // Any depth with an untried ray cell that holds no given might lead further: a conservative test.
    for (let k = 1; k < atDepth; k++) {
      if (cellOfGiven[k + 1] !== -1) {
        if (pos[k] === 0) return false;
        continue;
      }
      const cell = path[k]!;
      const step = rayStep[cell]!;
      for (let i = pos[k]!; i < rayLength[cell]!; i++) {
        if (given[cell + (i + 1) * step] === 0) return false;
      }
    }
    return true;
  }
}

/** True when `target` is one of the `length` cells `cell + k * step`, k >= 1. */
function onRay(cell: number, step: number, length: number, target: number): boolean {
  if (step === 0) return false;
  const k = (target - cell) / step;
  return Number.isInteger(k) && k >= 1 && k <= length;
}
