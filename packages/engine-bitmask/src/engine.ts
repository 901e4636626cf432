// The Engine object: checks the puzzle's shape, builds the board, runs the search and
// turns what it found into a SolveResult.
import {
  DistinctSolutions,
  SolveBudget,
  checkNonogramInput,
  cluesFit,
  makeResult,
  resolveMaxSolutions,
  type Engine,
  type NonogramPuzzle,
  type NonogramSolution,
  type SolveOptions,
  type SolveResult,
} from '@gridrace/core';
import { Board, Clues, EMPTY_CELL, FILLED_CELL } from './lines.js';
import { Propagator } from './propagate.js';
import { search, type Strategy } from './search.js';

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
  return {
    name: config.name ?? 'bitmask',
    kind: 'nonogram',
    description: 'bit-mask line solver, dirty-line queue and cache, probing, backtracking on a trail, clause learning',
    async solve(puzzle: NonogramPuzzle, options?: SolveOptions): Promise<SolveResult<NonogramSolution>> {
      const checked = checkNonogramInput(puzzle, 'bitmask');
      const { width, height } = checked;
      const maxSolutions = resolveMaxSolutions(options);
      const budget = new SolveBudget({ signal: options?.signal, timeLimitMs: options?.timeLimitMs });
      const stats = (counters: Record<string, number>, difficulty?: 'line' | 'probe' | 'branch') =>
        difficulty === undefined ? { timeMs: budget.elapsedMs(), counters } : { timeMs: budget.elapsedMs(), counters, difficulty };

      const early = budget.stopReason();
      if (early !== null) return makeResult([], early, stats({}));
      if (width * height > maxCells) {
        return makeResult([], 'limit', stats({}), `grid of ${width}x${height} cells is above this engine's limit of ${maxCells} cells`);
      }
      // Lines that cannot hold their clue: no solution.
      if (!cluesFit(checked)) return makeResult([], null, stats({}, 'line'));

      if (width === 0 || height === 0) {
        // No cells: the clues must all be empty, which `cluesFit` already checked.
        return makeResult([{ width, height, cells: new Uint8Array(0) }], null, stats({}, 'line'));
      }

      let board: Board;
      let propagator: Propagator;
      try {
        board = new Board(width, height);
        propagator = new Propagator(board, new Clues(checked), budget);
      } catch (error) {
        if (error instanceof RangeError) return makeResult([], 'limit', stats({}), `out of memory setting up a ${width}x${height} grid: ${error.message}`);
        throw error;
      }
      for (const g of puzzle.givens) {
        const cell = g.row * width + g.col;
        const value = g.filled ? FILLED_CELL : EMPTY_CELL;
        const now = board.cells[cell];
        if (now === value) continue;
        if (now !== 2) return makeResult([], null, stats({}, 'line'));
        board.set(cell, value);
      }

      const solutions = new DistinctSolutions(maxSolutions);
      try {
        const report = await search(propagator, solutions, { probing, strategy, probeNodes, learnConflicts, maxClauses, reuseProbes }, () => budget.checkpoint());
        return makeResult(solutions.found, report.stopped, stats(report.counters, report.difficulty), report.message);
      } catch (error) {
        // A typed array the search needed could not be allocated: a memory blow-up.
        if (error instanceof RangeError) return makeResult(solutions.found, 'limit', stats({}), `out of memory while searching: ${error.message}`);
        throw error;
      }
    },
  };
}

/** The flagship nonogram engine, registered as `bitmask`. */
export const bitmaskEngine: Engine<'nonogram'> = createBitmaskEngine();
