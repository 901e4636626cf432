#!/usr/bin/env node
// The README's main job until the race harness lands: solve every seed puzzle with the
// built CLI, exactly as a user would type it, and stop with a non-zero code on any surprise.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const cli = join(root, 'packages/cli/dist/main.js');
const seedDir = join(root, 'puzzles/seed');
const gridrace = (...args) => spawnSync(process.execPath, [cli, ...args], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });

const kinds = new Set(JSON.parse(gridrace('engines', '--json').stdout).map((e) => e.kind));
let failures = 0;
for (const name of readdirSync(seedDir).filter((f) => f.endsWith('.json')).sort()) {
  const file = join('puzzles/seed', name);
  const { kind } = JSON.parse(readFileSync(join(root, file), 'utf8'));
  // Solve with the default engine; a kind without an engine yet is shown with its own verified solution.
  const args = kinds.has(kind) ? ['solve', file] : ['show', file, '--solution'];
  console.log(`$ gridrace ${args.join(' ')}`);
  const run = spawnSync(process.execPath, [cli, ...args], { cwd: root, stdio: 'inherit' });
  if (run.status !== 0) failures++;
}
console.log(failures === 0 ? 'all seed puzzles solved and verified' : `${failures} seed puzzle(s) failed`);
process.exit(failures === 0 ? 0 : 1);
