// The trend page as a reader sees it: headless Chromium (Debian's package) opens the page of
// a 30-commit history with a slowdown at commit 20 and a change of machine at commit 10. The
// page must draw without a console error; the suite chart has a line per engine, the step as a
// triangle at commit 20 and a machine line at commit 10; the puzzle picker redraws; a click
// on a point opens that run's report. A screenshot is saved under test-output/.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { LAUNCH_TIMEOUT_MS, launchChromium, type Browser } from '@gridrace/testkit/chromium';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { History, buildSeries, findChanges, loadSqlJs, raceRun, trendPage } from '../src/index.js';
import { dateOf, shaOf, syntheticRace } from './synthetic.js';

const OUT = fileURLToPath(new URL('../test-output/', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'gridrace-trend-'));
let browser: Browser;
let page: string;

beforeAll(async () => {
  const history = History.open(await loadSqlJs());
  for (let commit = 0; commit < 30; commit++) {
    const race = syntheticRace({ commit, engines: ['wasm', 'bitmask'], puzzles: 4, seed: commit + 1, ...(commit >= 10 ? { cpu: 'Other CPU' } : {}), ...(commit >= 20 ? { slowdown: { wasm: 1.3 } } : {}) });
    const report = join(dir, `race-${commit}`, 'report.html');
    mkdirSync(join(dir, `race-${commit}`));
    writeFileSync(report, `<!doctype html><title>race ${commit}</title>`);
    history.addRun(raceRun(race, { suite: 'ci', report, commitDate: () => dateOf(commit) }));
  }
  const runs = history.runs();
  const series = buildSeries(runs, history.results());
  page = join(dir, 'trend.html');
  writeFileSync(page, trendPage(runs, series, findChanges(runs, series, { significance: 0.01 }), { dir }));
  browser = await launchChromium();
}, LAUNCH_TIMEOUT_MS);

afterAll(async () => {
  await browser?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('the trend page in Chromium', () => {
  it('draws the suite and a puzzle, marks the step and the machine change, and opens a run report on click', async ({ annotate }) => {
    const tab = await browser.newPage({ viewport: { width: 1280, height: 1000 } });
    const errors: string[] = [];
    tab.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    tab.on('pageerror', (e) => errors.push(e.message));
    // Record what a click would open instead of opening it.
    await tab.addInitScript(() => {
      (window as any).opened = [];
      window.open = ((url: string) => {
        (window as any).opened.push(url);
        return null;
      }) as typeof window.open;
    });
    await tab.goto(pathToFileURL(page).href);
    await tab.waitForFunction(() => document.querySelectorAll('canvas').length >= 2 && Array.from(document.querySelectorAll('canvas')).every((c) => (window as any).Chart.getChart(c)));
    const suite = await tab.evaluate(() => {
      const chart = (window as any).Chart.getChart(document.getElementById('suite-canvas-0'));
      return {
        legend: chart.legend.legendItems.map((i: any) => i.text),
        machineChanges: chart.options.machineChanges,
        triangles: Object.fromEntries(chart.data.datasets.map((d: any) => [d.label, d.data.filter((_: unknown, j: number) => d.pointStyle[j] === 'triangle').map((p: any) => p.x)])),
      };
    });
    expect(suite.legend.sort()).toEqual(['bitmask', 'wasm']);
    expect(suite.machineChanges).toEqual([10]);
    // wasm's step at commit 20 (run index 20); bitmask has none; the machine change is not a step of the code.
    expect(suite.triangles.wasm).toContain(20);
    expect(suite.triangles.bitmask).toEqual([]);
    const steps = await tab.locator('table').textContent();
    expect(steps).toContain(shaOf(20).slice(0, 12));
    // The machine changed at commit 10 but no time did (the synthetic machine is as fast): no step there.
    expect(steps).not.toContain(shaOf(10).slice(0, 12));

    // The picker: a puzzle has its time (per-puzzle counters are left out by default); the
    // suite has its work counters too, as totals over its puzzles.
    const chartOf = () =>
      tab.evaluate(() => {
        const chart = (window as any).Chart.getChart(document.getElementById('puzzle-canvas'));
        return { legend: chart.legend.legendItems.map((i: any) => i.text), y: chart.data.datasets[0].data.map((p: any) => p.y), title: chart.options.scales.y.title.text };
      });
    await tab.selectOption('#puzzle', { label: 'nonogram puzzles/p2.json' });
    expect(await tab.locator('#measure option').allTextContents()).toEqual(['time']);
    const puzzle = await chartOf();
    expect(puzzle.legend.sort()).toEqual(['bitmask', 'wasm']);
    expect(puzzle.title).toBe('CPU time per solve (ms)');
    await tab.selectOption('#puzzle', { label: 'suite nonogram ci' });
    await tab.selectOption('#measure', 'linesSolved');
    const counters = await chartOf();
    expect(counters.title).toBe('linesSolved');
    expect(new Set(counters.y)).toEqual(new Set([100 + 200 + 300 + 400]));

    // A click on a point of commit 5 opens race 5's report, by a path relative to the page.
    const at = await tab.evaluate(() => {
      const canvas = document.getElementById('suite-canvas-0')!;
      canvas.scrollIntoView();
      const chart = (window as any).Chart.getChart(canvas);
      // Fit the chart to its box now: a resize the scroll caused would otherwise land later,
      // through a resize observer, and move the point after its place was read.
      chart.resize();
      const point = chart.getDatasetMeta(0).data[5];
      const box = canvas.getBoundingClientRect();
      return { x: box.left + point.x, y: box.top + point.y };
    });
    await tab.mouse.click(at.x, at.y);
    // Chart.js handles events on the next animation frame, not in the click itself.
    await tab.waitForFunction(() => (window as any).opened.length > 0, undefined, { timeout: 10_000 }).catch(() => undefined);
    expect(await tab.evaluate(() => (window as any).opened)).toEqual(['race-5/report.html']);

    mkdirSync(OUT, { recursive: true });
    const shot = join(OUT, 'trend.png');
    await tab.screenshot({ path: shot, fullPage: true });
    await annotate(`screenshot: ${shot}`, { path: shot, contentType: 'image/png' });
    await tab.close();
    expect(errors).toEqual([]);
  }, 60_000);
});
