// The public API of @gridrace/engine-naive: the engine objects and their factories.
import type { Engine } from '@gridrace/core';
import { DEFAULT_MAX_PLACEMENTS, placementsOverCap, solveNaive, solveNaiveColour, type NaiveEngineConfig } from './solve.js';

export type { NaiveEngineConfig } from './solve.js';
export type { LineEvent, PassEvent } from './propagate.js';

function checkedCap(config: NaiveEngineConfig): number {
  const max = config.maxPlacements ?? DEFAULT_MAX_PLACEMENTS;
  if (!(max >= 0) || !(Number.isInteger(max) || max === Number.POSITIVE_INFINITY)) {
    throw new RangeError(`maxPlacements must be a non-negative integer, got ${String(config.maxPlacements)}`);
  }
  return max;
}

const DESCRIPTION = "every placement of every line, cells common to all survivors, branching when stuck (the seeds' method)";

/** A naive engine with its own placement cap (and optional pass callback). Registered name: `naive`. */
export function createNaiveEngine(config: NaiveEngineConfig = {}): Engine<'nonogram'> {
  const max = checkedCap(config);
  return {
    name: 'naive',
    kind: 'nonogram',
    description: DESCRIPTION,
    // The solve itself gives up with the same message before allocating; a race need not start it.
    reach: (puzzle) => placementsOverCap('nonogram', puzzle, max),
    solve: (puzzle, options) => solveNaive(puzzle, options, config),
  };
}

/** The naive engine for colour nonograms: the same method, placements of coloured blocks. Registered name: `naive`. */
export function createNaiveColourEngine(config: NaiveEngineConfig = {}): Engine<'colour-nonogram'> {
  const max = checkedCap(config);
  return {
    name: 'naive',
    kind: 'colour-nonogram',
    description: `${DESCRIPTION}; blocks carry colours`,
    reach: (puzzle) => placementsOverCap('colour-nonogram', puzzle, max),
    solve: (puzzle, options) => solveNaiveColour(puzzle, options, config),
  };
}

/** The reference nonogram engine with the default cap of 2,000,000 placements. */
export const naiveEngine: Engine<'nonogram'> = createNaiveEngine();

/** The reference colour nonogram engine, with the same cap. */
export const naiveColourEngine: Engine<'colour-nonogram'> = createNaiveColourEngine();
