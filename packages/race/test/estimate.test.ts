// The estimate said before a race: tasks measured in an earlier race timed the same way count
// with the time they took there (scaled by that race's time between tasks), the newest race
// first; the rest fall back to the model. Real race files are read back from disk.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Race, estimateRace, estimateRaceMs, pastRace, readPastRaces, stringifyResults, type EstimateOptions, type RaceResults } from '../src/index.js';
import { CROSS, FRAME, entry } from './helpers.js';

const TIMING: EstimateOptions = { timing: { iterations: 2 }, clock: 'cpu', timeLimitMs: 10_000, calibration: false };

let real: RaceResults | undefined;
async function realResults(): Promise<RaceResults> {
  real ??= await new Race({ puzzles: [entry(FRAME, 'frame'), entry(CROSS, 'cross')], engines: ['naive'], timing: { iterations: 2 }, calibration: false }).run();
  return real;
}

describe('estimateRace', () => {
  it('takes each task from the newest earlier race timed the same way, scaled by its time between tasks', async () => {
    const r = await realResults();
    const hashes = r.puzzles.map((p) => p.hash);
    const tasks = hashes.map((puzzleHash) => ({ engine: 'naive', puzzleHash }));
    const past = pastRace(r, 'a/results.json');
    const sum = r.tasks.reduce((s, t) => s + t.overhead.wallMs, 0);
    expect(past.overhead).toBeCloseTo(Math.max(1, r.summary.wallMs / sum), 9);
    const e = estimateRace(tasks, 2, TIMING, [past]);
    expect(e).toMatchObject({ measured: 2, total: 2, sources: ['a/results.json'] });
    expect(e.ms).toBeCloseTo(sum * past.overhead, 6);
    expect(e.ms).toBeCloseTo(Math.max(r.summary.wallMs, sum), 6);

    // A newer race of the same tasks wins; one timed another way is not a guide at all.
    const newer = { ...past, source: 'b/results.json', taskMs: new Map([...past.taskMs].map(([k, v]) => [k, v * 3])) };
    expect(estimateRace(tasks, 2, TIMING, [newer, past]).ms).toBeCloseTo(3 * e.ms, 6);
    const otherBudget = { ...newer, options: { ...TIMING, timing: { timeMs: 200 } } };
    expect(estimateRace(tasks, 2, TIMING, [otherBudget, past]).sources).toEqual(['a/results.json']);
    for (const change of [{ clock: 'wall' as const }, { timeLimitMs: 5000 }, { calibration: true }, { slices: 6 }]) {
      expect(estimateRace(tasks, 2, { ...TIMING, ...change }, [past]).measured).toBe(0);
    }
  });

  it('falls back to the model for tasks no earlier race has', async () => {
    const r = await realResults();
    const known = { engine: 'naive', puzzleHash: r.puzzles[0]!.hash };
    const unknown = { engine: 'bitmask', puzzleHash: r.puzzles[0]!.hash };
    const past = pastRace(r, 'a/results.json');
    const partial = estimateRace([known, unknown], 1, TIMING, [past]);
    expect(partial).toMatchObject({ measured: 1, total: 2 });
    expect(partial.ms).toBeCloseTo(past.taskMs.values().next().value! * past.overhead + estimateRaceMs(1, 0, 0, false), 6);
    const none = estimateRace([unknown], 1, { ...TIMING, calibration: true }, [past]);
    expect(none).toEqual({ ms: estimateRaceMs(1, 1, 0, true), measured: 0, total: 1, sources: [] });
    // Sliced: a worker and the calibration per slice, each slice with its share of the budget
    // (100 ms) and the whole task's warm-up (120 ms) in place of its own (20 ms).
    const sliced = estimateRace([unknown], 1, { ...TIMING, timing: { timeMs: 600 }, calibration: true, slices: 6 }, []);
    expect(sliced.ms).toBeCloseTo(6 * estimateRaceMs(1, 1, 200, true), 6);
  });
});

describe('readPastRaces', () => {
  it('reads each folder\'s results.json newest first and passes over files it cannot use', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'gridrace-past-'));
    const r = await realResults();
    for (const [name, text] of [['old', stringifyResults(r)], ['broken', '{'], ['stranger', '{"format":"x"}'], ['new', stringifyResults(r)]] as const) {
      mkdirSync(join(dir, name));
      writeFileSync(join(dir, name, 'results.json'), text);
      await new Promise((resolve) => setTimeout(resolve, 20)); // distinct modification times
    }
    expect(readPastRaces(dir).map((p) => p.source)).toEqual([join(dir, 'new', 'results.json'), join(dir, 'old', 'results.json')]);
    expect(readPastRaces(join(dir, 'missing'))).toEqual([]);
  });
});
