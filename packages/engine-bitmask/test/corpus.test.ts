// Real puzzles from ../shared/puzzles (outside the repository, see puzzles/README.md):
// every webpbn survey puzzle and extra puzzle except the slowest, and a sample of each
// TAAI tournament set. Verdicts are checked against what the sources state, and every
// solution against core's independent verifier. The full corpus (all 3000 TAAI puzzles,
// Knotty, Faase) is run by benchmarks/scripts/figures.mjs instead.
import { readSolutions, solutionToRows, verify, type NonogramPuzzle, type NonogramSolution } from '@gridrace/core';
import { describe, expect, it } from 'vitest';
import { bitmaskEngine } from '../src/index.js';
import { hasShared, NEEDS_SHARED, readSharedFile, readSharedNonogram, readSharedNonograms } from '@gridrace/testkit';

const load = readSharedNonogram;

async function solveUnique(puzzle: NonogramPuzzle): Promise<NonogramSolution> {
  const result = await bitmaskEngine.solve(puzzle, { maxSolutions: 2 });
  expect(result.verdict).toBe('unique');
  const solution = result.solutions[0]!;
  expect(verify(puzzle, solution)).toEqual({ ok: true });
  if (puzzle.solution !== undefined) expect(solutionToRows(solution)).toEqual(solutionToRows(puzzle.solution));
  return solution;
}

describe.skipIf(!hasShared)(`webpbn survey puzzles (unique, as webpbn.com and the source list state) ${NEEDS_SHARED}`, () => {
  // Knotty and Faase (several solutions, far harder) are in the benchmark script only.
  const nin = ['00001', '00006', '00016', '00021', '00023', '00027', '00065', '00436', '00529', '00803', '01611', '06574'];
  for (const id of nin) it(`webpbn-${id}.nin`, async () => void (await solveUnique(load(`webpbn/webpbn-${id}.nin`))));
  const non = ['00001-dancer', '00006-cat', '00016-knot', '00021-skid', '00023-edge', '00027-bucks', '00065-mum', '00436-petroglyph', '00529-swing', '06574-forever', '35105-wild', '36459-moss'];
  for (const name of non) it(`webpbn-${name}.non (with its goal grid)`, async () => void (await solveUnique(load(`webpbn/non/webpbn-${name}.non`))));
});

describe.skipIf(!hasShared)(`extra puzzles (unique, as their source states) ${NEEDS_SHARED}`, () => {
  const files = ['cauldron', 'tiger', 'sun', 'jwilk-091-owl', 'domino-3', 'domino-4', 'domino-5', 'domino-6', 'domino-7', 'domino-8'];
  for (const name of files) it(`${name}.non`, async () => void (await solveUnique(load(`extra/${name}.non`))));

  it('cauldron.non (512x512) needs line logic only', async () => {
    const result = await bitmaskEngine.solve(load('extra/cauldron.non'));
    expect(result.verdict).toBe('unique');
    expect(result.stats.difficulty).toBe('line');
  });
});

describe.skipIf(!hasShared)(`TAAI tournament sets: a sample of each ${NEEDS_SHARED}`, () => {
  // The sets run roughly from easy to hard: the sample is the first 100 puzzles and every
  // 100th after them (#151, #251, ..., #951), which keeps this test to a few seconds.
  const sample = [...Array.from({ length: 100 }, (_, i) => i), ...Array.from({ length: 9 }, (_, i) => 150 + 100 * i)];
  for (const set of ['taai2011', 'tcga2016', 'icga2017']) {
    it(`${set}: ${sample.length} puzzles, settled verdicts, verified solutions`, async () => {
      const puzzles = readSharedNonograms(`taai/question/${set}.txt`);
      expect(puzzles).toHaveLength(1000);
      const reference = readSolutions(readSharedFile(`puzzles/taai/solution/${set}.txt`), { width: 25, height: 25, kind: 'nonogram' }) as NonogramSolution[];
      expect(reference).toHaveLength(1000);
      for (const i of sample) {
        const puzzle = puzzles[i]!;
        // The tournament's grid is one solution: the puzzle has at least one.
        expect(verify(puzzle, reference[i]!), `${set} #${i + 1} reference grid`).toEqual({ ok: true });
        const result = await bitmaskEngine.solve(puzzle, { maxSolutions: 2 });
        expect(['unique', 'multiple'], `${set} #${i + 1}`).toContain(result.verdict);
        for (const s of result.solutions) expect(verify(puzzle, s), `${set} #${i + 1}`).toEqual({ ok: true });
        // With one solution it must be the reference grid.
        if (result.verdict === 'unique') expect(solutionToRows(result.solutions[0]!)).toEqual(solutionToRows(reference[i]!));
        else expect(solutionToRows(result.solutions[0]!)).not.toEqual(solutionToRows(result.solutions[1]!));
      }
    });
  }
});
