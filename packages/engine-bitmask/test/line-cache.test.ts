// The line cache (solver/cache.ts) through the JavaScript build: the table doubles while it
// fills and re-inserts what it holds, and one-word lines must still be found afterwards (they
// are stored and looked up by their own hash, which has to place them where the re-insertion
// does).
import { describe, expect, it } from 'vitest';
import { createSolver } from '../src/solver-instance.js';

/** The first table holds this many slots; the store after as many stores doubles it. */
const FIRST_SLOTS = 1024;

describe('line cache', () => {
  it('keeps one-word lines when the table grows', () => {
    const solver = createSolver();
    solver.resetArena();
    expect(solver.setupCache(1)).toBe(true);
    // Distinct keys: clue id, known filled and known empty cells, and a result of their own.
    const key = (i: number) => ({ id: i % 37, filled: (i * 2654435761) | 0, empty: ~((i * 2654435761) | 0) & (i * 40503) });
    const found = (count: number) => {
      let hits = 0;
      for (let i = 0; i < count; i++) {
        const { id, filled, empty } = key(i);
        if (solver.lookupWord(id, filled, empty) === 1) hits++;
      }
      return hits;
    };
    for (let i = 0; i < FIRST_SLOTS; i++) {
      const { id, filled, empty } = key(i);
      solver.storeWord(id, filled, empty, true, filled, empty);
    }
    const before = found(FIRST_SLOTS);
    // A direct-mapped table loses some to collisions, but most stay.
    expect(before).toBeGreaterThan(FIRST_SLOTS / 2);
    // This store doubles the table; every entry is re-inserted, and at most the one this
    // store lands on is lost.
    const extra = key(FIRST_SLOTS);
    solver.storeWord(extra.id, extra.filled, extra.empty, true, extra.filled, extra.empty);
    expect(found(FIRST_SLOTS)).toBeGreaterThanOrEqual(before - 1);
    expect(solver.lookupWord(extra.id, extra.filled, extra.empty)).toBe(1);
  });
});
