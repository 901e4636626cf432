// The engine's own behaviour around the contract: shapes it refuses and odd but valid inputs
// (testkit's shared input cases), resource caps, stats and difficulty classes.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { readPuzzle, type NonogramPuzzle } from '@gridrace/core';
import { describeNonogramInputCases, nonogramFromClues } from '@gridrace/testkit';
import { describe, expect, it } from 'vitest';
import { bitmaskEngine, createBitmaskEngine } from '../src/index.js';

describe('the engine object', () => {
  it('is the nonogram engine registered as "bitmask"', () => {
    expect(bitmaskEngine.name).toBe('bitmask');
    expect(bitmaskEngine.kind).toBe('nonogram');
  });
});

describeNonogramInputCases(bitmaskEngine);

describe('resource caps', () => {
  it('a grid above maxCells: incomplete/limit with a message, no exception', async () => {
    const engine = createBitmaskEngine({ name: 'bitmask-tiny', maxCells: 10 });
    const result = await engine.solve(nonogramFromClues([[1], [1], [1], [1]], [[4], [], [], []]));
    expect(result.verdict).toBe('incomplete');
    if (result.verdict === 'incomplete') {
      expect(result.reason).toBe('limit');
      expect(result.message).toMatch(/limit/);
    }
  });
});

describe('stats and difficulty', () => {
  const shared = fileURLToPath(new URL('../../../../shared/puzzles/', import.meta.url));

  it('counts lines, cache hits, probes, branches, depth and nodes', async () => {
    const result = await bitmaskEngine.solve(nonogramFromClues([[1], [1]], [[1], [1]]), { maxSolutions: 5 });
    expect(result.verdict).toBe('multiple');
    for (const name of ['linesSolved', 'cacheHits', 'probes', 'branches', 'maxDepth', 'nodes']) {
      expect(typeof result.stats.counters[name], name).toBe('number');
    }
    expect(result.stats.counters.branches).toBeGreaterThan(0);
  });

  it('line: a puzzle line logic finishes (Cauldron, 512x512)', async () => {
    const cauldron = readPuzzle(readFileSync(`${shared}extra/cauldron.non`, 'utf8'), { file: 'cauldron.non' }) as NonogramPuzzle;
    const result = await bitmaskEngine.solve(cauldron);
    expect(result.verdict).toBe('unique');
    expect(result.stats.difficulty).toBe('line');
    expect(result.stats.counters.probes).toBe(0);
  });

  it('probe: 4-Dom needs probing but no branching', async () => {
    const dom = readPuzzle(readFileSync(`${shared}extra/domino-4.non`, 'utf8'), { file: 'domino-4.non' }) as NonogramPuzzle;
    const result = await bitmaskEngine.solve(dom);
    expect(result.verdict).toBe('unique');
    expect(result.stats.difficulty).toBe('probe');
    expect(result.stats.counters.branches).toBe(0);
  });

  it('branch: a puzzle with two solutions needs a guess', async () => {
    const result = await bitmaskEngine.solve(nonogramFromClues([[1], [1]], [[1], [1]]));
    expect(result.verdict).toBe('multiple');
    expect(result.stats.difficulty).toBe('branch');
  });
});
