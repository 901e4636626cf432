// The race's presets: which puzzles and what timing a race takes when the command line does
// not say. `quick` is what `pnpm start` runs: every engine on 10 puzzles, 15x15 to 200x200,
// in about two minutes on a 2-core machine; `full` is the whole repository corpus.
import { join } from 'node:path';
import { DEFAULT_CORPUS } from './corpus.js';

export interface RacePreset {
  readonly description: string;
  /** Puzzle files and folders (absolute). */
  readonly puzzles: readonly string[];
  /** tinybench budget per task (ms). */
  readonly timeMs: number;
  readonly timeLimitMs: number;
  /** How long the preset's race took on a 2-core machine (s), said before it starts. */
  readonly measuredSeconds: number;
}

const QUICK_PUZZLES = [
  'seed',
  'generated/nonogram-rough-050x050-s1.json',
  'generated/nonogram-smooth-100x100-s1.json',
  'generated/nonogram-smooth-200x200-s1.json',
  'generated/arrowpath-007x007-s1.json',
  'generated/nonogram-colour-search-030x030-c2-s1.json',
];

export const PRESETS = {
  quick: {
    description: 'the seed puzzles and 5 generated ones (nonograms 50x50 to 200x200, a 7x7 arrow path, a 30x30 colour nonogram), 0.2 s of samples per task: about 80 s',
    puzzles: QUICK_PUZZLES.map((p) => join(DEFAULT_CORPUS, p)),
    timeMs: 200,
    timeLimitMs: 10_000,
    measuredSeconds: 80,
  },
  full: {
    description: 'every puzzle in puzzles/ (seeds and the generated corpus up to 300x300), 0.5 s of samples per task: about 6 minutes',
    puzzles: [DEFAULT_CORPUS],
    timeMs: 500,
    timeLimitMs: 10_000,
    measuredSeconds: 340,
  },
} as const satisfies Record<string, RacePreset>;

export type PresetName = keyof typeof PRESETS;

/** A first guess at a race's length (ms), before any engine runs: worker start and timing per task, calibration per puzzle. A solve that runs long adds up to the time limit. */
export function estimateRaceMs(tasks: number, puzzles: number, timeMs: number, calibration: boolean): number {
  return tasks * (250 + timeMs) + (calibration ? puzzles * 200 : 0);
}
