// A self-contained HTML report: Chart.js (inlined, so the page opens offline), the results
// as inline JSON, charts of time per puzzle per engine (log scale) and of each engine's ratio
// to a reference engine, and the same tables as the markdown summary. Timeouts and engines that
// gave up are drawn at the time limit with a cross, not left out: a gap reads as "no data",
// and an engine that fails the hard puzzles would look fast.
import { failureText } from '../summary.js';
import type { RaceResults } from '../types.js';
import { engineLabel, externalTable } from './external.js';
import { STYLE, TICK_LABEL_SCRIPT, chartJs } from './page.js';
import { raceHeadlines } from './headline.js';
import { describeOptions, describeRun } from './markdown.js';
import { basisInFull, clockWord, describeCounts, formatDuration, formatFailures, formatMs, formatRatio, kindTables, kindTitle, par2Scores, ratioMatrix, referenceEngine, type Cell, type KindTable } from './tables.js';

const html = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** What the page's script draws, per kind. */
interface ChartData {
  kind: string;
  clock: string;
  labels: string[];
  engines: string[];
  /** ms per engine per puzzle, null when not timed. */
  ms: (number | null)[][];
  rme: (number | null)[][];
  states: string[][];
  /** The run's time limit (ms), where timeouts and gave-up tasks are drawn. */
  limitMs: number;
  /** `limitMs` where the engine timed out or gave up, else null: the cross markers. */
  capped: (number | null)[][];
  /** Which of the two it was, for the tooltip and the legend. */
  failed: ('timeout' | 'gave-up' | null)[][];
  reference: string | null;
  /** The two engines the scatter plots against each other (the headline's pair), or null. */
  pair: [number, number] | null;
}

const capFailure = (c: Cell | undefined) => (c?.failure === 'timeout' || c?.failure === 'gave-up' ? c.failure : null);

function chartData(table: KindTable, clock: string, limitMs: number): ChartData {
  return {
    kind: table.kind,
    clock,
    limitMs,
    capped: table.engines.map((_, i) => table.rows.map((r) => (capFailure(r.cells[i]) ? limitMs : null))),
    failed: table.engines.map((_, i) => table.rows.map((r) => capFailure(r.cells[i]))),
    labels: table.rows.map((r) => r.puzzle.id),
    engines: [...table.engines],
    ms: table.engines.map((_, i) => table.rows.map((r) => r.cells[i]?.ms ?? null)),
    rme: table.engines.map((_, i) => table.rows.map((r) => r.cells[i]?.rme ?? null)),
    states: table.engines.map((_, i) => table.rows.map((r) => r.cells[i]?.text ?? '-')),
    reference: referenceEngine(table) ?? null,
    pair: scatterPair(table),
  };
}

/** The two engines with the most puzzles timed in common (ties: table order), for the scatter. */
function scatterPair(table: KindTable): [number, number] | null {
  const m = ratioMatrix(table);
  let best: [number, number] | null = null;
  let most = 0;
  for (let i = 0; i < table.engines.length; i++) {
    for (let j = i + 1; j < table.engines.length; j++) {
      if (m.cells[i]![j]!.n > most) {
        most = m.cells[i]![j]!.n;
        best = [i, j];
      }
    }
  }
  return best;
}

function tableHtml(table: KindTable, r: RaceResults): string {
  const head = `<tr><th>puzzle</th><th>size</th><th>verdict</th>${table.engines.map((e) => `<th>${html(engineLabel(r, e))}</th>`).join('')}</tr>`;
  const body = table.rows
    .map((row) => {
      const cells = row.cells
        .map((c) => {
          if (c.ms === undefined) return `<td class="na">${html(c.text)}</td>`;
          if (table.engines.length === 1) return `<td>${html(c.text)}</td>`;
          return `<td class="${c.fastest ? 'best' : ''}">${html(c.text)}${c.fastest ? '' : ` <span class="ratio">${formatRatio(c.ratio!)}</span>`}</td>`;
        })
        .join('');
      const verdict = row.verdict === 'disagreement' ? '<strong class="bad">DISAGREEMENT</strong>' : html(row.verdict);
      return `<tr><td class="id">${html(row.puzzle.id)}</td><td>${row.puzzle.width}x${row.puzzle.height}</td><td>${verdict}</td>${cells}</tr>`;
    })
    .join('\n');
  let matrix = '';
  if (table.engines.length > 1) {
    const m = ratioMatrix(table);
    const par2 = par2Scores(table, r.options.timeLimitMs);
    matrix =
      `<p>Engine vs engine: geometric mean of time(row) / time(column) over the puzzles both timed (count in brackets). ` +
      `The means leave out what either side failed; "failed" counts the row engine's puzzles without an answer (timeout, OOM, error, gave up). ` +
      `PAR-2 is the engine's mean time over the puzzles it was started on, a failure counting twice the time limit.</p>` +
      `<div class="scroll"><table class="matrix"><tr><th></th>${m.engines.map((e) => `<th>${html(e)}</th>`).join('')}<th>failed</th><th>PAR-2</th></tr>` +
      m.engines
        .map(
          (e, i) =>
            `<tr><th>${html(e)}</th>${m.cells[i]!.map((c, j) => `<td>${i === j ? '1' : c.n === 0 ? '-' : `${formatRatio(c.ratio)} (${c.n})`}</td>`).join('')}` +
            `<td class="${m.failures[i]!.total > 0 ? 'bad' : ''}">${html(formatFailures(m.failures[i]!))}</td><td>${par2[i] === undefined ? '-' : html(formatMs(par2[i]!))}</td></tr>`,
        )
        .join('') +
      '</table></div>';
  }
  return `<div class="scroll"><table><thead>${head}</thead><tbody>${body}</tbody></table></div>${matrix}`;
}





/** The page's own script: draws the charts from the inline data with Chart.js. */
const SCRIPT = `${TICK_LABEL_SCRIPT}
const data = JSON.parse(document.getElementById('race-data').textContent);
const palette = ['#0969da','#cf222e','#1a7f37','#8250df','#bf8700','#0a7ea4','#d2488b','#57606a'];
const fmt = (ms) => ms == null ? '-' : ms < 0.1 ? (ms*1000).toFixed(1)+' µs' : ms < 10 ? ms.toFixed(2)+' ms' : ms < 1000 ? ms.toFixed(1)+' ms' : (ms/1000).toFixed(2)+' s';
const short = (id) => id.split('/').pop();
// Timeouts and gave-up tasks: crosses at the time limit, one dataset per engine in its colour.
const capLabel = (k, i) => {
  const f = new Set(k.failed[i].filter((x) => x));
  return f.has('timeout') && f.has('gave-up') ? 'timeout (≥ limit) or gave up' : f.has('timeout') ? 'timeout (≥ limit)' : 'gave up (drawn at the limit)';
};
const capNote = (k, i, j) => k.states[i][j] + (k.failed[i][j] === 'timeout' ? ' (≥ ' + fmt(k.limitMs) + ' limit)' : ' (no answer; drawn at the ' + fmt(k.limitMs) + ' limit)');
const crosses = (label, data, i, extra) => ({
  type: 'line', label, data, engine: i, capped: true, showLine: false, order: 0,
  pointStyle: 'crossRot', pointRadius: 9, pointHoverRadius: 11, borderWidth: 2.5,
  borderColor: palette[i % palette.length], backgroundColor: palette[i % palette.length], ...extra,
});
// One legend entry per engine: its crosses are shown and hidden with its bars.
const legend = {
  labels: { filter: (item, chartData) => !chartData.datasets[item.datasetIndex].capped },
  onClick: (event, item, l) => {
    const chart = l.chart, engine = chart.data.datasets[item.datasetIndex].engine;
    const show = !chart.isDatasetVisible(item.datasetIndex);
    chart.data.datasets.forEach((d, i) => { if (d.engine === engine) chart.setDatasetVisibility(i, show); });
    chart.update();
  },
};
const logAxis = (title, extra) => ({ type: 'logarithmic', ticks: { callback: tickLabel, autoSkip: false }, title: { display: true, text: title }, ...extra });
for (const k of data) {
  const width = Math.max(900, k.labels.length * Math.max(1, k.engines.length) * 9);
  document.getElementById('time-' + k.kind).style.width = width + 'px';
  const timeSets = [];
  k.engines.forEach((e, i) => {
    timeSets.push({ label: e, data: k.ms[i], engine: i, order: 1, backgroundColor: palette[i % palette.length] });
    if (k.capped[i].some((v) => v != null)) timeSets.push(crosses(e + ': ' + capLabel(k, i), k.capped[i], i));
  });
  new Chart(document.getElementById('time-canvas-' + k.kind), {
    type: 'bar',
    data: { labels: k.labels.map(short), datasets: timeSets },
    options: {
      maintainAspectRatio: false, animation: false,
      scales: { y: logAxis('median ' + k.clock + ' time (ms)', k.capped.some((c) => c.some((v) => v != null)) ? { suggestedMax: k.limitMs * 1.5 } : {}) },
      plugins: { legend, tooltip: { callbacks: {
        title: (items) => k.labels[items[0].dataIndex],
        label: (item) => {
          const i = item.dataset.engine, j = item.dataIndex;
          if (item.dataset.capped) return k.engines[i] + ': ' + capNote(k, i, j);
          return k.engines[i] + ': ' + (k.ms[i][j] == null ? k.states[i][j] : fmt(k.ms[i][j]) + ' ±' + k.rme[i][j].toFixed(1) + '%');
        },
      } } },
    },
  });
  if (!k.reference || k.engines.length < 2) continue;
  const r = k.engines.indexOf(k.reference);
  const others = k.engines.map((e, i) => i).filter((i) => i !== r);
  document.getElementById('ratio-' + k.kind).style.width = width + 'px';
  // A side without an answer counts at the limit: the ratio is then a bound (≥ when the engine
  // failed, ≤ when the reference did), drawn as a cross.
  const ratioSets = [];
  for (const i of others) {
    const label = k.engines[i] + ' / ' + k.reference;
    ratioSets.push({ label, data: k.ms[i].map((v, j) => v != null && k.ms[r][j] != null && k.ms[r][j] > 0 ? v / k.ms[r][j] : null), engine: i, order: 1, base: 1, backgroundColor: palette[i % palette.length] });
    const bound = k.ms[i].map((v, j) =>
      k.capped[i][j] != null && k.ms[r][j] != null && k.ms[r][j] > 0 ? k.limitMs / k.ms[r][j]
      : v != null && v > 0 && k.capped[r][j] != null ? v / k.limitMs : null);
    if (bound.some((v) => v != null)) ratioSets.push(crosses(label + ': a side timed out (≥ limit) or gave up', bound, i, { pair: label }));
  }
  // Centred on 1: as far below as above, so faster and slower read alike.
  const spread = Math.max(Math.log10(2), ...ratioSets.flatMap((d) => d.data).filter((v) => v != null && v > 0).map((v) => Math.abs(Math.log10(v))));
  new Chart(document.getElementById('ratio-canvas-' + k.kind), {
    type: 'bar',
    data: { labels: k.labels.map(short), datasets: ratioSets },
    options: {
      maintainAspectRatio: false, animation: false,
      scales: { y: logAxis('time / ' + k.reference + ' (below 1: faster)', { min: Math.pow(10, -spread * 1.1), max: Math.pow(10, spread * 1.1) }) },
      plugins: { legend, tooltip: { callbacks: { title: (items) => k.labels[items[0].dataIndex], label: (item) => {
        const i = item.dataset.engine, j = item.dataIndex;
        if (item.raw == null) return item.dataset.label + ': -';
        if (!item.dataset.capped) return item.dataset.label + ': ' + item.raw.toFixed(3) + 'x';
        return k.capped[i][j] != null
          ? item.dataset.pair + ': ≥ ' + item.raw.toFixed(3) + 'x (' + k.engines[i] + ' ' + capNote(k, i, j) + ')'
          : item.dataset.pair + ': ≤ ' + item.raw.toFixed(3) + 'x (' + k.reference + ' ' + capNote(k, r, j) + ')';
      } } } },
    },
  });
}
// Cactus plots and scatters need no reference engine.
for (const k of data) {
  const cactusSets = k.engines.map((e, i) => ({
    label: e, engine: i, showLine: true, pointRadius: 2, borderWidth: 2, borderColor: palette[i % palette.length], backgroundColor: palette[i % palette.length],
    data: k.ms[i].filter((v) => v != null).sort((a, b) => a - b).map((v, n) => ({ x: n + 1, y: v })),
  }));
  new Chart(document.getElementById('cactus-canvas-' + k.kind), {
    type: 'scatter',
    data: { datasets: cactusSets },
    options: {
      maintainAspectRatio: false, animation: false,
      scales: { x: { type: 'linear', min: 0, max: k.labels.length, title: { display: true, text: 'puzzles solved' } }, y: logAxis('time per solve (ms)') },
      plugins: { legend, tooltip: { callbacks: { label: (item) => k.engines[item.dataset.engine] + ': ' + item.raw.x + ' solved within ' + fmt(item.raw.y) } } },
    },
  });
  if (!k.pair) continue;
  const [a, b] = k.pair;
  // A side that timed out or gave up is drawn at the limit; puzzles neither answered are left out.
  const points = [];
  k.labels.forEach((id, j) => {
    const x = k.ms[a][j] ?? k.capped[a][j], y = k.ms[b][j] ?? k.capped[b][j];
    if (x != null && y != null && (k.ms[a][j] != null || k.ms[b][j] != null)) points.push({ x, y, id });
  });
  if (points.length === 0) continue;
  const values = points.flatMap((p) => [p.x, p.y]);
  const lo = Math.min(...values) / 1.5, hi = Math.max(...values) * 1.5;
  new Chart(document.getElementById('scatter-canvas-' + k.kind), {
    type: 'scatter',
    data: { datasets: [
      { label: 'puzzles', data: points, pointRadius: 4, backgroundColor: palette[a % palette.length] },
      { label: 'equal time', data: [{ x: lo, y: lo }, { x: hi, y: hi }], showLine: true, pointRadius: 0, borderWidth: 1, borderDash: [4, 4], borderColor: '#57606a' },
    ] },
    options: {
      maintainAspectRatio: false, animation: false,
      scales: { x: logAxis(k.engines[a] + ' (ms)', { min: lo, max: hi }), y: logAxis(k.engines[b] + ' (ms)', { min: lo, max: hi }) },
      plugins: { tooltip: { callbacks: { label: (item) => item.raw.id ? item.raw.id + ': ' + k.engines[a] + ' ' + fmt(item.raw.x) + ', ' + k.engines[b] + ' ' + fmt(item.raw.y) : 'equal time' } } },
    },
  });
}`;

export function raceHtml(r: RaceResults): string {
  const tables = kindTables(r);
  const clock = clockWord(r);
  const data = tables.map((t) => chartData(t, clock, r.options.timeLimitMs));
  const s = r.summary;
  const alarm =
    r.disagreements.length > 0
      ? `<div class="alarm"><strong>${r.disagreements.length} disagreement(s): the engines do not agree or a solution failed verification.</strong><ul>${r.disagreements
          .map((d) => `<li><code>${html(d.puzzle)}</code>: ${html(d.message)}</li>`)
          .join('')}</ul></div>`
      : '';
  const sections = tables
    .map((t) => {
      const d = chartData(t, clock, r.options.timeLimitMs);
      const title = kindTitle(t.kind);
      const limit = html(formatMs(r.options.timeLimitMs));
      const canvas = (id: string, square = false) => `<div class="chart${square ? ' square' : ''}"><div id="${id}-${t.kind}"><canvas id="${id}-canvas-${t.kind}"></canvas></div></div>`;
      const ratio =
        d.reference && t.engines.length > 1
          ? `<h3>Ratio to ${html(d.reference)}</h3>${canvas('ratio')}<p class="caption">Each engine's time over ${html(d.reference)}'s on the same puzzle, log scale centred on 1: a bar down is faster, up is slower. A cross is a bound where one side has no answer (taken at the ${limit} limit).</p>`
          : '';
      const cactus = `<h3>Puzzles solved within a time</h3>${canvas('cactus')}<p class="caption">Cactus plot: for each engine, its solve times sorted; the curve reaching furthest right solved the most, the lowest solved them fastest.</p>`;
      const scatter = d.pair
        ? `<h3>${html(t.engines[d.pair[0]]!)} against ${html(t.engines[d.pair[1]]!)}, puzzle by puzzle</h3>${canvas('scatter', true)}<p class="caption">One point per puzzle, log scales; above the diagonal ${html(t.engines[d.pair[0]]!)} is faster. A side without an answer is drawn at the ${limit} limit.</p>`
        : '';
      return (
        `<h2>${title}</h2><p>Times: median ${html(basisInFull(t))}.</p><h3>Median ${clock} time per puzzle</h3>${canvas('time')}` +
        `<p class="caption">Log scale. A cross marks a puzzle without an answer (timeout or gave up), drawn at the ${limit} limit.</p>${ratio}${cactus}${scatter}<h3>Table</h3>${tableHtml(t, r)}`
      );
    })
    .join('\n');
  const ext = externalTable(r);
  const externalHtml = ext
    ? `<h2>External engines</h2><p>${html(ext.note)}</p><div class="scroll"><table><thead><tr>${ext.header.map((h) => `<th>${html(h)}</th>`).join('')}</tr></thead><tbody>${ext.rows
        .map((row) => `<tr>${row.map((c) => `<td>${html(c)}</td>`).join('')}</tr>`)
        .join('')}</tbody></table></div>`
    : '';
  const problems = r.tasks.filter((t) => t.state !== 'completed' || t.message);
  const problemList = problems.length
    ? `<h2>Stopped, failed or limited tasks</h2><ul class="problems">${problems
        .slice(0, 200)
        .map((t) => `<li>${html(t.engine)} on <code>${html(t.puzzle)}</code>: ${html(failureText(t) ?? t.state)}${t.message ? `: ${html(t.message)}` : ''}</li>`)
        .join('')}</ul>`
    : '';
  const heads = raceHeadlines(r);
  const headlines = heads.length ? `<ul class="headline">${heads.map((h) => `<li>${html(h)}</li>`).join('')}</ul>` : '';
  const json = JSON.stringify(data).replace(/</g, '\\u003c');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>gridrace race ${html(r.env.date.slice(0, 10))}</title><style>${STYLE}</style></head>
<body>
<h1>gridrace race</h1>
${headlines}
<p class="meta">${html(describeRun(r))}<br>${html(describeOptions(r))}<br>
${html(describeCounts(r))} · race overhead per task ${html(formatMs(s.harnessMsMedian))} (worker start ${html(formatMs(s.startMsMedian))}) · wall ${html(formatDuration(s.wallMs))}${r.aborted ? ' · <strong>interrupted</strong>' : ''}</p>
${alarm}
${sections}
${externalHtml}
${problemList}
<script type="application/json" id="race-data">${json}</script>
<script>${chartJs()}</script>
<script>${SCRIPT}</script>
</body></html>
`;
}
