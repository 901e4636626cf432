// The portfolio engine: the shared conformance suite with its searches in this thread and in
// worker threads (every answer structured-cloned back), aborts and time limits
// that stop every search, failing and lying threads, idle threads that let a process end, bad configs.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { makeResult, verify } from '@gridrace/core';
import { describeEngineConformance, permutationNonogram } from '@gridrace/testkit';
import { afterAll, describe, expect, it } from 'vitest';
import { createPortfolioEngine, type FromSearch, type SearchThread } from '../src/index.js';

const local = createPortfolioEngine({ name: 'portfolio', searches: 2 });
// Every search in a thread of its own, from the start: the threads' answers on every puzzle.
const threads = createPortfolioEngine({ name: 'portfolio-threads', searches: 2, inThisThread: false });
afterAll(async () => {
  await local.dispose();
  await threads.dispose();
});

describeEngineConformance(local, { numRuns: 60 });
describeEngineConformance(threads, { numRuns: 60 });

/** 30! solutions, all asked for: only an abort or the time limit ends it. */
const endless = permutationNonogram(30);

describe('stopping', () => {
  // Both ask for 100,000 of 30! solutions: the verdict is `multiple` once two are found, with
  // the reason only while fewer are known (the conformance suite checks both).
  it('an abort stops every search, in threads too, soon', async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 300);
    const started = performance.now();
    const result = await threads.solve(endless, { maxSolutions: 100_000, signal: controller.signal });
    expect(performance.now() - started).toBeLessThan(5000);
    if (result.verdict === 'incomplete') expect(result.reason).toBe('aborted');
    else expect(result.verdict).toBe('multiple');
    expect(result.solutions.length).toBeLessThan(100_000);
    // Every search is accounted for: it answered the stop, or (a thread the loaded machine did
    // not run within the 2 s grace) it was ended and counted as failed.
    const { searches = 0, failedSearches = 0 } = result.stats.counters;
    expect(searches + failedSearches).toBe(2);
  });

  it('a time limit stops every search, each search\'s CPU time counted', async () => {
    const result = await local.solve(endless, { maxSolutions: 100_000, timeLimitMs: 600 });
    expect(['incomplete', 'multiple']).toContain(result.verdict);
    expect(result.stats.timeMs).toBeLessThan(10_000);
    expect(result.stats.counters.searches).toBe(2);
    expect(result.stats.counters.cpuMs).toBeGreaterThan(0);
  });

  it('the first search to settle a puzzle wins; two distinct solutions are multiple', async () => {
    const puzzle = permutationNonogram(8);
    const result = await threads.solve(puzzle, { maxSolutions: 2 });
    expect(result.verdict).toBe('multiple');
    expect(new Set(result.solutions.map((s) => s.cells.join(''))).size).toBe(2);
    for (const s of result.solutions) expect(verify(puzzle, s).ok).toBe(true);
    expect([0, 1]).toContain(result.stats.counters.winningSearch);
  });
});

describe('a first search that gives up', () => {
  it('hands over to the others at once, without waiting out the head start', async () => {
    // Search 0 refuses every grid (maxCells 1); search 1 solves it in its thread.
    const engine = createPortfolioEngine({ searches: 2, headStartMs: 60_000, configs: [{ maxCells: 1 }, {}] });
    const puzzle = permutationNonogram(6);
    const result = await engine.solve(puzzle, { maxSolutions: 2, timeLimitMs: 20_000 });
    expect(result.verdict).toBe('multiple');
    expect(result.stats.counters.winningSearch).toBe(1);
    expect(result.stats.timeMs).toBeLessThan(20_000);
    for (const s of result.solutions) expect(verify(puzzle, s).ok).toBe(true);
    await engine.dispose();
  });
});

describe('threads that fail', () => {
  const failing = (): SearchThread => {
    throw new Error('no threads here');
  };

  it('a thread that cannot start: the search in this thread still answers', async () => {
    const engine = createPortfolioEngine({ searches: 2, headStartMs: 0, startThread: failing });
    const result = await engine.solve(endless, { maxSolutions: 3, timeLimitMs: 2000 });
    expect(result.verdict).toBe('multiple');
    expect(result.stats.counters.searches).toBe(1);
    expect(result.stats.counters.failedSearches).toBe(1);
    await engine.dispose();
  });

  it('no thread at all: incomplete/limit naming the failure', async () => {
    const engine = createPortfolioEngine({ searches: 2, inThisThread: false, startThread: failing });
    const result = await engine.solve(endless, { maxSolutions: 3, timeLimitMs: 2000 });
    expect(result.verdict).toBe('incomplete');
    if (result.verdict === 'incomplete') {
      expect(result.reason).toBe('limit');
      expect(result.message).toMatch(/every search failed: no threads here/);
    }
  });
});

describe('a thread that answers wrongly', () => {
  it('fails the solve, naming the broken solution, instead of reporting it', async () => {
    // A thread that answers every solve at once with an empty grid: no clue of the puzzle holds.
    const liar = (): SearchThread => {
      let answer: ((message: FromSearch) => void) | undefined;
      return {
        listen: (onMessage) => void (answer = onMessage),
        send: (message) => {
          if (message.type !== 'solve') return;
          const { width, height } = message.puzzle;
          const wrong = { width, height, cells: new Uint8Array(width * height) };
          queueMicrotask(() => answer?.({ type: 'done', id: message.id, cpuMs: 0, result: makeResult([wrong], null, { timeMs: 0, counters: {} }) }));
        },
        hold: () => {},
        terminate: async () => {},
      };
    };
    const engine = createPortfolioEngine({ searches: 2, inThisThread: false, startThread: liar });
    await expect(engine.solve(permutationNonogram(6), { maxSolutions: 2 })).rejects.toThrow(/a search reported a solution that breaks the clues \(solution 1\)/);
    await engine.dispose();
  });
});

describe('a process that never calls dispose()', () => {
  it('still ends once the solve is done: idle threads do not hold it', () => {
    const entry = fileURLToPath(new URL('../dist/index.js', import.meta.url));
    const script = `
      const { createPortfolioEngine } = await import(${JSON.stringify(entry)});
      const engine = createPortfolioEngine({ searches: 2, inThisThread: false });
      const ones = Array.from({ length: 6 }, () => [1]);
      const r = await engine.solve({ kind: 'nonogram', width: 6, height: 6, rows: ones, columns: ones, givens: [] }, { maxSolutions: 2 });
      console.log(r.verdict, r.stats.counters.searches);`;
    const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8', timeout: 20_000 });
    expect(run.error).toBeUndefined();
    expect(run.stdout.trim()).toBe('multiple 2');
    expect(run.status).toBe(0);
  });
});

describe('config', () => {
  it('refuses nonsense with a clear RangeError', () => {
    expect(() => createPortfolioEngine({ searches: 0 })).toThrow(/searches must be a positive number/);
    expect(() => createPortfolioEngine({ build: 'gpu' as 'wasm' })).toThrow(/build must be wasm or bitmask/);
    expect(() => createPortfolioEngine({ configs: [{}, { seed: 0.5 }] })).toThrow(/seed must be an integer/);
  });

  it('is registered under its name, as a nonogram engine', () => {
    expect(local.name).toBe('portfolio');
    expect(local.kind).toBe('nonogram');
  });
});
