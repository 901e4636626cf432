// Probe reuse (probe.ts): a probe whose recorded outcome still holds is skipped. That must
// change nothing but the work: the same verdicts, solutions and search counters as with
// every probe repeated, and exactly the skipped probes missing from `probes`.
import { verify, type NonogramPuzzle } from '@gridrace/core';
import { describe, expect, it } from 'vitest';
import { createBitmaskEngine } from '../src/index.js';
import { hasShared, NEEDS_SHARED, readSharedNonogram, readSharedNonograms } from '@gridrace/testkit';

// Without ../shared the lists stay empty and the test is skipped.
const read = readSharedNonogram;
const taai = hasShared ? readSharedNonograms('taai/question/taai2011.txt') : [];

/** Counters that depend on how many probes ran, not on the search's path. */
const WORK = new Set(['probes', 'probesReused', 'linesSolved', 'cacheHits']);

const cases: Array<[string, NonogramPuzzle]> = !hasShared ? [] : [
  ['Merka (webpbn #1611)', read('webpbn/webpbn-01611.nin')],
  ['#803', read('webpbn/webpbn-00803.nin')],
  ['8-Dom', read('extra/domino-8.non')],
  // TAAI puzzles from easy to a few hundred backtracking nodes, several solutions each.
  ...[3, 130, 340, 400].map((i): [string, NonogramPuzzle] => [`taai2011 #${i + 1}`, taai[i]!]),
];
// Puzzles where the learner takes turns too (slow for backtracking alone).
const learnerCases: Array<[string, NonogramPuzzle]> = !hasShared ? [] : [
  ['Forever (webpbn #6574)', read('webpbn/webpbn-06574.nin')],
  ...[580, 620, 900].map((i): [string, NonogramPuzzle] => [`taai2011 #${i + 1}`, taai[i]!]),
];

describe.skipIf(!hasShared)(`probe reuse ${NEEDS_SHARED}`, () => {
  for (const strategy of ['auto', 'probe'] as const) {
    it(`${strategy}: same answers and search counters as repeating every probe; probes + reused = probes without reuse`, async () => {
      let reusedTotal = 0;
      for (const [name, puzzle] of strategy === 'auto' ? [...cases, ...learnerCases] : cases) {
        const options = { maxSolutions: 2 };
        const a = await createBitmaskEngine({ strategy }).solve(puzzle, options);
        const b = await createBitmaskEngine({ strategy, reuseProbes: false }).solve(puzzle, options);
        expect(a.verdict, name).toBe(b.verdict);
        expect(a.verdict === 'unique' || a.verdict === 'multiple', name).toBe(true);
        if (a.verdict !== 'unique' && a.verdict !== 'multiple') continue;
        if (b.verdict !== 'unique' && b.verdict !== 'multiple') continue;
        expect(a.solutions.map((s) => Array.from(s.cells).join('')), name).toEqual(b.solutions.map((s) => Array.from(s.cells).join('')));
        for (const s of a.solutions) expect(verify(puzzle, s).ok, name).toBe(true);
        for (const key of Object.keys(b.stats.counters)) {
          if (!WORK.has(key)) expect(a.stats.counters[key], `${name}: ${key}`).toBe(b.stats.counters[key]);
        }
        expect(a.stats.difficulty, name).toBe(b.stats.difficulty);
        expect(b.stats.counters.probesReused, name).toBe(0);
        expect(a.stats.counters.probes! + a.stats.counters.probesReused!, name).toBe(b.stats.counters.probes);
        reusedTotal += a.stats.counters.probesReused!;
      }
      expect(reusedTotal).toBeGreaterThan(0);
    });
  }
});
