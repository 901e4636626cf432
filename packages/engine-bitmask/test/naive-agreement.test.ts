// Same verdicts and solutions as the naive reference engine, on the seed puzzles and on
// thousands of random small puzzles: solvable ones (often with several solutions), ones
// with givens, and contradictory ones. Every strategy of the search is checked.
import type { NonogramPuzzle, SolveResult } from '@gridrace/core';
import { naiveEngine } from '@gridrace/engine-naive';
import { expectSameSolutions, expectWellFormedResult, loadSeedPuzzles, nonogramCaseArbitrary } from '@gridrace/testkit';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bitmaskEngine, createBitmaskEngine } from '../src/index.js';

const engines = [
  bitmaskEngine,
  createBitmaskEngine({ name: 'bitmask-learn', strategy: 'learn' }),
  createBitmaskEngine({ name: 'bitmask-probe', strategy: 'probe' }),
  createBitmaskEngine({ name: 'bitmask-lines-only', probing: false, strategy: 'probe' }),
];

/** Enough that the small random puzzles are almost always counted in full. */
const CAP = 20;

function expectSameAnswer(puzzle: NonogramPuzzle, mine: SolveResult, naive: SolveResult, label: string): void {
  expectWellFormedResult(puzzle, mine, CAP);
  expect(naive.verdict, 'the naive engine settled the puzzle').not.toBe('incomplete');
  expect(mine.verdict, label).toBe(naive.verdict);
  if (naive.solutions.length < CAP) expectSameSolutions(mine.solutions, naive.solutions);
  else expect(mine.solutions).toHaveLength(CAP);
}

describe('agreement with the naive engine', () => {
  it('seed puzzles', async () => {
    for (const { file, puzzle } of loadSeedPuzzles()) {
      if (puzzle.kind !== 'nonogram') continue;
      const naive = await naiveEngine.solve(puzzle, { maxSolutions: CAP });
      for (const engine of engines) expectSameAnswer(puzzle, await engine.solve(puzzle, { maxSolutions: CAP }), naive, `${engine.name} on ${file}`);
    }
  });

  it('1000 random puzzles up to 6x6, every strategy', async () => {
    await fc.assert(
      fc.asyncProperty(nonogramCaseArbitrary({ maxWidth: 6, maxHeight: 6 }), async (c) => {
        const naive = await naiveEngine.solve(c.puzzle, { maxSolutions: CAP });
        for (const engine of engines) {
          expectSameAnswer(c.puzzle, await engine.solve(c.puzzle, { maxSolutions: CAP }), naive, `${engine.name} (${c.sort}${c.how ? `: ${c.how}` : ''})`);
        }
      }),
      { numRuns: 1000 },
    );
  });

  it('300 random puzzles from 7x7 to 10x10 with at most 2 solutions asked', async () => {
    await fc.assert(
      fc.asyncProperty(nonogramCaseArbitrary({ minWidth: 7, minHeight: 7, maxWidth: 10, maxHeight: 10 }), async (c) => {
        const naive = await naiveEngine.solve(c.puzzle, { maxSolutions: 2 });
        for (const engine of engines) {
          const mine = await engine.solve(c.puzzle, { maxSolutions: 2 });
          expectWellFormedResult(c.puzzle, mine, 2);
          expect(mine.verdict, engine.name).toBe(naive.verdict);
          if (naive.verdict !== 'multiple') expectSameSolutions(mine.solutions, naive.solutions);
        }
      }),
      { numRuns: 300 },
    );
  });
});
