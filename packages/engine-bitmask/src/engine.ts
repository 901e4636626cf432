// The bitmask engine: the one solver (../solver/) compiled to JavaScript, run by the host
// both engines share (host/engine-host.ts). Instances are pooled: a solve takes one per
// search and gives them back when it ends, so solves in a row reuse them (a new instance
// costs its set-up, and its calls start cold) while solves at the same time each get their own.
import type { Engine } from '@gridrace/core';
import { createColourSolve } from './host/colour-host.js';
import { checkPositive, createSolve, type SolverConfig, type SolverInstance, type SolverTarget } from './host/engine-host.js';
import { createHostInstance } from './solver-instance.js';

export type { Strategy } from './host/engine-host.js';

/** The config of `createBitmaskEngine` (the wasm engine takes the same, and more). */
export type BitmaskConfig = SolverConfig;

/** Default and largest memory of one instance, in MB: addresses stay below 2^31. */
const MAX_MEMORY_MB = 2048;
/** About 40 bytes per cell must fit in that memory, whatever maxCells says. */
const MAX_JS_CELLS = 50_000_000;

/** The JavaScript target: pooled instances of the JavaScript build. */
function jsTarget(config: BitmaskConfig): SolverTarget<SolverInstance> {
  const maxMemoryMb = Math.min(MAX_MEMORY_MB, checkPositive(config.maxMemoryMb ?? MAX_MEMORY_MB, 'maxMemoryMb'));
  const idle: SolverInstance[] = [];
  return {
    memoryName: 'memory',
    maxCells: MAX_JS_CELLS,
    maxCellsReason: `a ${MAX_MEMORY_MB} MB solver memory can hold`,
    maxMemoryMb,
    instance: () => idle.pop() ?? createHostInstance(maxMemoryMb * 1024 * 1024),
    release: (instance) => idle.push(instance),
    // A typed array or buffer the engine could not allocate.
    isMemoryFailure: (error) => error instanceof RangeError,
  };
}

export function createBitmaskEngine(config: BitmaskConfig = {}): Engine<'nonogram'> {
  return {
    name: config.name ?? 'bitmask',
    kind: 'nonogram',
    description: 'bit-mask line solver, dirty-line queue and cache, probing, backtracking on a trail, clause learning',
    solve: createSolve(config, jsTarget(config)),
  };
}

/** The colour solver of the same source, in JavaScript: colour line solver, dirty-line queue, probing, backtracking on a trail. */
export function createBitmaskColourEngine(config: BitmaskConfig = {}): Engine<'colour-nonogram'> {
  return {
    name: config.name ?? 'bitmask',
    kind: 'colour-nonogram',
    description: 'colour line solver (colour masks per cell), dirty-line queue, probing, backtracking on a trail',
    solve: createColourSolve(config, jsTarget(config)),
  };
}

/** The flagship nonogram engine, registered as `bitmask`. */
export const bitmaskEngine: Engine<'nonogram'> = createBitmaskEngine();

/** The colour nonogram engine of the JavaScript build, registered as `bitmask`. */
export const bitmaskColourEngine: Engine<'colour-nonogram'> = createBitmaskColourEngine();
