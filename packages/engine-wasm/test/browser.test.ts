// The engine in a real browser: headless Chromium loads the built package through an import
// map from a local HTTP server (so the loader takes its fetch / instantiateStreaming path,
// with no Node API), solves the seed puzzles and a colour puzzle, and hands the solutions back; they are checked
// here with core's verifier and against the known grids.
import { createServer, type Server } from 'node:http';
import { existsSync, readFileSync } from 'node:fs';
import { extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LAUNCH_TIMEOUT_MS, launchChromium, type Browser } from '@gridrace/testkit/chromium';
import { readPuzzle, verify } from '@gridrace/core';

const repo = fileURLToPath(new URL('../../../', import.meta.url));
// The seeds, and a colour puzzle for the colour engine of the same module.
const SEEDS = ['seed/gchq-2015.json', 'seed/mathematica-20x30.json', 'seed/z3-prefix-15x15.json', 'generated/nonogram-colour-search-030x030-c3-s1.json'];
const TYPES: Record<string, string> = { '.js': 'text/javascript', '.wasm': 'application/wasm', '.html': 'text/html', '.json': 'application/json' };

const PAGE = `<!doctype html><meta charset="utf-8"><title>gridrace wasm</title>
<script type="importmap">{"imports":{"@gridrace/core":"/packages/core/dist/index.js","@gridrace/engine-bitmask/host":"/packages/engine-bitmask/dist/host/index.js","@gridrace/engine-wasm":"/packages/engine-wasm/dist/index.js"}}</script>
<script type="module">
import { readPuzzle } from '@gridrace/core';
import { wasmColourEngine, wasmEngine } from '@gridrace/engine-wasm';
window.solveSeed = async (name) => {
  const text = await (await fetch('/puzzles/' + name)).text();
  const puzzle = readPuzzle(text, { file: name });
  const engine = puzzle.kind === 'colour-nonogram' ? wasmColourEngine : wasmEngine;
  const result = await engine.solve(puzzle, { maxSolutions: 2, timeLimitMs: 20000 });
  return { verdict: result.verdict, solutions: result.solutions.map((s) => ({ width: s.width, height: s.height, cells: Array.from(s.cells) })) };
};
window.ready = true;
</script>`;

let server: Server;
let browser: Browser;
let origin = '';
const served: string[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    // Chromium asks for one; without it the page logs a 404 error.
    if (path === '/favicon.ico') {
      res.writeHead(204).end();
      return;
    }
    if (path === '/page.html') {
      res.writeHead(200, { 'content-type': 'text/html' }).end(PAGE);
      return;
    }
    const file = normalize(join(repo, path));
    const allowed = file.startsWith(join(repo, 'packages')) || file.startsWith(join(repo, 'puzzles'));
    if (!allowed || !existsSync(file)) {
      res.writeHead(404).end();
      return;
    }
    served.push(path);
    res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' }).end(readFileSync(file));
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const address = server.address();
  origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  browser = await launchChromium();
}, LAUNCH_TIMEOUT_MS);

afterAll(async () => {
  await browser?.close();
  await new Promise((done) => server?.close(done));
});

describe('engine-wasm in headless Chromium', () => {
  it('solves the seed puzzles and a colour puzzle in the page, with solutions that verify', async () => {
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    // A module the page cannot load (a bare import no import map names) shows only here.
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    await page.goto(`${origin}/page.html`);
    try {
      await page.waitForFunction(() => (window as unknown as { ready?: boolean }).ready === true, undefined, { timeout: 20_000 });
    } catch (error) {
      throw new Error(`the page never became ready; its errors: ${errors.join(' | ') || 'none'}`, { cause: error });
    }
    for (const name of SEEDS) {
      const got = (await page.evaluate((n) => (window as unknown as { solveSeed: (n: string) => Promise<unknown> }).solveSeed(n), name)) as {
        verdict: string;
        solutions: { width: number; height: number; cells: number[] }[];
      };
      const puzzle = readPuzzle(readFileSync(join(repo, 'puzzles', name), 'utf8'), { file: name });
      expect(got.verdict, name).toBe('unique');
      const solution = { width: got.solutions[0]!.width, height: got.solutions[0]!.height, cells: Uint8Array.from(got.solutions[0]!.cells) };
      expect(verify(puzzle, solution).ok, name).toBe(true);
      if (puzzle.solution && 'cells' in puzzle.solution) expect([...solution.cells]).toEqual([...puzzle.solution.cells]);
    }
    expect(errors).toEqual([]);
    // The page fetched the built module over HTTP (the browser path of the loader).
    expect(served).toContain('/packages/engine-wasm/dist/solver.wasm');
    await page.close();
  }, 60_000);
});
