// Real puzzles from ../shared/puzzles (outside the repository): every webpbn survey puzzle
// and extra puzzle except the slowest (Faase: still open after 60 s for both engines; 9-Dom
// and Knotty: in the benchmark and symmetry.test.ts), and a sample of each TAAI tournament
// set. The verdict, the solutions (checked with core's verify and the known grids) and the
// search counters must equal the bitmask engine's, the other build of the same source. All
// 3000 TAAI puzzles are run by scripts/bench.ts.
import { readSolutions, solutionToRows, verify, type NonogramPuzzle, type NonogramSolution } from '@gridrace/core';
import { createBitmaskEngine } from '@gridrace/engine-bitmask';
import { expectSameSolutions, hasShared, NEEDS_SHARED, readSharedFile, readSharedNonogram, readSharedNonograms } from '@gridrace/testkit';
import { describe, expect, it } from 'vitest';
import { createWasmEngine } from '../src/index.js';

const wasmEngine = createWasmEngine();
const bitmaskEngine = createBitmaskEngine();

const load = readSharedNonogram;

async function sameAsBitmask(puzzle: NonogramPuzzle, label: string, known?: NonogramSolution): Promise<string> {
  const mine = await wasmEngine.solve(puzzle, { maxSolutions: 2 });
  const theirs = await bitmaskEngine.solve(puzzle, { maxSolutions: 2 });
  expect(mine.verdict, label).toBe(theirs.verdict);
  expectSameSolutions(mine.solutions, theirs.solutions);
  expect(mine.stats.counters, label).toEqual(theirs.stats.counters);
  expect(mine.stats.difficulty, label).toBe(theirs.stats.difficulty);
  for (const s of mine.solutions) expect(verify(puzzle, s), label).toEqual({ ok: true });
  const goal = known ?? puzzle.solution;
  if (mine.verdict === 'unique' && goal !== undefined) expect(solutionToRows(mine.solutions[0]!), label).toEqual(solutionToRows(goal));
  return mine.verdict;
}

describe.skipIf(!hasShared)(`webpbn survey puzzles (unique, as webpbn.com and the source list state) ${NEEDS_SHARED}`, () => {
  const nin = ['00001', '00006', '00016', '00021', '00023', '00027', '00065', '00436', '00529', '00803', '01611', '06574'];
  for (const id of nin) it(`webpbn-${id}.nin`, async () => expect(await sameAsBitmask(load(`webpbn/webpbn-${id}.nin`), id)).toBe('unique'));
  const non = ['00001-dancer', '00006-cat', '00016-knot', '00021-skid', '00023-edge', '00027-bucks', '00065-mum', '00436-petroglyph', '00529-swing', '06574-forever', '35105-wild', '36459-moss'];
  for (const name of non) it(`webpbn-${name}.non (with its goal grid)`, async () => expect(await sameAsBitmask(load(`webpbn/non/webpbn-${name}.non`), name)).toBe('unique'));
});

describe.skipIf(!hasShared)(`extra puzzles (unique, as their source states) ${NEEDS_SHARED}`, () => {
  const files = ['cauldron', 'tiger', 'sun', 'jwilk-091-owl', 'domino-3', 'domino-4', 'domino-5', 'domino-6', 'domino-7', 'domino-8'];
  for (const name of files) it(`${name}.non`, async () => expect(await sameAsBitmask(load(`extra/${name}.non`), name)).toBe('unique'));
});

describe.skipIf(!hasShared)(`TAAI tournament sets: a sample of each ${NEEDS_SHARED}`, () => {
  // The sets run roughly from easy to hard: the first 100 puzzles and every 100th after them.
  const sample = [...Array.from({ length: 100 }, (_, i) => i), ...Array.from({ length: 9 }, (_, i) => 150 + 100 * i)];
  for (const set of ['taai2011', 'tcga2016', 'icga2017']) {
    it(`${set}: ${sample.length} puzzles, same answers as bitmask, verified`, async () => {
      const puzzles = readSharedNonograms(`taai/question/${set}.txt`);
      expect(puzzles).toHaveLength(1000);
      const reference = readSolutions(readSharedFile(`puzzles/taai/solution/${set}.txt`), { width: 25, height: 25, kind: 'nonogram' }) as NonogramSolution[];
      for (const i of sample) {
        const verdict = await sameAsBitmask(puzzles[i]!, `${set} #${i + 1}`, reference[i]!);
        expect(['unique', 'multiple'], `${set} #${i + 1}`).toContain(verdict);
      }
    }, 60_000);
  }
});
