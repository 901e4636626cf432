// The race's outputs: markdown for pull requests, the self-contained HTML page, and
// github-action-benchmark's customSmallerIsBetter entries.
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { OUTPUT_FILES, actionBenchmark, raceHtml, raceMarkdown, writeOutputs, type RaceResults } from '../src/index.js';
import { syntheticRun } from './helpers.js';

function run(): RaceResults {
  const r = syntheticRun({ engines: ['fast', 'slow'], puzzles: 3, seed: 4, slowdown: { slow: 3 }, states: { 'slow:2': 'timeout' } });
  return {
    ...r,
    disagreements: [{ puzzle: 'p1', message: 'engines disagree: fast says unique, slow says none', verdicts: { fast: 'unique', slow: 'none' } }],
  };
}

describe('raceMarkdown', () => {
  it('shows disagreements first, then a table per kind with medians and ratios', () => {
    const md = raceMarkdown(run());
    const alarm = md.indexOf('disagreement(s)');
    const table = md.indexOf('| puzzle | size | verdict | fast | slow |');
    expect(alarm).toBeGreaterThan(0);
    expect(table).toBeGreaterThan(alarm);
    expect(md).toContain('`p1`: engines disagree');
    expect(md).toMatch(/\| p1 \| 10x10 \| \*\*DISAGREEMENT\*\* \|/);
    // p0: fast is about 1 ms, slow about 3 * 2 = 6 ms: the slow cell carries a ratio near 6x.
    const p0 = md.split('\n').find((l) => l.startsWith('| p0 |'))!;
    expect(p0).toMatch(/\*\*[01]\.\d\d ms ±\d+\.\d%\*\* \| \d\.\d\d ms ±\d+\.\d% \((5\.[5-9]|6\.[0-5])\dx\)/);
    expect(md.split('\n').find((l) => l.startsWith('| p2 |'))).toContain('timeout');
    expect(md).toContain('Engine vs engine');
    expect(md).toMatch(/slow on `p2`: timeout/);
  });
});

describe('raceHtml', () => {
  it('is one self-contained page: Chart.js inline, data inline, nothing fetched', () => {
    const page = raceHtml(run());
    expect(page.startsWith('<!doctype html>')).toBe(true);
    expect(page).not.toMatch(/<script[^>]+src=/i);
    expect(page).not.toMatch(/<link[^>]+href=/i);
    expect(page).toContain('id="time-canvas-nonogram"');
    expect(page).toContain('id="ratio-canvas-nonogram"');
    const code = page.replace(/\s+/g, ' ').replace(/"/g, "'"); // the chart function's source, as vitest transformed it
    expect(code).toContain("type: 'logarithmic'");
    // Chart.js's own bundle is in the page.
    expect(page.length).toBeGreaterThan(150_000);
    expect(page).toMatch(/Chart\.js v4/);
    // The data block parses back to the medians.
    const json = /<script type="application\/json" id="race-data">([\s\S]*?)<\/script>/.exec(page)![1]!;
    const data = JSON.parse(json) as { kind: string; engines: string[]; ms: (number | null)[][]; reference: string }[];
    const r = run();
    expect(data[0]!.engines).toEqual(['fast', 'slow']);
    expect(data[0]!.ms[0]![0]).toBe(r.tasks.find((t) => t.engine === 'fast' && t.puzzle === 'p0')!.samples!.median);
    expect(data[0]!.ms[1]![2]).toBeNull();
    // ...but the timeout is charted: a cross at the time limit.
    expect((data[0] as unknown as { capped: (number | null)[][] }).capped[1]).toEqual([null, null, r.options.timeLimitMs]);
    expect(data[0]!.reference).toBe('fast');
    expect(page).toContain('DISAGREEMENT');
  });

  it('escapes what it shows', () => {
    const r = run();
    const evil: RaceResults = { ...r, puzzles: r.puzzles.map((p, i) => (i === 0 ? { ...p, id: '</script><b>x' } : p)), tasks: r.tasks.map((t) => (t.puzzle === 'p0' ? { ...t, puzzle: '</script><b>x' } : t)) };
    const page = raceHtml(evil);
    expect(page).not.toContain('</script><b>x');
    expect(page).toContain('&lt;/script&gt;&lt;b&gt;x');
  });
});

describe('actionBenchmark', () => {
  it('lists every timed task as customSmallerIsBetter', () => {
    const r = run();
    const entries = actionBenchmark(r);
    expect(entries).toHaveLength(5); // 6 tasks, one timed out
    for (const e of entries) {
      expect(Object.keys(e).sort()).toEqual(['extra', 'name', 'range', 'unit', 'value']);
      expect(e.unit).toBe('ms');
      expect(e.value).toBeGreaterThan(0);
    }
    const slow0 = r.tasks.find((t) => t.engine === 'slow' && t.puzzle === 'p0')!;
    expect(entries.find((e) => e.name === 'slow: p0')!.value).toBeCloseTo(slow0.samples!.median, 3);
    const normalised = actionBenchmark(r, { normalised: true });
    expect(normalised.find((e) => e.name === 'slow: p0')!.value).toBeCloseTo(slow0.samples!.median / slow0.calibration!.median, 3);
  });
});

describe('writeOutputs', () => {
  it('writes the four files', () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'gridrace-out-')), 'nested');
    const paths = writeOutputs(run(), dir);
    for (const name of Object.values(OUTPUT_FILES)) expect(existsSync(join(dir, name))).toBe(true);
    expect(JSON.parse(readFileSync(paths.results, 'utf8')).format).toBe('gridrace-race-results');
    expect(JSON.parse(readFileSync(paths.actionBenchmark, 'utf8'))).toHaveLength(5);
  });
});
