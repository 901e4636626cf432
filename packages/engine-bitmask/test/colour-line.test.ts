// The colour line solver against brute force: on random lines (up to 16 cells, 1 to 5 colours,
// random masks of what each cell may still be, a third of the cells known), the narrowed masks are exactly the union, per
// cell, of the colours over every placement of the clue the masks allow, and the line is
// refused exactly when no placement is left. testkit's colourLinePlacements lists them.
import { colourLinePlacements } from '@gridrace/testkit';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createSolver } from '../src/solver-instance.js';

const MAX_N = 16;
const MAX_K = 16;

describe('colour line solver', () => {
  it('narrows masks to the colours some placement gives each cell, on 3,000 random lines', () => {
    const x = createSolver();
    x.resetArena();
    expect(x.setupColourLine(MAX_N, MAX_K, 6)).toBe(true);
    const lengths = x.tryAlloc(MAX_K * 4);
    const colours = x.tryAlloc(MAX_K * 4);
    const masks = x.tryAlloc(MAX_N * 4);
    const out = x.tryAlloc(MAX_N * 4);
    const line = fc
      .record({ n: fc.integer({ min: 1, max: MAX_N }), palette: fc.integer({ min: 2, max: 6 }) })
      .chain(({ n, palette }) =>
        fc.record({
          n: fc.constant(n),
          palette: fc.constant(palette),
          cells: fc.array(fc.integer({ min: 0, max: palette - 1 }), { minLength: n, maxLength: n }),
          // Per cell: keep the true colour (usually), plus random others.
          keep: fc.array(fc.integer({ min: 0, max: 9 }), { minLength: n, maxLength: n }),
          extra: fc.array(fc.integer({ min: 0, max: (1 << palette) - 1 }), { minLength: n, maxLength: n }),
        }),
      );
    fc.assert(
      fc.property(line, ({ n, palette, cells, keep, extra }) => {
        const clue: { length: number; colour: number }[] = [];
        for (let i = 0; i < n; i++) {
          const c = cells[i]!;
          if (c === 0) continue;
          if (i > 0 && cells[i - 1] === c) clue[clue.length - 1]!.length++;
          else clue.push({ length: 1, colour: c });
        }
        // A third of the cells known (the trimming of known ends), half the true colour and others, a fifth anything.
        const mask = cells.map((c, i) => (keep[i]! < 3 ? 1 << c : ((keep[i]! < 8 ? 1 << c : 0) | extra[i]!) & ((1 << palette) - 1)));
        const memory = new Int32Array(x.memoryBuffer());
        clue.forEach((b, j) => {
          memory[(lengths >>> 2) + j] = b.length;
          memory[(colours >>> 2) + j] = b.colour;
        });
        mask.forEach((m, i) => (memory[(masks >>> 2) + i] = m));
        const ok = x.solveColourLine(lengths, colours, clue.length, n, masks, out);
        // Brute force: every placement the masks allow, and the colours each cell takes in them.
        const allowed = colourLinePlacements(clue, n).filter((p) => p.every((v, i) => (mask[i]! & (1 << v)) !== 0));
        expect(ok, JSON.stringify({ clue, mask })).toBe(allowed.length > 0);
        if (!ok) return;
        const want = mask.map((_, i) => allowed.reduce((m, p) => m | (1 << p[i]!), 0));
        const got = Array.from(new Int32Array(x.memoryBuffer(), out, n));
        expect(got, JSON.stringify({ clue, mask })).toEqual(want);
      }),
      { numRuns: 3000 },
    );
  });
});
