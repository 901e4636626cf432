// The Race object: planning (engines by kind, shards, config errors), the order of its
// events, and an interrupted race that still hands back what finished; how a worker's
// outcome becomes a record (impossible answers are errors), and the cross-check's view of them.
import { describe, expect, it } from 'vitest';
import { RESULTS_JSON_SCHEMA, Race, RaceConfigError, crossCheck, loadEngineModules, schemaProblems, summarize, type TaskRecord } from '../src/index.js';
import type { TaskOutcome } from '../src/isolate.js';
import { toRecord } from '../src/task-record.js';
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

describe('toRecord', () => {
  const task = { engine: 'e', puzzle: entry(FRAME, 'frame') };
  const good = FRAME.solution!;
  const flipped = { ...good, cells: Uint8Array.from(good.cells, (c, i) => (i === 0 ? 1 - c : c)) };
  const outcome = (o: Partial<TaskOutcome> & Record<string, unknown>): TaskOutcome =>
    ({ state: 'completed', clock: 'wall', solutions: [], initMs: 0, workMs: 1, startMs: 1, wallMs: 5, killed: false, ...o }) as TaskOutcome;
  const calibration = summarize([0.8, 0.9, 1]);

  it('keeps a possible answer, with the puzzle\'s calibration', () => {
    const r = toRecord(task, outcome({ verdict: 'unique', solutions: [good], samples: [1, 2, 3], counters: { lines: 3 } }), calibration);
    expect(r).toMatchObject({ state: 'completed', verdict: 'unique', verified: true, solutions: 1, calibration, counters: { lines: 3 } });
    expect(r.samples!.n).toBe(3);
    expect(toRecord(task, outcome({ verdict: 'incomplete', reason: 'limit', message: 'placement cap' }))).toMatchObject({ state: 'completed', reason: 'limit', message: 'placement cap' });
  });

  it('records every answer the contract rules out as errored, without verdict, reason or samples', () => {
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ verdict: 'incomplete', reason: 'banana' }, /incomplete with reason "banana"/],
      [{ verdict: 'incomplete' }, /incomplete with reason undefined/],
      [{ verdict: 'maybe', solutions: [good] }, /verdict "maybe"/],
      [{ verdict: 'unique', solutions: [] }, /unique with no solution/],
      [{ verdict: 'unique', solutions: [good, flipped] }, /unique with 2 solutions/],
      [{ verdict: 'unique', solutions: [flipped] }, /unique with no verified solution/],
      [{ verdict: 'multiple', solutions: [good] }, /multiple with 1 solution$/],
      [{ verdict: 'multiple', solutions: [good, good] }, /multiple with 1 distinct verified solution/],
      [{ verdict: 'multiple', solutions: [good, flipped] }, /multiple with 1 distinct verified solution/],
      [{ verdict: 'none', solutions: [good] }, /none with 1 solution/],
    ];
    for (const [answer, message] of cases) {
      const r = toRecord(task, outcome({ ...answer, samples: [1, 2], batch: 4, wallMean: 1 }), calibration);
      const what = JSON.stringify(answer.verdict) + ' ' + JSON.stringify(answer.reason);
      expect(r.state, what).toBe('errored');
      expect(r.message, what).toMatch(message);
      expect(r.verdict, what).toBeUndefined();
      expect(r.reason, what).toBeUndefined();
      expect(r.samples, what).toBeUndefined();
      expect(r.batch, what).toBeUndefined();
      expect(schemaProblems(r, RESULTS_JSON_SCHEMA.properties!.tasks!.items!), what).toEqual([]);
    }
    // A wrong grid is still reported as failing verification (the cross-check makes it loud).
    expect(toRecord(task, outcome({ verdict: 'unique', solutions: [flipped] })).verified).toBe(false);
  });

  it("says an external program's samples are its CPU time only under the cpu clock", () => {
    const process = { cpuMs: 12, wallMs: 15, startupCpuMs: 9, startupWallMs: 11 };
    const answer = { verdict: 'unique' as const, solutions: [good], samples: [12, 13, 14], process };
    expect(toRecord(task, outcome({ ...answer, clock: 'cpu' })).process).toEqual({ cpuMeasured: true, wallMedian: 15, startupCpuMs: 9, startupWallMs: 11 });
    expect(toRecord(task, outcome({ ...answer, clock: 'wall' })).process).toMatchObject({ cpuMeasured: false, startupWallMs: 11 });
    // Without python3 the program's CPU time is unknown: its samples are wall time on either clock.
    expect(toRecord(task, outcome({ ...answer, clock: 'cpu', process: { wallMs: 15, startupWallMs: 11 } })).process!.cpuMeasured).toBe(false);
  });

  it('drops what the schema refuses: counters that are not numbers, unknown difficulties', () => {
    const r = toRecord(task, outcome({ verdict: 'unique', solutions: [good], counters: { ok: 1, bad: 'x' as never, inf: Infinity }, difficulty: 'easy' as never }));
    expect(r.counters).toEqual({ ok: 1 });
    expect(r.difficulty).toBeUndefined();
    expect(r.message).toMatch(/2 counter\(s\) dropped/);
    expect(r.message).toMatch(/difficulty "easy" dropped/);
    expect(r.state).toBe('completed');
  });

  it('notes a calibration that failed instead of inventing one', () => {
    const r = toRecord(task, outcome({ verdict: 'unique', solutions: [good] }), 'the calibration worker did not answer');
    expect(r.calibration).toBeUndefined();
    expect(r.message).toBe('the calibration worker did not answer');
  });
});

describe('crossCheck and impossible answers', () => {
  it('lets no impossible record settle a verdict, even from an older file', () => {
    const puzzle = entry(FRAME, 'frame').record;
    const rec = (engine: string, o: Partial<TaskRecord>): TaskRecord => ({
      engine,
      puzzle: 'frame',
      state: 'completed',
      verified: true,
      solutions: 1,
      overhead: { startMs: 1, initMs: 0, wallMs: 1, harnessMs: 1 },
      ...o,
    });
    const fine = rec('a', { verdict: 'unique', solutionHash: puzzle.knownSolution! });
    // Written before answers were checked: `unique` with no solution and `none` with one.
    const empty = rec('b', { state: 'errored', verdict: 'unique', solutions: 0 });
    expect(crossCheck(puzzle, [fine, empty])).toEqual([]);
    const multipleOfOne = rec('c', { verdict: 'multiple', solutions: 1 });
    expect(crossCheck(puzzle, [fine, multipleOfOne])).toEqual([]);
    expect(crossCheck(puzzle, [fine, rec('e', { verdict: 'none', solutions: 1 })])).toEqual([]);
    // A possible `multiple` does disagree.
    expect(crossCheck(puzzle, [fine, rec('d', { verdict: 'multiple', solutions: 2 })]).map((d) => d.message).join()).toMatch(/engines disagree/);
  });
});
