// The lazy entry loads one engine's package and registers that engine alone; the main entry
// (built on it) still registers all. Runs first in its own file, so the registry starts empty.
import { describe, expect, it } from 'vitest';
import { listEngines, registerEngine, unregisterEngine, type Engine } from '@gridrace/core';
import { BUILTIN_ENGINES, ENGINE_PREFERENCE, defaultEngineName, isBuiltinInstalled, loadEngine } from '../src/lazy.js';

const names = () => listEngines().map((e) => e.name);

describe('@gridrace/engines/lazy', () => {
  it('knows every built-in engine without loading any', () => {
    expect(BUILTIN_ENGINES.map((e) => `${e.name}/${e.kind}`)).toEqual([
      'bitmask/nonogram',
      'bitmask/colour-nonogram',
      'wasm/nonogram',
      'wasm/colour-nonogram',
      'portfolio/nonogram',
      'naive/nonogram',
      'naive/colour-nonogram',
      'z3/nonogram',
      'z3-prefix/nonogram',
      'arrowpath/arrowpath',
      'arrowpath-dfs/arrowpath',
    ]);
    expect(BUILTIN_ENGINES.find((e) => e.name === 'z3-prefix')).toEqual({ name: 'z3-prefix', kind: 'nonogram', package: '@gridrace/engine-z3' });
    for (const e of BUILTIN_ENGINES) expect(isBuiltinInstalled(e.name)).toBe(true);
    expect(isBuiltinInstalled('no-such-engine')).toBe(false);
    expect(defaultEngineName('nonogram')).toBe('wasm');
    expect(defaultEngineName('arrowpath')).toBe('arrowpath');
    expect(ENGINE_PREFERENCE.nonogram[0]).toBe('wasm');
    expect(names()).toEqual([]);
  });

  it('loads and registers only the engine asked for', async () => {
    const wasm = await loadEngine('wasm');
    expect(wasm).toMatchObject({ name: 'wasm', kind: 'nonogram' });
    expect(names()).toEqual(['wasm']);
    expect(await loadEngine('wasm')).toBe(wasm);
    expect(await loadEngine('z3-prefix')).toMatchObject({ name: 'z3-prefix', kind: 'nonogram' });
    expect(names()).toEqual(['wasm', 'z3-prefix']);
  });

  it('returns an engine the app registered under a name of its own', async () => {
    const mine: Engine = { name: 'mine', kind: 'nonogram', description: 'test', solve: () => Promise.reject(new Error('not here')) };
    registerEngine(mine);
    try {
      expect(await loadEngine('mine')).toBe(mine);
    } finally {
      unregisterEngine('mine');
    }
  });

  it('an unknown name loads every built-in engine, then throws the registry error listing them', async () => {
    await expect(loadEngine('warp')).rejects.toThrow(/^unknown engine "warp"; registered engines: arrowpath, arrowpath-dfs, bitmask, naive, portfolio, wasm, z3, z3-prefix$/);
    expect(names()).toEqual(['arrowpath', 'arrowpath-dfs', 'bitmask', 'bitmask', 'naive', 'naive', 'portfolio', 'wasm', 'wasm', 'z3', 'z3-prefix']);
  });

  it('loads the engine of the kind asked for when one name serves two kinds', async () => {
    expect(await loadEngine('naive', 'colour-nonogram')).toMatchObject({ name: 'naive', kind: 'colour-nonogram' });
    expect(await loadEngine('naive', 'nonogram')).toMatchObject({ name: 'naive', kind: 'nonogram' });
    await expect(loadEngine('z3', 'colour-nonogram')).rejects.toThrow(/engine "z3" solves nonogram puzzles, not colour-nonogram/);
  });
});
