#!/usr/bin/env node
// Packs gridrace packages into installable tarballs, for apps that install them from a clone
// (they are not on the npm registry yet):
//
//   node scripts/pack.mjs OUTDIR [PACKAGE ...]
//
// PACKAGE is a name (`@gridrace/engines`) or a folder name (`engines`); none means every
// public package. The workspace packages each one depends on are packed too (transitively),
// so `npm install OUTDIR/*.tgz` never asks the registry for a @gridrace package; optional
// peers (the engines of @gridrace/engines) are packed only when named. `pnpm pack` does the
// packing because it rewrites the `workspace:` and `catalog:` versions to real ones; it runs
// as the pinned pnpm through npx, which is all a fresh machine has. Prints each tarball's path,
// one a line. Needs the build (`npx -y pnpm@12.4.2 build`): the tarballs hold `dist/`.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const USAGE = 'usage: node scripts/pack.mjs OUTDIR [PACKAGE ...]  (PACKAGE: @gridrace/NAME or NAME; none packs every public package)';

/** Every workspace package: name -> { dir, folder, private, deps (workspace dependencies by name) }. */
function workspacePackages() {
  const dirs = [...readdirSync(join(root, 'packages')).map((name) => join(root, 'packages', name)), join(root, 'benchmarks')];
  const found = new Map();
  for (const dir of dirs) {
    const file = join(dir, 'package.json');
    if (!existsSync(file)) continue;
    const manifest = JSON.parse(readFileSync(file, 'utf8'));
    const deps = Object.entries(manifest.dependencies ?? {})
      .filter(([, spec]) => String(spec).startsWith('workspace:'))
      .map(([name]) => name);
    found.set(manifest.name, { dir, folder: dir.slice(dir.lastIndexOf('/') + 1), private: manifest.private === true, deps });
  }
  return found;
}

function fail(message, code = 2) {
  console.error(`pack: ${message}`);
  process.exit(code);
}

const [outArg, ...wanted] = process.argv.slice(2);
if (outArg === '-h' || outArg === '--help') {
  console.log(USAGE);
  process.exit(0);
}
if (outArg === undefined) fail(USAGE);

const packages = workspacePackages();
const byFolder = new Map([...packages].map(([name, p]) => [p.folder, name]));
const named = wanted.length > 0 ? wanted : [...packages].filter(([, p]) => !p.private).map(([name]) => name);
const chosen = new Set();
const add = (name) => {
  if (chosen.has(name)) return;
  chosen.add(name);
  for (const dep of packages.get(name).deps) add(dep);
};
for (const arg of named) {
  const name = packages.has(arg) ? arg : byFolder.get(arg);
  if (name === undefined) fail(`no package "${arg}"; the packages: ${[...packages].filter(([, p]) => !p.private).map(([n]) => n).join(', ')}`);
  if (packages.get(name).private) fail(`${name} is private: it is not meant to be installed`);
  add(name);
}
const missingBuild = [...chosen].filter((name) => !existsSync(join(packages.get(name).dir, 'dist')));
if (missingBuild.length > 0) fail(`not built: ${missingBuild.join(', ')}; run \`npx -y pnpm@12.4.2 build\` first`);

const out = resolve(outArg);
mkdirSync(out, { recursive: true });
const pnpmVersion = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).packageManager.replace(/^pnpm@/, '');
// One pnpm run packs them all (`-r` with a filter per package).
const filters = [...chosen].sort().flatMap((name) => ['--filter', name]);
const run = spawnSync('npx', ['-y', `pnpm@${pnpmVersion}`, '-r', ...filters, 'pack', '--pack-destination', out, '--json'], {
  cwd: root,
  encoding: 'utf8',
  stdio: ['ignore', 'pipe', 'inherit'],
});
if (run.status !== 0) fail(`pnpm pack failed (exit ${run.status})`, 1);
// pnpm prints one JSON object per package, or an array of them.
const packed = [JSON.parse(run.stdout)].flat();
if (packed.length !== chosen.size) fail(`pnpm packed ${packed.length} packages where ${chosen.size} were asked for`, 1);
for (const p of packed) console.log(p.filename);
