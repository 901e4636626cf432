// The packages must work outside the monorepo: pack every public package with `pnpm pack`
// (which rewrites workspace: and catalog: versions), install the tarballs into a scratch
// project with plain npm, then import them with plain Node and run the installed bin.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO } from './run-cli.js';

const publicPackages = [...readdirSync(join(REPO, 'packages')).map((dir) => join(REPO, 'packages', dir)), join(REPO, 'benchmarks')]
  .filter((dir) => {
    if (!existsSync(join(dir, 'package.json'))) return false;
    const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
    return manifest.private !== true;
  });

describe('packed packages in a scratch project', () => {
  it('install with npm and solve a puzzle with plain Node 20', { timeout: 300_000 }, () => {
    const scratch = mkdtempSync(join(tmpdir(), 'gridrace-pack-'));
    const tarballs = publicPackages.map((dir) => {
      const out = execFileSync('pnpm', ['pack', '--pack-destination', scratch], { cwd: dir, encoding: 'utf8' });
      return out.trim().split('\n').pop()!.trim();
    });
    writeFileSync(join(scratch, 'package.json'), JSON.stringify({ name: 'scratch', private: true, type: 'module' }));
    execFileSync('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error', ...tarballs], { cwd: scratch, encoding: 'utf8' });

    writeFileSync(
      join(scratch, 'use.mjs'),
      `import { readPuzzle, verify } from '@gridrace/core';
import { getEngine, listEngines } from '@gridrace/engines';
const puzzle = readPuzzle('5x5:2.2/1.1/4/1/2/1/3/1/3.1/1.3');
const result = await getEngine('naive').solve(puzzle);
console.log(JSON.stringify({ engines: listEngines().map((e) => e.name), verdict: result.verdict, ok: verify(puzzle, result.solutions[0]).ok }));
`,
    );
    const used = spawnSync(process.execPath, ['use.mjs'], { cwd: scratch, encoding: 'utf8' });
    expect(used.stderr).toBe('');
    expect(JSON.parse(used.stdout)).toMatchObject({ verdict: 'unique', ok: true, engines: expect.arrayContaining(['naive']) });

    const bin = spawnSync(join(scratch, 'node_modules/.bin/gridrace'), ['solve', '-', '--json'], {
      cwd: scratch,
      encoding: 'utf8',
      input: '5x5:2.2/1.1/4/1/2/1/3/1/3.1/1.3',
    });
    expect(bin.status).toBe(0);
    expect(JSON.parse(bin.stdout).results[0]).toMatchObject({ verdict: 'unique', verified: true });
  });
});
