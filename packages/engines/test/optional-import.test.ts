// Real module loads against packages written to a temp node_modules: a package that is not
// there gives undefined; a broken one, a missing dependency of it, or a throwing module surfaces.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { importIfInstalled, isNotInstalled } from '../src/optional-import.js';

let load: (specifier: string) => Promise<Record<string, unknown>>;

function writePackage(root: string, name: string, manifest: object, files: Record<string, string>): void {
  const dir = join(root, 'node_modules', name);
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name, type: 'module', ...manifest }));
  for (const [file, text] of Object.entries(files)) writeFileSync(join(dir, file), text);
}

beforeAll(async () => {
  const root = mkdtempSync(join(tmpdir(), 'gridrace-optional-'));
  writePackage(root, '@fixture/good', { main: 'index.js' }, { 'index.js': 'export const value = 42;\n' });
  writePackage(root, '@fixture/no-entry', { exports: { '.': './dist/index.js' } }, {});
  writePackage(root, '@fixture/needs-dep', { main: 'index.js' }, { 'index.js': "import '@fixture/absent-dep';\n" });
  writePackage(root, '@fixture/throws', { main: 'index.js' }, { 'index.js': "throw new Error('boom at load');\n" });
  writePackage(root, '@fixture/bad-syntax', { main: 'index.js' }, { 'index.js': 'export const = 1;\n' });
  // Resolution starts from this file, so the temp node_modules is the one searched.
  writeFileSync(join(root, 'load.mjs'), 'export const load = (specifier) => import(specifier);\n');
  ({ load } = await import(pathToFileURL(join(root, 'load.mjs')).href));
});

describe('importIfInstalled', () => {
  it('returns the module of an installed package', async () => {
    expect(await importIfInstalled('@fixture/good', () => load('@fixture/good'))).toMatchObject({ value: 42 });
  });

  it('returns undefined for a package that is not installed', async () => {
    expect(await importIfInstalled('@fixture/absent', () => load('@fixture/absent'))).toBeUndefined();
  });

  it.each([
    ['@fixture/no-entry', /no-entry|dist\/index\.js/],
    ['@fixture/needs-dep', /absent-dep/],
    ['@fixture/throws', /boom at load/],
    ['@fixture/bad-syntax', /Unexpected token/],
  ])('throws when %s is installed but fails to load', async (name, message) => {
    await expect(importIfInstalled(name, () => load(name))).rejects.toThrow(message);
  });

  it('throws when a different package is the one not found', async () => {
    await expect(importIfInstalled('@fixture/other', () => load('@fixture/absent'))).rejects.toThrow(/@fixture\/absent/);
  });
});

describe('isNotInstalled', () => {
  const notFound = (message: string, code = 'ERR_MODULE_NOT_FOUND') => Object.assign(new Error(message), { code });

  it("matches Node's messages for the package itself, ESM and CommonJS", () => {
    expect(isNotInstalled(notFound("Cannot find package '@gridrace/engine-z3' imported from /app/x.js"), '@gridrace/engine-z3')).toBe(true);
    expect(isNotInstalled(notFound("Cannot find module '@gridrace/engine-z3'\nRequire stack:\n- /app/x.js", 'MODULE_NOT_FOUND'), '@gridrace/engine-z3')).toBe(true);
  });

  it('does not match a dependency, a file inside the package, a longer name, another code or a non-error', () => {
    expect(isNotInstalled(notFound("Cannot find package 'z3-solver' imported from /app/node_modules/@gridrace/engine-z3/dist/index.js"), '@gridrace/engine-z3')).toBe(false);
    expect(isNotInstalled(notFound("Cannot find module '/app/node_modules/@gridrace/engine-z3/dist/index.js' imported from /app/x.js"), '@gridrace/engine-z3')).toBe(false);
    expect(isNotInstalled(notFound("Cannot find package '@gridrace/engine-z3-extra' imported from /app/x.js"), '@gridrace/engine-z3')).toBe(false);
    expect(isNotInstalled(notFound("Cannot find package '@gridrace/engine-z3' imported from /app/x.js", 'ERR_OTHER'), '@gridrace/engine-z3')).toBe(false);
    expect(isNotInstalled("Cannot find package '@gridrace/engine-z3'", '@gridrace/engine-z3')).toBe(false);
  });
});
