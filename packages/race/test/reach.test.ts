// Engines' reach: a puzzle out of an engine's reach is not started, and the results and reports
// say "not attempted", never a failure or a win; --attempt-all starts it anyway.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { readPuzzle } from '@gridrace/core';
import { describe, expect, it } from 'vitest';
import { Race, corpusPuzzle, parseResults, raceMarkdown } from '../src/index.js';

const BIG = fileURLToPath(new URL('../../../puzzles/generated/nonogram-smooth-300x300-s1.json', import.meta.url));
const big = corpusPuzzle(readPuzzle(readFileSync(BIG, 'utf8'), { file: BIG }), 'smooth-300x300');

describe('engine reach', () => {
  it('leaves z3 and naive out on a 300x300 puzzle, with their reasons, and starts them with attemptAll', async () => {
    const race = new Race({ puzzles: [big], engines: ['z3', 'z3-prefix', 'naive'], calibration: false });
    expect(race.tasks).toEqual([]);
    const reasons = Object.fromEntries(race.notAttempted.map((n) => [n.engine, n.reason]));
    expect(reasons.z3).toMatch(/^z3 does not finish models past 10,000 cells in a race's time; this puzzle has 90,000$/);
    expect(reasons['z3-prefix']).toMatch(/past 625 cells/);
    expect(reasons.naive).toMatch(/over the naive engine's cap of 2,000,000 \(maxPlacements\)$/);

    const results = await race.run();
    expect(results.tasks).toEqual([]);
    expect(results.notAttempted?.map((n) => n.engine)).toEqual(['z3', 'z3-prefix', 'naive']);
    expect(results.puzzles.map((p) => p.id)).toEqual(['smooth-300x300']);
    expect(() => parseResults(JSON.stringify(results), 'results.json')).not.toThrow();
    const md = raceMarkdown(results);
    expect(md).toMatch(/\| smooth-300x300 \| 300x300 \| \? \| not attempted \| not attempted \| not attempted \|/);
    expect(md).toMatch(/^## Not attempted \(out of the engine's reach\)$/m);

    const all = new Race({ puzzles: [big], engines: ['z3', 'naive'], attemptAll: true });
    expect(all.tasks.map((t) => t.engine)).toEqual(['z3', 'naive']);
    expect(all.notAttempted).toEqual([]);
  });
});
