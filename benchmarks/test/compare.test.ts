// The regression gate on synthetic runs whose true times are known: no false alarm on
// unchanged runs, a 15% slower engine caught every time, machine speed cancelled by the
// calibration, and changes hidden in noise not reported.
import { describe, expect, it } from 'vitest';
import { compareMarkdown, compareResults } from '../src/index.js';
import { syntheticRun } from './helpers.js';

const ENGINES = ['a', 'b'];
const base = (seed: number, extra = {}) => syntheticRun({ engines: ENGINES, puzzles: 8, seed, jitter: 0.02, ...extra });

describe('compareResults', () => {
  it('raises no alarm between unchanged runs (50 pairs)', () => {
    for (let seed = 1; seed <= 50; seed++) {
      const c = compareResults(base(seed), base(1000 + seed));
      expect(c.regressions, `pair ${seed}`).toBe(0);
      expect(c.engines.every((e) => e.status === 'same')).toBe(true);
    }
  });

  it('flags an engine doing 15% more work in every one of 50 pairs', () => {
    for (let seed = 1; seed <= 50; seed++) {
      const c = compareResults(base(seed), base(1000 + seed, { slowdown: { b: 1.15 } }));
      const b = c.engines.find((e) => e.engine === 'b')!;
      expect(b.status, `pair ${seed}`).toBe('slower');
      expect(b.ratio).toBeGreaterThan(1.1);
      expect(c.engines.find((e) => e.engine === 'a')!.status).toBe('same');
      expect(c.regressions).toBeGreaterThanOrEqual(1);
    }
  });

  it('cancels a slower machine through the calibration workload', () => {
    const c = compareResults(base(1), base(2, { machine: 1.5 }));
    expect(c.regressions).toBe(0);
    // Without the reference the same pair looks like a 50% regression of everything.
    const raw = compareResults(base(1), base(2, { machine: 1.5 }), { reference: 'none' });
    expect(raw.engines.every((e) => e.status === 'slower')).toBe(true);
  });

  it('can divide by a reference engine instead', () => {
    const c = compareResults(base(1), base(2, { slowdown: { b: 1.2 }, machine: 1.3 }), { reference: 'a' });
    expect(c.engines.find((e) => e.engine === 'b')!.status).toBe('slower');
    expect(c.tasks.filter((t) => t.engine === 'a').every((t) => t.status === 'not-timed')).toBe(true);
    expect(() => compareResults(base(1), base(2), { reference: 'zzz' })).toThrow(RangeError);
  });

  it('flags a single task that got much slower, and names it', () => {
    const c = compareResults(base(1), base(2, { taskSlowdown: { 'a:3': 1.6 } }));
    const slower = c.tasks.filter((t) => t.status === 'slower');
    expect(slower.map((t) => `${t.engine}:${t.puzzle}`)).toEqual(['a:p3']);
    expect(slower[0]!.ratio).toBeGreaterThan(1.4);
    expect(c.regressions).toBeGreaterThanOrEqual(1);
  });

  it('does not gate microsecond tasks on a doubling that a fresh worker can show, but does on larger ones', () => {
    // Tasks of 7-56 µs whose times double: within the per-call resolution (2 µs a run).
    const tiny = (seed: number, extra = {}) => syntheticRun({ engines: ['a'], puzzles: 8, seed, unitMs: 0.007, ...extra });
    const c = compareResults(tiny(1), tiny(2, { taskSlowdown: { 'a:0': 2 } }));
    expect(c.tasks.find((t) => t.puzzle === 'p0')!.status).toBe('same');
    expect(c.resolutionMs).toBe(0.002);
    // Without the resolution term the same doubling is flagged...
    expect(compareResults(tiny(1), tiny(2, { taskSlowdown: { 'a:0': 2 } }), { resolutionMs: 0 }).tasks.find((t) => t.puzzle === 'p0')!.status).toBe('slower');
    // ...and a tenfold slowdown of a 7 µs task, or a doubling of a 56 µs one, still is.
    expect(compareResults(tiny(1), tiny(2, { taskSlowdown: { 'a:0': 10 } })).tasks.find((t) => t.puzzle === 'p0')!.status).toBe('slower');
    expect(compareResults(tiny(1), tiny(2, { taskSlowdown: { 'a:7': 2 } })).tasks.find((t) => t.puzzle === 'p7')!.status).toBe('slower');
    expect(() => compareResults(tiny(1), tiny(2), { resolutionMs: -1 })).toThrow(RangeError);
  });

  it('does not report a change that is within the noise', () => {
    // 40% sample noise with only 3 samples: a 15% change cannot be told from noise.
    const noisy = (seed: number, extra = {}) => syntheticRun({ engines: ENGINES, puzzles: 3, seed, noise: 0.4, samples: 3, ...extra });
    const c = compareResults(noisy(1), noisy(2, { slowdown: { b: 1.15 } }));
    expect(c.engines.find((e) => e.engine === 'b')!.status).toBe('same');
    expect(c.engines.find((e) => e.engine === 'b')!.noise).toBeGreaterThan(0.05);
  });

  it('needs the change to exceed the threshold as well', () => {
    const quiet = (seed: number, extra = {}) => syntheticRun({ engines: ENGINES, puzzles: 8, seed, noise: 0.002, ...extra });
    const fivePercent = { slowdown: { b: 1.05 } };
    expect(compareResults(quiet(1), quiet(2, fivePercent), { noiseFloor: 0.002 }).regressions).toBe(0);
    const strict = compareResults(quiet(1), quiet(2, fivePercent), { noiseFloor: 0.002, threshold: 0.03 });
    expect(strict.engines.find((e) => e.engine === 'b')!.status).toBe('slower');
  });

  it('counts a task that stopped finishing as a regression, and one that started as none', () => {
    const c = compareResults(base(1), base(2, { states: { 'b:2': 'timeout' } }));
    expect(c.tasks.find((t) => t.engine === 'b' && t.puzzle === 'p2')!.status).toBe('broken');
    expect(c.regressions).toBe(1);
    const back = compareResults(base(2, { states: { 'b:2': 'timeout' } }), base(1));
    expect(back.tasks.find((t) => t.engine === 'b' && t.puzzle === 'p2')!.status).toBe('fixed');
    expect(back.regressions).toBe(0);
  });

  it('notes tasks only in one run and a change of CPU', () => {
    const c = compareResults(syntheticRun({ engines: ENGINES, puzzles: 4, seed: 1 }), syntheticRun({ engines: ['a', 'b', 'c'], puzzles: 5, seed: 2, cpu: 'Other CPU' }));
    expect(c.tasks.filter((t) => t.status === 'new')).toHaveLength(7);
    expect(c.notes.join(' ')).toMatch(/different CPUs/);
    expect(c.notes.join(' ')).toMatch(/7 task\(s\) only in the current run/);
  });

  it('writes a markdown table that names regressions', () => {
    const c = compareResults(base(1), base(2, { slowdown: { b: 1.3 } }));
    const md = compareMarkdown(c);
    expect(md).toMatch(/^## Race comparison: \d+ regression\(s\)/);
    expect(md).toMatch(/\| b \| 8 \| \+\d+\.\d% \| ±\d+\.\d% \| \*\*slower\*\* \|/);
    expect(md).toContain('| engine | puzzle | baseline | current | change | noise | status |');
    expect(compareMarkdown(compareResults(base(1), base(2)))).toMatch(/no regression/);
  });
});
