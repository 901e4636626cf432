// The web workbench end to end: `gridrace serve` serves the built page (packages/web) and the
// files it is given; headless Chromium loads puzzles, races two engines, races the portfolio
// (its searches in nested Web Workers), stops a long solve, shows a bad file's error, opens a
// race's results.json and a history database, and follows a share link. Every answer the page
// reports is checked here again with core's verifier, and its results pass the race's own
// schema. Screenshots go to test-output/.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { readPuzzle, verify, type NonogramPuzzle, type Solution } from '@gridrace/core';
import { checkResults, type RaceResults } from '@gridrace/race/records';
import { LAUNCH_TIMEOUT_MS, launchChromium, type Browser, type Page } from '@gridrace/testkit/chromium';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI, REPO, gridrace } from './run-cli.js';

const OUT = fileURLToPath(new URL('../test-output/', import.meta.url));
const GCHQ = join(REPO, 'puzzles/seed/gchq-2015.json');
/** naive runs this one to any time limit (it needs search): the solve Stop must end. */
const LONG = join(REPO, 'puzzles/generated/nonogram-search-025x025-s1.json');

let server: ChildProcess;
let browser: Browser;
let origin = '';
const openUrls: string[] = [];
const scratch = mkdtempSync(join(tmpdir(), 'gridrace-workbench-'));

beforeAll(async () => {
  // A race's results and a history database of it, for the page to open.
  const race = gridrace(['race', '--engines', 'wasm,bitmask', '--puzzles', 'puzzles/seed', '--kind', 'nonogram', '--iterations', '1', '--no-calibration', '-q', '--out', join(scratch, 'race')]);
  expect(race.code, race.stderr).toBe(0);
  const db = join(scratch, 'history.sqlite');
  const add = gridrace(['history', 'add', join(scratch, 'race', 'results.json'), '--db', db]);
  expect(add.code, add.stderr).toBe(0);

  server = spawn(process.execPath, [CLI, 'serve', '--port', '0', join(scratch, 'race', 'results.json'), db], { cwd: REPO, stdio: ['ignore', 'pipe', 'inherit'] });
  const lines = createInterface({ input: server.stdout! });
  await new Promise<void>((resolve, reject) => {
    server.on('exit', (code) => reject(new Error(`gridrace serve exited with ${code}`)));
    lines.on('line', (line) => {
      const url = /https?:\/\/\S+/.exec(line)?.[0];
      if (!url) return;
      if (!origin) origin = url.replace(/\/$/, '');
      else openUrls.push(url);
      if (openUrls.length === 2) resolve();
    });
  });
  browser = await launchChromium();
  mkdirSync(OUT, { recursive: true });
}, LAUNCH_TIMEOUT_MS);

afterAll(async () => {
  await browser?.close();
  server?.kill('SIGTERM');
});

/** A fresh page that records every error it logs. */
async function open(path = '/'): Promise<{ page: Page; errors: string[] }> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  await page.goto(`${origin}${path.startsWith('http') ? path.slice(origin.length) : path}`);
  await page.waitForFunction(() => document.body.dataset['state'] === 'ready');
  return { page, errors };
}

const finished = (page: Page, timeout = 60_000) =>
  page.waitForFunction(() => ['done', 'stopped', 'failed'].includes(document.body.dataset['state'] ?? ''), undefined, { timeout });

async function chooseEngines(page: Page, names: string[]): Promise<void> {
  for (const box of await page.$$('input[name=engine]')) {
    const value = await box.getAttribute('value');
    if (names.includes(value!) !== (await box.isChecked())) await box.click();
  }
}

describe('the web workbench, served by gridrace serve, in headless Chromium', () => {
  it('races wasm and bitmask on a pasted puzzle; the verdicts appear and their solutions verify', async () => {
    const { page, errors } = await open();
    await page.fill('#paste', readFileSync(GCHQ, 'utf8'));
    await page.click('#load-paste');
    await chooseEngines(page, ['wasm', 'bitmask']);
    await page.fill('#runs', '1');
    await page.click('#race');
    await finished(page);
    expect(await page.getAttribute('body', 'data-state')).toBe('done');
    expect(await page.textContent('#status')).toMatch(/^2 task\(s\), 2 completed, 0 timed out, 0 error\(s\), 0 disagreement\(s\)$/);
    expect(await page.getAttribute('figure.answer', 'data-verdict')).toBe('unique');
    // The headline names the faster of the two first; which one that is depends on the machine.
    expect(await page.textContent('#report')).toMatch(/(wasm [\d.]+x (faster|slower) than bitmask|bitmask [\d.]+x (faster|slower) than wasm)/);
    // The run's facts as a page knows them: the browser, wall-clock time, no memory cap, the workers' start.
    expect(await page.textContent('#report .meta')).toMatch(/browser \(Chrome\/[\d.]+\).*wall-clock time .* no memory cap .*worker start (?!0\.0 µs)/s);

    const { results, answers } = await page.evaluate(() => {
      const api = (window as unknown as { gridrace: { results(): unknown; answers(): Map<string, { width: number; height: number; cells: Uint8Array }[]> } }).gridrace;
      return { results: api.results(), answers: [...api.answers()].map(([key, list]) => [key, list.map((s) => ({ width: s.width, height: s.height, cells: Array.from(s.cells) }))]) };
    });
    const race: RaceResults = checkResults(results, 'the page');
    expect(race.tasks.map((t) => [t.engine, t.state, t.verdict, t.verified])).toEqual([
      ['wasm', 'completed', 'unique', true],
      ['bitmask', 'completed', 'unique', true],
    ]);
    expect(race.tasks[0]!.samples!.n).toBe(2);
    const puzzle = readPuzzle(readFileSync(GCHQ, 'utf8'), { file: GCHQ });
    for (const [, list] of answers as [string, { width: number; height: number; cells: number[] }[]][]) {
      expect(list).toHaveLength(1);
      const solution: Solution = { width: list[0]!.width, height: list[0]!.height, cells: Uint8Array.from(list[0]!.cells) };
      expect(verify(puzzle, solution).ok).toBe(true);
      expect([...solution.cells]).toEqual([...(puzzle.solution as { cells: Uint8Array }).cells]);
    }
    await page.screenshot({ path: join(OUT, 'workbench-race.png'), fullPage: true });
    expect(errors).toEqual([]);
    await page.close();
  }, 90_000);

  it('races the portfolio: past its head start its other searches run in Web Workers of their own, and its answer verifies', async () => {
    const { page, errors } = await open();
    // wasm needs about 0.3 s on this one: the portfolio's other search starts after its 100 ms
    // head start and is stopped (and answers) when the first wins. A harder puzzle (3 s) once ran
    // past a 60 s limit under the test command's load; this one leaves a wide margin, and the
    // time limit leaves room for a loaded machine.
    const file = join(REPO, 'puzzles/generated/nonogram-search-040x040-s1.json');
    await page.fill('#paste', readFileSync(file, 'utf8'));
    await page.click('#load-paste');
    await chooseEngines(page, ['portfolio']);
    await page.fill('#runs', '0');
    await page.fill('#time-limit', '60');
    await page.click('#race');
    await finished(page, 80_000);
    const { results, answers } = await page.evaluate(() => {
      const api = (window as unknown as { gridrace: { results(): unknown; answers(): Map<string, { width: number; height: number; cells: Uint8Array }[]> } }).gridrace;
      return { results: api.results(), answers: [...api.answers().values()].flat().map((s) => ({ width: s.width, height: s.height, cells: Array.from(s.cells) })) };
    });
    const race: RaceResults = checkResults(results, 'the page');
    expect(race.tasks.map((t) => [t.engine, t.state, t.verdict, t.verified]), JSON.stringify({ ...race.tasks[0], solutions: undefined })).toEqual([['portfolio', 'completed', 'unique', true]]);
    expect(race.tasks[0]!.counters!['searches']).toBeGreaterThanOrEqual(2);
    expect(race.tasks[0]!.counters!['failedSearches']).toBeUndefined();
    const puzzle = readPuzzle(readFileSync(file, 'utf8'), { file });
    expect(answers).toHaveLength(1);
    expect(verify(puzzle, { width: answers[0]!.width, height: answers[0]!.height, cells: Uint8Array.from(answers[0]!.cells) }).ok).toBe(true);
    expect(errors).toEqual([]);
    await page.close();
  }, 90_000);

  it('outlines the cells where two solutions differ for a puzzle with several', async () => {
    const { page, errors } = await open();
    // Tatham's Pattern ID of a 2x2 with one cell per row and column: the two diagonals.
    await page.fill('#paste', '2x2:1/1/1/1');
    await page.click('#load-paste');
    await chooseEngines(page, ['wasm']);
    await page.click('#race');
    await finished(page);
    expect(await page.getAttribute('figure.answer', 'data-verdict')).toBe('multiple');
    const answers = await page.evaluate(() =>
      [...(window as unknown as { gridrace: { answers(): Map<string, { cells: Uint8Array }[]> } }).gridrace.answers().values()][0]!.map((s) => Array.from(s.cells)),
    );
    expect(answers).toHaveLength(2);
    const differ = answers[0]!.flatMap((v, i) => (v !== answers[1]![i] ? [i] : []));
    expect(differ).toHaveLength(4);
    expect(await page.$$eval('figure.answer g.differs rect', (rects) => rects.length)).toBe(differ.length);
    expect(errors).toEqual([]);
    await page.close();
  }, 30_000);

  it('ends a long solve within a second of Stop, and shows what finished', async () => {
    const { page, errors } = await open();
    await page.setInputFiles('#files', LONG);
    await chooseEngines(page, ['naive']);
    await page.fill('#time-limit', '60');
    await page.click('#race');
    await page.waitForFunction(() => /^racing: naive/.test(document.getElementById('status')!.textContent ?? ''));
    await page.waitForTimeout(500);
    const stopMs = await page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          const started = performance.now();
          new MutationObserver(() => document.body.dataset['state'] === 'stopped' && resolve(performance.now() - started)).observe(document.body, { attributes: true });
          document.getElementById('stop')!.click();
        }),
    );
    // Idle, tens of ms: the worker is terminated at once; the rest is the page's record of the race.
    expect(stopMs).toBeLessThan(1000);
    const race = checkResults(await page.evaluate(() => (window as unknown as { gridrace: { results(): unknown } }).gridrace.results()), 'the page');
    expect(race.aborted).toBe(true);
    expect(race.tasks).toEqual([]);
    expect(await page.textContent('#status')).toMatch(/^stopped: 0 task\(s\)/);
    expect(errors).toEqual([]);
    await page.close();
  }, 60_000);

  it('says in one line what is wrong with a bad file, naming it and the line', async () => {
    const { page, errors } = await open();
    await page.setInputFiles('#files', { name: 'broken.non', mimeType: 'text/plain', buffer: Buffer.from('width 2\nheight 2\nrows\n1\nx\ncolumns\n1\n1\n') });
    await page.waitForFunction(() => (document.getElementById('error')!.textContent ?? '') !== '');
    const message = (await page.textContent('#error'))!;
    expect(message).toMatch(/^broken\.non:5: row 2 clue "x" has a malformed number/);
    expect(message.split('\n')).toHaveLength(1);
    expect(await page.$$('#puzzle-list li')).toHaveLength(0);
    await page.screenshot({ path: join(OUT, 'workbench-bad-file.png') });
    expect(errors).toEqual([]);
    await page.close();
  }, 30_000);

  it('opens a race results.json that gridrace serve offers, with its tables and charts', async () => {
    const { page, errors } = await open(openUrls[0]!);
    await page.waitForFunction(() => /^showing the race in results\.json/.test(document.getElementById('status')!.textContent ?? ''));
    const saved = checkResults(JSON.parse(readFileSync(join(scratch, 'race', 'results.json'), 'utf8')), 'results.json');
    const rows = await page.$$eval('#report table', (tables) => tables[0]!.querySelectorAll('tbody tr').length);
    expect(rows).toBe(new Set(saved.tasks.map((t) => t.puzzle)).size);
    expect(await page.$$eval('#report canvas', (c) => c.length)).toBeGreaterThanOrEqual(3);
    await page.screenshot({ path: join(OUT, 'workbench-results.png'), fullPage: true });
    expect(errors).toEqual([]);
    await page.close();
  }, 30_000);

  it('opens a history database with its runs', async () => {
    const { page, errors } = await open(openUrls[1]!);
    await page.waitForFunction(() => /^showing the history in history\.sqlite/.test(document.getElementById('status')!.textContent ?? ''), undefined, { timeout: 20_000 });
    expect(await page.textContent('#history .meta')).toMatch(/^1 run\(s\), 2 suite series/);
    await page.screenshot({ path: join(OUT, 'workbench-history.png'), fullPage: true });
    expect(errors).toEqual([]);
    await page.close();
  }, 30_000);

  it('steps through line solving: each step settles cells of its line only, and the last grid is the solution', async () => {
    const { page, errors } = await open();
    await page.click('#example');
    await page.click('#steps-run');
    await page.waitForFunction(() => /line step\(s\) before any branching; naive's verdict: unique$/.test(document.getElementById('status')!.textContent ?? ''));
    expect(await page.textContent('#steps-caption')).toBe('before any line: 625 cells, givens only');
    await page.click('#steps-next');
    expect(await page.textContent('#steps-caption')).toMatch(/^step 1 of \d+: (row|column) \d+ fixed \d+ cell\(s\) in pass 1; \d+ unknown$/);
    const steps = await page.evaluate(() =>
      (window as unknown as { gridrace: { steps(): { steps: { line: number; fixed: number; grid: Uint8Array }[] } } }).gridrace.steps().steps.map((s) => ({ line: s.line, fixed: s.fixed, grid: Array.from(s.grid) })),
    );
    const puzzle = readPuzzle(readFileSync(GCHQ, 'utf8'), { file: GCHQ }) as NonogramPuzzle;
    let before = new Array<number>(625).fill(255);
    for (const g of puzzle.givens) before[g.row * 25 + g.col] = g.filled ? 1 : 0;
    for (const step of steps) {
      const changed = step.grid.flatMap((v, i) => (v !== before[i] ? [i] : []));
      expect(changed).toHaveLength(step.fixed);
      expect(changed.every((i) => before[i] === 255 && (step.line < 25 ? Math.floor(i / 25) === step.line : i % 25 === step.line - 25))).toBe(true);
      before = step.grid;
    }
    expect(before).toEqual([...puzzle.solution!.cells]);
    await page.fill('#steps-slider', String(steps.length - 1));
    expect(await page.textContent('#steps-caption')).toMatch(new RegExp(`^step ${steps.length} of ${steps.length}: .*; 0 unknown$`));
    await page.screenshot({ path: join(OUT, 'workbench-steps.png'), fullPage: true });
    expect(errors).toEqual([]);
    await page.close();
  }, 30_000);

  it('makes a share link that loads the same puzzle, engines and options in a fresh page', async () => {
    const { page, errors } = await open();
    await page.click('#example');
    await chooseEngines(page, ['bitmask', 'naive']);
    await page.fill('#time-limit', '3');
    await page.fill('#runs', '4');
    await page.click('#share');
    await page.waitForFunction(() => location.hash.startsWith('#s='));
    const link = await page.evaluate(() => location.href);
    const second = await open(link);
    await second.page.waitForFunction(() => /from the share link/.test(document.getElementById('status')!.textContent ?? ''));
    expect(await second.page.textContent('#puzzle-list')).toMatch(/^gchq-2015\.json: nonogram 25x25/);
    const chosen = await second.page.$$eval('input[name=engine]:checked', (boxes) => boxes.map((b) => (b as HTMLInputElement).value));
    expect(chosen).toEqual(['bitmask', 'naive']);
    expect(await second.page.inputValue('#time-limit')).toBe('3');
    expect(await second.page.inputValue('#runs')).toBe('4');
    expect([...errors, ...second.errors]).toEqual([]);
    await page.close();
    await second.page.close();
  }, 30_000);
});
