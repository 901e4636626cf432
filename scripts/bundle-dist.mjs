#!/usr/bin/env node
// Turns the JavaScript tsc wrote into a package's dist/ into a few files: esbuild bundles the
// entry points named on the command line (dist/<name>.js: what package.json exports, and any
// built file loaded by its path, such as a worker thread's script or a module a test starts
// a thread on), split so that code two entries share loads once, and the per-module files
// are removed. The declarations (.d.ts) stay as tsc wrote them.
//
// Why: Node's module loader costs about 1.5 ms a file here, and every process and every race
// worker thread loads these packages again; @gridrace/core alone was 28 files, about 60 ms
// of CPU per load, against about 10 ms bundled.
//
// Other packages (workspace or not) stay imports: a second copy of one would be a second
// engine registry. Chunks sit in dist/ itself, beside the entries, so a module's
// `import.meta.url` (a worker script found beside it, a folder found from it) points where it did.
//
// Usage, in the package's folder after tsc: node ../../scripts/bundle-dist.mjs index node
// (`--keep FILE`: a dist/ file the package's sources import by path stays as it is).
import { readdirSync, rmSync } from 'node:fs';
import { join, relative } from 'node:path';
import { parseArgs } from 'node:util';
import { build } from 'esbuild';

const { values, positionals: entries } = parseArgs({ options: { keep: { type: 'string', multiple: true } }, allowPositionals: true });
if (entries.length === 0) throw new Error('usage: bundle-dist.mjs [--keep FILE]... ENTRY... (names of dist/ENTRY.js)');
const dist = join(process.cwd(), 'dist');

const result = await build({
  entryPoints: Object.fromEntries(entries.map((name) => [name, join(dist, `${name}.js`)])),
  outdir: dist,
  chunkNames: 'shared-[hash]',
  bundle: true,
  splitting: true,
  packages: 'external',
  format: 'esm',
  platform: 'node',
  target: 'node20',
  sourcemap: true,
  allowOverwrite: true,
  metafile: true,
  logLevel: 'warning',
});

const written = new Set([...Object.keys(result.metafile.outputs).map((file) => relative(dist, file)), ...(values.keep ?? [])]);
for (const entry of readdirSync(dist, { recursive: true, withFileTypes: true })) {
  if (!entry.isFile() || !/\.js(\.map)?$/.test(entry.name)) continue;
  const path = join(entry.parentPath, entry.name);
  if (!written.has(relative(dist, path))) rmSync(path);
}
