import { describe, expect, it } from 'vitest';
import { MAX_TIMER_MS, SolveBudget, UnknownEngineError, getEngine, listEngines, makeResult, registerEngine, registerMissingEngine, resolveMaxSolutions, setLimitTimer, unregisterEngine, type Engine } from '../src/index.js';

describe('SolveBudget', () => {
  it('reports an abort, also one that happens while the solver holds the event loop', async () => {
    const controller = new AbortController();
    const budget = new SolveBudget({ signal: controller.signal });
    expect(budget.stopReason()).toBeNull();
    setTimeout(() => controller.abort(), 5);
    // A busy loop that only calls checkpoint(): the timer can fire only because checkpoint yields.
    let reason = null;
    const start = performance.now();
    while (reason === null && performance.now() - start < 10_000) reason = await budget.checkpoint();
    expect(reason).toBe('aborted');
  });
  it('reports the time limit', () => {
    expect(new SolveBudget({ timeLimitMs: 0 }).stopReason()).toBe('time-limit');
    expect(new SolveBudget({ timeLimitMs: 60_000 }).stopReason()).toBeNull();
  });
  it('rejects a negative or NaN time limit', () => {
    expect(() => new SolveBudget({ timeLimitMs: -1 })).toThrow(RangeError);
    expect(() => new SolveBudget({ timeLimitMs: Number.NaN })).toThrow(RangeError);
  });
});

describe('setLimitTimer', () => {
  it('fires within range, and sets no timer past setTimeout\'s range (which would fire at once)', async () => {
    let fired = 0;
    expect(setLimitTimer(() => fired++, MAX_TIMER_MS + 1)).toBeUndefined();
    const timer = setLimitTimer(() => fired++, 5);
    expect(timer).toBeDefined();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(fired).toBe(1);
  });
});

describe('makeResult and resolveMaxSolutions', () => {
  const stats = { timeMs: 1, counters: {} };
  it('derives the verdict from the solutions found and why the search stopped', () => {
    expect(makeResult([], null, stats).verdict).toBe('none');
    expect(makeResult(['a'], null, stats).verdict).toBe('unique');
    expect(makeResult(['a', 'b'], null, stats).verdict).toBe('multiple');
    expect(makeResult(['a', 'b'], 'time-limit', stats).verdict).toBe('multiple');
    expect(makeResult(['a'], 'solution-limit', stats)).toMatchObject({ verdict: 'incomplete', reason: 'solution-limit' });
    expect(makeResult([], 'limit', stats, 'too many')).toMatchObject({ verdict: 'incomplete', reason: 'limit', message: 'too many' });
  });
  it('defaults maxSolutions to 2 and rejects nonsense', () => {
    expect(resolveMaxSolutions(undefined)).toBe(2);
    expect(resolveMaxSolutions({ maxSolutions: 7 })).toBe(7);
    expect(() => resolveMaxSolutions({ maxSolutions: 0 })).toThrow(RangeError);
    expect(() => resolveMaxSolutions({ maxSolutions: 1.5 })).toThrow(RangeError);
  });
});

describe('engine registry', () => {
  const fake: Engine<'nonogram'> = {
    name: 'test-fake',
    kind: 'nonogram',
    description: 'a stand-in',
    solve: async () => makeResult([], null, { timeMs: 0, counters: {} }),
  };
  it('finds a registered engine by name and kind, and lists it', () => {
    registerEngine(fake);
    expect(getEngine('test-fake')).toBe(fake);
    expect(listEngines('nonogram')).toContain(fake);
    expect(listEngines('arrowpath')).not.toContain(fake);
    expect(() => getEngine('test-fake', 'arrowpath')).toThrow(/solves nonogram puzzles, not arrowpath/);
    expect(() => registerEngine({ ...fake })).toThrow(/already registered/);
    expect(unregisterEngine('test-fake')).toBe(true);
    expect(() => getEngine('test-fake')).toThrow(/unknown engine "test-fake"/);
  });

  it('keeps engines of different kinds under one name apart, and finds each by the kind asked for', () => {
    const colour = { ...fake, kind: 'colour-nonogram' as const, description: 'colour twin' };
    registerEngine(fake);
    registerEngine(colour);
    expect(getEngine('test-fake', 'nonogram')).toBe(fake);
    expect(getEngine('test-fake', 'colour-nonogram')).toBe(colour);
    // Without a kind: the first registered under the name.
    expect(getEngine('test-fake')).toBe(fake);
    expect(listEngines().filter((e) => e.name === 'test-fake')).toEqual([fake, colour]);
    expect(() => getEngine('test-fake', 'arrowpath')).toThrow(/solves nonogram and colour-nonogram puzzles, not arrowpath/);
    expect(() => registerEngine({ ...colour })).toThrow(/"test-fake" for colour-nonogram puzzles is already registered/);
    expect(unregisterEngine('test-fake', 'nonogram')).toBe(true);
    expect(getEngine('test-fake')).toBe(colour);
    expect(unregisterEngine('test-fake')).toBe(true);
    expect(() => getEngine('test-fake')).toThrow(/unknown engine "test-fake"/);
  });

  it('names the package of a known engine that is not installed, until one registers under that name', () => {
    registerEngine(fake);
    registerMissingEngine('test-absent', '@example/engine-absent');
    let error: unknown;
    try {
      getEngine('test-absent');
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(UnknownEngineError);
    expect((error as UnknownEngineError).missingPackage).toBe('@example/engine-absent');
    expect((error as Error).message).toMatch(/^unknown engine "test-absent": it comes with @example\/engine-absent, which is not installed; registered engines: .*test-fake/);
    // A name nobody knows gets no package.
    expect(() => getEngine('test-nobody')).toThrow(/^unknown engine "test-nobody"; registered engines: /);

    const absent: Engine<'nonogram'> = { ...fake, name: 'test-absent' };
    registerEngine(absent);
    expect(getEngine('test-absent')).toBe(absent);
    unregisterEngine('test-absent');
    expect(() => getEngine('test-absent')).toThrow(/^unknown engine "test-absent"; registered engines: /);
    // An installed engine is never reported as missing.
    registerMissingEngine('test-fake', '@example/engine-fake');
    expect(getEngine('test-fake')).toBe(fake);
    unregisterEngine('test-fake');
    expect(() => getEngine('test-fake')).toThrow(/^unknown engine "test-fake"; /);
  });
});
