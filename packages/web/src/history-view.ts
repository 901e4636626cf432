// A history database opened in the page: its runs, each suite's time across them (one line
// per engine and suite), and the steps change-point detection finds, as `gridrace history`
// shows them. sql.js runs in the page from the emitted WebAssembly file.
import { Chart } from 'chart.js/auto';
import { History, buildSeries, findChanges } from '@gridrace/history/browser';
import { escapeHtml as escape, tickLabel } from '@gridrace/race/report';
import initSqlJs from 'sql.js';
import sqlWasmUrl from 'sql.js/dist/sql-wasm-browser.wasm?url';


export async function showHistory(container: HTMLElement, name: string, bytes: Uint8Array): Promise<void> {
  const SQL = await initSqlJs({ locateFile: () => sqlWasmUrl });
  let history: History;
  try {
    history = History.open(SQL, bytes);
  } catch (err) {
    throw new Error(`${name}: ${err instanceof Error ? err.message : String(err)}`);
  }
  const runs = history.runs();
  const series = buildSeries(runs, history.results(), { scope: 'suite', measures: 'time' });
  const changes = findChanges(runs, series);
  history.close();
  const label = (i: number) => runs[i]?.gitSha?.slice(0, 7) ?? runs[i]?.date.slice(0, 10) ?? String(i);
  container.innerHTML =
    `<h2>History: ${escape(name)}</h2><p class="meta">${runs.length} run(s), ${series.length} suite series, ${changes.length} step(s) found</p>` +
    `<div class="chart"><canvas id="history-canvas"></canvas></div>` +
    (changes.length
      ? `<h3>Steps</h3><ul>${changes.map((c) => `<li>${escape(c.series.engine)} on ${escape(c.series.subject)}: ${(c.change * 100).toFixed(1)}% at ${escape(label(c.run))} (p ${c.pValue.toPrecision(2)})${c.machineChanged ? ', machine changed' : ''}</li>`).join('')}</ul>`
      : '') +
    `<h3>Runs</h3><div class="scroll"><table><tr><th>#</th><th>date</th><th>commit</th><th>source</th><th>suite</th><th>results</th><th>machine</th></tr>${runs
      .map((r, i) => `<tr><td>${i + 1}</td><td>${escape(r.date.slice(0, 19))}</td><td>${escape(r.gitSha?.slice(0, 10) ?? '-')}</td><td>${escape(r.source)}${r.side ? ` (${escape(r.side)})` : ''}</td><td class="id">${escape(r.suite)}</td><td>${r.results}</td><td class="id">${escape(r.cpu)}</td></tr>`)
      .join('')}</table></div>`;
  new Chart(container.querySelector('canvas')!, {
    type: 'line',
    data: {
      labels: runs.map((_, i) => label(i)),
      datasets: series.map((s) => ({ label: `${s.engine} · ${s.subject}`, data: runs.map((_, i) => s.points.find((p) => p.run === i)?.value ?? null), spanGaps: true })),
    },
    options: {
      maintainAspectRatio: false,
      animation: false,
      scales: { y: { type: 'logarithmic', ticks: { callback: (v, i, ticks) => tickLabel(Number(v), i, ticks as { significand?: number }[]) }, title: { display: true, text: 'suite time (ms, geometric mean)' } } },
    },
  });
}
