// Share links survive the round trip (fast-check over puzzle texts and options), stay short for
// a real puzzle, and a damaged or foreign link gives one line instead of a wrong race.
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeShare, encodeShare, type SharedRace } from '../src/share.js';

const gchq = readFileSync(new URL('../../../puzzles/seed/gchq-2015.json', import.meta.url), 'utf8');

describe('share links', () => {
  it('give back the race they hold', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.record({ text: fc.string({ unit: 'binary', maxLength: 2000 }), name: fc.string(), engines: fc.array(fc.string()), timeLimitMs: fc.integer({ min: 1, max: 1e7 }), runs: fc.nat(100) }),
        async (race: SharedRace) => {
          const fragment = await encodeShare(race);
          expect(fragment).toMatch(/^s=[A-Za-z0-9_-]*$/);
          expect(await decodeShare(`#${fragment}`)).toEqual(race);
        },
      ),
      { numRuns: 100 },
    );
  });

  it('compress a real puzzle to a link of a few hundred characters', async () => {
    const fragment = await encodeShare({ text: gchq, name: 'gchq-2015.json', engines: ['wasm', 'bitmask'], timeLimitMs: 10_000, runs: 3 });
    expect(fragment.length).toBeLessThan(gchq.length / 2);
    expect((await decodeShare(fragment))!.text).toBe(gchq);
  });

  it('say in one line what is wrong with a damaged or foreign link, and ignore other fragments', async () => {
    const fragment = await encodeShare({ text: gchq, name: 'g.json', engines: ['wasm'], timeLimitMs: 1000, runs: 0 });
    await expect(decodeShare(fragment.slice(0, 40))).rejects.toThrow(/^the share link is damaged/);
    const foreign = await encodeShare({ text: 1 } as unknown as SharedRace);
    await expect(decodeShare(foreign)).rejects.toThrow(/^the share link holds something other than a gridrace race$/);
    expect(await decodeShare('#results')).toBeUndefined();
    expect(await decodeShare('')).toBeUndefined();
  });
});
