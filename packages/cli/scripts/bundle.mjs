#!/usr/bin/env node
// The one-shot commands' bundle: esbuild puts dist/program.js and everything it imports from
// the workspace (core, the engines, generate, commander) into dist/bundle/, split into chunks
// so that each command and engine still loads only when used. A `gridrace solve` then reads
// about a dozen files instead of sixty; Node's module loader costs about 1 ms a file here
// (benchmarks/results/oneshot-solve.md). dist/main.js runs the bundle for the commands that
// never reach the race harness and dist/program.js for the others.
//
// Left outside: the race harness, the external engines and the portfolio (their workers and
// runner scripts are files found beside their modules; the bundle never loads the first two),
// z3-solver (its WebAssembly and threads are found beside its own files) and cli-progress
// (race only).
// The wasm engine finds its module at `../dist/solver.wasm` beside its own file: in the bundle
// that becomes `./solver.wasm`, copied beside the chunks.
import { copyFile, readFile, rm } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const dir = fileURLToPath(new URL('..', import.meta.url));
const outdir = `${dir}dist/bundle`;
const WASM_URL = "'../dist/solver.wasm'";

const wasmNextToChunks = {
  name: 'wasm-next-to-chunks',
  setup(b) {
    b.onLoad({ filter: /[/\\]engine-wasm[/\\]dist[/\\]loader\.js$/ }, async (args) => {
      const source = await readFile(args.path, 'utf8');
      // Fail loudly if the loader stops naming its module this way: the bundle would not find it.
      if (!source.includes(WASM_URL)) throw new Error(`${args.path} no longer names ${WASM_URL}: update scripts/bundle.mjs`);
      return { contents: source.replace(WASM_URL, "'./solver.wasm'"), loader: 'js' };
    });
  },
};

await rm(outdir, { recursive: true, force: true });
await build({
  entryPoints: { program: `${dir}dist/program.js` },
  outdir,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  conditions: ['default'],
  external: ['@gridrace/race', '@gridrace/engine-external', '@gridrace/engine-portfolio', 'z3-solver', 'cli-progress'],
  // commander is CommonJS and requires Node's built-ins: give the ES module chunks a require.
  banner: { js: "import { createRequire as __gridraceRequire } from 'node:module'; const require = __gridraceRequire(import.meta.url);" },
  plugins: [wasmNextToChunks],
  logLevel: 'warning',
});
await copyFile(new URL('solver.wasm', import.meta.resolve('@gridrace/engine-wasm')), `${outdir}/solver.wasm`);
