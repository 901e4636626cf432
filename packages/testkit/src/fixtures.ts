// The repository's seed puzzles (puzzles/seed/*.json), read with core's parser.
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { readPuzzle, type Puzzle } from '@gridrace/core';

export interface SeedPuzzle {
  /** File name inside the seed folder, e.g. `gchq-2015.json`. */
  readonly file: string;
  readonly puzzle: Puzzle;
}

/** The folder holding the seed puzzles: `puzzles/seed` at the repository root. */
export const SEED_DIR = fileURLToPath(new URL('../../../puzzles/seed/', import.meta.url));

/** Every `*.json` puzzle in `dir` (default: the repository's seed folder), sorted by file name. */
export function loadSeedPuzzles(dir: string = SEED_DIR): SeedPuzzle[] {
  return readdirSync(dir)
    .filter((file) => file.endsWith('.json'))
    .sort()
    .map((file) => ({ file, puzzle: readPuzzle(readFileSync(join(dir, file), 'utf8'), { file }) }));
}
