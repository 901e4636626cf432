// Tasks without an answer in the reports: an engine that gave up on its own cap is "gave up",
// never "completed" or a time; timeouts and gave-up tasks are crosses at the time limit in the
// HTML charts; the engine-vs-engine matrix says how many puzzles each engine failed.
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { raceHtml, raceMarkdown, type RaceResults, type TaskRecord } from '../src/index.js';
import { ratioMatrix, kindTables } from '../src/report/tables.js';
import { failureOf, outcomeCounts, summarizeRun } from '../src/summary.js';
import { syntheticRun } from './helpers.js';

const LIMIT_MESSAGE = 'row 3 (clue 1 1, 300 cells) has 4,000,000 placements, over the naive engine\'s cap of 2,000,000 (maxPlacements)';

/** naive gives up on p1 (its placement limit, state `completed`) and times out on p2. */
function run(): RaceResults {
  const r = syntheticRun({ engines: ['bitmask', 'naive'], puzzles: 3, seed: 7, noise: 0, states: { 'naive:2': 'timeout' } });
  const tasks = r.tasks.map((t): TaskRecord => {
    if (t.engine !== 'naive' || t.puzzle !== 'p1') return t;
    const { samples: _s, calibration: _c, solutionHash: _h, ...rest } = t;
    return { ...rest, verdict: 'incomplete', reason: 'limit', message: LIMIT_MESSAGE, solutions: 0 };
  });
  return { ...r, options: { ...r.options, timeLimitMs: 5000 }, tasks, summary: summarizeRun(tasks, 0, 1000) };
}

const chartJson = (page: string) =>
  JSON.parse(/<script type="application\/json" id="race-data">([\s\S]*?)<\/script>/.exec(page)![1]!) as {
    engines: string[];
    ms: (number | null)[][];
    capped: (number | null)[][];
    failed: (string | null)[][];
    limitMs: number;
  }[];

describe('an engine that gave up', () => {
  it('is a failure for the reports while results.json keeps state completed', () => {
    const r = run();
    const t = r.tasks.find((x) => x.engine === 'naive' && x.puzzle === 'p1')!;
    expect(t.state).toBe('completed');
    expect(r.summary.completed).toBe(5);
    expect(failureOf(t)).toBe('gave-up');
    expect(outcomeCounts(r)).toEqual({ tasks: 6, completed: 4, gaveUp: 1, timeouts: 1, ooms: 0, errors: 0 });
  });

  it('shows as "gave up (limit)" in summary.md: the cell, the counts and the task list', () => {
    const md = raceMarkdown(run());
    const p1 = md.split('\n').find((l) => l.startsWith('| p1 |'))!;
    const naiveCell = p1.split(' | ').at(-1)!;
    expect(naiveCell).toBe('gave up (limit) |');
    expect(md).toContain('6 tasks: 4 completed, 1 gave up, 1 timed out, 0 out of memory, 0 errors');
    expect(md).toContain(`- naive on \`p1\`: gave up (limit): ${LIMIT_MESSAGE}`);
    expect(md).not.toMatch(/naive on `p1`: completed/);
  });

  it('shows as "gave up (limit)" in report.html', () => {
    const page = raceHtml(run());
    expect(page).toContain('<td class="na">gave up (limit)</td>');
    expect(page).toContain('6 tasks: 4 completed, 1 gave up, 1 timed out');
    expect(page).toContain(`naive on <code>p1</code>: gave up (limit): `);
    expect(page).not.toContain('incomplete (limit)');
  });

  it('is not counted as "gave up" when the engine settled the verdict or merely ran out of time', () => {
    const r = syntheticRun({ engines: ['a'], puzzles: 1, seed: 1 });
    const t = r.tasks[0]!;
    expect(failureOf(t)).toBeUndefined();
    expect(failureOf({ ...t, verdict: 'incomplete', reason: 'time-limit' })).toBe('timeout');
    expect(failureOf({ ...t, state: 'oom' })).toBe('oom');
    expect(failureOf({ ...t, state: 'errored' })).toBe('error');
  });
});

describe('report.html charts', () => {
  it('put timeouts and gave-up tasks at the time limit, with their own marker', () => {
    const r = run();
    const page = raceHtml(r);
    const [k] = chartJson(page);
    expect(k!.engines).toEqual(['bitmask', 'naive']);
    expect(k!.limitMs).toBe(5000);
    // naive: p0 timed, p1 gave up, p2 timed out.
    expect(k!.ms[1]).toEqual([r.tasks.find((t) => t.engine === 'naive' && t.puzzle === 'p0')!.samples!.median, null, null]);
    expect(k!.capped[1]).toEqual([null, 5000, 5000]);
    expect(k!.failed[1]).toEqual([null, 'gave-up', 'timeout']);
    expect(k!.capped[0]).toEqual([null, null, null]);
    // The page draws those points as crosses with a legend that says what they are.
    const code = page.replace(/\s+/g, ' ').replace(/"/g, "'"); // the chart function's source, as vitest transformed it
    expect(code).toContain("pointStyle: 'crossRot'");
    expect(page).toContain('timeout (≥ limit)');
  });

  it("are drawn by the page's script as cross datasets whose tooltips say timeout or gave up", () => {
    const page = raceHtml(run());
    const scripts = [...page.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1]!);
    const own = scripts.at(-1)!;
    const charts: { type: string; data: { datasets: Record<string, unknown>[] }; options: any }[] = [];
    const element = () => ({ style: {} });
    const json = /<script type="application\/json" id="race-data">([\s\S]*?)<\/script>/.exec(page)![1]!;
    runInNewContext(own, {
      document: { getElementById: (id: string) => (id === 'race-data' ? { textContent: json } : element()) },
      Chart: function Chart(this: unknown, _canvas: unknown, config: (typeof charts)[number]) {
        charts.push(config);
      },
    });
    // Per kind: time, ratio to the reference, cactus, and the scatter of two engines.
    expect(charts.map((c) => c.type)).toEqual(['bar', 'bar', 'scatter', 'scatter']);
    const [time, ratio, cactus, scatter] = charts;
    const crosses = time!.data.datasets.filter((d) => d.pointStyle === 'crossRot');
    expect(crosses).toHaveLength(1);
    expect(crosses[0]).toMatchObject({ type: 'line', showLine: false, label: 'naive: timeout (≥ limit) or gave up', data: [null, 5000, 5000] });
    const label = time!.options.plugins.tooltip.callbacks.label;
    const at = (j: number) => ({ dataset: crosses[0], dataIndex: j, raw: 5000 });
    expect(label(at(2))).toBe('naive: timeout (≥ 5.00 s limit)');
    expect(label(at(1))).toBe('naive: gave up (limit) (no answer; drawn at the 5.00 s limit)');
    // Ratio to bitmask: naive's missing answers are lower bounds, limit / bitmask's time.
    const bound = ratio!.data.datasets.find((d) => d.pointStyle === 'crossRot')!;
    const bitmask = run().tasks.filter((t) => t.engine === 'bitmask').map((t) => t.samples!.median);
    expect(bound.data).toEqual([null, 5000 / bitmask[1]!, 5000 / bitmask[2]!]);
    expect(ratio!.options.plugins.tooltip.callbacks.label({ dataset: bound, dataIndex: 2, raw: 5000 / bitmask[2]! })).toBe(
      'naive / bitmask: ≥ 1666.667x (naive timeout (≥ 5.00 s limit))',
    );
    expect(bound.label).toBe('naive / bitmask: a side timed out (≥ limit) or gave up');
    // Ratio bars grow from 1 on an axis as far below 1 as above it.
    expect(ratio!.data.datasets.find((d) => !d.capped)).toMatchObject({ base: 1 });
    const y = ratio!.options.scales.y;
    expect(y.min * y.max).toBeCloseTo(1, 9);
    expect(y.max).toBeGreaterThan(5000 / bitmask[1]!);
    // One legend entry per engine: the crosses are left out of the legend.
    const filter = time!.options.plugins.legend.labels.filter;
    expect(time!.data.datasets.map((_, datasetIndex) => filter({ datasetIndex }, time!.data))).toEqual(time!.data.datasets.map((d) => !d.capped));
    expect(time!.data.datasets.filter((d) => !d.capped).map((d) => d.label)).toEqual(['bitmask', 'naive']);
    // The time axis reaches the limit, where the crosses are.
    expect(time!.options.scales.y.suggestedMax).toBeGreaterThan(5000);
    // Cactus: each engine's solve times sorted; naive solved one puzzle, bitmask three.
    const sorted = [...bitmask].sort((a, b) => a - b);
    expect(cactus!.data.datasets.map((d) => (d.data as { x: number; y: number }[]).map((p) => p.y))).toEqual([sorted, [run().tasks.find((t) => t.engine === 'naive' && t.puzzle === 'p0')!.samples!.median]]);
    // Scatter: bitmask against naive, naive's missing answers at the limit.
    const points = scatter!.data.datasets[0]!.data as { x: number; y: number; id: string }[];
    expect(points.map((p) => [p.id, p.x, p.y])).toEqual([
      ['p0', bitmask[0], run().tasks.find((t) => t.engine === 'naive' && t.puzzle === 'p0')!.samples!.median],
      ['p1', bitmask[1], 5000],
      ['p2', bitmask[2], 5000],
    ]);
  });

  it('do not put OOM or errors at the limit: those did not run that long', () => {
    const r = syntheticRun({ engines: ['a', 'b'], puzzles: 2, seed: 2, states: { 'b:0': 'oom', 'b:1': 'errored' } });
    const [k] = chartJson(raceHtml(r));
    expect(k!.capped[1]).toEqual([null, null]);
    expect(k!.ms[1]).toEqual([null, null]);
  });
});

describe('the engine-vs-engine matrix', () => {
  it('counts what each engine failed, by kind of failure', () => {
    const m = ratioMatrix(kindTables(run())[0]!);
    expect(m.failures).toEqual([
      { total: 0, timeout: 0, oom: 0, error: 0, gaveUp: 0 },
      { total: 2, timeout: 1, oom: 0, error: 0, gaveUp: 1 },
    ]);
    // naive takes twice as long on the one puzzle both timed.
    expect(m.cells[1]![0]).toEqual({ ratio: 2, n: 1 });
  });

  it('shows the failures beside the geometric means in summary.md and report.html', () => {
    const md = raceMarkdown(run());
    expect(md).toContain('| | bitmask | naive | failed |');
    expect(md).toContain('| bitmask | 1 | 0.50x (1) | 0 |');
    expect(md).toContain('| naive | 2.00x (1) | 1 | 2 (1 timeout, 1 gave up) |');
    const page = raceHtml(run());
    expect(page).toContain('<th>failed</th>');
    expect(page).toContain('<td class="bad">2 (1 timeout, 1 gave up)</td>');
  });
});
