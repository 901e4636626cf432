// A sliced race: each task timed in several fresh workers that take turns over the race, its
// record holding every slice's median beside the pooled samples; a task whose later slice does
// not repeat the first one's answer is recorded as that failure.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { getEngine, readPuzzle, type NonogramPuzzle } from '@gridrace/core';
import '@gridrace/engines';
import { describe, expect, it } from 'vitest';
import { corpusPuzzle } from '../src/corpus.js';
import type { TaskOutcome } from '../src/isolate.js';
import { Race, RaceConfigError } from '../src/race.js';
import { benchPlan } from '../src/protocol.js';
import { checkResults } from '../src/schema.js';
import { slicedRecord, sliceTiming } from '../src/slices.js';

const SEED = fileURLToPath(new URL('../../../puzzles/seed/', import.meta.url));
const puzzles = ['gchq-2015.json', 'z3-prefix-15x15.json'].map((name) => corpusPuzzle(readPuzzle(readFileSync(SEED + name, 'utf8'), { file: name }), name));

describe('a sliced race', () => {
  it('times every task in each slice, the slices taking turns over the whole race', async () => {
    const race = new Race({ puzzles, engines: ['wasm', 'bitmask'], timing: { iterations: 4 }, slices: 3 });
    const events: string[] = [];
    race.on('task-start', (e) => events.push(`start ${e.detail.index}.${e.detail.slice}`));
    race.on('task-end', (e) => events.push(`end ${e.detail.index}`));
    const results = await race.run();
    checkResults(JSON.parse(JSON.stringify(results)), 'results');
    expect(results.options.slices).toBe(3);
    expect(results.disagreements).toEqual([]);
    for (const t of results.tasks) {
      expect(t.state, `${t.engine} ${t.puzzle}`).toBe('completed');
      expect(t.verified).toBe(true);
      expect(t.solutionHash).toBe(results.tasks.find((o) => o.puzzle === t.puzzle && o.engine !== t.engine)!.solutionHash);
      expect(t.slices).toHaveLength(3);
      expect(t.calibrationSlices).toHaveLength(3);
      // Two samples a slice (4 iterations over 3 slices, rounded up), pooled.
      expect(t.samples!.n).toBe(6);
      expect(t.samples!.min).toBeLessThanOrEqual(Math.min(...t.slices!));
    }
    // Every slice's worker starts in turn, each slice going through the whole plan; a task ends
    // after its last slice.
    const starts = [1, 2, 3].flatMap((slice) => [0, 1, 2, 3].map((index) => `start ${index}.${slice}`));
    expect(events.filter((e) => e.startsWith('start'))).toEqual(starts);
    expect(events.slice(0, 9)).toEqual(starts.slice(0, 9));
    expect(events.filter((e) => e.startsWith('end'))).toHaveLength(4);
  });

  it("keeps each task's finished slices when the race is interrupted", async () => {
    const controller = new AbortController();
    const race = new Race({ puzzles, engines: ['wasm', 'bitmask'], timing: { iterations: 2 }, slices: 3, signal: controller.signal });
    // Interrupted as the third task's second slice starts: the first two tasks have run two
    // slices, the other two one.
    race.on('task-start', (e) => {
      if (e.detail.index === 2 && e.detail.slice === 2) controller.abort();
    });
    const results = await race.run();
    checkResults(JSON.parse(JSON.stringify(results)), 'results');
    expect(results.aborted).toBe(true);
    expect(results.tasks.map((t) => t.state)).toEqual(['completed', 'completed', 'completed', 'completed']);
    expect(results.tasks.map((t) => t.slices?.length)).toEqual([2, 2, undefined, undefined]);
    for (const t of results.tasks) expect(t.verified, `${t.engine} ${t.puzzle}`).toBe(true);
    expect(results.tasks[0]!.samples!.n).toBe(2); // one sample a slice
  });

  it('keeps one worker for a task whose checked solve is longer than the timing budget', async () => {
    const race = new Race({ puzzles: puzzles.slice(0, 1), engines: ['naive'], timing: { timeMs: 1 }, slices: 4, calibration: false });
    const [task] = (await race.run()).tasks;
    expect(task!.state).toBe('completed');
    expect(task!.checkMs).toBeGreaterThan(1);
    expect(task!.slices).toBeUndefined();
  });

  it('refuses slices that are not a whole number from 1 to 50', () => {
    for (const slices of [0, 1.5, 51]) expect(() => new Race({ puzzles, slices })).toThrow(RaceConfigError);
    expect(sliceTiming({ timeMs: 600 }, 6)).toEqual({ timeMs: 100 });
    expect(sliceTiming({ iterations: 5 }, 2)).toEqual({ iterations: 3 });
  });

  it('warms each slice up as long as the whole task would', () => {
    const whole = { timeMs: 600 };
    const slice = sliceTiming(whole, 6);
    // Unsliced: a fifth of the budget.
    expect(benchPlan(slice, 5)).toMatchObject({ timeMs: 100, warmupTimeMs: 20 });
    expect(benchPlan(slice, 5, whole)).toMatchObject({ timeMs: 100, warmupTimeMs: 120, iterations: 5 });
    // A solve longer than the slice but within the whole budget still warms up; longer than that, not.
    expect(benchPlan(slice, 300)).toMatchObject({ warmupTimeMs: 0, warmupIterations: 0 });
    expect(benchPlan(slice, 300, whole)).toMatchObject({ warmupTimeMs: 120, warmupIterations: 1, iterations: 2 });
    expect(benchPlan(slice, 700, whole)).toMatchObject({ warmupTimeMs: 0, warmupIterations: 0 });
    expect(benchPlan(sliceTiming({ iterations: 12 }, 6), 5, { iterations: 12 })).toMatchObject({ iterations: 2, warmupIterations: 3 });
  });
});

describe('slicedRecord', () => {
  const task = { engine: 'wasm', puzzle: puzzles[1]! };
  const outcome = (extra: Partial<TaskOutcome>): TaskOutcome => ({
    state: 'completed',
    verdict: 'none',
    solutions: [],
    initMs: 1,
    checkMs: 1,
    samples: [1, 1.1, 1.2],
    clock: 'cpu',
    workMs: 5,
    startMs: 10,
    wallMs: 20,
    killed: false,
    ...extra,
  });

  it("pools the slices' samples, keeps each slice's median and adds up the overhead", () => {
    const r = slicedRecord(task, [outcome({}), outcome({ samples: [2, 2.2, 2.4] })], [undefined, undefined]);
    expect(r.slices).toEqual([1.1, 2.2]);
    expect(r.samples!.n).toBe(6);
    expect(r.overhead.wallMs).toBe(40);
    expect(r.calibrationSlices).toBeUndefined();
  });

  it("records a later slice's failure, or another answer, instead of timing the good slices", async () => {
    const timedOut = slicedRecord(task, [outcome({}), outcome({ state: 'timeout', message: 'the watchdog stopped it', samples: undefined })], [undefined, undefined]);
    expect(timedOut.state).toBe('timeout');
    expect(timedOut.message).toBe('slice 2 of 2: the watchdog stopped it');
    expect(timedOut.slices).toBeUndefined();
    const incomplete = slicedRecord(task, [outcome({}), outcome({ verdict: 'incomplete', reason: 'time-limit' })], [undefined, undefined]);
    expect(incomplete.message).toBe('slice 2 of 2: incomplete (time-limit)');
    // The puzzle's real solution in the first slices, "no solution" in the third.
    const { solutions } = await getEngine('bitmask', 'nonogram').solve(puzzles[1]!.puzzle as NonogramPuzzle);
    const unique = outcome({ verdict: 'unique', solutions });
    const other = slicedRecord(task, [unique, unique, outcome({ verdict: 'none' })], [undefined, undefined, undefined]);
    expect(slicedRecord(task, [unique, unique], [undefined, undefined]).state).toBe('completed');
    expect(other.state).toBe('errored');
    expect(other.verdict).toBeUndefined();
    expect(other.message).toBe("slice 3 of 3 answered none where the first answered unique: the engine's answer is not repeatable");
  });
});
