// Limits while the model is built: a size cap checked before building, and the time limit
// and the signal checked between lines of the build.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { readPuzzle, type NonogramPuzzle } from '@gridrace/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_MODEL_SIZE, z3Engine, z3PrefixEngine } from '../src/index.js';

const ENGINES = [z3Engine, z3PrefixEngine];
const big = readPuzzle(readFileSync(fileURLToPath(new URL('../../../puzzles/generated/nonogram-smooth-300x300-s1.json', import.meta.url)), 'utf8')) as NonogramPuzzle;

beforeAll(async () => {
  for (const engine of ENGINES) await engine.init!();
});
afterAll(async () => {
  for (const engine of ENGINES) await engine.dispose!();
});

describe.each(ENGINES.map((e) => [e.name, e] as const))('%s while building', (_name, engine) => {
  it('keeps a 100 ms time limit on a 300x300 model (seconds to build)', async () => {
    const started = performance.now();
    const result = await engine.solve(big, { timeLimitMs: 100 });
    expect(result.verdict).toBe('incomplete');
    if (result.verdict === 'incomplete') expect(result.reason).toBe('time-limit');
    // Bounds are loose for a loaded CI machine; the fault they catch took 5.5 s and more.
    expect(performance.now() - started).toBeLessThan(100 + 2500);
  });

  it('stops soon after an abort', async () => {
    const controller = new AbortController();
    let abortedAt = 0;
    setTimeout(() => {
      abortedAt = performance.now();
      controller.abort();
    }, 100);
    const started = performance.now();
    const result = await engine.solve(big, { signal: controller.signal });
    // From the start too: a build that never yields delays the abort's timer itself.
    expect(performance.now() - started).toBeLessThan(100 + 2500);
    expect(result.verdict).toBe('incomplete');
    if (result.verdict === 'incomplete') expect(result.reason).toBe('aborted');
    expect(performance.now() - abortedAt).toBeLessThan(2500);
  });

  it('refuses a model over MAX_MODEL_SIZE before building it', async () => {
    const side = 3000;
    const ones = Array.from({ length: side }, () => [1]);
    const puzzle: NonogramPuzzle = { kind: 'nonogram', width: side, height: side, rows: ones, columns: ones, givens: [], meta: {} };
    const started = performance.now();
    const result = await engine.solve(puzzle, { timeLimitMs: 60_000 });
    expect(result.verdict).toBe('incomplete');
    if (result.verdict !== 'incomplete') return;
    expect(result.reason).toBe('limit');
    expect(result.message).toMatch(new RegExp(`^z3: the model would have about [\\d,]+ terms, over the limit of ${MAX_MODEL_SIZE.toLocaleString('en-US')} \\(MAX_MODEL_SIZE\\)$`));
    expect(performance.now() - started).toBeLessThan(2000);
  });
});
