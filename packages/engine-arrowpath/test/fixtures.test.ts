// Named puzzles: the two public Signpost examples, IDs from Tatham's generator, the seed files.
import { readFileSync } from 'node:fs';
import { readPuzzle, readPuzzles, verify, type ArrowPathPuzzle, type Engine } from '@gridrace/core';
import { expectSameSolutions, loadSeedPuzzles } from '@gridrace/testkit';
import { describe, expect, it } from 'vitest';
import { arrowPathDfsEngine, arrowPathEngine } from '../src/index.js';

const ENGINES: readonly Engine<'arrowpath'>[] = [arrowPathEngine, arrowPathDfsEngine];

const PUBLIC_EXAMPLES = [
  '5x5:1cceefcfggeeccghcac3e12hch10ah25a',
  '7x7:1dc23cecfe30c32dceeggee2chfagacaaefee45ghh33gheca22a8g39b10gfcbcbc20g49a',
];

function signpost(text: string): ArrowPathPuzzle[] {
  return readPuzzles(text, { format: 'signpost' }) as ArrowPathPuzzle[];
}

async function expectUnique(engine: Engine<'arrowpath'>, puzzle: ArrowPathPuzzle) {
  const result = await engine.solve(puzzle);
  expect(result.verdict).toBe('unique');
  expect(result.solutions).toHaveLength(1);
  expect(verify(puzzle, result.solutions[0]!)).toEqual({ ok: true });
  return result.solutions[0]!;
}

describe.each(ENGINES.map((engine) => [engine.name, engine] as const))('%s on named puzzles', (_name, engine) => {
  it.each(PUBLIC_EXAMPLES)('public example %s is unique', async (id) => {
    const [puzzle] = signpost(id);
    await expectUnique(engine, puzzle!);
  });

  it("Tatham's generated 5x5, 7x7 and 8x5 puzzles (test/fixtures/tatham-small.txt) are unique", async () => {
    const puzzles = signpost(readFileSync(new URL('./fixtures/tatham-small.txt', import.meta.url), 'utf8'));
    expect(puzzles.length).toBe(15);
    for (const puzzle of puzzles) await expectUnique(engine, puzzle);
  });

  it('both seed puzzles are unique and equal to their known solutions', async () => {
    const seeds = loadSeedPuzzles().filter((s) => s.puzzle.kind === 'arrowpath');
    expect(seeds.map((s) => s.file).sort()).toEqual(['pijlenpad-1.json', 'pijlenpad-2.json']);
    for (const { puzzle } of seeds) {
      const p = puzzle as ArrowPathPuzzle;
      const solution = await expectUnique(engine, p);
      expectSameSolutions([solution], [p.solution!]);
    }
  });
});

describe('the two engines give the same solution', () => {
  it('on the public examples and the seed files', async () => {
    const seedFile = new URL('../../../puzzles/seed/pijlenpad-2.json', import.meta.url);
    const puzzles = [...PUBLIC_EXAMPLES.flatMap(signpost), readPuzzle(readFileSync(seedFile, 'utf8'), { file: 'pijlenpad-2.json' }) as ArrowPathPuzzle];
    for (const puzzle of puzzles) {
      const [a, b] = await Promise.all(ENGINES.map((e) => e.solve(puzzle)));
      expectSameSolutions(a!.solutions, b!.solutions);
    }
  });
});

describe("arrowpath on Tatham's larger puzzles (bench/tatham-signpost.txt, 10x10 to 30x30)", () => {
  it('proves every one unique', async () => {
    const puzzles = signpost(readFileSync(new URL('../bench/tatham-signpost.txt', import.meta.url), 'utf8')).filter((p) => p.width * p.height >= 100);
    expect(puzzles.length).toBeGreaterThanOrEqual(30);
    for (const puzzle of puzzles) await expectUnique(arrowPathEngine, puzzle);
  });
});

describe('sparse puzzles from our generator (bench/sparse-generated.txt)', () => {
  const puzzles = signpost(readFileSync(new URL('../bench/sparse-generated.txt', import.meta.url), 'utf8'));

  it('arrowpath proves every one unique', async () => {
    expect(puzzles.length).toBeGreaterThanOrEqual(8);
    for (const puzzle of puzzles) await expectUnique(arrowPathEngine, puzzle);
  });

  it('arrowpath-dfs agrees on the 7x7 ones (6 givens each)', async () => {
    const small = puzzles.filter((p) => p.width === 7);
    expect(small.length).toBeGreaterThanOrEqual(2);
    for (const puzzle of small) {
      expect(puzzle.givens.filter((g) => g !== 0).length).toBeLessThanOrEqual(8);
      const [a, b] = await Promise.all([arrowPathEngine.solve(puzzle), arrowPathDfsEngine.solve(puzzle)]);
      expect(b!.verdict).toBe('unique');
      expectSameSolutions(a!.solutions, b!.solutions);
    }
  });
});
