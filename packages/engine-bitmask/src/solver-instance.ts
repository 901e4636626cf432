// The one source of the solver (../solver/, shared with the wasm engine), compiled to
// JavaScript by scripts/build-solver.mjs. createSolver() makes an instance with its own
// memory and state, as instantiating the WebAssembly module does: all instances share the
// module's code, and each call into an instance first swaps that instance's copy of the
// module's variables in (nothing to do while the same instance is called again and again).
// Calls are synchronous, so two solves that take turns on one thread never see each other's
// state. Addresses are byte offsets into memoryBuffer(); i32 values are JavaScript numbers
// in int32 range.
import { solverModule } from '../dist/solver.js';
import type { SolverExports, SolverInstance } from './host/engine-host.js';

/** What a createSolver() instance offers: the solver's entry points and its memory. */
export interface JsSolverExports extends SolverExports {
  /** The memory (the same buffer until the next `setMemoryLimit`). */
  memoryBuffer(): ArrayBuffer;
  /** A new, empty memory of `bytes` bytes (at most 2^31), reserved at once; returns the size it got (less where the host refused that much). */
  setMemoryLimit(bytes: number): number;
  /** Where solutions go: the handler gets the grid's address and length, and answers 1 once it has enough. */
  setSolutionHandler(handler: (ptr: number, length: number) => number): void;
  // The line solver's entry points, for its own tests.
  readonly WORD_LIMIT: number;
  filledWord(): number;
  emptyWord(): number;
  setupLineSolver(length: number, blocks: number): boolean;
  solveWord(clue: number, k: number, n: number, filled: number, empty: number): boolean;
  solveWords(clue: number, k: number, n: number, filled: number, empty: number, outFilled: number, outEmpty: number): boolean;
  solveTrimmed(clue: number, k: number, n: number, filled: number, empty: number, outFilled: number, outEmpty: number): boolean;
  tryAlloc(bytes: number): number;
  resetArena(): void;
  setupColourLine(length: number, blocks: number, colours: number): boolean;
  solveColourLine(lengths: number, colours: number, k: number, n: number, masks: number, out: number): boolean;
  // The line cache's, for its own test.
  setupCache(words: number): boolean;
  storeWord(id: number, filled: number, empty: number, ok: boolean, outFilled: number, outEmpty: number): void;
  lookupWord(id: number, filled: number, empty: number): number;
}

const { api, saveState, loadState } = solverModule;
/** The variables as the module starts: every instance starts from them. */
const pristine = saveState();
type State = { saved: unknown[] };
/** The instance whose variables are in the module now. */
let active: State | null = null;
/** Calls into the module now running (more than one: a handler called back in). */
let depth = 0;

function enter(instance: State): void {
  if (active === instance) return;
  if (active !== null) active.saved = saveState();
  loadState(instance.saved);
  active = instance;
}

/** A fresh instance of the JavaScript build. */
export function createSolver(): JsSolverExports {
  const state: State = { saved: pristine };
  enter(state);
  (api.freshMemory as () => void)();
  const exports: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(api)) {
    if (typeof value !== 'function') exports[name] = value;
    else {
      const fn = value as (...args: unknown[]) => unknown;
      exports[name] = (...args: unknown[]) => {
        // A call into another instance from inside a call (say from a solution handler)
        // would swap the variables under the running one.
        if (depth > 0 && active !== state) throw new Error('a solver instance was called while another one was running');
        enter(state);
        depth++;
        try {
          return fn(...args);
        } finally {
          depth--;
        }
      };
    }
  }
  return exports as unknown as JsSolverExports;
}

/** An instance for the host, its memory capped at `maxBytes`. */
export function createHostInstance(maxBytes: number): SolverInstance {
  const exports = createSolver();
  exports.setMemoryLimit(maxBytes);
  const instance: SolverInstance = {
    exports,
    memory: () => exports.memoryBuffer(),
    onSolution: () => false,
  };
  exports.setSolutionHandler((ptr, length) => (instance.onSolution(new Uint8Array(exports.memoryBuffer(), ptr, length)) ? 1 : 0));
  return instance;
}
