// Every public package's tarball, packed once (scripts/pack.mjs), holds what an app needs and
// says so correctly: README, LICENSE, every file its manifest and source maps name, real
// versions for its dependencies, a dependency for every package its built code imports; and
// it passes publint and attw (Are the Types Wrong?). The LICENSE is the repository's one:
// pnpm pack puts the workspace root's LICENSE into a package that has none of its own.
//
// Both linters run through their libraries, in this process: attw's command line loads
// TypeScript afresh for every tarball, which made this file the slowest of the test run.
// publint runs as `publint --strict` does (warnings fail). attw runs as `attw --profile
// esm-only` does: the packages are ESM only on purpose (type: module, one `default` condition,
// top-level await in @gridrace/engines), so problems under its `node10` resolution
// (TypeScript's old moduleResolution, which ignores `exports`) and `node16-cjs` (`require`)
// are not theirs to have; ESM from Node (node16/nodenext) and bundlers are.
//
// The `source` condition (vitest.shared.ts: tests run on the TypeScript sources) points at
// src/*.ts, which the tarballs hold, as the source maps expect; publint does not check custom
// conditions and attw does not resolve them, so the file check below is what keeps it true.
import { checkPackage, createPackageFromTarballData, type Problem } from '@arethetypeswrong/core';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { publint } from 'publint';
import { formatMessage } from 'publint/utils';
// TypeScript 5's compiler API, for its import scanner (the 7.x compiler that builds the packages has no API).
import ts from 'typescript-api';
import { beforeAll, describe, expect, it } from 'vitest';
import { packPackages, publicPackages } from './packs.js';
import { REPO } from './run-cli.js';

interface Unpacked {
  tarball: string;
  /** The extracted `package/` folder. */
  dir: string;
  manifest: Record<string, unknown> & { name: string; version: string };
}

const unpacked = new Map<string, Unpacked>();
beforeAll(() => {
  const extracted = mkdtempSync(join(tmpdir(), 'gridrace-unpacked-'));
  for (const [name, tarball] of packPackages()) {
    const into = join(extracted, name.replace('/', '+'));
    mkdirSync(into);
    execFileSync('tar', ['-xzf', tarball, '-C', into]);
    const dir = join(into, 'package');
    unpacked.set(name, { tarball, dir, manifest: JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) });
  }
}, 120_000);

const walk = (dir: string): string[] => readdirSync(dir).flatMap((name) => (statSync(join(dir, name)).isDirectory() ? walk(join(dir, name)) : [join(dir, name)]));

/** Every file path an `exports` value names, under any condition. */
function exportTargets(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (value === null || typeof value !== 'object') return [];
  return Object.values(value).flatMap(exportTargets);
}

/** The package a bare import specifier names (`@scope/name/sub` -> `@scope/name`), or undefined for relative paths and Node built-ins. */
/** AMD's reserved dependency names: a bundled UMD wrapper (tslib's) lists them in `define([...])`. */
const AMD_PSEUDO_MODULES = new Set(['require', 'exports', 'module']);

function importedPackage(specifier: string): string | undefined {
  if (specifier.startsWith('.') || specifier.startsWith('/') || specifier.startsWith('node:')) return undefined;
  if (AMD_PSEUDO_MODULES.has(specifier)) return undefined;
  const parts = specifier.split('/');
  const name = specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!;
  return builtinModules.includes(name) ? undefined : name;
}

/** Packages imported (statically, dynamically, or by type) by the built JavaScript and declarations, with a file that imports each. */
function importsOf(dir: string): Map<string, string> {
  const found = new Map<string, string>();
  for (const file of walk(join(dir, 'dist')).filter((f) => /\.(js|mjs|d\.ts)$/.test(f))) {
    // TypeScript's own scanner: comments and strings that look like imports are not taken.
    for (const { fileName } of ts.preProcessFile(readFileSync(file, 'utf8'), true, true).importedFiles) {
      const name = importedPackage(fileName);
      if (name !== undefined && !found.has(name)) found.set(name, relative(dir, file));
    }
  }
  return found;
}

/** attw's `esm-only` profile: resolutions whose problems do not count. */
const ESM_ONLY_IGNORES: readonly string[] = ['node10', 'node16-cjs'];
const counts = (problem: Problem) => !('resolutionKind' in problem) || !ESM_ONLY_IGNORES.includes(problem.resolutionKind);
const ROOT_LICENSE = readFileSync(join(REPO, 'LICENSE'), 'utf8');
const workspaceVersions = new Map(publicPackages.map((p) => [p.name, p.manifest.version]));

describe('importedPackage', () => {
  it.each([
    ['@gridrace/core', '@gridrace/core'],
    ['@gridrace/core/node', '@gridrace/core'],
    ['z3-solver', 'z3-solver'],
    ['chart.js/auto', 'chart.js'],
    ['./x.js', undefined],
    ['node:fs', undefined],
    ['worker_threads', undefined],
  ])('%s -> %s', (specifier, name) => expect(importedPackage(specifier)).toBe(name));
});

describe.each(publicPackages.map((p) => p.name))('the tarball of %s', (name) => {
  const get = () => {
    const u = unpacked.get(name);
    if (!u) throw new Error(`${name} was not packed`);
    return u;
  };

  it('holds its README, the repository LICENSE and every file its manifest and source maps name', () => {
    const { dir, manifest } = get();
    expect(existsSync(join(dir, 'README.md'))).toBe(true);
    expect(readFileSync(join(dir, 'LICENSE'), 'utf8')).toBe(ROOT_LICENSE);
    expect(manifest.license).toBe('MIT');
    const named = [...exportTargets(manifest.exports), ...exportTargets(manifest.bin), ...[manifest.main, manifest.types].filter((v) => typeof v === 'string')];
    expect(named.length).toBeGreaterThan(0);
    const missing = named.filter((file) => !existsSync(join(dir, file)));
    for (const map of walk(dir).filter((f) => f.endsWith('.map'))) {
      const { sources, sourceRoot = '' } = JSON.parse(readFileSync(map, 'utf8')) as { sources: string[]; sourceRoot?: string };
      for (const source of sources) if (!existsSync(resolve(dirname(map), sourceRoot, source))) missing.push(`${relative(dir, map)} -> ${source}`);
    }
    expect(missing).toEqual([]);
  });

  it('declares every package its built code imports, with real versions', () => {
    const { dir, manifest } = get();
    const dependencies = (manifest.dependencies ?? {}) as Record<string, string>;
    const peers = (manifest.peerDependencies ?? {}) as Record<string, string>;
    const declared = new Set([name, ...Object.keys(dependencies), ...Object.keys(peers), ...Object.keys((manifest.optionalDependencies ?? {}) as object)]);
    const undeclared = [...importsOf(dir)].filter(([pkg]) => !declared.has(pkg)).map(([pkg, file]) => `${pkg} (imported by ${file})`);
    expect(undeclared).toEqual([]);
    // pnpm pack wrote real versions (workspace:* exact, workspace:^ a caret range, catalog: the pin).
    for (const [dep, spec] of Object.entries({ ...dependencies, ...peers })) expect(spec, dep).toMatch(/^\^?\d+\.\d+\.\d+/);
    for (const [dep, spec] of Object.entries(dependencies)) if (workspaceVersions.has(dep)) expect(spec, dep).toBe(workspaceVersions.get(dep));
    for (const [dep, spec] of Object.entries(peers)) if (workspaceVersions.has(dep)) expect(spec, dep).toBe(`^${workspaceVersions.get(dep)}`);
  });

  it('passes publint --strict and attw --profile esm-only', async () => {
    const { tarball } = get();
    const bytes = readFileSync(tarball);
    const lint = await publint({ pack: { tarball: bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) }, strict: true });
    const pkg = get().manifest;
    expect(lint.messages.filter((m) => m.type === 'error').map((m) => `${m.code}: ${formatMessage(m, pkg, { color: false })}`)).toEqual([]);
    const analysis = await checkPackage(createPackageFromTarballData(new Uint8Array(bytes)));
    // attw passes a package without types; every package here ships them.
    expect(analysis.types, 'attw found no types').not.toBe(false);
    const problems = 'problems' in analysis ? analysis.problems : [];
    expect(problems.filter(counts).map((p) => JSON.stringify(p))).toEqual([]);
  });
});

it('engine-wasm depends on engine-bitmask, whose host code it imports', () => {
  const wasm = unpacked.get('@gridrace/engine-wasm')!;
  expect(importsOf(wasm.dir).has('@gridrace/engine-bitmask')).toBe(true);
  expect((wasm.manifest.dependencies as Record<string, string>)['@gridrace/engine-bitmask']).toBe(workspaceVersions.get('@gridrace/engine-bitmask'));
});
