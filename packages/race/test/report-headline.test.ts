// The headline per puzzle kind: the fastest engine against the runner-up, with the puzzle,
// failure and disagreement counts, at the top of summary.md and report.html.
import { describe, expect, it } from 'vitest';
import { raceHeadlines, raceHtml, raceMarkdown, type RaceResults, type TaskRecord } from '../src/index.js';
import { syntheticRun, type SyntheticRun } from './helpers.js';

// noise 0: every sample is the task's true time, (1 + puzzle) * (1 + engine index) * slowdown ms.
const exact = (o: Omit<SyntheticRun, 'seed' | 'noise'>) => syntheticRun({ ...o, seed: 3, noise: 0 });

describe('raceHeadlines', () => {
  it('names the winner against the runner-up with the factor, the puzzles both solved and the failures', () => {
    // slow takes 2 * 3 = 6 times as long as fast, and times out on p4.
    const r = exact({ engines: ['slow', 'fast'], puzzles: 5, slowdown: { slow: 6, fast: 0.5 }, states: { 'slow:4': 'timeout' } });
    expect(raceHeadlines(r)).toEqual([
      'nonogram: fast 6.00x faster than slow, geometric mean over 4 of 5 puzzles both solved; fast 0 failures, slow 1 failure (1 timeout); 0 disagreements',
    ]);
  });

  it('with three engines takes the best and the second best; the others still show their failures', () => {
    // Engine index factors 1, 2, 3 times these slowdowns: a 1x, b 2x, c 3x the base time.
    const r = exact({ engines: ['c', 'a', 'b'], puzzles: 3, slowdown: { c: 3, a: 1 / 2, b: 2 / 3 }, states: { 'c:0': 'oom', 'c:1': 'errored' } });
    expect(raceHeadlines(r)[0]).toBe(
      'nonogram: a 2.00x faster than b, geometric mean over 3 puzzles both solved; a 0 failures, b 0 failures, c 2 failures (1 OOM, 1 error); 0 disagreements',
    );
  });

  it('counts engines that gave up as failures and disagreements on the kind', () => {
    const base = exact({ engines: ['wasm', 'naive'], puzzles: 3 });
    const tasks = base.tasks.map((t): TaskRecord => {
      if (t.engine !== 'naive' || t.puzzle !== 'p2') return t;
      const { samples: _s, ...rest } = t;
      return { ...rest, verdict: 'incomplete', reason: 'limit', message: 'placement cap' };
    });
    const r: RaceResults = { ...base, tasks, disagreements: [{ puzzle: 'p0', message: 'x', verdicts: { wasm: 'unique', naive: 'none' } }] };
    expect(raceHeadlines(r)[0]).toBe(
      'nonogram: wasm 2.00x faster than naive, geometric mean over 2 of 3 puzzles both solved; wasm 0 failures, naive 1 failure (1 gave up); 1 disagreement',
    );
  });

  it('compares external programs less their start-up, says so, and leaves out what is too quick to tell from it', () => {
    // True times: wasm 2, 4, 6 ms; bitmask 4, 8, 12; nonosolve 1, 2, 3 (its p0 is 0.5: too quick).
    const base = exact({ engines: ['wasm', 'bitmask', 'nonosolve'], puzzles: 3, slowdown: { wasm: 2, bitmask: 2, nonosolve: 1 / 3 } });
    const STARTUP = 9;
    const tasks = base.tasks.map((t): TaskRecord => {
      if (t.engine !== 'nonosolve') return t;
      // As timed from outside: the program's start-up CPU on top of its solve.
      const median = (t.puzzle === 'p0' ? 0.5 : t.samples!.median) + STARTUP;
      return { ...t, samples: { ...t.samples!, median }, process: { cpuMeasured: true, wallMedian: median + 1, startupCpuMs: STARTUP } };
    });
    const engines = base.engines.map((e) => (e.name === 'nonosolve' ? { ...e, program: '/peers/nonosolve' } : e));
    const r: RaceResults = { ...base, engines, tasks };
    expect(raceHeadlines(r)[0]).toBe(
      'nonogram: nonosolve 2.00x faster than wasm, geometric mean over 2 of 3 puzzles both solved; nonosolve 0 failures, wasm 0 failures, bitmask 0 failures; 0 disagreements; ' +
        'timed as CPU time per solve: built-in engines in a warm worker, external programs less their start-up CPU',
    );
    const md = raceMarkdown(r);
    expect(md).toContain('Median CPU time per solve: built-in engines in a warm worker, external programs less their start-up CPU (a 1x1 puzzle; under 1 ms left is too quick to compare)');
    expect(md).toMatch(/\| p0 \| [^\n]*\| under 1 ms after start-up \|/);
    expect(raceHtml(r)).toContain('Times: median CPU time per solve: built-in engines in a warm worker, external programs less their start-up CPU');
    // Where a built-in engine comes second, the strongest external program is still named
    // (nonosolve ten times slower: 5/2, 20/4, 30/6 against wasm, geometric mean 3.97).
    const slowPeer: RaceResults = { ...r, tasks: r.tasks.map((t) => (t.engine === 'nonosolve' ? { ...t, samples: { ...t.samples!, median: (t.samples!.median - STARTUP) * 10 + STARTUP } } : t)) };
    expect(raceHeadlines(slowPeer)[0]).toBe(
      'nonogram: wasm 2.00x faster than bitmask, geometric mean over 3 puzzles both solved; the strongest external program, nonosolve: 3.97x slower than wasm over 3 puzzles both solved; ' +
        'wasm 0 failures, bitmask 0 failures, nonosolve 0 failures; 0 disagreements; timed as CPU time per solve: built-in engines in a warm worker, external programs less their start-up CPU',
    );
    // On the wall clock a program's samples are its wall time: its start-up wall time comes off.
    const onWall: RaceResults = {
      ...r,
      options: { ...r.options, clock: 'wall' },
      tasks: r.tasks.map((t) => (t.process ? { ...t, samples: { ...t.samples!, median: t.samples!.median + 2 }, process: { cpuMeasured: false, wallMedian: t.samples!.median + 2, startupCpuMs: STARTUP, startupWallMs: STARTUP + 2 } } : t)),
    };
    expect(raceHeadlines(onWall)[0]).toBe(
      'nonogram: nonosolve 2.00x faster than wasm, geometric mean over 2 of 3 puzzles both solved; nonosolve 0 failures, wasm 0 failures, bitmask 0 failures; 0 disagreements; ' +
        'timed as wall-clock time per solve: built-in engines in a warm worker, external programs less their start-up time',
    );
    // Without an external engine the basis is plain, and the headline says nothing of it.
    expect(raceHeadlines(base)[0]).not.toMatch(/timed as/);
    expect(raceMarkdown(base)).toContain('Median CPU time per solve in a warm worker (± relative margin of error)');
  });

  it('calls a tie a tie', () => {
    // y's base time is twice x's; a slowdown of 0.5 makes them equal.
    const r = exact({ engines: ['x', 'y'], puzzles: 2, slowdown: { y: 0.5 } });
    expect(raceHeadlines(r)[0]).toBe('nonogram: x and y equally fast (1.00x), geometric mean over 2 puzzles both solved; x 0 failures, y 0 failures; 0 disagreements');
  });

  it('handles one engine, nobody solving anything, and only one engine solving', () => {
    expect(raceHeadlines(exact({ engines: ['solo'], puzzles: 3, states: { 'solo:1': 'timeout' } }))).toEqual([
      'nonogram: only solo raced, 2 of 3 puzzles solved; solo 1 failure (1 timeout); 0 disagreements',
    ]);
    const states = { 'a:0': 'timeout', 'a:1': 'timeout', 'b:0': 'timeout', 'b:1': 'errored' } as const;
    expect(raceHeadlines(exact({ engines: ['a', 'b'], puzzles: 2, states }))).toEqual([
      'nonogram: no engine solved any of the 2 puzzles; a 2 failures (2 timeout), b 2 failures (1 timeout, 1 error); 0 disagreements',
    ]);
    expect(raceHeadlines(exact({ engines: ['a', 'b'], puzzles: 2, states: { 'a:0': 'timeout', 'a:1': 'timeout' } }))).toEqual([
      'nonogram: only b solved any puzzle (2 puzzles); b 0 failures, a 2 failures (2 timeout); 0 disagreements',
    ]);
  });

  it('has one line per kind raced, and none without puzzles', () => {
    const base = exact({ engines: ['n1', 'n2'], puzzles: 3 });
    const r: RaceResults = {
      ...base,
      engines: [...base.engines, { name: 'ap', kind: 'arrowpath', description: 'ap' }],
      puzzles: base.puzzles.map((p) => (p.id === 'p2' ? { ...p, kind: 'arrowpath' as const } : p)),
      tasks: base.tasks.filter((t) => t.puzzle !== 'p2').concat([{ ...base.tasks.find((t) => t.puzzle === 'p2')!, engine: 'ap' }]),
    };
    const lines = raceHeadlines(r);
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^nonogram: n1 2\.00x faster than n2, geometric mean over 2 puzzles both solved;/);
    expect(lines[1]).toBe('arrowpath: only ap raced, 1 puzzle solved; ap 0 failures; 0 disagreements');
    expect(raceHeadlines({ ...base, puzzles: [], tasks: [] })).toEqual([]);
  });
});

describe('the headline in the reports', () => {
  // slow 3 * 1, fast 0.5 * 2 = 1 times the base time.
  const r = exact({ engines: ['slow', 'fast'], puzzles: 3, slowdown: { slow: 3, fast: 0.5 } });
  const headline = 'nonogram: fast 3.00x faster than slow, geometric mean over 3 puzzles both solved; fast 0 failures, slow 0 failures; 0 disagreements';

  it('opens summary.md', () => {
    const md = raceMarkdown(r).split('\n');
    expect(md[0]).toBe('# gridrace race');
    expect(md[2]).toBe(`- **${headline}**`);
  });

  it('opens report.html', () => {
    const page = raceHtml(r);
    const at = page.indexOf(`<ul class="headline"><li>${headline}</li></ul>`);
    expect(at).toBeGreaterThan(page.indexOf('<h1>'));
    expect(at).toBeLessThan(page.indexOf('class="meta"'));
  });
});
