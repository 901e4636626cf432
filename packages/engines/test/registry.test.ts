import { describe, expect, it } from 'vitest';
import { builtinEngines, defaultEngineName, getEngine, listEngines } from '../src/index.js';

describe('@gridrace/engines', () => {
  it('registers every built-in engine under its name', () => {
    for (const engine of builtinEngines) expect(getEngine(engine.name)).toBe(engine);
    expect(listEngines().map((e) => e.name)).toEqual(expect.arrayContaining(builtinEngines.map((e) => e.name)));
  });
  it('names a registered default engine for each kind it has', () => {
    const nonogramDefault = defaultEngineName('nonogram');
    expect(nonogramDefault).toBeDefined();
    expect(getEngine(nonogramDefault!, 'nonogram').kind).toBe('nonogram');
  });
  it('rejects an unknown name with the list of known ones', () => {
    expect(() => getEngine('no-such-engine')).toThrow(/unknown engine "no-such-engine"; registered engines: .*naive/);
  });
});
