// The public API of @gridrace/engine-z3: two engines and their factories. Registering them
// by name is @gridrace/engines' job. Z3 is loaded by `init()` (or the first solve) and
// released by `dispose()`; see runtime.ts for the one Node-specific file.
import type { Engine } from '@gridrace/core';
import { booleanModelSize, buildBooleanModel, type BlockEncoding } from './boolean-model.js';
import { makeZ3Engine } from './engine.js';
import type { SolverSetup } from './model.js';
import { buildPrefixModel, prefixModelSize, type PrefixModelOptions } from './prefix-model.js';

export type { BlockEncoding } from './boolean-model.js';
export type { PrefixModelOptions } from './prefix-model.js';
export type { SolverSetup } from './model.js';
export { MAX_MODEL_SIZE } from './model.js';

export interface Z3EngineConfig {
  /** Registry name; default `z3`. */
  readonly name?: string;
  /** How a block's start is encoded (see boolean-model.ts); default `order`. */
  readonly encoding?: BlockEncoding;
  /** Solver logic and parameters; default logic `QF_FD` (Z3's SAT solver). */
  readonly solver?: SolverSetup;
}

export interface Z3PrefixEngineConfig extends Partial<PrefixModelOptions> {
  /** Registry name; default `z3-prefix`. */
  readonly name?: string;
  /**
   * Solver logic and parameters. Default: logic `QF_FD` (Z3's SAT solver, which needs every
   * Int bounded) for `form: 'split'` with `bounds: 'tight'`; Z3's general solver otherwise
   * (QF_FD gives up on div/mod and on unbounded counters: incomplete/limit).
   */
  readonly solver?: SolverSetup;
}

/**
 * The prefix-count options measured fastest (README). `{ form: 'packed', occurrences:
 * 'count', bounds: 'loose' }` (with Z3's general solver) is the seed as written.
 */
export const DEFAULT_PREFIX_OPTIONS: PrefixModelOptions = { form: 'split', occurrences: 'stays', bounds: 'tight' };
const DEFAULT_PREFIX_SOLVER: SolverSetup = { logic: 'QF_FD' };
const DEFAULT_BOOLEAN_SOLVER: SolverSetup = { logic: 'QF_FD' };

/** A Boolean placement engine: one Bool per cell, block starts per line (default name `z3`). */
export function createZ3Engine(config: Z3EngineConfig = {}): Engine<'nonogram'> {
  const encoding = config.encoding ?? 'order';
  return makeZ3Engine({
    name: config.name ?? 'z3',
    description: `Z3 (WebAssembly) on a Boolean model: a Bool per cell, ${encoding === 'order' ? 'order-encoded' : 'Int'} block starts per line`,
    build: { size: booleanModelSize, build: (ctx, puzzle) => buildBooleanModel(ctx, puzzle, encoding) },
    setup: config.solver ?? DEFAULT_BOOLEAN_SOLVER,
    // Measured: 100x100 in 4.8 s, 50x50 in 1.0-6.5 s; the 150x150 to 300x300 puzzles time out at 10 s.
    reachCells: 10_000,
  });
}

/** The seed's prefix-count model (default name `z3-prefix`). */
export function createZ3PrefixEngine(config: Z3PrefixEngineConfig = {}): Engine<'nonogram'> {
  const options: PrefixModelOptions = {
    form: config.form ?? DEFAULT_PREFIX_OPTIONS.form,
    occurrences: config.occurrences ?? DEFAULT_PREFIX_OPTIONS.occurrences,
    bounds: config.bounds ?? DEFAULT_PREFIX_OPTIONS.bounds,
  };
  return makeZ3Engine({
    name: config.name ?? 'z3-prefix',
    description: `Z3 (WebAssembly) on the seed's prefix-count model: row and column counters per cell (${options.form}, ${options.occurrences}, ${options.bounds} bounds)`,
    build: { size: (puzzle) => prefixModelSize(puzzle, options), build: (ctx, puzzle) => buildPrefixModel(ctx, puzzle, options) },
    setup: config.solver ?? (options.form === 'split' && options.bounds === 'tight' ? DEFAULT_PREFIX_SOLVER : {}),
    // Measured: 20x20 in 3.9 s, 25x25 (GCHQ) in 4.8 s, 20x30 in 6.3 s; 30x30 and larger time out at 10 s.
    reachCells: 625,
  });
}

/** `z3`: the Boolean placement model with the measured-fastest encoding. */
export const z3Engine: Engine<'nonogram'> = createZ3Engine();
/** `z3-prefix`: the seed's prefix-count model with the measured-fastest options. */
export const z3PrefixEngine: Engine<'nonogram'> = createZ3PrefixEngine();
