// The packages must install outside the monorepo, the way the root README says: its recipe
// (build, `node scripts/pack.mjs` into the app, `npm install` of the tarballs) runs here as
// written, then the app imports the packages with plain Node. A second app gets every public
// package and runs the installed `gridrace` bin.
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PUZZLE, installTarballs, packPackages, publicPackages, runNode } from './packs.js';
import { REPO } from './run-cli.js';

// The recipe's first two lines make the clone and build it: the test command has installed and
// built this checkout already, so it stands for the clone (a second install and build would
// rewrite node_modules and dist/ under the tests that are running).
const CLONE = 'git clone <this repository> gridrace && cd gridrace';
const BUILD = 'npx -y pnpm@12.4.2 install --frozen-lockfile && npx -y pnpm@12.4.2 build';

/** The lines of the root README's ```sh block that starts with `git clone`. */
function readmeRecipe(): string[] {
  const readme = readFileSync(join(REPO, 'README.md'), 'utf8');
  const block = /^```sh\n(git clone [\s\S]*?)^```$/m.exec(readme);
  if (!block) throw new Error('README.md has no ```sh block starting with `git clone`');
  return block[1]!.trimEnd().split('\n');
}

describe('the README recipe for installing the packages in an app', () => {
  it('runs as written and the app solves with the engines it chose', { timeout: 300_000 }, () => {
    const [clone, build, ...rest] = readmeRecipe();
    expect([clone, build]).toEqual([CLONE, BUILD]);
    expect(rest.join('\n')).toMatch(/node scripts\/pack\.mjs ~\/my-app\//);

    // ~ is a scratch home holding the app; npm keeps its usual settings and cache.
    const home = mkdtempSync(join(tmpdir(), 'gridrace-home-'));
    const app = join(home, 'my-app');
    mkdirSync(app);
    writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'my-app', private: true, type: 'module' }));
    const npmEnv = {
      npm_config_cache: process.env.npm_config_cache ?? join(homedir(), '.npm'),
      npm_config_userconfig: process.env.npm_config_userconfig ?? join(homedir(), '.npmrc'),
    };
    const run = spawnSync('bash', ['-e', '-o', 'pipefail', '-c', rest.join('\n')], { cwd: REPO, encoding: 'utf8', env: { ...process.env, ...npmEnv, HOME: home } });
    expect(run.status, `${rest.join('\n')}\n--- stdout\n${run.stdout}\n--- stderr\n${run.stderr}`).toBe(0);

    // The engines named, plus what they depend on; not the engines left out.
    expect(readdirSync(join(app, 'node_modules/@gridrace')).sort()).toEqual(['core', 'engine-arrowpath', 'engine-bitmask', 'engine-wasm', 'engines']);
    const used = runNode(
      app,
      `import { readPuzzle, verify } from '@gridrace/core';
import { defaultEngineName, getEngine, listEngines } from '@gridrace/engines';
const puzzle = readPuzzle('${PUZZLE}');
const result = await getEngine(defaultEngineName(puzzle.kind)).solve(puzzle);
let naive;
try { getEngine('naive'); } catch (error) { naive = error.message; }
console.log(JSON.stringify({ engines: listEngines().map((e) => \`\${e.name}/\${e.kind}\`), default: defaultEngineName('nonogram'), verdict: result.verdict, ok: verify(puzzle, result.solutions[0]).ok, naive }));
`,
    );
    expect(used.stderr).toBe('');
    expect(JSON.parse(used.stdout)).toEqual({
      engines: ['arrowpath/arrowpath', 'arrowpath-dfs/arrowpath', 'bitmask/nonogram', 'bitmask/colour-nonogram', 'wasm/nonogram', 'wasm/colour-nonogram'],
      default: 'wasm',
      verdict: 'unique',
      ok: true,
      naive: 'unknown engine "naive": it comes with @gridrace/engine-naive, which is not installed; registered engines: arrowpath, arrowpath-dfs, bitmask, wasm',
    });
    rmSync(home, { recursive: true, force: true });
  });
});

describe('every public package in a scratch project', () => {
  it('packs with no names given, installs with npm, and runs with plain Node 20 and the gridrace bin', { timeout: 300_000 }, () => {
    const tarballs = packPackages();
    expect([...tarballs.keys()].sort()).toEqual(publicPackages.map((p) => p.name).sort());
    const scratch = installTarballs([...tarballs.values()]);

    const used = runNode(
      scratch,
      `import { readPuzzle, verify } from '@gridrace/core';
import { getEngine, listEngines, missingEngines } from '@gridrace/engines';
const puzzle = readPuzzle('${PUZZLE}');
const result = await getEngine('naive').solve(puzzle);
console.log(JSON.stringify({ engines: listEngines().map((e) => \`\${e.name}/\${e.kind}\`), missing: missingEngines.length, verdict: result.verdict, ok: verify(puzzle, result.solutions[0]).ok }));
`,
    );
    expect(used.stderr).toBe('');
    expect(JSON.parse(used.stdout)).toEqual({
      engines: [
        'arrowpath/arrowpath',
        'arrowpath-dfs/arrowpath',
        'bitmask/nonogram',
        'bitmask/colour-nonogram',
        'naive/nonogram',
        'naive/colour-nonogram',
        'portfolio/nonogram',
        'wasm/nonogram',
        'wasm/colour-nonogram',
        'z3/nonogram',
        'z3-prefix/nonogram',
      ],
      missing: 0,
      verdict: 'unique',
      ok: true,
    });

    const bin = join(scratch, 'node_modules/.bin/gridrace');
    const solved = spawnSync(bin, ['solve', '-', '--json'], { cwd: scratch, encoding: 'utf8', input: PUZZLE });
    expect(solved.status, solved.stderr).toBe(0);
    expect(JSON.parse(solved.stdout).results[0]).toMatchObject({ verdict: 'unique', verified: true });

    // The race's presets are the repository's puzzles/, which the packages do not hold: say so
    // and what to do, rather than name a missing folder inside node_modules.
    const preset = spawnSync(bin, ['race', '-e', 'naive'], { cwd: scratch, encoding: 'utf8' });
    expect(preset.status).toBe(4);
    expect(preset.stderr).toMatch(/the default puzzles are the repository's puzzles\/, which an installed gridrace does not hold: name puzzles with -p/);
    // With puzzles named, the installed race runs.
    copyFileSync(join(REPO, 'puzzles/seed/gchq-2015.json'), join(scratch, 'gchq-2015.json'));
    const raced = spawnSync(bin, ['race', '-e', 'bitmask', '-p', 'gchq-2015.json', '--iterations', '1', '-o', 'out', '--no-progress'], { cwd: scratch, encoding: 'utf8' });
    expect(raced.status, raced.stderr).toBe(0);
    expect(JSON.parse(readFileSync(join(scratch, 'out/results.json'), 'utf8')).tasks).toHaveLength(1);
    rmSync(scratch, { recursive: true, force: true });
  });
});
