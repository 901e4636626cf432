// The SAT solver against brute force on random small formulas, and the nonogram encoding
// against line placements: an internal import, as for the line solver.
import { bruteForceNonogram, nonogramCaseArbitrary } from '@gridrace/testkit';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { encodeNonogram } from '../src/encode.js';
import { SatSolver } from '../src/sat.js';

/** Literals as 2 * variable + value (true when the variable holds value). */
type Cnf = number[][];

const satisfies = (cnf: Cnf, model: readonly number[]): boolean => cnf.every((c) => c.some((lit) => model[lit >> 1] === (lit & 1)));

function bruteForceModels(vars: number, cnf: Cnf): number {
  let count = 0;
  for (let m = 0; m < 1 << vars; m++) {
    const model = Array.from({ length: vars }, (_, v) => (m >> v) & 1);
    if (satisfies(cnf, model)) count++;
  }
  return count;
}

/** Every model of the formula, through the solver (blocking each one found). */
async function allModels(vars: number, cnf: Cnf): Promise<number[][] | null> {
  const sat = new SatSolver();
  sat.newVars(vars);
  for (const c of cnf) if (!sat.addClause(c)) return [];
  const models: number[][] = [];
  for (;;) {
    const outcome = await sat.solve(Number.POSITIVE_INFINITY, async () => false);
    if (outcome === 'unsat') return models;
    if (outcome !== 'sat') return null;
    models.push(Array.from({ length: vars }, (_, v) => sat.value(v)));
    if (!sat.blockAndContinue()) return models;
  }
}

const cnfArbitrary = (vars: number) =>
  fc.array(fc.array(fc.integer({ min: 0, max: 2 * vars - 1 }), { minLength: 1, maxLength: 3 }), { minLength: 1, maxLength: 5 * vars });

describe('SAT solver', () => {
  it('finds exactly the models brute force finds (random formulas over up to 10 variables)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 10 }).chain((vars) => fc.tuple(fc.constant(vars), cnfArbitrary(vars))), async ([vars, cnf]) => {
        const models = await allModels(vars, cnf);
        expect(models).not.toBeNull();
        for (const m of models!) expect(satisfies(cnf, m)).toBe(true);
        expect(new Set(models!.map((m) => m.join(''))).size).toBe(models!.length);
        expect(models!.length).toBe(bruteForceModels(vars, cnf));
      }),
      { numRuns: 400 },
    );
  });

  it('a budget of 0 conflicts returns at once; a hard formula stops when the checkpoint says so', async () => {
    // The pigeonhole formula for 8 pigeons in 7 holes is unsatisfiable and hard for resolution.
    const sat = new SatSolver();
    const pigeons = 8;
    const holes = 7;
    sat.newVars(pigeons * holes);
    const v = (p: number, h: number) => p * holes + h;
    for (let p = 0; p < pigeons; p++) sat.addClause(Array.from({ length: holes }, (_, h) => 2 * v(p, h) + 1));
    for (let h = 0; h < holes; h++)
      for (let p = 0; p < pigeons; p++) for (let q = p + 1; q < pigeons; q++) sat.addClause([2 * v(p, h), 2 * v(q, h)]);
    expect(await sat.solve(0, async () => false)).toBe('budget');
    let calls = 0;
    expect(await sat.solve(Number.POSITIVE_INFINITY, async () => ++calls > 3)).toBe('stopped');
  });
});

describe('nonogram encoding', () => {
  it('random puzzles up to 5x5 (givens as unit clauses): the models, read on the cells, are exactly the solutions', async () => {
    await fc.assert(
      fc.asyncProperty(nonogramCaseArbitrary({ maxWidth: 5, maxHeight: 5 }), async (c) => {
        const { puzzle } = c;
        const lines = [...puzzle.rows, ...puzzle.columns];
        const sat = new SatSolver();
        const cells = puzzle.width * puzzle.height;
        const grids: string[] = [];
        const encoded = encodeNonogram(sat, puzzle.width, puzzle.height, (line) => lines[line]!);
        if (encoded && puzzle.givens.every((g) => sat.addClause([2 * (g.row * puzzle.width + g.col) + (g.filled ? 1 : 0)]))) {
          for (;;) {
            const outcome = await sat.solve(Number.POSITIVE_INFINITY, async () => false);
            expect(['sat', 'unsat']).toContain(outcome);
            if (outcome === 'unsat') break;
            grids.push(Array.from({ length: cells }, (_, v) => sat.value(v)).join(''));
            if (!sat.blockAndContinue()) break;
          }
        }
        const oracle = bruteForceNonogram(puzzle, 10_000);
        expect(oracle.exhausted).toBe(true);
        expect([...grids].sort()).toEqual(oracle.solutions.map((s) => Array.from(s.cells).join('')).sort());
      }),
      { numRuns: 500 },
    );
  });
});
