// The A/B race end to end with stand-in builds (test/fixtures/ab-build.mjs, one file serving
// as several builds through its query): ABBA order, real workers per run, a head that does
// twice the work flagged slower, a wrong answer caught, engines only one build has refused.
import { describe, expect, it } from 'vitest';
import { AbRace, RaceConfigError, abOrder, compareAb, type Build } from '../src/index.js';
import { CROSS, FRAME, entry } from './helpers.js';

const fixture = (query: string): Build => ({ ref: query, root: '.', enginesModule: new URL(`./fixtures/ab-build.mjs?${query}`, import.meta.url).href });
const PUZZLES = [entry(FRAME, 'frame'), entry(CROSS, 'cross')];

describe('abOrder', () => {
  it('flips the order from task to task and from round to round', () => {
    const orders = [1, 2, 3, 4].map((round) => [0, 1, 2].map((position) => abOrder(position, round).join('')));
    expect(orders[0]).toEqual(['basehead', 'headbase', 'basehead']);
    for (let r = 1; r < orders.length; r++) {
      for (let p = 0; p < 3; p++) expect(orders[r]![p]).not.toBe(orders[r - 1]![p]);
    }
    // Over two rounds every task runs base first once and head first once.
    for (let p = 0; p < 3; p++) expect(new Set([orders[0]![p], orders[1]![p]]).size).toBe(2);
  });
});

describe('AbRace', () => {
  it('races both builds in alternating runs and flags a head that does twice the work', async () => {
    const race = await AbRace.create({ puzzles: PUZZLES, base: fixture('work=1'), head: fixture('work=2'), rounds: 4, timing: { iterations: 5 } });
    expect(race.tasks.map((t) => `${t.puzzle.record.id}:${t.engine}`)).toEqual(['frame:fixture-work', 'cross:fixture-work']);
    const seen: string[] = [];
    race.on('run-end', (e) => seen.push(`${e.detail.run.round}${e.detail.run.side[0]}`));
    const results = await race.run();
    // Round 1: frame base, head; cross head, base; round 2 the other way round.
    expect(seen.slice(0, 8)).toEqual(['1b', '1h', '1h', '1b', '2h', '2b', '2b', '2h']);
    expect(seen).toHaveLength(16);
    expect(results.disagreements).toEqual([]);
    for (const task of results.tasks) {
      expect(task.runs.every((r) => r.state === 'completed' && r.verdict === 'unique' && r.verified && r.median! > 0)).toBe(true);
    }
    const c = compareAb(results, { threshold: 0.05 });
    const engine = c.engines.find((e) => e.engine === 'fixture-work')!;
    expect(engine.status).toBe('slower');
    expect(engine.ratio).toBeGreaterThan(1.4);
    expect(engine.low).toBeGreaterThan(1.05);
    expect(c.regressions).toBeGreaterThan(0);
  });

  it('reports a build whose answer fails verification as a disagreement', async () => {
    const race = await AbRace.create({ puzzles: PUZZLES.slice(0, 1), base: fixture('work=1'), head: fixture('work=1&wrong=1'), rounds: 2, timing: { iterations: 2 } });
    const results = await race.run();
    expect(results.disagreements.length).toBeGreaterThan(0);
    expect(results.disagreements[0]!.message).toMatch(/fixture-work@head/);
    expect(compareAb(results).regressions).toBeGreaterThan(0);
  });

  it("loads each run's engine through lazy.js when both builds have one, and through the registry otherwise", async () => {
    const lazy: Build = { ref: 'lazy', root: '.', enginesModule: new URL('./fixtures/lazy-build/index.js', import.meta.url).href };
    const results = await (await AbRace.create({ puzzles: PUZZLES.slice(0, 1), base: lazy, head: lazy, rounds: 2, timing: { iterations: 2 } })).run();
    expect(results.tasks[0]!.runs.map((r) => `${r.state}:${r.verdict}:${r.verified}`)).toEqual(Array(4).fill('completed:unique:true'));
    // With lazy.js on one side only, both sides go through their registries, and the lazy
    // fixture's registry refuses.
    const registry: Build = { ref: 'registry', root: '.', enginesModule: new URL('./fixtures/registry-build/index.js', import.meta.url).href };
    const mixed = await (await AbRace.create({ puzzles: PUZZLES.slice(0, 1), base: lazy, head: registry, engines: ['bitmask'], rounds: 2, timing: { iterations: 2 } })).run();
    const runs = mixed.tasks[0]!.runs;
    // (A task whose run fails is not run again.)
    expect(runs.find((r) => r.side === 'head')!.state).toBe('completed');
    const base = runs.find((r) => r.side === 'base')!;
    expect(`${base.state}: ${base.message}`).toMatch(/^errored: .*the registry was asked for bitmask/);
  });

  it('refuses an engine that only one build has, and too few rounds', async () => {
    const base = fixture('work=1');
    // The built engines package (workers run plain Node, so not its TypeScript source).
    const head: Build = { ref: 'the engines package', root: '.', enginesModule: new URL('../../engines/dist/index.js', import.meta.url).href };
    await expect(AbRace.create({ puzzles: PUZZLES, base, head, engines: ['naive'] })).rejects.toThrow(/only in the head build/);
    await expect(AbRace.create({ puzzles: PUZZLES, base, head: base, rounds: 1 })).rejects.toThrow(RaceConfigError);
  });
});
