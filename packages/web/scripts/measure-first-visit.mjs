#!/usr/bin/env node
// What a first visit to the workbench costs: the bytes it downloads (as served, and gzipped as
// a compressing server would send them) and the time to the first verdict on GCHQ's 25x25 with
// wasm on a cold page (a fresh browser, empty cache): the page's load, then the race.
// Headless Chromium (Debian's), the page served by `gridrace serve`. Build first.
//
//   node packages/web/scripts/measure-first-visit.mjs [--runs N] [--json FILE]
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '5' }, json: { type: 'string' } } });
const runs = Number(values.runs);
if (!Number.isInteger(runs) || runs < 1) {
  console.error('measure-first-visit: --runs wants a positive whole number');
  process.exit(5);
}
const require = createRequire(new URL('../../testkit/package.json', import.meta.url));
const { chromium } = require('playwright-core');
const cli = new URL('../../cli/dist/main.js', import.meta.url).pathname;

const server = spawn(process.execPath, [cli, 'serve', '--port', '0'], { stdio: ['ignore', 'pipe', 'inherit'] });
const origin = await new Promise((resolve, reject) => {
  server.on('exit', (code) => reject(new Error(`gridrace serve exited with ${code}`)));
  createInterface({ input: server.stdout }).on('line', (line) => {
    const url = /http:\/\/\S+/.exec(line)?.[0];
    if (url) resolve(url);
  });
});

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)];
const samples = [];
try {
  for (let run = 0; run < runs; run++) {
    const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
    const page = await browser.newPage();
    const files = [];
    page.on('response', async (response) => {
      try {
        const body = await response.body();
        files.push({ url: response.url().slice(origin.length), bytes: body.length, gzip: gzipSync(body).length, phase: loaded ? 'race' : 'page' });
      } catch {
        // A response without a body (a redirect) downloads nothing.
      }
    });
    let loaded = false;
    await page.goto(origin);
    await page.waitForFunction(() => document.body.dataset.state === 'ready');
    const loadMs = await page.evaluate(() => performance.now());
    loaded = true;
    const raceMs = await page.evaluate(
      () =>
        new Promise((resolve) => {
          for (const box of document.querySelectorAll('input[name=engine]')) box.checked = box.value === 'wasm';
          document.getElementById('runs').value = '0';
          document.getElementById('example').click();
          const started = performance.now();
          new MutationObserver(() => document.body.dataset.state === 'done' && resolve(performance.now() - started)).observe(document.body, { attributes: true });
          // The example loads on a microtask; race on the next task.
          setTimeout(() => document.getElementById('race').click(), 0);
        }),
    );
    const verdict = await page.getAttribute('figure.answer', 'data-verdict');
    if (verdict !== 'unique') throw new Error(`run ${run + 1}: GCHQ's verdict was ${verdict}`);
    await page.waitForTimeout(200);
    await browser.close();
    const sum = (phase, key) => files.filter((f) => phase === 'all' || f.phase === phase).reduce((n, f) => n + f[key], 0);
    samples.push({ loadMs, raceMs, totalMs: loadMs + raceMs, pageBytes: sum('page', 'bytes'), pageGzip: sum('page', 'gzip'), allBytes: sum('all', 'bytes'), allGzip: sum('all', 'gzip'), files });
    console.error(`run ${run + 1}/${runs}: page ${loadMs.toFixed(0)} ms, race ${raceMs.toFixed(0)} ms, ${(sum('all', 'bytes') / 1024).toFixed(0)} KiB`);
  }
} finally {
  server.kill('SIGTERM');
}

const kib = (n) => `${(n / 1024).toFixed(0)} KiB`;
const m = (key) => median(samples.map((s) => s[key]));
console.log(`| measured (median of ${runs} cold runs) | figure |`);
console.log('|---|---|');
console.log(`| first visit: the page | ${kib(m('pageBytes'))} (${kib(m('pageGzip'))} gzipped), ${samples[0].files.filter((f) => f.phase === 'page').length} files |`);
console.log(`| first visit with a race of GCHQ on wasm | ${kib(m('allBytes'))} (${kib(m('allGzip'))} gzipped), ${samples[0].files.length} files |`);
console.log(`| time to the first verdict on GCHQ, cold page | ${m('totalMs').toFixed(0)} ms (page ready ${m('loadMs').toFixed(0)} ms, then the race ${m('raceMs').toFixed(0)} ms) |`);
if (values.json) writeFileSync(values.json, `${JSON.stringify({ date: new Date().toISOString(), runs, samples }, null, 2)}\n`);
