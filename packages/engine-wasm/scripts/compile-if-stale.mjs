#!/usr/bin/env node
// Compiles dist/solver.wasm (the `build:wasm` script) unless it is newer than every source it
// is made from: this package's assembly/ and asconfig.json, and the solver's one source in
// @gridrace/engine-bitmask/solver. Turbo compiles the module as a task of its own, which needs
// no other package built and so starts with the first builds; the package's `build` then finds
// it up to date, while a `pnpm build` in this folder alone still compiles what changed.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const wasm = join(root, 'dist/solver.wasm');

const newest = (path) => {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...readdirSync(path).map((name) => newest(join(path, name))));
};

const sources = [join(root, 'assembly'), join(root, 'asconfig.json'), join(root, 'node_modules/@gridrace/engine-bitmask/solver')];
if (!existsSync(wasm) || statSync(wasm).mtimeMs < Math.max(...sources.map(newest))) {
  execFileSync('pnpm', ['run', '--silent', 'build:wasm'], { cwd: root, stdio: 'inherit' });
}
