// The gate end to end with stand-in builds (test/fixtures/ab-build.mjs: its query sets the
// work a solve does and the counters it reports), real workers per run: the same code is not
// timed; more counted work fails before any timing; a head twice as slow with the same
// counters is flagged, confirmed against an A/A comparison, and fails; unsteady counters are
// not judged. Fingerprints are given by the test (all fixtures live in one file).
import { describe, expect, it } from 'vitest';
import { joinRounds, runGate, type AbResults, type Build, type GateOptions } from '../src/index.js';
import { CROSS, FRAME, entry } from './helpers.js';

const fixture = (query: string): Build => ({ ref: query, root: '.', enginesModule: new URL(`./fixtures/ab-build.mjs?${query}`, import.meta.url).href });
const PUZZLES = [entry(FRAME, 'frame'), entry(CROSS, 'cross')];
/** Fingerprints by build: the query stands for the code. */
const byQuery = async (b: Build) => new Map([['fixture-work', b.ref.replace(/ \(again\)$/, '')]]);

const gate = (base: string, head: string, extra: Partial<GateOptions> = {}) =>
  runGate({ base: fixture(base), head: fixture(head), countPuzzles: PUZZLES, timePuzzles: PUZZLES, fingerprints: byQuery, rounds: 4, confirmRounds: 4, timing: { iterations: 5 }, ...extra });

describe('runGate', () => {
  it('passes the same code without timing it', async () => {
    const r = await gate('work=1', 'work=1');
    expect(r.passed).toBe(true);
    expect(r.timing).toBeUndefined();
    expect(r.fingerprints).toEqual([{ engine: 'fixture-work', base: 'work=1', head: 'work=1', same: true }]);
    expect(r.counting.counters.counted).toEqual(['fixture-work']);
    expect(r.line).toMatch(/^gate passed: .*no engine's code changed/);
  });

  it('fails more counted work on the counters alone, before timing anything', async () => {
    const r = await gate('work=1', 'work=1&count=1.1');
    expect(r.passed).toBe(false);
    expect(r.timing).toBeUndefined();
    expect(r.counting.counters.regressions.map((c) => c.counter)).toEqual(['units', 'units']);
    expect(r.line).toMatch(/gate FAILED on work counters .*fixture-work does more work on frame: units 1000 -> 1100 \(\+10\.0%\)/);
  });

  // Many races of real worker threads: about 7 s alone, three times that beside the other
  // suites of the test command. Four rounds are plenty for a head twice as slow: the A/A
  // floor comes out at 0.98-1.03 and the A/B interval's low end at 1.9-2.0.
  it('times changed code, and fails a confirmed slowdown with the same counters', { timeout: 180_000 }, async () => {
    const r = await gate('work=1', 'work=2&count=1');
    expect(r.counting.counters.regressions).toEqual([]);
    expect(r.timed).toEqual(['fixture-work']);
    expect(r.timing!.comparison.engines[0]!.status).toBe('slower');
    const flagged = r.confirmation!.flagged.find((f) => f.what === 'fixture-work')!;
    expect(flagged.confirmed).toBe(true);
    // The A/A comparison of the same moments is near 1, the A/B one near 2.
    expect(flagged.floor!.ratio).toBeLessThan(1.3);
    expect(flagged.again!.low).toBeGreaterThan(1.3);
    expect(r.passed).toBe(false);
    expect(r.line).toMatch(/^gate FAILED on time: fixture-work slower/);
  });

  it('passes changed code that is not slower, after timing it', async () => {
    // Wide thresholds: this checks the path through the gate, not its statistics.
    const r = await gate('work=1', 'work=1&wrong=0', { threshold: 0.5, taskThreshold: 1 });
    expect(r.timed).toEqual(['fixture-work']);
    expect(r.passed).toBe(true);
    expect(r.line).toMatch(/^gate passed: .*time \(fixture-work\)/);
  }, 180_000);

  it('does not judge counters that move from run to run', async () => {
    const r = await gate('work=1&jitter=1', 'work=1&jitter=1', { fingerprints: async () => new Map() });
    expect(r.counting.counters.regressions).toEqual([]);
    expect(r.counting.counters.uncounted).toEqual(['fixture-work']);
    // No fingerprint: treated as changed, so it is timed.
    expect(r.timed).toEqual(['fixture-work']);
  }, 180_000);

  it('fails a wrong answer on the first step', async () => {
    const r = await gate('work=1', 'work=1&wrong=1');
    expect(r.passed).toBe(false);
    expect(r.counting.results.disagreements.length).toBeGreaterThan(0);
    expect(r.timing).toBeUndefined();
  });
});

describe('runGate refuses', () => {
  it('a gate with nothing to judge, and too few rounds', async () => {
    await expect(gate('work=1', 'work=1', { countPuzzles: [], timePuzzles: [] })).rejects.toThrow(/nothing to judge/);
    await expect(gate('work=1', 'work=1', { rounds: 1 })).rejects.toThrow(/at least 2/);
  });
});

describe('joinRounds', () => {
  it('numbers the rounds of later races after the earlier ones', () => {
    const part = (wallMs: number): AbResults =>
      ({
        options: { rounds: 2 },
        tasks: [{ engine: 'e', puzzle: 'p', kind: 'nonogram', runs: [1, 2].map((round) => ({ side: 'base', round, state: 'completed', verified: true, wallMs })) }],
        disagreements: [],
        wallMs,
      }) as unknown as AbResults;
    const joined = joinRounds([part(1), part(2)]);
    expect(joined.options.rounds).toBe(4);
    expect(joined.tasks[0]!.runs.map((r) => r.round)).toEqual([1, 2, 3, 4]);
    expect(joined.wallMs).toBe(3);
  });
});
