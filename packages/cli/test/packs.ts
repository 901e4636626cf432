// What the tests that install the packages as an app would share: scripts/pack.mjs packs them
// (the README's recipe; `pnpm pack` rewrites the workspace: and catalog: versions), plain npm
// installs tarballs into a scratch project, plain Node runs a script there.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REPO } from './run-cli.js';

export const PACK_SCRIPT = join(REPO, 'scripts/pack.mjs');

export interface WorkspacePackage {
  readonly name: string;
  readonly dir: string;
  readonly manifest: Record<string, unknown> & { name: string; version: string };
}

/** The packages an app can install (every workspace package but the private ones). */
export const publicPackages: readonly WorkspacePackage[] = [...readdirSync(join(REPO, 'packages')).map((dir) => join(REPO, 'packages', dir)), join(REPO, 'benchmarks')]
  .filter((dir) => existsSync(join(dir, 'package.json')))
  .map((dir) => {
    const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as WorkspacePackage['manifest'];
    return { name: manifest.name, dir, manifest };
  })
  .filter((p) => p.manifest.private !== true);

/** The manifest inside a tarball, as npm will read it. */
export function packedManifest(tarball: string): Record<string, unknown> & { name: string; version: string } {
  return JSON.parse(execFileSync('tar', ['-xzOf', tarball, 'package/package.json'], { encoding: 'utf8' }));
}

/**
 * `node scripts/pack.mjs OUT ...packages` into a fresh folder (every public package when none
 * is named; their workspace dependencies come along). Returns the tarballs by package name.
 */
export function packPackages(...packages: string[]): Map<string, string> {
  const out = mkdtempSync(join(tmpdir(), 'gridrace-packs-'));
  const printed = execFileSync(process.execPath, [PACK_SCRIPT, out, ...packages], { cwd: REPO, encoding: 'utf8' });
  return new Map(
    printed
      .trim()
      .split('\n')
      .map((file) => [packedManifest(file).name, file]),
  );
}

const NPM_INSTALL = ['install', '--no-audit', '--no-fund', '--loglevel=error'];

/** A fresh scratch project (an app: private, ESM) with only these tarballs installed by npm; returns its folder. */
export function installTarballs(tarballs: readonly string[]): string {
  const scratch = mkdtempSync(join(tmpdir(), 'gridrace-app-'));
  writeFileSync(join(scratch, 'package.json'), JSON.stringify({ name: 'scratch', private: true, type: 'module' }));
  execFileSync('npm', [...NPM_INSTALL, ...tarballs], { cwd: scratch, encoding: 'utf8' });
  return scratch;
}

export interface NodeRun {
  status: number | null;
  stdout: string;
  stderr: string;
}

/** Writes `script` to use.mjs in `dir` and runs it with plain Node. */
export function runNode(dir: string, script: string): NodeRun {
  writeFileSync(join(dir, 'use.mjs'), script);
  const run = spawnSync(process.execPath, ['use.mjs'], { cwd: dir, encoding: 'utf8' });
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}

/** A small nonogram with one solution, in the game-ID form every reader takes. */
export const PUZZLE = '5x5:2.2/1.1/4/1/2/1/3/1/3.1/1.3';
