// Shared vitest settings: tests run on the TypeScript sources of every workspace
// package (the `source` export condition), consumers get the built `dist`.
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, mergeConfig } from 'vitest/config';

/**
 * The folder beside the repository with the real puzzles: `../shared`, or wherever
 * GRIDRACE_SHARED_DIR points. It is not part of the repository, so a clone from a public host
 * lacks it: the tests that read it are then skipped, with this one line as the reason. The
 * tests learn where it is from GRIDRACE_SHARED_DIR, set here for the workers ('' when
 * missing; testkit's `sharedDir`). Where it must be there (`.ci/run` sets
 * GRIDRACE_REQUIRE_SHARED=1) its absence fails the run instead, and scripts/test.mjs fails a
 * run that skipped any test, so CI cannot pass without running them.
 */
const sharedDir = `${resolve(process.env.GRIDRACE_SHARED_DIR || fileURLToPath(new URL('../shared', import.meta.url)))}/`;
const sharedPresent = existsSync(`${sharedDir}puzzles`);
if (!sharedPresent) {
  if (process.env.GRIDRACE_REQUIRE_SHARED) throw new Error(`GRIDRACE_REQUIRE_SHARED is set but ${sharedDir} is missing: the tests that read its puzzles cannot run`);
  console.log(`note: ${sharedDir} is missing: the tests that read its puzzles are skipped`);
}
process.env.GRIDRACE_SHARED_DIR = sharedPresent ? sharedDir : '';

export const sharedConfig = defineConfig({
  resolve: { conditions: ['source'] },
  ssr: { resolve: { conditions: ['source'], externalConditions: ['source'] } },
  test: {
    reporters: process.env.CI ? ['dot', ['json', { outputFile: '.vitest-results.json' }]] : ['default', ['json', { outputFile: '.vitest-results.json' }]],
    // Hang guards, not speed checks: beside the rest of the test command on 2 cores, tests
    // that take 2-5 s alone have taken 30-36 s, and a slower machine of the kind adds 1.4x.
    testTimeout: 120_000,
    hookTimeout: 120_000,
    // vitest's default (one worker fewer than the cores) is a single worker on a 2-core machine:
    // each package's files would run one after another, and the many tests that start a
    // process and wait for it would leave a core idle at the end of the run. The test command
    // sets GRIDRACE_TEST_WORKERS, since it runs several packages at once (scripts/test.mjs).
    maxWorkers: Number(process.env.GRIDRACE_TEST_WORKERS) || Math.max(2, availableParallelism()),
    // A worker runs its test files one after another in one module graph instead of a fresh
    // one per file: the engines' hot loops stay compiled from file to file, which cuts the
    // CPU of the engine and race packages' tests by about a quarter. Test files must leave no
    // global state behind (a shuffled run, `vitest run --sequence.shuffle`, finds those that
    // do); a package whose tests need a fresh engine registry per file sets `isolate: true`
    // (see isolatedConfig).
    isolate: false,
  },
});

/** The shared settings with a fresh module graph per test file: for tests that start from an empty engine registry. */
export const isolatedConfig = mergeConfig(sharedConfig, defineConfig({ test: { isolate: true } }));
