// The real puzzles in ../shared (outside the repository; see vitest.shared.ts, which finds
// the folder and passes it to the test workers in GRIDRACE_SHARED_DIR). A clone without it
// skips the tests that read it: give them `describe.skipIf(!hasShared)` and read files only
// inside the tests, never while the file is collected.
import { readFileSync } from 'node:fs';
import { readPuzzle, readPuzzles, type NonogramPuzzle } from '@gridrace/core';

/** `../shared/` as an absolute path ending in `/`, or '' when it is missing. */
export const sharedDir: string = process.env.GRIDRACE_SHARED_DIR ?? '';

/** Whether ../shared is there; tests that read it are skipped without it. */
export const hasShared = sharedDir !== '';

/** The title suffix of tests that need ../shared, so a skipped one says why. */
export const NEEDS_SHARED = '(needs ../shared)';

/** A file of ../shared by its path there (`puzzles/webpbn/knotty.nin`). */
export function readSharedFile(path: string): string {
  if (!hasShared) throw new Error(`${path}: ../shared is missing; this test should have been skipped`);
  return readFileSync(sharedDir + path, 'utf8');
}

/** The nonogram in a file of ../shared/puzzles (`webpbn/webpbn-00065.nin`). */
export function readSharedNonogram(path: string): NonogramPuzzle {
  return readPuzzle(readSharedFile(`puzzles/${path}`), { file: path }) as NonogramPuzzle;
}

/** Every puzzle of a multi-puzzle file of ../shared/puzzles (`taai/question/taai2011.txt`). */
export function readSharedNonograms(path: string): NonogramPuzzle[] {
  return readPuzzles(readSharedFile(`puzzles/${path}`), { file: path }) as NonogramPuzzle[];
}
