// The workbench page: load puzzles (paste, files, drop, share link, ?open=), race the chosen
// engines in Web Workers, and show the verified answers, the report's tables and charts, a
// saved race or a history database.
import './style.css';
import type { Solution } from '@gridrace/core';
import { REPORT_STYLE, drawRaceCharts, escapeHtml as escape, raceBodyHtml, raceChartData, tickLabel, type RaceResults } from '@gridrace/race/report';
import gchq from '../../../puzzles/seed/gchq-2015.json?raw';
import { BROWSER_ENGINES, ENGINE_NAMES } from './engines.js';
import { openBytes, openText, type Opened } from './open-file.js';
import { raceInBrowser, type RacePuzzle } from './race-runner.js';
import { decodeShare, encodeShare } from './share.js';
import { solutionsHtml } from './solutions-view.js';
import { drawStep, recordSteps, type StepRun } from './steps-view.js';

interface Source {
  readonly name: string;
  readonly text: string;
}

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;

const state: { puzzles: RacePuzzle[]; sources: Source[]; steps?: StepRun; results?: RaceResults; answers?: ReadonlyMap<string, readonly Solution[]>; controller?: AbortController } = {
  puzzles: [],
  sources: [],
};

/** What the page shows, for scripts and tests: the last race's results and answers. */
(window as unknown as { gridrace: unknown }).gridrace = {
  results: () => state.results,
  answers: () => state.answers,
  steps: () => state.steps,
};

const style = document.createElement('style');
style.textContent = REPORT_STYLE;
document.head.prepend(style);

function setError(message: string): void {
  $('error').textContent = message;
}
function setStatus(message: string): void {
  $('status').textContent = message;
}

// Engines: a checkbox each; wasm and bitmask chosen to start with.
const kindsOf = (name: string) => BROWSER_ENGINES.filter((e) => e.name === name).map((e) => e.kind);
$('engine-choices').innerHTML = ENGINE_NAMES.map(
  (name) => `<label title="${escape(kindsOf(name).join(', '))}"><input type="checkbox" name="engine" value="${name}"${name === 'wasm' || name === 'bitmask' || name === 'arrowpath' ? ' checked' : ''}> ${name}</label>`,
).join('');
const chosenEngines = () => [...document.querySelectorAll<HTMLInputElement>('input[name=engine]:checked')].map((i) => i.value);
function chooseEngines(names: readonly string[]): void {
  for (const input of document.querySelectorAll<HTMLInputElement>('input[name=engine]')) input.checked = names.includes(input.value);
}

function showPuzzles(): void {
  $('puzzle-list').innerHTML = state.puzzles
    .map((p, i) => `<li>${escape(p.id)}: ${p.puzzle.kind} ${p.puzzle.width}x${p.puzzle.height}<button type="button" data-remove="${i}" aria-label="remove">×</button></li>`)
    .join('');
  $('loaded').textContent = state.puzzles.length ? `${state.puzzles.length} puzzle(s) loaded` : '';
}

$('puzzle-list').addEventListener('click', (event) => {
  const index = (event.target as HTMLElement).dataset['remove'];
  if (index === undefined) return;
  const [gone] = state.puzzles.splice(Number(index), 1);
  if (gone && !state.puzzles.some((p) => p.id.startsWith(gone.id.split('#')[0]!))) state.sources = state.sources.filter((s) => s.name !== gone.id.split('#')[0]);
  showPuzzles();
});

/** Takes what a file holds: puzzles join the list, a race or a history is shown. */
async function take(opened: Opened): Promise<void> {
  setError('');
  if (opened.type === 'puzzles') {
    let name = opened.name;
    for (let n = 2; state.sources.some((s) => s.name === name); n++) name = `${opened.name} (${n})`;
    state.sources.push({ name, text: opened.text });
    opened.puzzles.forEach((puzzle, i) => state.puzzles.push({ id: opened.puzzles.length === 1 ? name : `${name}#${i + 1}`, puzzle }));
    showPuzzles();
    setStatus(`loaded ${opened.puzzles.length} puzzle(s) from ${opened.name}`);
  } else if (opened.type === 'results') {
    state.results = opened.results;
    state.answers = undefined;
    $('answers').innerHTML = '';
    await showReport(opened.results);
    setStatus(`showing the race in ${opened.name}`);
  } else {
    // sql.js and its WebAssembly are loaded only for a history.
    const { showHistory } = await import('./history-view.js');
    await showHistory($('history'), opened.name, opened.bytes);
    setStatus(`showing the history in ${opened.name}`);
  }
}

async function takeFiles(files: Iterable<File>): Promise<void> {
  for (const file of files) {
    try {
      await take(openBytes(file.name, new Uint8Array(await file.arrayBuffer())));
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
      return;
    }
  }
}

async function showReport(results: RaceResults): Promise<void> {
  // Chart.js is most of the page's script: it is loaded when there is something to draw.
  const { Chart } = await import('chart.js/auto');
  const container = $('report');
  for (const canvas of container.querySelectorAll('canvas')) Chart.getChart(canvas)?.destroy();
  container.innerHTML = raceBodyHtml(results);
  drawRaceCharts(Chart, raceChartData(results), document, tickLabel);
  ($('download') as HTMLButtonElement).disabled = false;
}

$('load-paste').addEventListener('click', () => {
  const text = ($('paste') as HTMLTextAreaElement).value;
  try {
    void take(openText('pasted', text));
  } catch (err) {
    setError(err instanceof Error ? err.message : String(err));
  }
});
$('example').addEventListener('click', () => void take(openText('gchq-2015.json', gchq)));
$('files').addEventListener('change', (event) => void takeFiles((event.target as HTMLInputElement).files ?? []));
document.addEventListener('dragover', (event) => {
  event.preventDefault();
  document.body.classList.add('dragging');
});
document.addEventListener('dragleave', () => document.body.classList.remove('dragging'));
document.addEventListener('drop', (event) => {
  event.preventDefault();
  document.body.classList.remove('dragging');
  void takeFiles(event.dataTransfer?.files ?? []);
});

function options(): { timeLimitMs: number; runs: number } | undefined {
  const seconds = Number(($('time-limit') as HTMLInputElement).value);
  const runs = Number(($('runs') as HTMLInputElement).value);
  if (!(seconds > 0)) return void setError('the time limit must be a positive number of seconds');
  if (!Number.isInteger(runs) || runs < 0 || runs > 50) return void setError('timed runs must be a whole number from 0 to 50');
  return { timeLimitMs: Math.round(seconds * 1000), runs };
}

const makeWorker = () => new Worker(new URL('./solve-worker.ts', import.meta.url), { type: 'module' });

$('steps-run').addEventListener('click', async () => {
  setError('');
  const first = state.puzzles.find((p) => p.puzzle.kind !== 'arrowpath');
  if (!first || first.puzzle.kind === 'arrowpath') return setError('load a nonogram first: the step-by-step view shows nonogram line solving');
  const puzzle = first.puzzle;
  const opts = options();
  if (!opts) return;
  setStatus(`line solving ${first.id} with naive`);
  try {
    const run = await recordSteps(puzzle, makeWorker, opts.timeLimitMs);
    state.steps = run;
    const slider = $('steps-slider') as HTMLInputElement;
    slider.max = String(run.steps.length - 1);
    slider.value = '-1';
    const show = () => ($('steps-caption').textContent = drawStep($('steps-canvas') as HTMLCanvasElement, puzzle, run, Number(slider.value)));
    slider.oninput = show;
    $('steps-prev').onclick = () => ((slider.value = String(Math.max(-1, Number(slider.value) - 1))), show());
    $('steps-next').onclick = () => ((slider.value = String(Math.min(run.steps.length - 1, Number(slider.value) + 1))), show());
    $('steps-view').hidden = false;
    show();
    setStatus(`${first.id}: ${run.steps.length} line step(s) before any branching; naive's verdict: ${run.verdict}`);
  } catch (err) {
    setError(err instanceof Error ? err.message : String(err));
  }
});

$('race').addEventListener('click', async () => {
  setError('');
  const engines = chosenEngines();
  const opts = options();
  if (!opts) return;
  if (state.puzzles.length === 0) return setError('load a puzzle first');
  if (engines.length === 0) return setError('choose at least one engine');
  const controller = new AbortController();
  state.controller = controller;
  ($('race') as HTMLButtonElement).disabled = true;
  ($('stop') as HTMLButtonElement).disabled = false;
  document.body.dataset['state'] = 'racing';
  const puzzles = [...state.puzzles];
  try {
    const race = await raceInBrowser({
      puzzles,
      engines,
      ...opts,
      signal: controller.signal,
      makeWorker,
      onStart: (engine, puzzle) => setStatus(`racing: ${engine} on ${puzzle}`),
      onTask: (task, done, total) => setStatus(`${done}/${total}: ${task.engine} on ${task.puzzle}: ${task.verdict ?? task.state}`),
    });
    state.results = race.results;
    state.answers = race.answers;
    const s = race.results.summary;
    setStatus(`${race.results.aborted ? 'stopped: ' : ''}${s.tasks} task(s), ${s.completed} completed, ${s.timeouts} timed out, ${s.errors} error(s), ${s.disagreements} disagreement(s)`);
    // Stopped means the solve has ended (its worker is gone), whatever is still to be drawn.
    if (race.results.aborted) document.body.dataset['state'] = 'stopped';
    $('answers').innerHTML = `<h2>Answers</h2>${solutionsHtml(puzzles, race.results, race.answers)}`;
    await showReport(race.results);
    if (!race.results.aborted) document.body.dataset['state'] = 'done';
  } catch (err) {
    setError(err instanceof Error ? err.message : String(err));
    document.body.dataset['state'] = 'failed';
  } finally {
    ($('race') as HTMLButtonElement).disabled = false;
    ($('stop') as HTMLButtonElement).disabled = true;
  }
});

$('stop').addEventListener('click', () => {
  state.controller?.abort();
  setStatus('stopped');
});

$('download').addEventListener('click', () => {
  if (!state.results) return;
  const url = URL.createObjectURL(new Blob([`${JSON.stringify(state.results, null, 2)}\n`], { type: 'application/json' }));
  const a = Object.assign(document.createElement('a'), { href: url, download: 'results.json' });
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
});

$('share').addEventListener('click', async () => {
  const opts = options();
  const source = state.sources[0];
  if (!opts) return;
  if (!source) return setError('load a puzzle first: the link holds the first file loaded');
  const fragment = await encodeShare({ text: source.text, name: source.name, engines: chosenEngines(), ...opts });
  const link = `${location.origin}${location.pathname}#${fragment}`;
  history.replaceState(null, '', `#${fragment}`);
  try {
    await navigator.clipboard.writeText(link);
    setStatus(`share link copied (${link.length} characters${state.sources.length > 1 ? `; it holds ${source.name} only` : ''})`);
  } catch {
    setStatus(`share link in the address bar (${link.length} characters)`);
  }
});

/** On load: a share link's race, or `?open=PATH` (a file on this server, as `gridrace serve FILE` offers). */
async function start(): Promise<void> {
  const shared = await decodeShare(location.hash);
  if (shared) {
    await take(openText(shared.name, shared.text));
    chooseEngines(shared.engines);
    ($('time-limit') as HTMLInputElement).value = String(shared.timeLimitMs / 1000);
    ($('runs') as HTMLInputElement).value = String(shared.runs);
    setStatus(`loaded ${shared.name} from the share link: press Race`);
  }
  const open = new URLSearchParams(location.search).get('open');
  if (open) {
    const url = new URL(open, location.href);
    if (url.origin !== location.origin) throw new Error(`?open=${open}: only files of this server can be opened`);
    const response = await fetch(url);
    if (!response.ok) throw new Error(`?open=${open}: the server answered ${response.status}`);
    await take(openBytes(decodeURIComponent(url.pathname.split('/').pop() ?? open), new Uint8Array(await response.arrayBuffer())));
  }
}

start().catch((err: unknown) => setError(err instanceof Error ? err.message : String(err)));
document.body.dataset['state'] = 'ready';
