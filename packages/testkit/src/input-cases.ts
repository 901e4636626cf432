// Inputs beyond the input contract for nonogram engines built for large grids (bitmask,
// wasm): lines longer than a 32-bit word. The contract's cases (odd shapes, refused inputs,
// option types) are in input-contract.ts and run in every engine's conformance suite.
import { nonogramFromSolution, type Engine } from '@gridrace/core';
import { describe, expect, it } from 'vitest';
import { expectVerified } from './expect.js';

export function describeNonogramInputCases(engine: Engine<'nonogram'>): void {
  describe(`engine ${engine.name}: long lines`, () => {
    it('lines longer than 32 cells: a 70x3 grid of random rows', async () => {
      const cells = new Uint8Array(70 * 3).map((_, i) => ((i * 7919) % 11 < 6 ? 1 : 0));
      const p = nonogramFromSolution({ width: 70, height: 3, cells });
      const result = await engine.solve(p, { maxSolutions: 5 });
      expect(['unique', 'multiple']).toContain(result.verdict);
      expect(result.solutions.length).toBeGreaterThan(0);
      expectVerified(p, result.solutions);
    });
  });
}
