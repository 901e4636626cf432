// Symmetric clues (testkit's shared suite): the second instance searching among symmetric
// solutions, in turns with the full search, must leave every answer exactly the brute-force
// oracle's, and settles webpbn's Knotty. Turns are counted in the module's resumable steps,
// so a solve paused at every step must give the same answer and counters as one that is not.
import { describeSymmetricClues, hasShared, NEEDS_SHARED, readSharedNonogram } from '@gridrace/testkit';
import { describe, expect, it } from 'vitest';
import { createWasmEngine, wasmEngine } from '../src/index.js';

describeSymmetricClues({ engine: wasmEngine, create: createWasmEngine });

describe.skipIf(!hasShared)(`turns counted in steps ${NEEDS_SHARED}`, () => {
  it('Knotty and 9-Dom paused at every resumable point: the same answers and counters', async () => {
    const stutter = createWasmEngine({ name: 'wasm-stutter', sliceMs: 0 });
    for (const path of ['webpbn/knotty.nin', 'extra/domino-9.non']) {
      const puzzle = readSharedNonogram(path);
      const smooth = await wasmEngine.solve(puzzle, { maxSolutions: 2 });
      const paused = await stutter.solve(puzzle, { maxSolutions: 2 });
      expect(paused.verdict, path).toBe(smooth.verdict);
      expect(paused.stats.counters, path).toEqual(smooth.stats.counters);
      expect(paused.solutions.map((s) => Array.from(s.cells).join('')), path).toEqual(smooth.solutions.map((s) => Array.from(s.cells).join('')));
      expect(paused.stats.counters.symmetricSearch, path).toBe(1);
    }
  }, 120_000);
});
