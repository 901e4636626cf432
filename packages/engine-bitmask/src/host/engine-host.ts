// The host of the one solver, the same for both builds: checks the input (core's contract,
// like every engine), passes clues and givens into an instance's memory, runs the search in
// time slices, takes turns with a search among symmetric solutions, and turns what it found
// into a SolveResult. A target (the JavaScript build in ../engine.ts, the WebAssembly one in
// @gridrace/engine-wasm) only says how to make an instance and how its memory fails.
//
// Limits: the solver runs synchronously, so it works in slices of about `sliceMs`:
// `run(sliceEnd, deadline, stepEnd)` stops at the next resumable point after
// `now() >= sliceEnd` (between probes, backtracking nodes, SAT conflicts) and returns
// RUN_PAUSED; the host then awaits core's `budget.checkpoint()` (time limit + AbortSignal,
// yielding to the event loop) and calls `run` again, which continues exactly where it
// stopped. Propagation also stops by itself at the time limit (`deadline`).
import {
  SolveBudget,
  checkSolveInput,
  cluesFit,
  makeResult,
  solutionsWithoutCells,
  type Difficulty,
  type Engine,
  type NonogramPuzzle,
  type NonogramSolution,
  type SolveOptions,
  type SolveResult,
  type StopReason,
} from '@gridrace/core';
import * as abi from '../abi.js';
import { packClues } from './clues.js';
import { mergeCounters } from './counters.js';
import { DistinctSolutions, SolutionsWithImages } from './solutions.js';
import { nonogramSymmetries } from './symmetry.js';
import { RectangleSwaps } from './swaps.js';
import { groupRegions, independentRegions, solveByGroups } from './regions.js';

export type Strategy = 'probe' | 'learn' | 'auto';

/** What both engines take (`createBitmaskEngine`, `createWasmEngine`). */
export interface SolverConfig {
  /** Registry name. */
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
  /**
   * Nodes of the first backtracking turn (default 10; why: notes/hard-tail.md, "The schedule"),
   * times the board's cells over 16,384 on larger boards (a node there probes up to the whole board).
   */
  readonly probeNodes?: number;
  /** Conflicts of the first learning turn (default 1000). */
  readonly learnConflicts?: number;
  /**
   * Skip probes whose recorded outcome provably still holds (default true). The search and
   * its answers are the same either way; only the `probes` counter and the time differ.
   */
  readonly reuseProbes?: boolean;
  /** Puzzles whose SAT encoding would exceed this many clauses are only backtracked (default 3,000,000). */
  readonly maxClauses?: number;
  /** Largest grid, in cells (default 2^24); larger ones give `incomplete`/`limit`. */
  readonly maxCells?: number;
  /** Most memory one solve's instance may use, in MB (default 2048, at most 4096; the JavaScript build at most 2048). */
  readonly maxMemoryMb?: number;
  /**
   * Longest uninterrupted run of the solver, in ms (default 10). Between runs the host looks
   * at the time limit and the abort signal and lets the event loop run. 0 pauses at every
   * resumable point (for tests of the pause / resume machinery).
   */
  readonly sliceMs?: number;
  /**
   * Symmetric clues (default true): when a turn or a mirror image of the grid maps the clues
   * (and givens) onto themselves, solutions bring their images, and once the search has
   * taken `symmetryAfter` resumable steps (default 400; 0: from the first) a second
   * instance searches among the symmetric solutions in turns with it.
   */
  readonly symmetry?: boolean;
  readonly symmetryAfter?: number;
  /**
   * Rectangle swaps: with `maxSolutions` above 1, the first solution found is checked for the
   * four corners of a rectangle that can trade values with every clue kept (swaps.ts): a
   * second solution, and so `multiple`, without search. By default only when the first
   * solution took `SWAPS_AFTER` search nodes and learner conflicts or more: there one scan
   * costs nothing against the search, while on puzzles solved in a fraction of a millisecond
   * it would cost 15-20%. `true` checks every first solution,
   * `false` none. Counted on the search's path, not on time or work, so the same puzzle
   * gets the same answer on every run and with or without `reuseProbes`.
   */
  readonly swaps?: boolean;
  /**
   * Independent regions (regions.ts): with `maxSolutions` above 1, once the first solution is
   * found, the cells the root's propagation and probing left unknown are split into regions
   * no line ties together; if there are two or more, each (at most `REGION_GROUPS` groups of
   * them) is searched on its own with the rest of the first solution given, and the
   * solutions are their combinations. A second solution in one region gives `multiple`
   * without searching the others against it, and counting multiplies instead of listing
   * every combination by search. By default when counting (`maxSolutions` above 2) or when
   * the first solution took `SWAPS_AFTER` nodes and conflicts (a search of the largest
   * region starts afresh, which costs more than the plain search's next steps on puzzles
   * solved in a few nodes); `true` always, `false` never.
   */
  readonly regions?: boolean;
  /**
   * The search's seed (default 0: the one deterministic search). Any other integer perturbs
   * the branching scores and the learner's first order and phases, so differently seeded
   * searches take different paths (a portfolio runs several side by side); the same seed
   * always takes the same path. Verdicts never depend on it; which solutions come first may.
   */
  readonly seed?: number;
}

/** The solver's entry points (solver/index.ts), the same on both targets. */
export interface SolverExports {
  prepare(width: number, height: number, totalBlocks: number): number;
  setup(strategy: number, probing: number, reuseProbes: number, probeNodes: number, learnConflicts: number, maxClauses: number, satArenaCap: number, seed: number): number;
  given(cell: number, filled: number): number;
  ties(count: number): number;
  run(sliceEnd: number, deadline: number, stepEnd: number): number;
  steps(): number;
  counter(i: number): number;
  difficulty(): number;
  rootBoardAt(): number;
}

/** One instance of the solver with its own memory; used by one solve at a time. */
export interface SolverInstance {
  readonly exports: SolverExports;
  /** The memory now (an allocation may replace it: take views after the last one). */
  memory(): ArrayBuffer;
  /** Receives every solution the solver reports; answers true once enough are known. */
  onSolution: (cells: Uint8Array) => boolean;
}

/** What a build of the solver gives the host. */
export interface SolverTarget<I extends SolverInstance> {
  /** How messages name the memory ("WebAssembly memory", "memory"). */
  readonly memoryName: string;
  /** Largest grid the target's memory can hold, in cells, and why. */
  readonly maxCells: number;
  readonly maxCellsReason: string;
  /** A new instance, or one from the pool. */
  instance(): Promise<I> | I;
  /** Put back an instance a solve took (not called for one that failed). */
  release(instance: I): void;
  /** Whether an error the solver threw is its memory running out rather than a fault. */
  isMemoryFailure(error: unknown, instance: I): boolean;
  /** The limit `maxMemoryMb` resolved to, in MB (for messages). */
  readonly maxMemoryMb: number;
}

const DEFAULT_MAX_CELLS = 1 << 24;
/** Default length of one uninterrupted run of the solver. */
const SLICE_MS = 10;
const STRATEGIES: Record<Strategy, number> = { auto: abi.STRATEGY_AUTO, probe: abi.STRATEGY_PROBE, learn: abi.STRATEGY_LEARN };
const DIFFICULTIES: Record<number, Difficulty> = { [abi.DIFFICULTY_LINE]: 'line', [abi.DIFFICULTY_PROBE]: 'probe', [abi.DIFFICULTY_BRANCH]: 'branch' };
/** The SAT solver's clause arena cap (Int32 entries). */
const MAX_ARENA = 1 << 26;
/** Search nodes plus learner conflicts after which a first solution's swaps are checked by default. */
export const SWAPS_AFTER = 64;
/** Most searches the regions of one solve are grouped into. */
export const REGION_GROUPS = 64;

/** A config number, checked: a clear RangeError for a wrong one. */
export function checkPositive(value: number, name: string, allowZero = false): number {
  if (typeof value !== 'number' || Number.isNaN(value) || value < (allowZero ? 0 : 1)) throw new RangeError(`${name} must be a ${allowZero ? 'non-negative' : 'positive'} number, got ${String(value)}`);
  return value;
}

/**
 * Run a solver's `run(sliceEnd, deadline, stepEnd)` in slices of about `sliceMs` until it ends
 * (its code), its turn ends (`steps()` reaches `stepEnd`: 'turn'), or the budget stops the solve
 * (a StopReason). Between slices core's budget looks at the time limit and the abort signal and
 * lets the event loop run.
 */
export async function runInSlices(
  run: (sliceEnd: number, deadline: number, stepEnd: number) => number,
  steps: () => number,
  budget: SolveBudget,
  sliceMs: number,
  stepEnd = Number.POSITIVE_INFINITY,
): Promise<number | 'turn' | StopReason> {
  let code = run(performance.now() + sliceMs, budget.deadline, stepEnd);
  while (code === abi.RUN_PAUSED) {
    const reason = await budget.checkpoint();
    if (reason !== null) return reason;
    if (steps() >= stepEnd) return 'turn';
    code = run(performance.now() + sliceMs, budget.deadline, stepEnd);
  }
  return code;
}

/** The search counters an instance holds after its run. */
function countersOf(x: SolverExports): Record<string, number> {
  const counters: Record<string, number> = {
    linesSolved: x.counter(abi.COUNTER_LINES_SOLVED),
    cacheHits: x.counter(abi.COUNTER_CACHE_HITS),
    probes: x.counter(abi.COUNTER_PROBES),
    probesReused: x.counter(abi.COUNTER_PROBES_REUSED),
    learnedByProbing: x.counter(abi.COUNTER_LEARNED_BY_PROBING),
    branches: x.counter(abi.COUNTER_BRANCHES),
    maxDepth: x.counter(abi.COUNTER_MAX_DEPTH),
    nodes: x.counter(abi.COUNTER_NODES),
  };
  if (x.counter(abi.COUNTER_LEARNER_RAN) === 1) {
    counters.branches = x.counter(abi.COUNTER_BRANCHES) + x.counter(abi.COUNTER_SAT_DECISIONS);
    counters.maxDepth = Math.max(x.counter(abi.COUNTER_MAX_DEPTH), x.counter(abi.COUNTER_SAT_MAX_DEPTH));
    counters.conflicts = x.counter(abi.COUNTER_CONFLICTS);
    counters.learnedClauses = x.counter(abi.COUNTER_LEARNED_CLAUSES);
    counters.restarts = x.counter(abi.COUNTER_RESTARTS);
    counters.satVariables = x.counter(abi.COUNTER_SAT_VARIABLES);
    counters.turns = x.counter(abi.COUNTER_TURNS);
  }
  return counters;
}

/** The solve of an engine over `target`'s instances, with the config both engines share. */
export function createSolve<I extends SolverInstance>(config: SolverConfig, target: SolverTarget<I>): Engine<'nonogram'>['solve'] {
  const probing = config.probing ?? true;
  const maxCells = config.maxCells ?? DEFAULT_MAX_CELLS;
  const strategy = config.strategy ?? 'auto';
  if (!(strategy in STRATEGIES)) throw new RangeError(`unknown strategy ${String(strategy)}`);
  const probeNodes = checkPositive(config.probeNodes ?? 10, 'probeNodes', true);
  const learnConflicts = checkPositive(config.learnConflicts ?? 1000, 'learnConflicts', true);
  const maxClauses = checkPositive(config.maxClauses ?? 3_000_000, 'maxClauses', true);
  const reuseProbes = config.reuseProbes ?? true;
  const sliceMs = checkPositive(config.sliceMs ?? SLICE_MS, 'sliceMs', true);
  const useSymmetry = config.symmetry ?? true;
  const symmetryAfter = checkPositive(config.symmetryAfter ?? 400, 'symmetryAfter', true);
  const swapsMode = config.swaps;
  const regionsMode = config.regions;
  /** Each region's own search: this engine without the split (made on first use). */
  let regionSearch: Engine<'nonogram'>['solve'] | null = null;
  const seed = config.seed ?? 0;
  if (!Number.isInteger(seed) || Math.abs(seed) > 0x7fffffff) throw new RangeError(`seed must be an integer of at most 31 bits, got ${String(config.seed)}`);
  const memoryName = target.memoryName;

  return async (puzzle: NonogramPuzzle, options?: SolveOptions): Promise<SolveResult<NonogramSolution>> => {
    const input = checkSolveInput('nonogram', puzzle, options);
    const checked = input.puzzle;
    const { width, height, givens } = checked;
    const { maxSolutions } = input.options;
    const budget = new SolveBudget(input.options);
    const stats = (counters: Record<string, number>, difficulty?: Difficulty) =>
      difficulty === undefined ? { timeMs: budget.elapsedMs(), counters } : { timeMs: budget.elapsedMs(), counters, difficulty };

    const early = budget.stopReason();
    if (early !== null) return makeResult([], early, stats({}));
    if (width * height > maxCells) {
      return makeResult([], 'limit', stats({}), `grid of ${width}x${height} cells is above this engine's limit of ${maxCells} cells`);
    }
    if (width * height > target.maxCells) {
      return makeResult([], 'limit', stats({}), `grid of ${width}x${height} cells is above the ${target.maxCells} cells ${target.maxCellsReason}`);
    }
    const withoutCells = solutionsWithoutCells(checked);
    if (withoutCells !== null) return makeResult(withoutCells, null, stats({}, 'line'));
    // Lines that cannot hold their clue: no solution.
    if (!cluesFit(checked)) return makeResult([], null, stats({}, 'line'));

    const symmetries = useSymmetry ? nonogramSymmetries(checked, givens) : [];
    /** Search nodes and learner conflicts so far (both instances), once they exist. */
    let effortSoFar = () => 0;
    // Made on first use: most solves never check a swap.
    let swaps: RectangleSwaps | null = null;
    const neighbour =
      swapsMode === false || maxSolutions < 2
        ? undefined
        : (cells: Uint8Array) => (swapsMode === true || effortSoFar() >= SWAPS_AFTER ? (swaps ??= new RectangleSwaps(checked)).swapped(cells) : null);
    const solutions = symmetries.length > 0 ? new SolutionsWithImages(maxSolutions, symmetries, neighbour) : new DistinctSolutions(maxSolutions, neighbour);
    const clues = packClues(checked);
    /** Groups of independent regions, once the first solution decided to search them apart. */
    let regionGroups: Int32Array[] | null = null;
    let regionCount = 0;
    const splitting = regionsMode !== false && maxSolutions >= 2;
    /** After the main search's first solution: whether its root splits into regions (then it stops). */
    const splitAtFirst = (instance: I): boolean => {
      if (solutions.found.length !== 1 || !(regionsMode === true || maxSolutions > 2 || effortSoFar() >= SWAPS_AFTER)) return false;
      const at = instance.exports.rootBoardAt() >>> 0;
      if (at === 0) return false;
      const regions = independentRegions(checked, new Uint8Array(instance.memory(), at, width * height));
      if (regions.length < 2) return false;
      regionCount = regions.length;
      regionGroups = groupRegions(regions, REGION_GROUPS);
      return true;
    };
    const outOfMemory = () => makeResult([], 'limit', stats({}), `a ${width}x${height} grid needs more ${memoryName} than this engine's limit of ${target.maxMemoryMb} MB`);
    /** Instances this solve took; each goes back unless it failed. */
    const taken: I[] = [];
    let healthy = true;

    /**
     * Load the puzzle into an instance: clues, board, givens, and for the symmetric search
     * the permutations that tie cells to their images. 'memory' or 'givens' when that fails.
     */
    const load = (instance: I, strategyCode: number, tied: boolean): 'ok' | 'memory' | 'givens' => {
      const x = instance.exports;
      // Clues: offsets (lines + 1, the last one the total), line ids, blocks.
      const lines = clues.id.length;
      // Addresses come back as i32: above 2 GB they read negative.
      const ptr = x.prepare(width, height, clues.blocks.length) >>> 0;
      if (ptr === 0) return 'memory';
      const view = new Int32Array(instance.memory(), ptr, 2 * lines + 1 + clues.blocks.length);
      view.set(clues.offset, 0);
      view.set(clues.id, lines + 1);
      view.set(clues.blocks, 2 * lines + 1);
      if (x.setup(strategyCode, probing ? 1 : 0, reuseProbes ? 1 : 0, probeNodes, learnConflicts, maxClauses, MAX_ARENA, seed) === 0) return 'memory';
      for (const g of givens) if (x.given(g.row * width + g.col, g.filled ? 1 : 0) === 0) return 'givens';
      if (tied) {
        const at = x.ties(symmetries.length) >>> 0;
        if (at === 0) return 'memory';
        const memory = instance.memory();
        symmetries.forEach((symmetry, t) => new Int32Array(memory, at + 4 * t * width * height, width * height).set(symmetry.image));
      }
      instance.onSolution =
        splitting && !tied
          ? (cells) => solutions.add(width, height, cells) || (regionGroups === null && splitAtFirst(instance))
          : (cells) => solutions.add(width, height, cells);
      return 'ok';
    };

    /**
     * Run an instance in slices until its search ends, its turn ends (`steps()` reaches
     * `stepEnd`: 'turn'), or the budget stops the solve (a StopReason).
     */
    const drive = (instance: I, stepEnd: number) => runInSlices((...args) => instance.exports.run(...args), () => instance.exports.steps(), budget, sliceMs, stepEnd);

    const main = await target.instance();
    taken.push(main);
    let current = main;
    try {
      const loaded = load(main, STRATEGIES[strategy], false);
      if (loaded !== 'ok') return loaded === 'memory' ? outOfMemory() : makeResult([], null, stats({}, 'line'));

      // Symmetric clues: once the main search has taken `symmetryAfter` steps, a second
      // instance searches among the symmetric solutions only (each cell tied to its images,
      // so a fraction of the free cells: a quarter for webpbn's Knotty; clause learning after
      // probing, which suits the tied board better), in turns with it, each turn twice as
      // long as the last, counted in the solver's resumable steps so that the turns fall at
      // the same places on every run. Both report to the same solution list; the main search
      // alone makes a count exact.
      let side: I | null = null;
      let sideDone = symmetries.length === 0;
      // Only the running instance may be asked (the JavaScript build swaps state per instance): the other one's effort as of its last pause.
      const effort = (x: SolverExports) => x.counter(abi.COUNTER_NODES) + x.counter(abi.COUNTER_CONFLICTS);
      let mainEffort = 0;
      let sideEffort = 0;
      effortSoFar = () => effort(current.exports) + (current === main ? sideEffort : mainEffort);
      let turn = symmetryAfter;
      let outcome: number | 'turn' | StopReason;
      for (;;) {
        current = main;
        outcome = await drive(main, sideDone ? Infinity : main.exports.steps() + turn);
        mainEffort = effort(main.exports);
        if (outcome !== 'turn') break;
        if (side === null) {
          side = await target.instance();
          taken.push(side);
          current = side;
          const sideLoaded = load(side, STRATEGIES[strategy === 'probe' ? 'probe' : 'learn'], true);
          if (sideLoaded !== 'ok') sideDone = true; // no memory for it (its givens already passed in the main instance)
        }
        if (!sideDone) {
          current = side;
          const sideOutcome = await drive(side, side.exports.steps() + turn);
          sideEffort = effort(side.exports);
          if (sideOutcome !== 'turn') {
            sideDone = true;
            if (typeof sideOutcome === 'string') {
              outcome = sideOutcome;
              break;
            }
            if (sideOutcome === abi.RUN_SOLUTION_LIMIT || solutions.full) {
              outcome = abi.RUN_SOLUTION_LIMIT;
              break;
            }
            // Exhausted, or out of room (time limit: the next main run stops too): the main search goes on alone.
          }
        }
        turn *= 2;
      }
      current = main;

      let stopped: StopReason | null = null;
      let message: string | undefined;
      if (typeof outcome === 'string') stopped = outcome as StopReason;
      else if (outcome === abi.RUN_SOLUTION_LIMIT) stopped = 'solution-limit';
      else if (outcome === abi.RUN_TIME_LIMIT) stopped = 'time-limit';
      else if (outcome === abi.RUN_CLAUSE_LIMIT) {
        stopped = 'limit';
        message = `the learned clauses outgrew ${MAX_ARENA} entries or the ${memoryName} limit of ${target.maxMemoryMb} MB`;
      } else if (outcome === abi.RUN_OUT_OF_MEMORY) {
        stopped = 'limit';
        message = `the search needs more ${memoryName} than this engine's limit of ${target.maxMemoryMb} MB`;
      } else if (outcome !== abi.RUN_EXHAUSTED) {
        throw new Error(`the solver returned the unknown code ${outcome}`);
      }

      let counters = countersOf(main.exports);
      if (symmetries.length > 0) {
        if (side !== null) {
          counters = mergeCounters(counters, countersOf(side.exports));
          counters.symmetricSearch = 1;
        }
        counters.symmetries = symmetries.length;
      }
      if (solutions.byNeighbour > 0) counters.solutionsBySwap = solutions.byNeighbour;
      let difficulty: Difficulty = DIFFICULTIES[main.exports.difficulty()] ?? 'branch';
      let found = solutions.found;
      if (regionGroups !== null && stopped === 'solution-limit' && found.length === 1) {
        // The main search stopped at its first solution to search the regions apart.
        for (const instance of taken) instance.onSolution = () => false;
        regionSearch ??= createSolve({ ...config, regions: false }, target);
        const search = regionSearch;
        const remaining = () => (Number.isFinite(budget.deadline) ? Math.max(1, budget.deadline - performance.now()) : undefined);
        const split = await solveByGroups(found[0]!, regionGroups, maxSolutions, (part) => search(part, { maxSolutions, signal: options?.signal, timeLimitMs: remaining() }));
        found = split.solutions;
        counters = mergeCounters(counters, split.counters);
        counters.regions = regionCount;
        counters.regionSearches = split.searches;
        stopped = split.stopped !== null ? split.stopped.reason : split.full ? 'solution-limit' : null;
        message = split.stopped?.message;
      }
      if (found.length >= 2) difficulty = 'branch';
      return makeResult(found, stopped, stats(counters, difficulty), message);
    } catch (error) {
      healthy = false;
      const text = error instanceof Error ? error.message : String(error);
      if (target.isMemoryFailure(error, current)) {
        return makeResult(solutions.found, 'limit', stats({}), `the ${memoryName} limit of ${target.maxMemoryMb} MB was reached: ${text}`);
      }
      throw new Error(`the solver failed on a ${width}x${height} grid: ${text}`, { cause: error });
    } finally {
      for (const instance of taken) {
        instance.onSolution = () => false;
        // An instance that failed may hold broken state: drop it; the next solve makes a new one.
        if (healthy || instance !== current) target.release(instance);
      }
    }
  };
}
