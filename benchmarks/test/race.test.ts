// The Race object: planning (engines by kind, shards, config errors), the order of its
// events, and an interrupted race that still hands back what finished.
import { describe, expect, it } from 'vitest';
import { Race, RaceConfigError, loadEngineModules } from '../src/index.js';
import { CROSS, FRAME, entry, nonogram } from './helpers.js';

const FIXTURES = new URL('./fixtures/engines.mjs', import.meta.url).href;
const THREE = [entry(FRAME, 'frame'), entry(CROSS, 'cross'), entry(nonogram(['#.', '.#'], 'diag'), 'diag')];

describe('Race planning', () => {
  it('pairs each puzzle with the engines of its kind, puzzle by puzzle, and shards by puzzle', async () => {
    await loadEngineModules([FIXTURES]);
    const race = new Race({ puzzles: THREE, engines: ['naive', 'fixture-known'] });
    expect(race.tasks.map((t) => `${t.puzzle.record.id}:${t.engine}`)).toEqual([
      'frame:naive',
      'frame:fixture-known',
      'cross:naive',
      'cross:fixture-known',
      'diag:naive',
      'diag:fixture-known',
    ]);
    const shard = new Race({ puzzles: THREE, engines: ['naive'], shard: { index: 2, count: 2 } });
    expect(shard.tasks.map((t) => t.puzzle.record.id)).toEqual(['cross']);
    // Without a list: every registered engine of a kind present, none of another kind.
    const all = new Race({ puzzles: THREE });
    expect(all.tasks.every((t) => t.puzzle.record.kind === 'nonogram')).toBe(true);
    expect(new Set(all.tasks.map((t) => t.engine))).toContain('naive');
    expect(all.tasks.some((t) => t.engine.startsWith('arrowpath'))).toBe(false);
  });

  it('refuses unknown engines and nonsense options', () => {
    expect(() => new Race({ puzzles: THREE, engines: ['nope'] })).toThrow(RaceConfigError);
    expect(() => new Race({ puzzles: THREE, timing: { iterations: 0 } })).toThrow(RaceConfigError);
    expect(() => new Race({ puzzles: THREE, timing: { timeMs: -1 } })).toThrow(RaceConfigError);
    expect(() => new Race({ puzzles: THREE, memoryMb: 1 })).toThrow(RaceConfigError);
    expect(() => new Race({ puzzles: THREE, clock: 'sundial' as never })).toThrow(RaceConfigError);
  });
});

describe('Race events and interruption', () => {
  it('emits start, task-start/task-end pairs in order, then complete', async () => {
    const race = new Race({ puzzles: THREE.slice(0, 2), engines: ['naive'], timing: { iterations: 1 }, calibration: false });
    const seen: string[] = [];
    race.on('start', (e) => seen.push(`start ${e.detail.tasks.length}`));
    race.on('task-start', (e) => seen.push(`begin ${e.detail.index}`));
    race.on('task-end', (e) => seen.push(`end ${e.detail.index} ${e.detail.record.state}`));
    race.on('complete', (e) => seen.push(`complete ${e.detail.results.tasks.length}`));
    const results = await race.run();
    expect(seen).toEqual(['start 2', 'begin 0', 'end 0 completed', 'begin 1', 'end 1 completed', 'complete 2']);
    expect(results.tasks.every((t) => t.calibration === undefined)).toBe(true);
    expect(results.options.calibration).toBe(false);
  });

  it('stops at an abort, terminating the running worker, and returns the finished tasks', async () => {
    await loadEngineModules([FIXTURES]);
    const controller = new AbortController();
    const race = new Race({
      puzzles: THREE,
      engines: ['fixture-known', 'fixture-hang'],
      timeLimitMs: 60_000,
      timing: { iterations: 1 },
      load: [FIXTURES],
      signal: controller.signal,
    });
    race.on('task-start', (e) => {
      // Abort while the hanging engine holds its worker: only the watchdog-free abort can end it.
      if (e.detail.task.engine === 'fixture-hang') setTimeout(() => controller.abort(), 300);
    });
    const started = performance.now();
    const results = await race.run();
    expect(performance.now() - started).toBeLessThan(20_000);
    expect(results.aborted).toBe(true);
    expect(results.tasks.map((t) => `${t.engine}:${t.state}`)).toEqual(['fixture-known:completed']);
  });
});
