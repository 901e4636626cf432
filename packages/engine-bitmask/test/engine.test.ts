// The engine's own behaviour around the contract: shapes it refuses and odd but valid inputs
// (testkit's shared input cases), resource caps, solves at the same time (each instance's
// state swapped in and out of the one module), stats and difficulty classes.
import { verify, type NonogramSolution, type SolveResult } from '@gridrace/core';
import { describeNonogramInputCases, discPicture, hasShared, NEEDS_SHARED, nonogramFromClues, readSharedNonogram, readSharedNonograms } from '@gridrace/testkit';
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

describe('probe records', () => {
  it('a board whose probe records the memory cannot hold: solved without them, the same answer', async () => {
    // 100x100 discs: the records (61 bytes a cell) and the room kept beside them exceed 1 MB.
    const puzzle = discPicture(100, 1);
    const capped = await createBitmaskEngine({ name: 'bitmask-1mb-records', maxMemoryMb: 1 }).solve(puzzle, { maxSolutions: 2 });
    const free = await createBitmaskEngine({ name: 'bitmask-records' }).solve(puzzle, { maxSolutions: 2 });
    expect(capped.verdict).toBe(free.verdict);
    expect(capped.verdict).toBe('multiple');
    for (const s of capped.solutions) expect(verify(puzzle, s)).toEqual({ ok: true });
    expect(capped.solutions).toEqual(free.solutions);
  });
});

const readShared = readSharedNonogram;

describe.skipIf(!hasShared)(`memory ${NEEDS_SHARED}`, () => {
  it('a board the memory cannot hold: incomplete/limit with a message naming the limit', async () => {
    const engine = createBitmaskEngine({ name: 'bitmask-1mb', maxMemoryMb: 1 });
    const result = await engine.solve(readShared('extra/cauldron.non'));
    expect(result.verdict).toBe('incomplete');
    if (result.verdict === 'incomplete') {
      expect(result.reason).toBe('limit');
      expect(result.message).toMatch(/needs more memory than this engine's limit of 1 MB/);
    }
    // The same engine still solves what fits.
    expect((await engine.solve(readShared('webpbn/webpbn-00065.nin'))).verdict).toBe('unique');
  });
});

describe.skipIf(!hasShared)(`solves at the same time ${NEEDS_SHARED}`, () => {
  it('interleaved at every resumable step, each solve gives what it gives alone (searches, symmetric turns, verified solutions)', async () => {
    const taai = readSharedNonograms('taai/question/taai2011.txt');
    const puzzles = [readShared('extra/domino-6.non'), readShared('webpbn/webpbn-06574.nin'), readShared('webpbn/webpbn-00803.nin'), taai[130]!, taai[340]!, taai[400]!];
    const stutter = createBitmaskEngine({ name: 'bitmask-stutter', sliceMs: 0 });
    const alone: SolveResult<NonogramSolution>[] = [];
    for (const p of puzzles) alone.push(await bitmaskEngine.solve(p, { maxSolutions: 2 }));
    const together = await Promise.all(puzzles.map((p) => stutter.solve(p, { maxSolutions: 2 })));
    together.forEach((result, i) => {
      expect(result.verdict, `puzzle ${i}`).toBe(alone[i]!.verdict);
      expect(result.stats.counters, `puzzle ${i}`).toEqual(alone[i]!.stats.counters);
      expect(result.solutions.map((s) => Array.from(s.cells).join('')), `puzzle ${i}`).toEqual(alone[i]!.solutions.map((s) => Array.from(s.cells).join('')));
      for (const s of result.solutions) expect(verify(puzzles[i]!, s)).toEqual({ ok: true });
    });
  }, 120_000);
});

describe('stats and difficulty', () => {
  it('counts lines, cache hits, probes, branches, depth and nodes', async () => {
    const result = await bitmaskEngine.solve(nonogramFromClues([[1], [1]], [[1], [1]]), { maxSolutions: 5 });
    expect(result.verdict).toBe('multiple');
    for (const name of ['linesSolved', 'cacheHits', 'probes', 'branches', 'maxDepth', 'nodes']) {
      expect(typeof result.stats.counters[name], name).toBe('number');
    }
    expect(result.stats.counters.branches).toBeGreaterThan(0);
  });

  it.skipIf(!hasShared)(`line: a puzzle line logic finishes (Cauldron, 512x512) ${NEEDS_SHARED}`, async () => {
    const result = await bitmaskEngine.solve(readShared('extra/cauldron.non'));
    expect(result.verdict).toBe('unique');
    expect(result.stats.difficulty).toBe('line');
    expect(result.stats.counters.probes).toBe(0);
  });

  it.skipIf(!hasShared)(`probe: 4-Dom needs probing but no branching ${NEEDS_SHARED}`, async () => {
    const result = await bitmaskEngine.solve(readShared('extra/domino-4.non'));
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
