// `race compare` on synthetic runs whose true times are known: no false alarm on unchanged
// runs, a 15% slower engine caught every time, machine speed cancelled by the calibration,
// more work caught on any task, and engines with too few tasks not judged.
import { describe, expect, it } from 'vitest';
import { compareHeadline, compareMarkdown, compareResults } from '../src/index.js';
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

  it('lists a single task that got much slower first, judges time per engine, and counts more work on any task', () => {
    const c = compareResults(base(1), base(2, { taskSlowdown: { 'a:3': 1.6 } }));
    const first = [...c.tasks].sort((x, y) => (y.ratio ?? 0) - (x.ratio ?? 0))[0]!;
    expect(`${first.engine}:${first.puzzle}`).toBe('a:p3');
    // The markdown lists the largest changes first.
    expect(compareMarkdown(c).split('\n').find((l) => /^\| [ab] \| p\d \|/.test(l))).toMatch(/^\| a \| p3 \|/);
    expect(first.ratio).toBeGreaterThan(1.4);
    expect(first.low).toBeGreaterThan(1.3);
    // One task of eight moves the engine's median little: time alone is no regression here...
    expect(c.engines.find((e) => e.engine === 'a')!.status).toBe('same');
    expect(c.regressions).toBe(0);
    // ...but a work counter that grew is, on any task, whatever the clock says.
    const withCounters = (r: ReturnType<typeof base>, nodes: (engine: string, puzzle: string) => number) => ({
      ...r,
      tasks: r.tasks.map((t) => ({ ...t, counters: { nodes: nodes(t.engine, t.puzzle), buildMs: Math.random() * 100 } })),
    });
    const more = compareResults(
      withCounters(base(1), () => 1000),
      withCounters(base(2), (e, p) => (e === 'b' && p === 'p5' ? 1100 : 1000)),
    );
    expect(more.tasks.filter((t) => t.status === 'more-work').map((t) => `${t.engine}:${t.puzzle}`)).toEqual(['b:p5']);
    expect(more.tasks.find((t) => t.status === 'more-work')!.note).toBe('nodes 1000 -> 1100');
    expect(more.regressions).toBe(1);
    expect(compareMarkdown(more)).toMatch(/\| b \| p5 \|.*\*\*more work\*\* \(nodes 1000 -> 1100\) \|/);
  });

  it('does not judge an engine with too few tasks for an interval', () => {
    // 3 puzzles: a 95% signed-rank interval needs 6 tasks, so even a clear 30% says nothing.
    const few = (seed: number, extra = {}) => syntheticRun({ engines: ENGINES, puzzles: 3, seed, ...extra });
    const c = compareResults(few(1), few(2, { slowdown: { b: 1.3 } }));
    const b = c.engines.find((e) => e.engine === 'b')!;
    expect(b.ratio).toBeGreaterThan(1.2);
    expect(b.status).toBe('same');
    expect(b.note).toBe('3 task(s): a 95% interval needs 6');
    expect(compareMarkdown(c)).toContain('none (too few)');
  });

  it('needs the whole interval beyond the threshold', () => {
    const quiet = (seed: number, extra = {}) => syntheticRun({ engines: ENGINES, puzzles: 8, seed, noise: 0.002, ...extra });
    const fivePercent = { slowdown: { b: 1.05 } };
    expect(compareResults(quiet(1), quiet(2, fivePercent)).regressions).toBe(0);
    const strict = compareResults(quiet(1), quiet(2, fivePercent), { threshold: 0.03 });
    expect(strict.engines.find((e) => e.engine === 'b')!.status).toBe('slower');
    expect(() => compareResults(quiet(1), quiet(2), { threshold: -1 })).toThrow(RangeError);
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
    expect(md).toMatch(/\| b \| 8 \| \+\d+\.\d% \| \+\d+\.\d% \| \+\d+\.\d% \.\. \+\d+\.\d% \| \*\*slower\*\* \|/);
    expect(md).toContain('| engine | puzzle | baseline | current | raw change | change | interval | status |');
    expect(compareHeadline(c)).toMatch(/^race compare: 1 regression\(s\): slower b \+\d+\.\d% \(an engine counts when its whole 95% interval is beyond ±5%\)$/);
    expect(compareMarkdown(compareResults(base(1), base(2)))).toMatch(/no regression/);
  });

  it('shows the raw change beside the normalised one', () => {
    // A 50% slower machine: raw medians +50%, normalised about the same.
    const c = compareResults(base(1), base(2, { machine: 1.5 }));
    for (const e of c.engines) {
      expect(e.rawRatio).toBeGreaterThan(1.4);
      expect(e.rawRatio).toBeLessThan(1.6);
      expect(Math.abs(e.ratio - 1)).toBeLessThan(0.05);
    }
    const t = c.tasks.find((x) => x.engine === 'a' && x.puzzle === 'p0')!;
    // The raw change is the Hodges-Lehmann ratio of the samples, near the ratio of the medians.
    expect(Math.abs(Math.log(t.rawRatio! / (t.currentMs! / t.baseMs!)))).toBeLessThan(0.05);
    const md = compareMarkdown(c, { all: true });
    expect(md).toContain('| engine | tasks | raw change | change | 95% interval | status |');
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
    const zero = (r: ReturnType<typeof base>) => ({ ...r, tasks: r.tasks.map((t) => ({ ...t, samples: { ...t.samples!, median: 0, samples: t.samples!.samples!.map(() => 0) } })) });
    expect(why(zero(base(1)), zero(base(2)))).toBe('every sample of the tasks timed in both runs is 0');
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

  it("refuses a run whose tasks ran on several kinds of machine (a queue's workers) unless forced", () => {
    const machine = (id: string, cpu: string) => ({ id, host: id, cpu, cores: 2, memoryMb: 1024, node: 'v20', tasks: {} });
    const mixed = { ...base(2), machines: [machine('a:1', 'CPU A'), machine('b:1', 'CPU B')] };
    expect(() => compareResults(base(1), mixed)).toThrow(/the current run's tasks ran on 2 kinds of machine \(CPU A \/ CPU B\): its times mix machines/);
    const forced = compareResults(base(1), mixed, { force: true });
    expect(forced.notes.join(' ')).toMatch(/2 kinds of machine .*compared anyway \(--force\)/);
    // One kind of machine on the queue is no mix; its workers' CPU is the run's.
    const one = compareResults(base(1), { ...base(2), machines: [machine('a:1', 'Test CPU'), machine('a:2', 'Test CPU')] });
    expect(one.notes.join(' ')).not.toMatch(/machine|CPUs/);
  });
});

describe('compareResults on sliced races (fast level)', () => {
  // Each slice lands on a 2x slow level with probability 0.4, as threads do on this kind of
  // machine: a task's samples alone would move by up to 2x between two races of one build.
  const sliced = (seed: number, extra = {}) => syntheticRun({ engines: ENGINES, puzzles: 8, seed, slices: 6, ...extra });

  it('compares each task at its fastest sample over its slices and divides by the calibration level of each whole run', () => {
    const c = compareResults(sliced(1), sliced(2, { slowdown: { b: 1.15 }, machine: 1.4 }));
    expect(c.fastLevel).toBe(16);
    expect(c.comparable).toBe(16);
    const t = c.tasks.find((x) => x.engine === 'b' && x.puzzle === 'p3')!;
    const before = sliced(1).tasks.find((x) => x.engine === 'b' && x.puzzle === 'p3')!;
    expect(t.fastLevel).toBe(true);
    expect(t.baseMs).toBe(Math.min(...before.samples!.samples!));
    expect(t.baseMs).toBeLessThan(Math.min(...before.slices!));
    expect(t.low).toBeUndefined();
    // The whole run was 1.4x slower: raw changes carry it, the calibration level takes it out.
    expect(c.engines.find((e) => e.engine === 'a')!.rawRatio).toBeGreaterThan(1.3);
    expect(c.engines.find((e) => e.engine === 'a')!.status).toBe('same');
    expect(c.engines.find((e) => e.engine === 'b')!.status).toBe('slower');
    expect(compareMarkdown(c)).toContain('Both runs are sliced');
  });

  it('raises no alarm on 50 unchanged pairs and flags a 15% slower engine in 48 of 50', () => {
    let flagged = 0;
    for (let seed = 1; seed <= 50; seed++) {
      const same = compareResults(sliced(seed), sliced(1000 + seed));
      expect(same.regressions, `pair ${seed}`).toBe(0);
      const slower = compareResults(sliced(seed), sliced(1000 + seed, { slowdown: { b: 1.15 } }));
      if (slower.engines.find((e) => e.engine === 'b')!.status === 'slower') flagged++;
      expect(slower.engines.find((e) => e.engine === 'a')!.status, `pair ${seed}`).toBe('same');
    }
    // The two misses each have one task whose six baseline slices all fell on the slow level
    // (0.4^6 a task): its fast level is then 2x, and one such task of eight pulls the engine's
    // signed-rank interval below +5%. A stray task only ever hides a change, never makes one.
    expect(flagged).toBe(48);
  });

  it('the same tasks timed once a race put single tasks up to 2x apart (why races are sliced)', () => {
    const c = compareResults(sliced(1), sliced(2), { reference: 'none' });
    const unsliced = (r: ReturnType<typeof sliced>) => ({ ...r, options: { ...r.options, slices: undefined }, tasks: r.tasks.map((t) => ({ ...t, slices: [t.slices![0]!] })) });
    const first = compareResults(unsliced(sliced(1)), unsliced(sliced(2)), { reference: 'none' });
    const spread = (x: typeof c) => Math.max(...x.tasks.map((t) => Math.abs(Math.log(t.ratio!))));
    expect(spread(c)).toBeLessThan(Math.log(1.15));
    expect(first.fastLevel).toBe(0);
    expect(spread(first)).toBeGreaterThan(Math.log(1.5));
  });

  it('refuses runs with other slice counts unless forced, and divides by a sliced reference engine', () => {
    expect(() => compareResults(sliced(1), sliced(2, { slices: 3 }))).toThrow(/different slices \(baseline 6, current 3\)/);
    expect(() => compareResults(base(1), sliced(2))).toThrow(/different slices \(baseline 1, current 6\)/);
    const mixed = compareResults(base(1), sliced(2), { force: true });
    expect(mixed.fastLevel).toBe(0);
    expect(compareMarkdown(mixed)).not.toContain('Both runs are sliced');
    const byA = compareResults(sliced(1), sliced(2, { slowdown: { b: 1.3 }, machine: 1.3 }), { reference: 'a' });
    expect(byA.engines.find((e) => e.engine === 'b')!.status).toBe('slower');
    expect(byA.tasks.filter((t) => t.engine === 'a').every((t) => t.status === 'not-timed')).toBe(true);
  });
});
