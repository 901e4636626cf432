// The trend page: one self-contained HTML file (Chart.js inlined, the data as inline JSON, so
// it opens offline). Per suite, each engine's time across commits; below, any puzzle's time or
// work counter, picked from a list. Steps found by change detection are drawn as black
// triangles, changes of machine as dashed vertical lines; a click on a point opens that run's
// report. Per-puzzle work counters are left out unless asked for: on a big history they would
// be most of the page's weight.
import { relative } from 'node:path';
import { REPORT_STYLE, TICK_LABEL_SCRIPT, chartJs } from '@gridrace/race/records';
import type { SeriesChange } from './changes.js';
import type { Series } from './series.js';
import type { RunRow } from './types.js';

export interface TrendPageOptions {
  /** The page's folder: report links are made relative to it. Default: absolute file URLs. */
  readonly dir?: string;
  /** Keep per-puzzle work counters too. */
  readonly counters?: boolean;
}

const html = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const round = (v: number) => (Math.abs(v) >= 100 ? Math.round(v * 10) / 10 : Number(v.toPrecision(4)));

function reportHref(report: string | null, dir: string | undefined): string | null {
  if (!report) return null;
  if (dir === undefined) return `file://${report.split('/').map(encodeURIComponent).join('/')}`;
  return relative(dir, report).split('/').map(encodeURIComponent).join('/');
}

/** The series the page draws: every time series and the suites' counters; per-puzzle counters only when asked. */
export function trendSeries(series: readonly Series[], counters = false): Series[] {
  return series.filter((s) => s.scope === 'suite' || s.measure === 'time' || counters);
}

export function trendPage(runs: readonly RunRow[], series: readonly Series[], changes: readonly SeriesChange[], options: TrendPageOptions = {}): string {
  const kept = trendSeries(series, options.counters);
  const stepsOf = new Map<string, number[]>();
  for (const c of changes) stepsOf.set(c.series.id, [...(stepsOf.get(c.series.id) ?? []), c.run]);
  const data = {
    runs: runs.map((r) => ({
      sha: r.gitSha ? r.gitSha.slice(0, 8) + (r.gitDirty ? '+' : '') : `run ${r.id}`,
      date: r.date.slice(0, 16).replace('T', ' '),
      source: r.side ? `${r.source} ${r.side}` : r.source,
      machine: r.machineId,
      machineText: `${r.cpu}, ${r.cores} cores, Node ${r.node}, ${r.os}`,
      report: reportHref(r.report, options.dir),
    })),
    series: kept.map((s) => ({
      scope: s.scope,
      kind: s.kind,
      engine: s.engine,
      subject: s.subject,
      clock: s.clock,
      measure: s.measure,
      x: s.points.map((p) => p.run),
      y: s.points.map((p) => round(p.value)),
      steps: stepsOf.get(s.id) ?? [],
    })),
  };
  const commits = new Set(runs.map((r) => r.gitSha ?? `run ${r.id}`)).size;
  const machines = new Set(runs.map((r) => r.machineId)).size;
  const rows = changes
    .slice(0, 200)
    .map(
      (c) =>
        `<tr><td class="id">${html(c.series.subject)}</td><td>${html(c.series.engine)}</td><td>${html(c.series.measure)}</td><td>${html(c.gitSha?.slice(0, 12) ?? '-')}</td><td>${html(c.date.slice(0, 10))}</td><td class="${c.change > 0 ? 'bad' : ''}">${c.change > 0 ? '+' : ''}${(c.change * 100).toFixed(1)}%</td><td>${c.pValue.toFixed(3)}</td><td>${c.machineChanged ? 'machine changed' : c.newest ? 'newest commit' : ''}</td></tr>`,
    )
    .join('\n');
  const json = JSON.stringify(data).replace(/</g, '\\u003c');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>gridrace history</title><style>${REPORT_STYLE}
.controls{display:flex;gap:1rem;flex-wrap:wrap;margin:.6rem 0}.controls select{max-width:28rem}</style></head>
<body>
<h1>gridrace history</h1>
<p class="meta">${runs.length} runs of ${commits} commits on ${machines} machine${machines === 1 ? '' : 's'}; newest ${html(runs.at(-1)?.date.slice(0, 10) ?? '-')}.
Points in commit order; black triangles: the first run after a step found by change detection (E-Divisive means); dashed lines: the machine changed. Click a point to open its run's report.</p>
<h2>Suites</h2>
<div id="suites"></div>
<h2>One puzzle</h2>
<div class="controls"><label>puzzle <select id="puzzle"></select></label><label>measure <select id="measure"></select></label></div>
<div class="chart"><canvas id="puzzle-canvas"></canvas></div>
<h2>Steps</h2>
${changes.length === 0 ? '<p>No step found.</p>' : `<div class="scroll"><table><thead><tr><th>puzzle or suite</th><th>engine</th><th>measure</th><th>commit</th><th>date</th><th>change</th><th>p</th><th></th></tr></thead><tbody>\n${rows}\n</tbody></table></div>`}
<script type="application/json" id="history-data">${json}</script>
<script>${chartJs()}</script>
<script>${SCRIPT}</script>
</body></html>
`;
}

const SCRIPT = `${TICK_LABEL_SCRIPT}
const data = JSON.parse(document.getElementById('history-data').textContent);
const COLOURS = ['#0969da', '#cf222e', '#1a7f37', '#8250df', '#bc4c00', '#6e7781', '#bf3989', '#0a3069'];
// Dashed vertical lines where the machine changes between neighbouring runs on the chart.
const machineLines = {
  id: 'machineLines',
  afterDatasetsDraw(chart) {
    const xs = chart.config.options.machineChanges || [];
    const { ctx, chartArea, scales } = chart;
    ctx.save();
    ctx.strokeStyle = '#8c959f';
    ctx.setLineDash([4, 4]);
    for (const run of xs) {
      const x = scales.x.getPixelForValue(run - 0.5);
      ctx.beginPath(); ctx.moveTo(x, chartArea.top); ctx.lineTo(x, chartArea.bottom); ctx.stroke();
    }
    ctx.restore();
  },
};
function draw(canvas, list, yTitle) {
  const runs = [...new Set(list.flatMap((s) => s.x))].sort((a, b) => a - b);
  const changes = runs.filter((r, i) => i > 0 && data.runs[r].machine !== data.runs[runs[i - 1]].machine);
  const datasets = list.map((s, i) => ({
    label: s.engine,
    data: s.x.map((x, j) => ({ x, y: s.y[j] })),
    borderColor: COLOURS[i % COLOURS.length],
    backgroundColor: COLOURS[i % COLOURS.length],
    pointStyle: s.x.map((x) => (s.steps.includes(x) ? 'triangle' : 'circle')),
    pointRadius: s.x.map((x) => (s.steps.includes(x) ? 7 : 2.5)),
    pointBackgroundColor: s.x.map((x) => (s.steps.includes(x) ? '#1b1f24' : COLOURS[i % COLOURS.length])),
    tension: 0,
  }));
  const positive = list.every((s) => s.y.every((v) => v > 0));
  return new Chart(canvas, {
    type: 'line',
    data: { datasets },
    plugins: [machineLines],
    options: {
      machineChanges: changes,
      animation: false,
      maintainAspectRatio: false,
      parsing: false,
      interaction: { mode: 'nearest', intersect: true },
      scales: {
        x: { type: 'linear', title: { display: true, text: 'run, in commit order' }, ticks: { precision: 0, callback: (v) => (data.runs[v] ? data.runs[v].sha : '') } },
        y: { type: positive ? 'logarithmic' : 'linear', title: { display: true, text: yTitle }, ticks: { callback: tickLabel } },
      },
      plugins: {
        tooltip: { callbacks: { title: (items) => { const r = data.runs[items[0].raw.x]; return r.sha + ' · ' + r.date + ' · ' + r.source; }, afterBody: (items) => data.runs[items[0].raw.x].machineText } },
      },
      onClick(_event, elements) {
        if (elements.length === 0) return;
        const point = datasets[elements[0].datasetIndex].data[elements[0].index];
        const report = data.runs[point.x].report;
        if (report) window.open(report, '_blank');
      },
    },
  });
}
const unit = (s) => (s.measure === 'time' ? s.clock.toUpperCase() + ' time per solve (ms)' : s.measure);
// Suites: one chart per suite, kind and clock, a line per engine.
const suites = new Map();
for (const s of data.series) {
  if (s.scope !== 'suite' || s.measure !== 'time') continue;
  const key = s.subject + ' · ' + s.kind + ' · ' + s.clock;
  suites.set(key, [...(suites.get(key) || []), s]);
}
const box = document.getElementById('suites');
if (suites.size === 0) box.textContent = 'No timed suite yet.';
let n = 0;
for (const [key, list] of suites) {
  const h = document.createElement('h3');
  h.textContent = key + ' (geometric mean over the suite\\u2019s puzzles)';
  const div = document.createElement('div');
  div.className = 'chart';
  const canvas = document.createElement('canvas');
  canvas.id = 'suite-canvas-' + n++;
  div.appendChild(canvas);
  box.append(h, div);
  draw(canvas, list, unit(list[0]));
}
// One puzzle: pick a puzzle (or suite) and a measure; a line per engine.
const puzzleSelect = document.getElementById('puzzle');
const measureSelect = document.getElementById('measure');
const subjects = [...new Set(data.series.map((s) => s.scope + ' ' + s.kind + ' ' + s.subject))].sort();
for (const subject of subjects) puzzleSelect.add(new Option(subject.replace(/^puzzle /, ''), subject));
let chart;
function pick() {
  const subject = puzzleSelect.value;
  const list = data.series.filter((s) => s.scope + ' ' + s.kind + ' ' + s.subject === subject);
  const measures = [...new Set(list.map((s) => s.measure))].sort((a, b) => (a === 'time' ? -1 : b === 'time' ? 1 : a.localeCompare(b)));
  const current = measureSelect.value;
  measureSelect.length = 0;
  for (const m of measures) measureSelect.add(new Option(m, m));
  if (measures.includes(current)) measureSelect.value = current;
  const shown = list.filter((s) => s.measure === measureSelect.value);
  if (chart) chart.destroy();
  chart = shown.length ? draw(document.getElementById('puzzle-canvas'), shown, unit(shown[0])) : undefined;
}
puzzleSelect.addEventListener('change', pick);
measureSelect.addEventListener('change', pick);
if (subjects.length) pick();
`;
