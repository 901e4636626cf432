// createLineSolver: the engines' line solver for callers that settle lines themselves (the
// large-nonogram generator), on cell arrays: against brute force on short lines, and on long
// lines against the picture the clue came from.
import { describe, expect, it } from 'vitest';
import { EMPTY, FILLED, Random, UNKNOWN, nonogramFromSolution } from '@gridrace/core';
import { linePlacements } from '@gridrace/testkit';
import { createLineSolver } from '../src/index.js';

/** The clue of a line of FILLED and EMPTY cells (core's, as for a one-row picture). */
const clueOf = (line: Uint8Array): number[] => [...nonogramFromSolution({ width: line.length, height: 1, cells: line }).rows[0]!];
const picture = (random: Random, n: number, density: number) => Uint8Array.from({ length: n }, () => (random.float() < density ? FILLED : EMPTY));

describe('createLineSolver', () => {
  it('settles exactly what every placement agrees on, or says none fits (2,000 random lines of up to 12 cells)', () => {
    const random = new Random('line solver api');
    const solver = createLineSolver(12, 6);
    let none = 0;
    for (let t = 0; t < 2000; t++) {
      const n = 1 + random.int(12);
      const line = picture(random, n, 0.55);
      const clue = random.float() < 0.8 ? clueOf(line) : clueOf(picture(random, n, 0.5));
      const known = line.map((v) => (random.float() < 0.3 ? v : UNKNOWN));
      const fits = linePlacements(clue, n).filter((p) => known.every((k, i) => k === UNKNOWN || (k === FILLED) === (p[i] === 1)));
      const cells = new Uint8Array(n + 4).fill(7);
      cells.set(known, 2);
      const ok = solver.solve(cells, 2, n, clue);
      expect(ok, `${[...known].join('')} ${clue.join(' ')}`).toBe(fits.length > 0);
      if (!ok) {
        none++;
        expect([...cells.subarray(2, 2 + n)]).toEqual([...known]);
        continue;
      }
      const expected = known.map((k, i) => (k !== UNKNOWN ? k : fits.every((p) => p[i] === 1) ? FILLED : fits.every((p) => p[i] === 0) ? EMPTY : UNKNOWN));
      expect([...cells.subarray(2, 2 + n)], `${[...known].join('')} ${clue.join(' ')}`).toEqual([...expected]);
      // The cells around the line are not touched.
      expect([cells[0], cells[1], cells[n + 2], cells[n + 3]]).toEqual([7, 7, 7, 7]);
    }
    expect(none).toBeGreaterThan(50);
  });

  it('on long lines settles only cells that agree with the picture the clue came from, and refuses a clue that does not fit', () => {
    const random = new Random('long lines');
    const solver = createLineSolver(600, 300);
    for (let t = 0; t < 200; t++) {
      const n = 200 + random.int(401);
      const line = picture(random, n, 0.3 + 0.4 * random.float());
      const clue = clueOf(line);
      const cells = line.map((v) => (random.float() < 0.6 ? v : UNKNOWN));
      const before = Uint8Array.from(cells);
      expect(solver.solve(cells, 0, n, clue)).toBe(true);
      for (let i = 0; i < n; i++) if (cells[i] !== UNKNOWN) expect(cells[i], `cell ${i}`).toBe(line[i]);
      // Known cells stay known; the whole picture fits as it is.
      for (let i = 0; i < n; i++) if (before[i] !== UNKNOWN) expect(cells[i]).toBe(before[i]);
      expect(solver.solve(Uint8Array.from(line), 0, n, clue)).toBe(true);
      // One block longer than the picture's: the known picture no longer fits.
      const longer = [...clue];
      if (longer.length > 0) {
        longer[0]! += 1;
        const full = Uint8Array.from(line);
        expect(solver.solve(full, 0, n, longer)).toBe(false);
        expect([...full]).toEqual([...line]);
      }
    }
  });

  it('refuses a line past its size with a RangeError', () => {
    const solver = createLineSolver(10, 3);
    expect(() => solver.solve(new Uint8Array(11), 0, 11, [1])).toThrow(RangeError);
    expect(() => solver.solve(new Uint8Array(10), 0, 10, [1, 1, 1, 1])).toThrow(RangeError);
  });
});
