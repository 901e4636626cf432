// The body of a race report (headlines, run facts, charts' canvases, tables, failures) and
// the data its charts are drawn from: plain strings and objects, no Node API, so report.html
// and the web workbench show a race the same way.
import { failureText } from '../summary.js';
import type { RaceResults } from '../types.js';
import { engineLabel, externalTable } from './external.js';
import { raceHeadlines } from './headline.js';
import { describeMachines, describeOptions, describeRun } from './markdown.js';
import { basisInFull, clockWord, describeCounts, formatDuration, formatFailures, formatMs, formatRatio, kindTables, kindTitle, par2Scores, ratioMatrix, referenceEngine, type Cell, type KindTable } from './tables.js';

/** Text made safe inside HTML elements and attribute values. */
export const html = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** What the page's script draws, per kind. */
export interface ChartData {
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





/** The data `drawRaceCharts` draws: one entry per puzzle kind in the race. */
export function raceChartData(r: RaceResults): ChartData[] {
  const clock = clockWord(r);
  return kindTables(r).map((t) => chartData(t, clock, r.options.timeLimitMs));
}

/** Everything a report shows but its scripts: the page's body, with a canvas per chart. */
export function raceBodyHtml(r: RaceResults): string {
  const tables = kindTables(r);
  const clock = clockWord(r);
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
  const machines = describeMachines(r);
  const headlines = heads.length ? `<ul class="headline">${heads.map((h) => `<li>${html(h)}</li>`).join('')}</ul>` : '';
  return `<h1>gridrace race</h1>
${headlines}
<p class="meta">${html(describeRun(r))}<br>${html(describeOptions(r))}<br>${machines ? `${html(machines)}<br>` : ''}
${html(describeCounts(r))} · race overhead per task ${html(formatMs(s.harnessMsMedian))} (worker start ${html(formatMs(s.startMsMedian))}) · wall ${html(formatDuration(s.wallMs))}${r.aborted ? ' · <strong>interrupted</strong>' : ''}</p>
${alarm}
${sections}
${externalHtml}
${problemList}`;
}
