// A self-contained HTML report: Chart.js (inlined, so the page opens offline), the results
// as inline JSON, charts of time per puzzle per engine (log scale) and of each engine's ratio
// to a reference engine, and the same tables as the markdown summary. Timeouts and engines that
// gave up are drawn at the time limit with a cross, not left out: a gap reads as "no data",
// and an engine that fails the hard puzzles would look fast.
import type { RaceResults } from '../types.js';
import { drawRaceCharts } from './charts.js';
import { chartJs } from './page.js';
import { html, raceBodyHtml, raceChartData } from './sections.js';
import { STYLE, TICK_LABEL_SCRIPT } from './style.js';

/** The page's own script: the chart function's source, called on the inline data. */
const SCRIPT = `${TICK_LABEL_SCRIPT}
(${drawRaceCharts.toString()})(Chart, JSON.parse(document.getElementById('race-data').textContent), document, tickLabel);`;

export function raceHtml(r: RaceResults): string {
  const json = JSON.stringify(raceChartData(r)).replace(/</g, '\\u003c');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>gridrace race ${html(r.env.date.slice(0, 10))}</title><style>${STYLE}</style></head>
<body>
${raceBodyHtml(r)}
<script type="application/json" id="race-data">${json}</script>
<script>${chartJs()}</script>
<script>${SCRIPT}</script>
</body></html>
`;
}
