// The public API of @gridrace/engine-naive: the engine object and its factory.
import type { Engine } from '@gridrace/core';
import { DEFAULT_MAX_PLACEMENTS, placementsOverCap, solveNaive, type NaiveEngineConfig } from './solve.js';

export type { NaiveEngineConfig } from './solve.js';
export type { PassEvent } from './propagate.js';

/** A naive engine with its own placement cap (and optional pass callback). Registered name: `naive`. */
export function createNaiveEngine(config: NaiveEngineConfig = {}): Engine<'nonogram'> {
  const max = config.maxPlacements ?? DEFAULT_MAX_PLACEMENTS;
  if (!(max >= 0) || !(Number.isInteger(max) || max === Number.POSITIVE_INFINITY)) {
    throw new RangeError(`maxPlacements must be a non-negative integer, got ${String(config.maxPlacements)}`);
  }
  return {
    name: 'naive',
    kind: 'nonogram',
    description: 'every placement of every line, cells common to all survivors, branching when stuck (the seeds\' method)',
    // The solve itself gives up with the same message before allocating; a race need not start it.
    reach: (puzzle) => placementsOverCap(puzzle, max),
    solve: (puzzle, options) => solveNaive(puzzle, options, config),
  };
}

/** The reference nonogram engine with the default cap of 2,000,000 placements. */
export const naiveEngine: Engine<'nonogram'> = createNaiveEngine();
