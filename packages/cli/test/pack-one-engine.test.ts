// An app that wants one engine installs just that: pack engines and engine-naive with
// scripts/pack.mjs (core comes along), install some of the tarballs alone into scratch
// projects with plain npm (nothing else from the registry), and solve with plain Node.
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { PUZZLE, installTarballs, packPackages, runNode } from './packs.js';

let tarballs = new Map<string, string>();
beforeAll(() => {
  tarballs = packPackages('@gridrace/engines', '@gridrace/engine-naive');
}, 120_000);

/** A scratch project with only these packages (folder names) installed; returns its directory. */
const install = (...packages: string[]) => installTarballs(packages.map((p) => tarballs.get(`@gridrace/${p}`)!));

describe('one engine package in a scratch project', () => {
  it('core + engine-naive alone: solve with the engine object', { timeout: 180_000 }, () => {
    const scratch = install('core', 'engine-naive');
    expect(readdirSync(join(scratch, 'node_modules')).filter((name) => !name.startsWith('.'))).toEqual(['@gridrace']);
    expect(readdirSync(join(scratch, 'node_modules/@gridrace')).sort()).toEqual(['core', 'engine-naive']);

    const used = runNode(
      scratch,
      `import { readPuzzle, verify } from '@gridrace/core';
import { naiveEngine } from '@gridrace/engine-naive';
const puzzle = readPuzzle('${PUZZLE}');
const result = await naiveEngine.solve(puzzle);
console.log(JSON.stringify({ verdict: result.verdict, ok: verify(puzzle, result.solutions[0]).ok }));
`,
    );
    expect(used.stderr).toBe('');
    expect(JSON.parse(used.stdout)).toEqual({ verdict: 'unique', ok: true });
  });

  it('core + engines + engine-naive: engines registers only naive, its default, and names the missing', { timeout: 180_000 }, () => {
    const scratch = install('core', 'engines', 'engine-naive');
    expect(readdirSync(join(scratch, 'node_modules/@gridrace')).sort()).toEqual(['core', 'engine-naive', 'engines']);

    const script = `import { readPuzzle, verify } from '@gridrace/core';
import { builtinEngines, defaultEngineName, getEngine, listEngines, missingEngines } from '@gridrace/engines';
const puzzle = readPuzzle('${PUZZLE}');
const result = await getEngine('naive').solve(puzzle);
let wasm;
try { getEngine('wasm'); } catch (error) { wasm = { name: error.name, message: error.message, missingPackage: error.missingPackage }; }
console.log(JSON.stringify({
  builtin: builtinEngines.map((e) => \`\${e.name}/\${e.kind}\`),
  listed: listEngines().map((e) => \`\${e.name}/\${e.kind}\`),
  nonogram: defaultEngineName('nonogram') ?? null,
  arrowpath: defaultEngineName('arrowpath') ?? null,
  missing: [...new Set(missingEngines.map((e) => e.package))].sort(),
  missingNames: missingEngines.map((e) => \`\${e.name}/\${e.kind}\`),
  wasm,
  verdict: result.verdict,
  ok: verify(puzzle, result.solutions[0]).ok,
}));
`;
    const used = runNode(scratch, script);
    expect(used.stderr).toBe('');
    expect(JSON.parse(used.stdout)).toEqual({
      builtin: ['naive/nonogram', 'naive/colour-nonogram'],
      listed: ['naive/nonogram', 'naive/colour-nonogram'],
      nonogram: 'naive',
      arrowpath: null,
      missing: ['@gridrace/engine-arrowpath', '@gridrace/engine-bitmask', '@gridrace/engine-portfolio', '@gridrace/engine-wasm', '@gridrace/engine-z3'],
      missingNames: [
        'bitmask/nonogram',
        'bitmask/colour-nonogram',
        'wasm/nonogram',
        'wasm/colour-nonogram',
        'portfolio/nonogram',
        'z3/nonogram',
        'z3-prefix/nonogram',
        'arrowpath/arrowpath',
        'arrowpath-dfs/arrowpath',
      ],
      // The error names the package to install (core's registry knows it from engines).
      wasm: {
        name: 'UnknownEngineError',
        message: 'unknown engine "wasm": it comes with @gridrace/engine-wasm, which is not installed; registered engines: naive',
        missingPackage: '@gridrace/engine-wasm',
      },
      verdict: 'unique',
      ok: true,
    });

    // The lazy entry tells the same from package resolution alone, and loads naive by itself.
    const lazyScript = `import { readPuzzle } from '@gridrace/core';
import { defaultEngineName, isBuiltinInstalled, loadEngine } from '@gridrace/engines/lazy';
const nonogram = defaultEngineName('nonogram') ?? null;
const arrowpath = defaultEngineName('arrowpath') ?? null;
const result = await (await loadEngine(nonogram)).solve(readPuzzle('${PUZZLE}'));
let wasm;
try { await loadEngine('wasm'); } catch (error) { wasm = error.message; }
console.log(JSON.stringify({ nonogram, arrowpath, z3: isBuiltinInstalled('z3'), verdict: result.verdict, wasm }));
`;
    const lazy = runNode(scratch, lazyScript);
    expect(lazy.stderr).toBe('');
    expect(JSON.parse(lazy.stdout)).toEqual({ nonogram: 'naive', arrowpath: null, z3: false, verdict: 'unique', wasm: 'unknown engine "wasm": it comes with @gridrace/engine-wasm, which is not installed; registered engines: naive' });

    // An engine package that is there but broken (no built entry file) is not taken for a
    // missing one: importing @gridrace/engines fails and names it.
    const broken = join(scratch, 'node_modules/@gridrace/engine-wasm');
    mkdirSync(broken);
    writeFileSync(join(broken, 'package.json'), JSON.stringify({ name: '@gridrace/engine-wasm', version: '0.1.0', type: 'module', exports: { '.': './dist/index.js' } }));
    const failed = runNode(scratch, script);
    expect(failed.status).not.toBe(0);
    expect(failed.stderr).toMatch(/ERR_MODULE_NOT_FOUND/);
    expect(failed.stderr).toContain('engine-wasm/dist/index.js');
    // Lazily it counts as installed (it resolves to a file that is missing), so it is the
    // default and fails when it is loaded, naming the file, instead of being passed over.
    const lazyBroken = runNode(scratch, lazyScript);
    expect(lazyBroken.status).not.toBe(0);
    expect(lazyBroken.stderr).toContain('engine-wasm/dist/index.js');
  });
});
