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
    expect(md).toMatch(/\| b \| 8 \| \+\d+\.\d% \| \+\d+\.\d% \| ±\d+\.\d% \| \*\*slower\*\* \|/);
    expect(md).toContain('| engine | puzzle | baseline | current | raw change | change | noise | status |');
    expect(compareMarkdown(compareResults(base(1), base(2)))).toMatch(/no regression/);
  });

  it('shows the raw change beside the normalised one', () => {
    // A 50% slower machine: raw medians +50%, normalised about the same.
    const c = compareResults(base(1), base(2, { machine: 1.5 }), { noiseFloor: 0.001 });
    for (const e of c.engines) {
      expect(e.rawRatio).toBeGreaterThan(1.4);
      expect(e.rawRatio).toBeLessThan(1.6);
      expect(Math.abs(e.ratio - 1)).toBeLessThan(0.05);
    }
    const t = c.tasks.find((x) => x.engine === 'a' && x.puzzle === 'p0')!;
    expect(t.rawRatio).toBeCloseTo(t.currentMs! / t.baseMs!, 12);
    const md = compareMarkdown(c, { all: true });
    expect(md).toContain('| engine | tasks | raw change | change (geometric mean) | noise (1 sigma) | status |');
    const row = md.split('\n').find((l) => l.startsWith('| a | p0 |'))!;
    const cells = row.split(' | ');
    expect(cells[4]).toBe(`+${((t.rawRatio! - 1) * 100).toFixed(1)}%`);
    expect(cells[5]).toMatch(/^[+-]\d+\.\d%$/);
    expect(cells[4]).not.toBe(cells[5]);
    // The reference engine's own row shows its raw change only.
    const byRef = compareResults(base(1), base(2, { machine: 1.5 }), { reference: 'a' });
    expect(byRef.tasks.find((x) => x.engine === 'a')!.rawRatio).toBeGreaterThan(1.3);
  });

  it('refuses runs with other time limits or timing budgets unless forced, then notes it', () => {
    const other = (options: object) => {
      const r = base(2);
      return { ...r, options: { ...r.options, ...options } };
    };
    expect(() => compareResults(base(1), other({ timeLimitMs: 5000 }))).toThrow(/different time limits \(baseline 10 s, current 5 s\).*--force/);
    expect(() => compareResults(base(1), other({ timing: { timeMs: 400 } }))).toThrow(/different timing budgets \(baseline 0\.5 s of samples, current 0\.4 s of samples\)/);
    expect(() => compareResults(base(1), other({ timing: { iterations: 15 } }))).toThrow(RangeError);
    expect(() => compareResults(base(1), other({ timeLimitMs: 5000, timing: { iterations: 15 } }))).toThrow(/time limits .* and different timing budgets/);
    const forced = compareResults(base(1), other({ timeLimitMs: 5000, timing: { iterations: 15 } }), { force: true });
    expect(forced.notes.join(' ')).toMatch(/different time limits .* compared anyway \(--force\)/);
    expect(forced.regressions).toBe(0);
    expect(compareMarkdown(forced)).toMatch(/^> the runs used different time limits/m);
    // Equal settings need no force and get no note.
    expect(compareResults(base(1), base(2)).notes.join(' ')).not.toMatch(/different/);
  });

  it('says when nothing is comparable, and why, instead of passing', () => {
    // What a user reads first: two runs with nothing in common are not "no regression".
    expect(compareMarkdown(compareResults(base(1), syntheticRun({ engines: ['c'], puzzles: 8, seed: 2 })))).not.toMatch(/no regression/);
    const fine = compareResults(base(1), base(2));
    expect(fine.comparable).toBe(16);
    expect(fine.incomparable).toBeUndefined();
    const why = (b: ReturnType<typeof base>, c: ReturnType<typeof base>) => {
      const r = compareResults(b, c);
      expect(r.comparable).toBe(0);
      expect(r.regressions).toBe(0);
      return r.incomparable;
    };
    // Other puzzles: ids that exist in both runs but with other contents do not count either.
    const renamed = base(2);
    expect(why(base(1), { ...renamed, puzzles: renamed.puzzles.map((p) => ({ ...p, hash: `other-${p.hash}` })) })).toBe('the runs have no puzzle in common');
    // Puzzles in common, but the engines differ.
    expect(why(base(1), syntheticRun({ engines: ['c'], puzzles: 8, seed: 2 }))).toBe('no task was timed in both runs');
    // Both runs stopped everywhere (the baseline already timed out: nothing broke).
    const stuck = Object.fromEntries(Array.from({ length: 8 }, (_, i) => ENGINES.map((e) => [`${e}:${i}`, 'timeout' as const])).flat());
    expect(why(base(1, { states: stuck }), base(2, { states: stuck }))).toBe('no task was timed in both runs');
    // Samples of 0 ms.
    const zero = (r: ReturnType<typeof base>) => ({ ...r, tasks: r.tasks.map((t) => ({ ...t, samples: { ...t.samples!, median: 0 } })) });
    expect(why(zero(base(1)), zero(base(2)))).toBe('every median of the tasks timed in both runs is 0');
    // No reference to divide by.
    const uncalibrated = (r: ReturnType<typeof base>) => {
      const { tasks, ...rest } = r;
      return { ...rest, tasks: tasks.map(({ calibration: _, ...t }) => t) };
    };
    expect(why(uncalibrated(base(1)), uncalibrated(base(2)))).toBe('no task could be normalised (no calibration samples)');
    const md = compareMarkdown(compareResults(base(1), syntheticRun({ engines: ['c'], puzzles: 8, seed: 2 })));
    expect(md).toMatch(/^## Race comparison: nothing to compare/);
    expect(md).toContain('Nothing comparable: no task was timed in both runs.');
    // A run where everything broke is a regression, not merely incomparable.
    const broken = compareResults(base(1), base(2, { states: stuck }));
    expect(broken.comparable).toBe(0);
    expect(broken.regressions).toBe(16);
  });
});
