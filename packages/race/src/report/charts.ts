// @ts-nocheck -- page script: this function runs in the browser, inlined into report.html as
// its source text (Function.prototype.toString) and called directly by the web workbench, so
// it must not use anything from outside its body. Its types would be Chart.js's loose config
// objects throughout; report-browser.test.ts draws it in Chromium instead.

/**
 * Draws a race report's charts (time per puzzle, ratio to the reference engine, cactus plot,
 * scatter of the headline pair) into the canvases that `raceBodyHtml` wrote, from
 * `raceChartData`'s data, with the Chart.js constructor and the log-axis tick formatter given.
 */
export function drawRaceCharts(Chart, data, doc, tickLabel) {
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
    doc.getElementById('time-' + k.kind).style.width = width + 'px';
    const timeSets = [];
    k.engines.forEach((e, i) => {
      timeSets.push({ label: e, data: k.ms[i], engine: i, order: 1, backgroundColor: palette[i % palette.length] });
      if (k.capped[i].some((v) => v != null)) timeSets.push(crosses(e + ': ' + capLabel(k, i), k.capped[i], i));
    });
    new Chart(doc.getElementById('time-canvas-' + k.kind), {
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
    doc.getElementById('ratio-' + k.kind).style.width = width + 'px';
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
    new Chart(doc.getElementById('ratio-canvas-' + k.kind), {
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
    new Chart(doc.getElementById('cactus-canvas-' + k.kind), {
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
    new Chart(doc.getElementById('scatter-canvas-' + k.kind), {
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
  }
}
