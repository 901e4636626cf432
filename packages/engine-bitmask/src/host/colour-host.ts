// The host of the colour solver (solver/colour.ts), the same for both builds, as
// engine-host.ts is for black and white: checks the input (core's contract), passes clues and
// givens into an instance's memory, runs the search in time slices (between them core's
// budget looks at the time limit and the abort signal and lets the event loop run), and turns
// what it found into a SolveResult. It takes instances from the same target as black and white.
import {
  SolveBudget,
  checkSolveInput,
  colourCluesFit,
  colourSolutionsWithoutCells,
  makeResult,
  type ColourNonogramPuzzle,
  type ColourNonogramSolution,
  type Difficulty,
  type Engine,
  type SolveOptions,
  type SolveResult,
  type StopReason,
} from '@gridrace/core';
import * as abi from '../abi.js';
import { checkPositive, runInSlices, type SolverConfig, type SolverInstance, type SolverTarget } from './engine-host.js';
import { DistinctSolutions } from './solutions.js';

const DEFAULT_MAX_CELLS = 1 << 24;
const SLICE_MS = 10;
const DIFFICULTIES: Record<number, Difficulty> = { [abi.DIFFICULTY_LINE]: 'line', [abi.DIFFICULTY_PROBE]: 'probe', [abi.DIFFICULTY_BRANCH]: 'branch' };

/** The colour solver's entry points (solver/colour.ts), the same on both targets. */
export interface ColourSolverExports {
  colourPrepare(width: number, height: number, colours: number, totalBlocks: number): number;
  colourSetup(probing: number): number;
  colourGiven(cell: number, colour: number): number;
  colourRun(sliceEnd: number, deadline: number, stepEnd: number): number;
  colourCounter(i: number): number;
  colourDifficulty(): number;
}

/** The solve of a colour engine over `target`'s instances (whose exports include the colour entry points). */
export function createColourSolve<I extends SolverInstance>(config: SolverConfig, target: SolverTarget<I>): Engine<'colour-nonogram'>['solve'] {
  const maxCells = config.maxCells ?? DEFAULT_MAX_CELLS;
  const probing = config.probing ?? true;
  const sliceMs = checkPositive(config.sliceMs ?? SLICE_MS, 'sliceMs', true);
  const memoryName = target.memoryName;

  return async (puzzle: ColourNonogramPuzzle, options?: SolveOptions): Promise<SolveResult<ColourNonogramSolution>> => {
    const input = checkSolveInput('colour-nonogram', puzzle, options);
    const checked = input.puzzle;
    const { width, height, givens, palette } = checked;
    const budget = new SolveBudget(input.options);
    const stats = (counters: Record<string, number>, difficulty?: Difficulty) =>
      difficulty === undefined ? { timeMs: budget.elapsedMs(), counters } : { timeMs: budget.elapsedMs(), counters, difficulty };

    const early = budget.stopReason();
    if (early !== null) return makeResult([], early, stats({}));
    const cells = width * height;
    if (cells > maxCells) return makeResult([], 'limit', stats({}), `grid of ${width}x${height} cells is above this engine's limit of ${maxCells} cells`);
    if (cells > target.maxCells) return makeResult([], 'limit', stats({}), `grid of ${width}x${height} cells is above the ${target.maxCells} cells ${target.maxCellsReason}`);
    const withoutCells = colourSolutionsWithoutCells(checked);
    if (withoutCells !== null) return makeResult(withoutCells, null, stats({}, 'line'));
    if (!colourCluesFit(checked)) return makeResult([], null, stats({}, 'line'));

    const lines = [...checked.rows, ...checked.columns];
    const offsets = new Int32Array(lines.length + 1);
    lines.forEach((clue, i) => (offsets[i + 1] = offsets[i]! + clue.length));
    const total = offsets[lines.length]!;
    const solutions = new DistinctSolutions(input.options.maxSolutions);
    const outOfMemory = () => makeResult([], 'limit', stats({}), `a ${width}x${height} grid in ${palette.length} colours needs more ${memoryName} than this engine's limit of ${target.maxMemoryMb} MB`);

    const instance = await target.instance();
    const x = instance.exports as unknown as ColourSolverExports;
    let healthy = true;
    try {
      const ptr = x.colourPrepare(width, height, palette.length, total) >>> 0;
      if (ptr === 0) return outOfMemory();
      const view = new Int32Array(instance.memory(), ptr, lines.length + 1 + 2 * total);
      view.set(offsets, 0);
      let at = lines.length + 1;
      for (const clue of lines) for (const block of clue) view[at++] = block.length;
      for (const clue of lines) for (const block of clue) view[at++] = block.colour;
      if (x.colourSetup(probing ? 1 : 0) === 0) return outOfMemory();
      for (const g of givens) {
        if (x.colourGiven(g.row * width + g.col, g.colour) === 0) return makeResult([], null, stats({}, 'line'));
      }
      instance.onSolution = (grid) => solutions.add(width, height, grid);

      const code = await runInSlices((...args) => x.colourRun(...args), () => instance.exports.steps(), budget, sliceMs);
      let stopped: StopReason | null = typeof code === 'string' ? (code as StopReason) : null;
      if (typeof code === 'number') {
        if (code === abi.RUN_SOLUTION_LIMIT) stopped = 'solution-limit';
        else if (code === abi.RUN_TIME_LIMIT) stopped = 'time-limit';
        else if (code !== abi.RUN_EXHAUSTED) throw new Error(`the colour solver returned the unknown code ${code}`);
      }
      const counters = {
        linesSolved: x.colourCounter(abi.COUNTER_LINES_SOLVED),
        probes: x.colourCounter(abi.COUNTER_PROBES),
        learnedByProbing: x.colourCounter(abi.COUNTER_LEARNED_BY_PROBING),
        branches: x.colourCounter(abi.COUNTER_BRANCHES),
        maxDepth: x.colourCounter(abi.COUNTER_MAX_DEPTH),
        nodes: x.colourCounter(abi.COUNTER_NODES),
      };
      let difficulty: Difficulty = DIFFICULTIES[x.colourDifficulty()] ?? 'branch';
      if (solutions.found.length >= 2) difficulty = 'branch';
      return makeResult(solutions.found, stopped, stats(counters, difficulty));
    } catch (error) {
      healthy = false;
      const text = error instanceof Error ? error.message : String(error);
      if (target.isMemoryFailure(error, instance)) {
        return makeResult(solutions.found, 'limit', stats({}), `the ${memoryName} limit of ${target.maxMemoryMb} MB was reached: ${text}`);
      }
      throw new Error(`the colour solver failed on a ${width}x${height} grid: ${text}`, { cause: error });
    } finally {
      instance.onSolution = () => false;
      if (healthy) target.release(instance);
    }
  };
}
