// The naive engine's solve: check the input (core's contract) and the budget, count and enumerate every
// line's placements under a cap, then a depth-first search whose nodes run line logic and,
// when it stalls, branch on one unknown cell (each child gets its own copy of the grid).
import {
  FILLED,
  SolveBudget,
  UNKNOWN,
  checkSolveInput,
  makeResult,
  solutionsWithoutCells,
  type CheckedNonogramPuzzle,
  type NonogramPuzzle,
  type NonogramSolution,
  type SolveOptions,
  type SolveResult,
  type StopReason,
} from '@gridrace/core';
import { enumeratePlacements, placementCount } from './placements.js';
import { propagate, type Line, type PassEvent, type State } from './propagate.js';

export interface NaiveEngineConfig {
  /**
   * Most placements held in memory, over all lines (default 2,000,000; each costs one
   * byte per cell of its line). A puzzle needing more ends `incomplete` with reason `limit`.
   */
  readonly maxPlacements?: number;
  /** Called after every pass of line logic, e.g. to follow how many cells are still unknown. */
  readonly onPass?: (event: PassEvent) => void;
}

export const DEFAULT_MAX_PLACEMENTS = 2_000_000;

interface LineSpec {
  label: string;
  clue: readonly number[];
  length: number;
}

/** Every row, then every column: labels, clues and lengths (no cell lists yet). */
function lineSpecs(puzzle: CheckedNonogramPuzzle): LineSpec[] {
  const { width, height } = puzzle;
  const out: LineSpec[] = [];
  for (let r = 0; r < height; r++) out.push({ label: `row ${r + 1}`, clue: puzzle.rows[r]!, length: width });
  for (let c = 0; c < width; c++) out.push({ label: `column ${c + 1}`, clue: puzzle.columns[c]!, length: height });
  return out;
}

/** The grid indexes of line `index` of `lineSpecs` (rows first). */
function lineCells(width: number, height: number, index: number): Int32Array {
  if (index < height) {
    const cells = new Int32Array(width);
    for (let c = 0; c < width; c++) cells[c] = index * width + c;
    return cells;
  }
  const col = index - height;
  const cells = new Int32Array(height);
  for (let r = 0; r < height; r++) cells[r] = r * width + col;
  return cells;
}

interface Counters {
  passes: number;
  linesSolved: number;
  placements: number;
  branches: number;
  maxDepth: number;
  nodes: number;
}

/** The branching cell: an unknown cell of the line with the fewest surviving placements. */
function pickCell(lines: readonly Line[], state: State): number {
  let best = -1;
  let bestCount = Number.POSITIVE_INFINITY;
  for (let index = 0; index < lines.length; index++) {
    const count = state.alive[index]!.length;
    if (count < 2 || count >= bestCount) continue;
    const cell = lines[index]!.cells.find((c) => state.grid[c] === UNKNOWN);
    if (cell !== undefined) {
      best = cell;
      bestCount = count;
    }
  }
  // Line logic has stalled, so some line with an unknown cell has two or more placements.
  if (best === -1) best = state.grid.indexOf(UNKNOWN);
  return best;
}

/** Why the lines' placements would pass the cap (the first line that passes it), or undefined. */
function capMessage(specs: ReturnType<typeof lineSpecs>, maxPlacements: number): string | undefined {
  let total = 0;
  for (const spec of specs) {
    const count = placementCount(spec.clue, spec.length);
    total += count;
    if (total > maxPlacements) {
      return (
        `${spec.label} (clue ${spec.clue.join(' ') || '0'}, ${spec.length} cells) has ${count.toLocaleString('en-US')} placements, ` +
        `bringing the total to ${total.toLocaleString('en-US')}, over the naive engine's cap of ${maxPlacements.toLocaleString('en-US')} (maxPlacements)`
      );
    }
  }
  return undefined;
}

/** The engine's reach: the cap message for a puzzle whose placements pass `maxPlacements`, counted from the clues alone. */
export function placementsOverCap(puzzle: unknown, maxPlacements: number): string | undefined {
  let checked;
  try {
    checked = checkSolveInput('nonogram', puzzle, {}).puzzle;
  } catch {
    return undefined; // solve() refuses it with the contract's error
  }
  return capMessage(lineSpecs(checked), maxPlacements);
}

export async function solveNaive(
  input: NonogramPuzzle,
  options: SolveOptions | undefined,
  config: NaiveEngineConfig,
): Promise<SolveResult<NonogramSolution>> {
  // Core's input contract: throws for a malformed puzzle or option, as every engine does.
  const checked = checkSolveInput('nonogram', input, options);
  const puzzle = checked.puzzle;
  const { maxSolutions } = checked.options;
  const maxPlacements = config.maxPlacements ?? DEFAULT_MAX_PLACEMENTS;
  const budget = new SolveBudget(checked.options);
  const counters: Counters = { passes: 0, linesSolved: 0, placements: 0, branches: 0, maxDepth: 0, nodes: 0 };
  const solutions: NonogramSolution[] = [];
  const finish = (stopped: StopReason | null, message?: string): SolveResult<NonogramSolution> => {
    const settled = stopped === null || stopped === 'solution-limit';
    const stats = {
      timeMs: budget.elapsedMs(),
      counters: { ...counters },
      ...(settled ? { difficulty: counters.branches === 0 ? ('line' as const) : ('branch' as const) } : {}),
    };
    return makeResult(solutions, stopped, stats, message);
  };

  const early = budget.stopReason();
  if (early !== null) return finish(early);
  const withoutCells = solutionsWithoutCells(puzzle);
  if (withoutCells !== null) {
    solutions.push(...withoutCells);
    return finish(null);
  }

  // Count every line's placements before enumerating any, so the cap is never overrun;
  // counting needs only the clues, so a huge grid is refused before anything is allocated.
  const specs = lineSpecs(puzzle);
  const over = capMessage(specs, maxPlacements);
  if (over !== undefined) return finish('limit', over);

  // Cell lists and placements line by line, with a budget check before each allocation.
  const lines: Line[] = [];
  for (let index = 0; index < specs.length; index++) {
    const stop = await budget.checkpoint();
    if (stop !== null) return finish(stop);
    const spec = specs[index]!;
    const cells = lineCells(puzzle.width, puzzle.height, index);
    const placements = enumeratePlacements(spec.clue, spec.length);
    counters.placements += placements.count;
    lines.push({ label: spec.label, clue: spec.clue, cells, placements });
  }

  const beforeGrid = await budget.checkpoint();
  if (beforeGrid !== null) return finish(beforeGrid);
  const grid = new Uint8Array(puzzle.width * puzzle.height).fill(UNKNOWN);
  for (const g of puzzle.givens) {
    const cell = g.row * puzzle.width + g.col;
    const value = g.filled ? FILLED : 0;
    if (grid[cell] !== UNKNOWN && grid[cell] !== value) return finish(null); // two givens disagree: no solution
    grid[cell] = value;
  }
  const root: State = { grid, alive: lines.map((line) => Int32Array.from({ length: line.placements.count }, (_, i) => i)) };

  // Depth-first search; the stack holds the nodes not yet explored.
  const stack: { state: State; depth: number }[] = [{ state: root, depth: 0 }];
  while (stack.length > 0) {
    const { state, depth } = stack.pop()!;
    counters.nodes++;
    counters.maxDepth = Math.max(counters.maxDepth, depth);
    const outcome = await propagate(lines, state, depth, budget, counters, config.onPass);
    if (outcome === 'contradiction') continue;
    if (outcome !== 'stable') return finish(outcome);
    const cell = state.grid.indexOf(UNKNOWN);
    if (cell === -1) {
      solutions.push({ width: puzzle.width, height: puzzle.height, cells: state.grid.slice() });
      if (solutions.length >= maxSolutions) return finish(stack.length > 0 ? 'solution-limit' : null);
      continue;
    }
    const branchCell = pickCell(lines, state);
    counters.branches++;
    for (const value of [0, FILLED]) {
      const grid = state.grid.slice();
      grid[branchCell] = value;
      stack.push({ state: { grid, alive: [...state.alive] }, depth: depth + 1 });
    }
  }
  return finish(null);
}
