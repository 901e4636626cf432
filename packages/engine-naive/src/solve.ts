// The naive engine's solve: check the input (core's contract) and the budget, count and enumerate every
// line's placements under a cap, then a depth-first search whose nodes run line logic and,
// when it stalls, branch on one unknown cell (each child gets its own copy of the grid).
// Black-and-white and colour nonograms share it: a black-and-white clue is blocks of colour 1.
import {
  SolveBudget,
  checkSolveInput,
  colourSolutionsWithoutCells,
  makeResult,
  showColourClue,
  solutionsWithoutCells,
  type CheckedColourNonogramPuzzle,
  type CheckedNonogramPuzzle,
  type ColourNonogramPuzzle,
  type ColourNonogramSolution,
  type NonogramPuzzle,
  type NonogramSolution,
  type SolveOptions,
  type SolveResult,
  type StopReason,
} from '@gridrace/core';
import { blocksOf, enumeratePlacements, placementCount, type Blocks } from './placements.js';
import { UNSET, propagate, type Line, type LineEvent, type PassEvent, type State } from './propagate.js';

export interface NaiveEngineConfig {
  /**
   * Most placements held in memory, over all lines (default 2,000,000; each costs one
   * byte per cell of its line). A puzzle needing more ends `incomplete` with reason `limit`.
   */
  readonly maxPlacements?: number;
  /** Called after every pass of line logic, e.g. to follow how many cells are still unknown. */
  readonly onPass?: (event: PassEvent) => void;
  /** Called after every line that fixed cells, with a copy of the grid (a step-by-step view). */
  readonly onLine?: (event: LineEvent) => void;
}

export const DEFAULT_MAX_PLACEMENTS = 2_000_000;

interface LineSpec {
  label: string;
  clue: Blocks;
  /** The clue as messages show it: `2 1` in black and white, `2red 1blue` in colour. */
  text: string;
  length: number;
}

/** A puzzle of either kind as the search sees it. */
interface Problem {
  readonly width: number;
  readonly height: number;
  /** Every row, then every column. */
  readonly specs: LineSpec[];
  /** Given cells: index and value (0 or a colour). */
  readonly givens: readonly (readonly [cell: number, value: number])[];
}

function problemOf(puzzle: CheckedNonogramPuzzle | CheckedColourNonogramPuzzle): Problem {
  const { width, height } = puzzle;
  const spec = (clue: CheckedNonogramPuzzle['rows'][number] | Blocks, label: string, length: number): LineSpec => {
    if (puzzle.kind === 'nonogram') {
      const lengths = clue as readonly number[];
      return { label, clue: blocksOf(lengths), text: lengths.join(' ') || '0', length };
    }
    return { label, clue: clue as Blocks, text: showColourClue(clue as Blocks, puzzle.palette), length };
  };
  const specs: LineSpec[] = [];
  for (let r = 0; r < height; r++) specs.push(spec(puzzle.rows[r]!, `row ${r + 1}`, width));
  for (let c = 0; c < width; c++) specs.push(spec(puzzle.columns[c]!, `column ${c + 1}`, height));
  const givens =
    puzzle.kind === 'nonogram'
      ? puzzle.givens.map((g) => [g.row * width + g.col, g.filled ? 1 : 0] as const)
      : puzzle.givens.map((g) => [g.row * width + g.col, g.colour] as const);
  return { width, height, specs, givens };
}

/** The grid indexes of line `index` (rows first). */
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

/**
 * The branching cell, an unknown cell of the line with the fewest surviving placements, and the
 * values those placements give it, in increasing order.
 */
function pickBranch(lines: readonly Line[], state: State): { cell: number; values: number[] } {
  let best = -1;
  let bestLine = -1;
  let bestCount = Number.POSITIVE_INFINITY;
  for (let index = 0; index < lines.length; index++) {
    const count = state.alive[index]!.length;
    if (count < 2 || count >= bestCount) continue;
    const cell = lines[index]!.cells.find((c) => state.grid[c] === UNSET);
    if (cell !== undefined) {
      best = cell;
      bestLine = index;
      bestCount = count;
    }
  }
  // Line logic has stalled, so some line with an unknown cell has two or more placements.
  if (bestLine === -1) return { cell: state.grid.indexOf(UNSET), values: [0, 1] };
  const line = lines[bestLine]!;
  const at = line.cells.indexOf(best);
  const seen = new Set<number>();
  for (const p of state.alive[bestLine]!) seen.add(line.placements.cells[p * line.placements.length + at]!);
  return { cell: best, values: [...seen].sort((a, b) => a - b) };
}

/** Why the lines' placements would pass the cap (the first line that passes it), or undefined. */
function capMessage(specs: readonly LineSpec[], maxPlacements: number): string | undefined {
  let total = 0;
  for (const spec of specs) {
    const count = placementCount(spec.clue, spec.length);
    total += count;
    if (total > maxPlacements) {
      return (
        `${spec.label} (clue ${spec.text}, ${spec.length} cells) has ${count.toLocaleString('en-US')} placements, ` +
        `bringing the total to ${total.toLocaleString('en-US')}, over the naive engine's cap of ${maxPlacements.toLocaleString('en-US')} (maxPlacements)`
      );
    }
  }
  return undefined;
}

/** The engine's reach: the cap message for a puzzle whose placements pass `maxPlacements`, counted from the clues alone. */
export function placementsOverCap(kind: 'nonogram' | 'colour-nonogram', puzzle: unknown, maxPlacements: number): string | undefined {
  let checked;
  try {
    checked = kind === 'nonogram' ? checkSolveInput('nonogram', puzzle, {}).puzzle : checkSolveInput('colour-nonogram', puzzle, {}).puzzle;
  } catch {
    return undefined; // solve() refuses it with the contract's error
  }
  return capMessage(problemOf(checked).specs, maxPlacements);
}

export async function solveNaive(input: NonogramPuzzle, options: SolveOptions | undefined, config: NaiveEngineConfig): Promise<SolveResult<NonogramSolution>> {
  // Core's input contract: throws for a malformed puzzle or option, as every engine does.
  const checked = checkSolveInput('nonogram', input, options);
  return search(problemOf(checked.puzzle), solutionsWithoutCells(checked.puzzle), checked.options, config);
}

export async function solveNaiveColour(input: ColourNonogramPuzzle, options: SolveOptions | undefined, config: NaiveEngineConfig): Promise<SolveResult<ColourNonogramSolution>> {
  const checked = checkSolveInput('colour-nonogram', input, options);
  return search(problemOf(checked.puzzle), colourSolutionsWithoutCells(checked.puzzle), checked.options, config);
}

async function search(
  problem: Problem,
  withoutCells: NonogramSolution[] | null,
  options: { maxSolutions: number; signal: AbortSignal | undefined; timeLimitMs: number | undefined },
  config: NaiveEngineConfig,
): Promise<SolveResult<NonogramSolution>> {
  const { width, height, specs } = problem;
  const { maxSolutions } = options;
  const maxPlacements = config.maxPlacements ?? DEFAULT_MAX_PLACEMENTS;
  const budget = new SolveBudget(options);
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
  if (withoutCells !== null) {
    solutions.push(...withoutCells);
    return finish(null);
  }

  // Count every line's placements before enumerating any, so the cap is never overrun;
  // counting needs only the clues, so a huge grid is refused before anything is allocated.
  const over = capMessage(specs, maxPlacements);
  if (over !== undefined) return finish('limit', over);

  // Cell lists and placements line by line, with a budget check before each allocation.
  const lines: Line[] = [];
  for (let index = 0; index < specs.length; index++) {
    const stop = await budget.checkpoint();
    if (stop !== null) return finish(stop);
    const spec = specs[index]!;
    const cells = lineCells(width, height, index);
    const placements = enumeratePlacements(spec.clue, spec.length);
    counters.placements += placements.count;
    lines.push({ label: spec.label, clue: spec.clue, cells, placements });
  }

  const beforeGrid = await budget.checkpoint();
  if (beforeGrid !== null) return finish(beforeGrid);
  const grid = new Uint8Array(width * height).fill(UNSET);
  for (const [cell, value] of problem.givens) {
    if (grid[cell] !== UNSET && grid[cell] !== value) return finish(null); // two givens disagree: no solution
    grid[cell] = value;
  }
  const root: State = { grid, alive: lines.map((line) => Int32Array.from({ length: line.placements.count }, (_, i) => i)) };

  // Depth-first search; the stack holds the nodes not yet explored.
  const stack: { state: State; depth: number }[] = [{ state: root, depth: 0 }];
  while (stack.length > 0) {
    const { state, depth } = stack.pop()!;
    counters.nodes++;
    counters.maxDepth = Math.max(counters.maxDepth, depth);
    const outcome = await propagate(lines, state, depth, budget, counters, config);
    if (outcome === 'contradiction') continue;
    if (outcome !== 'stable') return finish(outcome);
    if (state.grid.indexOf(UNSET) === -1) {
      solutions.push({ width, height, cells: state.grid.slice() });
      if (solutions.length >= maxSolutions) return finish(stack.length > 0 ? 'solution-limit' : null);
      continue;
    }
    const branch = pickBranch(lines, state);
    counters.branches++;
    for (const value of branch.values) {
      const grid = state.grid.slice();
      grid[branch.cell] = value;
      stack.push({ state: { grid, alive: [...state.alive] }, depth: depth + 1 });
    }
  }
  return finish(null);
}
