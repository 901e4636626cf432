import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readPuzzle, verify } from '@gridrace/core';
import { builtinEngines, defaultEngineName, getEngine, listEngines, missingEngines } from '../src/index.js';
import { BUILTIN_ENGINES } from '../src/lazy.js';

// In the monorepo every engine package is installed (devDependencies), so all are registered;
// the pack test in packages/cli installs only some of them.
describe('@gridrace/engines', () => {
  it('registers every built-in engine under its name, with none missing', () => {
    // The same list, in the same order, as the lazy entry knows without loading anything.
    expect(builtinEngines.map((e) => `${e.name}/${e.kind}`)).toEqual(BUILTIN_ENGINES.map((e) => `${e.name}/${e.kind}`));
    expect(missingEngines).toEqual([]);
    for (const engine of builtinEngines) expect(getEngine(engine.name, engine.kind)).toBe(engine);
    expect(listEngines().map((e) => e.name)).toEqual(expect.arrayContaining(builtinEngines.map((e) => e.name)));
  });

  it('names the preferred default engine for each kind', () => {
    expect(defaultEngineName('nonogram')).toBe('wasm');
    expect(defaultEngineName('arrowpath')).toBe('arrowpath');
    for (const kind of ['nonogram', 'arrowpath'] as const) expect(getEngine(defaultEngineName(kind)!, kind).kind).toBe(kind);
  });

  it('rejects an unknown name with the list of known ones', () => {
    expect(() => getEngine('no-such-engine')).toThrow(/unknown engine "no-such-engine"; registered engines: .*naive/);
  });

  it.each(['pijlenpad-1.json', 'gchq-2015.json'])('solves the seed %s with the default engine of its kind', async (name) => {
    const text = readFileSync(new URL(`../../../puzzles/seed/${name}`, import.meta.url), 'utf8');
    const puzzle = readPuzzle(text, { file: name });
    const result = await getEngine(defaultEngineName(puzzle.kind)!).solve(puzzle as never);
    expect(result.verdict).toBe('unique');
    expect(verify(puzzle, result.solutions[0]!).ok).toBe(true);
  });
});
