// The Engine object: checks the input (core's contract), builds the board, runs the search and
// turns what it found into a SolveResult.
import {
  SolveBudget,
  type CheckedNonogramPuzzle,
  checkSolveInput,
  cluesFit,
  makeResult,
  solutionsWithoutCells,
  type Engine,
  type NonogramPuzzle,
  type NonogramSolution,
  type SolveOptions,
  type SolveResult,
} from '@gridrace/core';
import { DistinctSolutions, mergeCounters, nonogramSymmetries, SolutionsWithImages } from './host/index.js';
import { Board, Clues, EMPTY_CELL, FILLED_CELL } from './lines.js';
import { Propagator } from './propagate.js';
import { SolverPool, type SolverInstance } from './solver-instance.js';
import { search, type SearchReport, type Strategy } from './search.js';
import { Turns } from './turns.js';

export interface BitmaskConfig {
  /** Registry name (default `bitmask`). */
  readonly name?: string;
  /** Probe unknown cells at every search node (default true). */
  readonly probing?: boolean;
  /**
   * Search after root propagation and probing: `probe` backtracks with probing at every
   * node, `learn` runs clause learning on a SAT encoding, `auto` (default) takes turns:
   * `probeNodes` nodes of the first, `learnConflicts` conflicts of the second, then twice as
   * many of each, and so on. Without `probing` the search is plain backtracking.
   */
  readonly strategy?: Strategy;
  /** Default 30. */
  readonly probeNodes?: number;
  /** Default 1000. */
  readonly learnConflicts?: number;
  /**
   * Skip probes whose recorded outcome provably still holds (default true). The search and
   * its answers are the same either way; only the `probes` counter and the time differ.
   */
  readonly reuseProbes?: boolean;
  /** Puzzles whose SAT encoding would exceed this many clauses are only backtracked (default 3,000,000). */
  readonly maxClauses?: number;
  /**
   * When the clues (and givens) are symmetric (a turn or a mirror image of the grid maps them
   * onto themselves), each solution found also brings its images, and once the search has
   * passed `symmetryAfter` checkpoints (default 200) a search among the symmetric solutions
   * takes turns with it. Default true.
   */
  readonly symmetry?: boolean;
  readonly symmetryAfter?: number;
  /** Largest grid, in cells, the engine takes on; larger ones give `incomplete`/`limit` (default 2^24). */
  readonly maxCells?: number;
}

const DEFAULT_MAX_CELLS = 1 << 24;

export function createBitmaskEngine(config: BitmaskConfig = {}): Engine<'nonogram'> {
  const probing = config.probing ?? true;
  const maxCells = config.maxCells ?? DEFAULT_MAX_CELLS;
  const strategy = config.strategy ?? 'auto';
  const probeNodes = config.probeNodes ?? 30;
  const learnConflicts = config.learnConflicts ?? 1000;
  const maxClauses = config.maxClauses ?? 3_000_000;
  const reuseProbes = config.reuseProbes ?? true;
  const useSymmetry = config.symmetry ?? true;
  const symmetryAfter = config.symmetryAfter ?? 200;
  const pool = new SolverPool();
  return {
    name: config.name ?? 'bitmask',
    kind: 'nonogram',
    description: 'bit-mask line solver, dirty-line queue and cache, probing, backtracking on a trail, clause learning',
    async solve(puzzle: NonogramPuzzle, options?: SolveOptions): Promise<SolveResult<NonogramSolution>> {
      const input = checkSolveInput('nonogram', puzzle, options);
      const checked = input.puzzle;
      const { width, height } = checked;
      const { maxSolutions } = input.options;
      const budget = new SolveBudget(input.options);
      const stats = (counters: Record<string, number>, difficulty?: 'line' | 'probe' | 'branch') =>
        difficulty === undefined ? { timeMs: budget.elapsedMs(), counters } : { timeMs: budget.elapsedMs(), counters, difficulty };

      const early = budget.stopReason();
      if (early !== null) return makeResult([], early, stats({}));
      if (width * height > maxCells) {
        return makeResult([], 'limit', stats({}), `grid of ${width}x${height} cells is above this engine's limit of ${maxCells} cells`);
      }
      const withoutCells = solutionsWithoutCells(checked);
      if (withoutCells !== null) return makeResult(withoutCells, null, stats({}, 'line'));
      // Lines that cannot hold their clue: no solution.
      if (!cluesFit(checked)) return makeResult([], null, stats({}, 'line'));

      const symmetries = useSymmetry ? nonogramSymmetries(checked, checked.givens) : [];
      const solutions = symmetries.length > 0 ? new SolutionsWithImages(maxSolutions, symmetries) : new DistinctSolutions(maxSolutions);
      const searchOptions = { probing, strategy, probeNodes, learnConflicts, maxClauses, reuseProbes };
      const clues = new Clues(checked);
      // The line-solver instances this solve takes (one per search), back to the pool at the end.
      const taken: SolverInstance[] = [];
      const take = () => {
        const instance = pool.take();
        taken.push(instance);
        return instance;
      };
      try {
        const propagator = setUp(checked, clues, budget, take());
        if (propagator === null) return makeResult([], null, stats({}, 'line'));
        // Symmetric clues: once the search has passed `symmetryAfter` checkpoints, a second
        // search takes turns with it (turns.ts), among the symmetric solutions only: each
        // cell tied to its images, so a fraction of the free cells (a quarter for webpbn's
        // Knotty). Clause learning suits the tied board better than probing (each probe
        // sets whole orbits). Both feed the same solution list, which adds images and drops
        // repeats; the main search alone decides when the count is exact.
        let symmetric: SearchReport | null = null;
        const turns =
          symmetries.length === 0
            ? null
            : new Turns(() => budget.checkpoint(), symmetryAfter, async (checkpoint) => {
                const tied = setUp(checked, clues, budget, take())!;
                tied.tie(symmetries.map((symmetry) => symmetry.image));
                symmetric = await search(tied, solutions, { ...searchOptions, strategy: strategy === 'probe' ? 'probe' : 'learn' }, checkpoint);
              });
        const checkpoint = turns === null ? () => budget.checkpoint() : async () => (await turns.main()) ?? (solutions.full ? 'solution-limit' : null);
        const report = await search(propagator, solutions, searchOptions, checkpoint);
        await turns?.finish();
        let counters = report.counters;
        if (turns !== null) {
          if (symmetric !== null) counters = mergeCounters(report.counters, (symmetric as SearchReport).counters);
          counters.symmetries = symmetries.length;
          if (turns.sideStarted) counters.symmetricSearch = 1;
        }
        return makeResult(solutions.found, report.stopped, stats(counters, report.difficulty), report.message);
      } catch (error) {
        // A typed array the search needed could not be allocated: a memory blow-up.
        if (error instanceof RangeError) return makeResult(solutions.found, 'limit', stats({}), `out of memory solving a ${width}x${height} grid: ${error.message}`);
        throw error;
      } finally {
        pool.give(taken);
      }
    },
  };
}

/** A board with the givens set, and its propagator; null when the givens contradict each other. */
function setUp(checked: CheckedNonogramPuzzle, clues: Clues, budget: SolveBudget, solver: SolverInstance): Propagator | null {
  const { width, height } = checked;
  const board = new Board(width, height);
  const propagator = new Propagator(board, clues, budget, solver);
  for (const g of checked.givens) {
    const cell = g.row * width + g.col;
    const value = g.filled ? FILLED_CELL : EMPTY_CELL;
    const now = board.cells[cell];
    if (now === value) continue;
    if (now !== 2) return null;
    board.set(cell, value);
  }
  return propagator;
}

/** The flagship nonogram engine, registered as `bitmask`. */
export const bitmaskEngine: Engine<'nonogram'> = createBitmaskEngine();
