// The colour nonogram generator: its puzzles are unique by testkit's brute-force oracle (which
// shares no code with the checking engine), the same seed gives the same puzzle, and the
// pictures use every colour asked for.
import { Random, verify } from '@gridrace/core';
import { bitmaskColourEngine } from '@gridrace/engine-bitmask';
import { bruteForceColourNonogram } from '@gridrace/testkit';
import { describe, expect, it } from 'vitest';
import { generateColourNonogram, generatorPalette, randomColourImage } from '../src/colour.js';

describe('generateColourNonogram', () => {
  it.each([
    [6, 6, 2, 'a'],
    [7, 5, 3, 'b'],
    [6, 6, 4, 'c'],
  ])('%ix%i in %i colours, seed %s: unique by brute force, its solution attached and verified', async (width, height, colours, seed) => {
    const { puzzle, stats } = await generateColourNonogram({ width, height, colours, seed, checker: bitmaskColourEngine });
    expect(puzzle.palette).toEqual(generatorPalette(colours));
    expect(verify(puzzle, puzzle.solution!)).toEqual({ ok: true });
    const all = bruteForceColourNonogram(puzzle, 2);
    expect(all.exhausted).toBe(true);
    expect(all.solutions).toHaveLength(1);
    expect(stats.checks).toBeGreaterThanOrEqual(1);
    const again = await generateColourNonogram({ width, height, colours, seed, checker: bitmaskColourEngine });
    expect(again.puzzle).toEqual(puzzle);
  });

  it('paints every colour asked for on a large picture, and refuses a colour count out of range', async () => {
    const cells = randomColourImage(40, 40, 5, new Random('colours'));
    expect(new Set(cells)).toEqual(new Set([0, 1, 2, 3, 4, 5]));
    await expect(generateColourNonogram({ width: 5, height: 5, colours: 32, seed: 1, checker: bitmaskColourEngine })).rejects.toThrow(/colours must be a whole number from 1 to 31, got 32/);
    expect(new Set(generatorPalette(31).map((c) => c.char)).size).toBe(32);
  });
});
