// Engine fingerprints on a scratch workspace: an engine's hash follows the built code of its
// package and of the workspace packages it depends on, and the lockfile, and nothing else.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { engineFingerprints, type Build } from '../src/index.js';

const root = mkdtempSync(join(tmpdir(), 'gridrace-fingerprint-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function pkg(dir: string, name: string, deps: Record<string, string>, files: Record<string, string>): void {
  mkdirSync(join(root, 'packages', dir, 'dist'), { recursive: true });
  writeFileSync(join(root, 'packages', dir, 'package.json'), JSON.stringify({ name, type: 'module', main: './dist/index.js', dependencies: deps }));
  for (const [file, text] of Object.entries(files)) writeFileSync(join(root, 'packages', dir, 'dist', file), text);
}

const engine = (name: string) => `export const ${name.replace(/-/g, '')}Engine = { name: '${name}', kind: 'nonogram', solve() {} };\n`;
pkg('core', '@x/core', {}, { 'index.js': 'export const core = 1;\n' });
pkg('engine-a', '@x/engine-a', { '@x/core': 'workspace:*' }, { 'index.js': engine('a') });
pkg('engine-b', '@x/engine-b', {}, { 'index.js': engine('b') + engine('b-two') });
const build: Build = { ref: 'scratch', root, enginesModule: '' };

describe('engineFingerprints', () => {
  it('finds each engine of each package and hashes its code and its dependencies', async () => {
    const first = await engineFingerprints(build);
    expect([...first.keys()].sort()).toEqual(['a', 'b', 'b-two']);
    expect(first.get('b')).toBe(first.get('b-two'));

    // Declarations and source maps are not code.
    writeFileSync(join(root, 'packages/core/dist/index.d.ts'), 'export declare const core: number;\n');
    writeFileSync(join(root, 'packages/engine-a/dist/index.js.map'), '{}');
    expect(await engineFingerprints(build)).toEqual(first);

    // A dependency's code changes its dependents' fingerprints only.
    writeFileSync(join(root, 'packages/core/dist/index.js'), 'export const core = 2;\n');
    const second = await engineFingerprints(build);
    expect(second.get('a')).not.toBe(first.get('a'));
    expect(second.get('b')).toBe(first.get('b'));

    // A file added to a package's build counts too.
    writeFileSync(join(root, 'packages/engine-b/dist/solver.wasm'), 'bytes');
    const third = await engineFingerprints(build);
    expect(third.get('b')).not.toBe(first.get('b'));

    // The lockfile stands for third-party code: a change there changes every engine.
    writeFileSync(join(root, 'pnpm-lock.yaml'), 'lockfileVersion: 9.0\n');
    const fourth = await engineFingerprints(build);
    for (const e of ['a', 'b', 'b-two']) expect(fourth.get(e)).not.toBe(third.get(e));
  });
});
