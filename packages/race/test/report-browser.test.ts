// report.html as a reader sees it: headless Chromium (Debian's package) opens a report of a
// wide race (40 puzzles with long names, five engines, one an external program, timeouts,
// both kinds) at 1280 and 1920 pixels. The page must draw without a console error, never
// be wider than the window (tables scroll in their own box), keep its axis labels and titles
// apart and inside the chart, show one legend entry per engine, and grow ratio bars from 1.
// A screenshot of each width is saved under test-output/ and attached to the test.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { LAUNCH_TIMEOUT_MS, launchChromium, type Browser } from '@gridrace/testkit/chromium';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { raceHtml, type RaceResults, type TaskRecord } from '../src/index.js';
import { syntheticRun } from './helpers.js';

const OUT = fileURLToPath(new URL('../test-output/', import.meta.url));

/** A race as wide as real ones get: long puzzle names, five engines, an external one, failures, two kinds. */
function wideRace(): RaceResults {
  const engines = ['wasm', 'bitmask', 'naive', 'z3-prefix', 'nonosolve'];
  const base = syntheticRun({ engines, puzzles: 40, seed: 7, unitMs: 3, noise: 0.05, states: { 'naive:5': 'timeout', 'naive:9': 'timeout', 'z3-prefix:12': 'oom', 'nonosolve:20': 'timeout' },
    // bitmask beats wasm on a few puzzles, so the ratio chart has bars on both sides of 1.
    taskSlowdown: { 'bitmask:0': 0.2, 'bitmask:1': 0.2, 'bitmask:2': 0.2 },
  });
  const long = (i: number) => `../shared/puzzles/taai/question/taai2011.txt#${100 + i}`;
  const puzzles = base.puzzles.map((p, i) => (i < 36 ? { ...p, id: long(i) } : { ...p, id: `arrow-${i}`, kind: 'arrowpath' as const }));
  const ids = new Map(base.puzzles.map((p, i) => [p.id, puzzles[i]!.id]));
  const tasks = base.tasks
    .filter((t) => !(ids.get(t.puzzle)!.startsWith('arrow') && !['wasm', 'bitmask'].includes(t.engine)))
    .map((t): TaskRecord => {
      const moved = { ...t, puzzle: ids.get(t.puzzle)! };
      if (t.engine !== 'nonosolve' || !t.samples) return moved;
      // The external program: 9 ms of start-up on top of its solve.
      return { ...moved, samples: { ...t.samples, median: t.samples.median + 9 }, process: { cpuMeasured: true, wallMedian: t.samples.median + 10, startupCpuMs: 9 } };
    });
  const kinds = [
    ...base.engines.map((e) => (e.name === 'nonosolve' ? { ...e, program: '/peers/nonosolve' } : e)),
    { name: 'wasm', kind: 'arrowpath' as const, description: 'x' },
    { name: 'bitmask', kind: 'arrowpath' as const, description: 'x' },
  ];
  return { ...base, puzzles, tasks, engines: kinds, options: { ...base.options, timeLimitMs: 10_000 } };
}

let browser: Browser;
let page: string;

beforeAll(async () => {
  const dir = mkdtempSync(join(tmpdir(), 'gridrace-report-'));
  page = join(dir, 'report.html');
  writeFileSync(page, raceHtml(wideRace()));
  browser = await launchChromium();
}, LAUNCH_TIMEOUT_MS);

afterAll(async () => {
  await browser?.close();
});

interface Layout {
  pageWidth: number;
  windowWidth: number;
  tables: { inScrollBox: boolean; boxWidth: number }[];
  charts: {
    id: string;
    legend: string[];
    /** Pixel gaps between neighbouring labelled ticks of each axis. */
    tickGaps: Record<string, number[]>;
    /** Title width against the length of its axis, per axis. */
    titles: Record<string, { width: number; room: number }>;
    bars?: { ratio: number; y: number; base: number; one: number }[];
  }[];
}

describe('report.html in Chromium', () => {
  for (const width of [1280, 1920]) {
    it(`reads right at ${width} pixels`, async ({ annotate }) => {
      const tab = await browser.newPage({ viewport: { width, height: 1000 } });
      const errors: string[] = [];
      tab.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
      tab.on('pageerror', (e) => errors.push(e.message));
      await tab.goto(pathToFileURL(page).href);
      await tab.waitForFunction(() => document.querySelectorAll('canvas').length > 0 && Array.from(document.querySelectorAll('canvas')).every((c) => (window as any).Chart.getChart(c)));
      const layout = (await tab.evaluate(() => {
        const Chart = (window as any).Chart;
        const tables = Array.from(document.querySelectorAll('table')).map((t) => {
          const box = t.parentElement!;
          return { inScrollBox: box.classList.contains('scroll'), boxWidth: box.getBoundingClientRect().right };
        });
        const ctx = document.createElement('canvas').getContext('2d')!;
        const charts = Array.from(document.querySelectorAll('canvas')).map((canvas) => {
          const chart = Chart.getChart(canvas);
          const tickGaps: Record<string, number[]> = {};
          const titles: Record<string, { width: number; room: number }> = {};
          for (const [name, scale] of Object.entries<any>(chart.scales)) {
            const at = scale.ticks.filter((t: any) => t.label !== '' && t.label !== undefined).map((t: any) => scale.getPixelForValue(t.value)).sort((a: number, b: number) => a - b);
            tickGaps[name] = at.slice(1).map((p: number, i: number) => p - at[i]);
            if (scale.options.title?.display) {
              const font = Chart.helpers.toFont(scale.options.title.font);
              ctx.font = font.string;
              titles[name] = { width: ctx.measureText(scale.options.title.text).width, room: scale.isHorizontal() ? chart.width : chart.height };
            }
          }
          const legend = chart.legend.legendItems.map((i: any) => i.text);
          let bars: Layout['charts'][number]['bars'];
          if (canvas.id.startsWith('ratio')) {
            const one = chart.scales.y.getPixelForValue(1);
            bars = chart.data.datasets.flatMap((d: any, i: number) =>
              d.capped ? [] : chart.getDatasetMeta(i).data.map((el: any, j: number) => ({ ratio: d.data[j], y: el.y, base: el.base, one })).filter((b: any) => b.ratio != null),
            );
          }
          return { id: canvas.id, legend, tickGaps, titles, bars };
        });
        return { pageWidth: document.documentElement.scrollWidth, windowWidth: window.innerWidth, tables, charts };
      })) as Layout;

      mkdirSync(OUT, { recursive: true });
      const shot = join(OUT, `report-${width}.png`);
      await tab.screenshot({ path: shot, fullPage: true });
      await annotate(`screenshot at ${width} px: ${shot}`, { path: shot, contentType: 'image/png' });
      await tab.close();

      expect(errors).toEqual([]);
      expect(layout.pageWidth, 'the page is wider than the window').toBeLessThanOrEqual(layout.windowWidth);
      expect(layout.tables.length).toBeGreaterThanOrEqual(5);
      for (const t of layout.tables) {
        expect(t.inScrollBox, 'a table outside a scroll box').toBe(true);
        expect(t.boxWidth).toBeLessThanOrEqual(layout.windowWidth);
      }
      const ids = layout.charts.map((c) => c.id);
      for (const kind of ['nonogram', 'arrowpath']) for (const chart of ['time', 'ratio', 'cactus', 'scatter']) expect(ids).toContain(`${chart}-canvas-${kind}`);
      for (const c of layout.charts) {
        for (const [axis, gaps] of Object.entries(c.tickGaps)) for (const gap of gaps) expect(gap, `${c.id} ${axis}: tick labels ${gap.toFixed(1)} px apart`).toBeGreaterThanOrEqual(14);
        for (const [axis, t] of Object.entries(c.titles)) expect(t.width, `${c.id} ${axis}: the title does not fit its axis`).toBeLessThanOrEqual(t.room - 40);
      }
      const legendOf = (id: string) => layout.charts.find((c) => c.id === id)!.legend;
      expect(legendOf('time-canvas-nonogram')).toEqual(['wasm', 'bitmask', 'naive', 'z3-prefix', 'nonosolve']);
      expect(legendOf('cactus-canvas-nonogram')).toEqual(['wasm', 'bitmask', 'naive', 'z3-prefix', 'nonosolve']);
      expect(legendOf('time-canvas-arrowpath')).toEqual(['wasm', 'bitmask']);
      // Ratio bars start at 1: faster ones hang below it, slower ones stand above it.
      const bars = layout.charts.find((c) => c.id === 'ratio-canvas-nonogram')!.bars!;
      expect(bars.some((b) => b.ratio < 1) && bars.some((b) => b.ratio > 1)).toBe(true);
      for (const b of bars) {
        expect(Math.abs(b.base - b.one)).toBeLessThan(1);
        if (b.ratio < 0.99) expect(b.y).toBeGreaterThan(b.one);
        if (b.ratio > 1.01) expect(b.y).toBeLessThan(b.one);
      }
    }, 60_000);
  }
});
