// The Engine object: checks the input (core's contract, like every engine), passes clues and
// givens into the module's linear memory, runs the search in time slices and turns what
// it found into a SolveResult.
//
// Limits: WebAssembly runs synchronously, so the module works in slices of about SLICE_MS:
// `run(sliceEnd, deadline)` stops at the next resumable point after `now() >= sliceEnd`
// (between probes, backtracking nodes, SAT conflicts) and returns PAUSED; the wrapper then
// awaits core's `budget.checkpoint()` (time limit + AbortSignal, yielding to the event
// loop) and calls `run` again, which continues exactly where it stopped. Propagation also
// stops by itself at the time limit (`deadline`).
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
import { DistinctSolutions, mergeCounters, nonogramSymmetries, packClues, SolutionsWithImages } from '@gridrace/engine-bitmask/host';
import * as abi from './abi.js';
import { compileSolver, instantiateSolver, type SolverExports, type SolverInstance, type WasmSource } from './loader.js';

export type Strategy = 'probe' | 'learn' | 'auto';

export interface WasmConfig {
  /** Registry name (default `wasm`). */
  readonly name?: string;
  /** Probe unknown cells at every search node (default true). */
  readonly probing?: boolean;
  /** `probe`: backtracking with probing; `learn`: clause learning; `auto` (default): both in turns. */
  readonly strategy?: Strategy;
  /** Nodes of the first backtracking turn (default 30). */
  readonly probeNodes?: number;
  /** Conflicts of the first learning turn (default 1000). */
  readonly learnConflicts?: number;
  /** Puzzles whose SAT encoding would exceed this many clauses are only backtracked (default 3,000,000). */
  readonly maxClauses?: number;
  /** Largest grid, in cells (default 2^24); larger ones give `incomplete`/`limit`. */
  readonly maxCells?: number;
  /** Most WebAssembly memory one solve may use, in MB (default 2048, at most 4096). */
  readonly maxMemoryMb?: number;
  /**
   * WebAssembly memory each instance starts with, in MB (default 256, at most `maxMemoryMb`;
   * reserved, not used, until the module needs it). Solves that fit never grow the memory,
   * which keeps other JavaScript in the process at full speed (README, "Memory").
   */
  readonly initialMemoryMb?: number;
  /**
   * Longest uninterrupted run of the module, in ms (default 10). Between runs the wrapper
   * looks at the time limit and the abort signal and lets the event loop run. 0 pauses at
   * every resumable point (for tests of the pause / resume machinery).
   */
  readonly sliceMs?: number;
  /**
   * Symmetric clues (default true): solutions bring their images, and once the search has
   * taken `symmetryAfter` resumable steps (default 400; 0: from the first) a second
   * instance searches among the symmetric solutions in turns with it, as in the bitmask
   * engine (whose turns are counted in checkpoints instead).
   */
  readonly symmetry?: boolean;
  readonly symmetryAfter?: number;
  /** The module: a URL or path, its bytes, or a compiled WebAssembly.Module (default: the package's dist/solver.wasm). */
  readonly wasm?: WasmSource;
}

const DEFAULT_MAX_CELLS = 1 << 24;
/** About 40 bytes per cell must fit in 4 GB of linear memory, whatever maxCells says. */
const MAX_WASM_CELLS = 100_000_000;
const DEFAULT_MAX_MEMORY_MB = 2048;
/** Twice what any TAAI, webpbn or extra puzzle but Faase needs (the most: 121 MB, taai2011 #752). */
const DEFAULT_INITIAL_MEMORY_MB = 256;
/** Default length of one uninterrupted run of the module. */
const SLICE_MS = 10;

const STRATEGIES: Record<Strategy, number> = { auto: abi.STRATEGY_AUTO, probe: abi.STRATEGY_PROBE, learn: abi.STRATEGY_LEARN };
const DIFFICULTIES: Record<number, Difficulty> = { [abi.DIFFICULTY_LINE]: 'line', [abi.DIFFICULTY_PROBE]: 'probe', [abi.DIFFICULTY_BRANCH]: 'branch' };
/** The SAT solver's clause arena cap (Int32 entries), as in the bitmask engine. */
const MAX_ARENA = 1 << 26;

function checkPositive(value: number, name: string, allowZero = false): number {
  if (typeof value !== 'number' || Number.isNaN(value) || value < (allowZero ? 0 : 1)) throw new RangeError(`${name} must be a ${allowZero ? 'non-negative' : 'positive'} number, got ${String(value)}`);
  return value;
}

/**
 * A trap or abort raised by the module: out of memory when the memory grew up to its cap.
 * (A memory that started at its cap and never grew says nothing: the module's own
 * allocations fail cleanly there, so a trap is a fault, reported as an error.)
 */
function isMemoryFailure(error: unknown, instance: SolverInstance): boolean {
  const text = error instanceof Error ? error.message : String(error);
  if (/allocation too large|out of memory/i.test(text)) return true;
  const bytes = instance.memory.buffer.byteLength;
  return bytes > instance.initialBytes && bytes + 4 * 65536 > instance.maxBytes;
}

/** The search counters an instance holds after its run (names as in the bitmask engine). */
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

export interface WasmEngine extends Engine<'nonogram'> {
  init(): Promise<void>;
  dispose(): Promise<void>;
}

export function createWasmEngine(config: WasmConfig = {}): WasmEngine {
  const probing = config.probing ?? true;
  const maxCells = config.maxCells ?? DEFAULT_MAX_CELLS;
  const strategy = config.strategy ?? 'auto';
  if (!(strategy in STRATEGIES)) throw new RangeError(`unknown strategy ${String(strategy)}`);
  const probeNodes = checkPositive(config.probeNodes ?? 30, 'probeNodes', true);
  const learnConflicts = checkPositive(config.learnConflicts ?? 1000, 'learnConflicts', true);
  const maxClauses = checkPositive(config.maxClauses ?? 3_000_000, 'maxClauses', true);
  const maxMemoryMb = Math.min(4096, checkPositive(config.maxMemoryMb ?? DEFAULT_MAX_MEMORY_MB, 'maxMemoryMb'));
  const initialMemoryMb = checkPositive(config.initialMemoryMb ?? DEFAULT_INITIAL_MEMORY_MB, 'initialMemoryMb', true);
  const name = config.name ?? 'wasm';
  const sliceMs = checkPositive(config.sliceMs ?? SLICE_MS, 'sliceMs', true);
  const useSymmetry = config.symmetry ?? true;
  const symmetryAfter = checkPositive(config.symmetryAfter ?? 400, 'symmetryAfter', true);

  let module: Promise<WebAssembly.Module> | null = null;
  /** Instances not in use; a solve takes one (or makes one) and gives it back. */
  let idle: SolverInstance[] = [];
  let generation = 0;

  const loadModule = (): Promise<WebAssembly.Module> => {
    if (module === null) {
      module = compileSolver(config.wasm);
      module.catch(() => {
        module = null;
      });
    }
    return module;
  };
  const take = async (): Promise<SolverInstance> => idle.pop() ?? instantiateSolver(await loadModule(), maxMemoryMb, initialMemoryMb);

  return {
    name,
    kind: 'nonogram',
    description: 'the bitmask solver (line solver, queue, cache, probing, backtracking, clause learning) in AssemblyScript / WebAssembly',

    async init(): Promise<void> {
      if (idle.length === 0) idle.push(await take());
    },

    async dispose(): Promise<void> {
      idle = [];
      module = null;
      generation++;
    },

    async solve(puzzle: NonogramPuzzle, options?: SolveOptions): Promise<SolveResult<NonogramSolution>> {
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
      if (width * height > MAX_WASM_CELLS) {
        return makeResult([], 'limit', stats({}), `grid of ${width}x${height} cells is above the ${MAX_WASM_CELLS} cells a 32-bit WebAssembly memory can hold`);
      }
      const withoutCells = solutionsWithoutCells(checked);
      if (withoutCells !== null) return makeResult(withoutCells, null, stats({}, 'line'));
      if (!cluesFit(checked)) return makeResult([], null, stats({}, 'line'));

      const gen = generation;
      const symmetries = useSymmetry ? nonogramSymmetries(checked, givens) : [];
      const solutions = symmetries.length > 0 ? new SolutionsWithImages(maxSolutions, symmetries) : new DistinctSolutions(maxSolutions);
      const clues = packClues(checked);
      const outOfMemory = () => makeResult([], 'limit', stats({}), `a ${width}x${height} grid needs more WebAssembly memory than this engine's limit of ${maxMemoryMb} MB`);
      /** Instances this solve took; each goes back to the pool unless it trapped. */
      const taken: SolverInstance[] = [];
      let healthy = true;

      /**
       * Load the puzzle into an instance: clues, board, givens, and for the symmetric search
       * the permutations that tie cells to their images. 'memory' or 'givens' when that fails.
       */
      const load = (instance: SolverInstance, strategyCode: number, tied: boolean): 'ok' | 'memory' | 'givens' => {
        const x = instance.exports;
        // Clues: offsets (lines + 1, the last one the total), line ids, blocks.
        const lines = clues.id.length;
        const ptr = x.prepare(width, height, clues.blocks.length);
        if (ptr === 0) return 'memory';
        const view = new Int32Array(instance.memory.buffer, ptr, 2 * lines + 1 + clues.blocks.length);
        view.set(clues.offset, 0);
        view.set(clues.id, lines + 1);
        view.set(clues.blocks, 2 * lines + 1);
        if (x.setup(strategyCode, probing ? 1 : 0, probeNodes, learnConflicts, maxClauses, MAX_ARENA) === 0) return 'memory';
        for (const g of givens) if (x.given(g.row * width + g.col, g.filled ? 1 : 0) === 0) return 'givens';
        if (tied) {
          const at = x.ties(symmetries.length);
          if (at === 0) return 'memory';
          symmetries.forEach((symmetry, t) => new Int32Array(instance.memory.buffer, at + 4 * t * width * height, width * height).set(symmetry.image));
        }
        instance.onSolution = (cells) => solutions.add(width, height, cells);
        return 'ok';
      };

      /**
       * Run an instance in slices until its search ends, its turn ends (`steps()` reaches
       * `stepEnd`: 'turn'), or the budget stops the solve (a StopReason).
       */
      const drive = async (instance: SolverInstance, stepEnd: number): Promise<number | 'turn' | StopReason> => {
        const x = instance.exports;
        let code = x.run(performance.now() + sliceMs, budget.deadline, stepEnd);
        while (code === abi.RUN_PAUSED) {
          const reason = await budget.checkpoint();
          if (reason !== null) return reason;
          if (x.steps() >= stepEnd) return 'turn';
          code = x.run(performance.now() + sliceMs, budget.deadline, stepEnd);
        }
        return code;
      };

      const main = await take();
      taken.push(main);
      let current = main;
      try {
        const loaded = load(main, STRATEGIES[strategy], false);
        if (loaded !== 'ok') return loaded === 'memory' ? outOfMemory() : makeResult([], null, stats({}, 'line'));

        // Symmetric clues: once the main search has taken `symmetryAfter` steps, a second
        // instance searches among the symmetric solutions only (cells tied to their images,
        // clause learning after probing), in turns with it, each turn twice as long as the
        // last (bitmask's turns.ts, counted in the module's resumable steps instead of
        // checkpoints). Both report to the same solution list; the main search alone makes a
        // count exact.
        let side: SolverInstance | null = null;
        let sideDone = symmetries.length === 0;
        let turn = symmetryAfter;
        let outcome: number | 'turn' | StopReason;
        for (;;) {
          current = main;
          outcome = await drive(main, sideDone ? Infinity : main.exports.steps() + turn);
          if (outcome !== 'turn') break;
          if (side === null) {
            side = await take();
            taken.push(side);
            current = side;
            const sideLoaded = load(side, STRATEGIES[strategy === 'probe' ? 'probe' : 'learn'], true);
            if (sideLoaded !== 'ok') sideDone = true; // no memory for it (its givens already passed in the main instance)
          }
          if (!sideDone) {
            current = side;
            const sideOutcome = await drive(side, side.exports.steps() + turn);
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
          message = `the learned clauses outgrew ${MAX_ARENA} entries or the WebAssembly memory limit of ${maxMemoryMb} MB`;
        } else if (outcome === abi.RUN_OUT_OF_MEMORY) {
          stopped = 'limit';
          message = `the search needs more WebAssembly memory than this engine's limit of ${maxMemoryMb} MB`;
        } else if (outcome !== abi.RUN_EXHAUSTED) {
          throw new Error(`wasm solver returned the unknown code ${outcome}`);
        }

        let counters = countersOf(main.exports);
        if (symmetries.length > 0) {
          if (side !== null) {
            counters = mergeCounters(counters, countersOf(side.exports));
            counters.symmetricSearch = 1;
          }
          counters.symmetries = symmetries.length;
        }
        let difficulty: Difficulty = DIFFICULTIES[main.exports.difficulty()] ?? 'branch';
        if (solutions.found.length >= 2) difficulty = 'branch';
        return makeResult(solutions.found, stopped, stats(counters, difficulty), message);
      } catch (error) {
        healthy = false;
        if (isMemoryFailure(error, current)) {
          return makeResult(solutions.found, 'limit', stats({}), `the WebAssembly memory limit of ${maxMemoryMb} MB was reached: ${error instanceof Error ? error.message : String(error)}`);
        }
        throw new Error(`the wasm solver failed on a ${width}x${height} grid: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
      } finally {
        for (const instance of taken) {
          instance.onSolution = () => false;
          // A module that trapped may hold broken state: drop it; the next solve makes a new one.
          if (gen === generation && (healthy || instance !== current)) idle.push(instance);
        }
      }
    },
  };
}

/** The WebAssembly nonogram engine, registered as `wasm`. */
export const wasmEngine: WasmEngine = createWasmEngine();
