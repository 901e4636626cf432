// Every real puzzle file in ../shared/puzzles and ../shared/seed-puzzles reads, and every
// solution that comes with them verifies with core's independent `verify`. Skipped, with the
// reason, when ../shared is missing (it is not part of the repository).
import { readFileSync, readdirSync } from 'node:fs';
import { basename, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readPuzzle, readPuzzles, readSolutions, verify, writePuzzles, type NonogramPuzzle, type Puzzle } from '../src/index.js';
import { keptBy } from './formats/helpers.js';

// vitest.shared.ts finds ../shared and says where ('' when it is missing).
const SHARED = process.env.GRIDRACE_SHARED_DIR ?? '';
const PUZZLES = join(SHARED, 'puzzles');
const SEEDS = join(SHARED, 'seed-puzzles');

// Without ../shared the lists are empty and the reads give '', so collecting still works.
const read = (path: string) => (SHARED ? readFileSync(path, 'utf8') : '');
const filesIn = (dir: string, ext: string) =>
  (SHARED ? readdirSync(dir) : [])
    .filter((f) => f.endsWith(ext))
    .sort()
    .map((f) => join(dir, f));

const ninFiles = filesIn(join(PUZZLES, 'webpbn'), '.nin');
const nonFiles = [...filesIn(join(PUZZLES, 'webpbn', 'non'), '.non'), ...filesIn(join(PUZZLES, 'extra'), '.non')];
// extra/domino_logic.txt is picross-solver's own format, which gridrace does not read;
// its seven grids are in extra/domino-N.non, which are read here.
const extraOther = (SHARED ? readdirSync(join(PUZZLES, 'extra')) : []).filter((f) => !f.endsWith('.non') && f !== 'SOURCE.md');
const taaiSets = ['taai2011', 'tcga2016', 'icga2017'];

function sameClues(a: Puzzle, b: Puzzle): void {
  const x = a as NonogramPuzzle;
  const y = b as NonogramPuzzle;
  expect([x.width, x.height]).toEqual([y.width, y.height]);
  expect(x.rows).toEqual(y.rows);
  expect(x.columns).toEqual(y.columns);
}

describe.skipIf(!SHARED)('shared puzzle files (need ../shared)', () => {
  it('has the files this test expects', () => {
    expect(ninFiles).toHaveLength(14);
    expect(nonFiles).toHaveLength(23);
    expect(extraOther).toEqual(['domino_logic.txt']);
  });

  describe.each(ninFiles.map((f) => [basename(f), f]))('%s', (name, path) => {
    it('reads, and read -> write -> read gives the same puzzle', () => {
      const puzzle = readPuzzle(read(path), { file: name });
      expect(puzzle.kind).toBe('nonogram');
      expect(readPuzzle(writePuzzles([puzzle], 'nin'), { format: 'nin' })).toEqual(puzzle);
      expect(readPuzzle(writePuzzles([puzzle], 'json'), { format: 'json' })).toEqual(puzzle);
      expect(readPuzzle(writePuzzles([puzzle], 'pattern'), { format: 'pattern' })).toEqual(puzzle);
    });
    it('is written back byte for byte', () => {
      expect(writePuzzles([readPuzzle(read(path))], 'nin')).toBe(read(path));
    });
  });

  describe.each(nonFiles.map((f) => [basename(f), f]))('%s', (name, path) => {
    const puzzle = readPuzzle(read(path), { file: name }) as NonogramPuzzle;
    it('reads with its meta, and read -> write -> read gives the same puzzle', () => {
      expect(puzzle.meta.title).toBeTruthy();
      expect(readPuzzle(writePuzzles([puzzle], 'non'), { format: 'non' })).toEqual(puzzle);
      expect(readPuzzle(writePuzzles([puzzle], 'json'), { format: 'json' })).toEqual(puzzle);
      expect(readPuzzle(writePuzzles([puzzle], 'nin'), { format: 'nin' })).toEqual(keptBy('nin', puzzle));
    });
    if (/webpbn|jwilk|tiger|sun/.test(name)) {
      it('has a goal that verifies', () => {
        expect(puzzle.solution).toBeDefined();
        expect(verify(puzzle, puzzle.solution!)).toEqual({ ok: true });
      });
    }
    const twin = /^webpbn-(\d{5})-/.exec(name);
    const twinPath = twin && ninFiles.find((f) => basename(f) === `webpbn-${twin[1]}.nin`);
    if (twinPath) {
      it(`has the same clues as ${basename(twinPath)}`, () => sameClues(puzzle, readPuzzle(read(twinPath))));
    }
  });

  it('keeps the attribution lines of a .non file', () => {
    const owl = readPuzzle(read(join(PUZZLES, 'extra', 'jwilk-091-owl.non')));
    expect(owl.meta).toEqual({
      catalogue: 'https://github.com/jwilk-archive/nonogram #091',
      title: 'Owl',
      author: 'Jakub Wilk <jwilk@jwilk.net>',
      copyright: 'Copyright &copy; 2003-2022 Jakub Wilk <jwilk@jwilk.net>',
      license: 'MIT',
    });
    expect(readPuzzle(read(join(PUZZLES, 'extra', 'sun.non'))).meta.copyright).toBe('© 2007 Alexander Meshcheryakov <alexander.s.m@gmail.com>');
  });

  describe.each(taaiSets)('TAAI set %s', (set) => {
    const questionName = `question/${set}.txt`;
    const puzzles = SHARED ? readPuzzles(read(join(PUZZLES, 'taai', 'question', `${set}.txt`)), { file: questionName }) : [];
    it('holds 1000 square 25x25 puzzles titled $1..$1000', () => {
      expect(puzzles).toHaveLength(1000);
      expect(puzzles.every((p) => p.width === 25 && p.height === 25)).toBe(true);
      expect(puzzles.map((p) => p.meta.title)).toEqual(puzzles.map((_, i) => `$${i + 1}`));
    });
    it('has a solution file whose 1000 grids verify against their puzzles', () => {
      const solutions = readSolutions(read(join(PUZZLES, 'taai', 'solution', `${set}.txt`)), {
        file: `solution/${set}.txt`,
        width: 25,
        height: 25,
        kind: 'nonogram',
      });
      expect(solutions).toHaveLength(1000);
      const failures = puzzles.map((p, i) => [i + 1, verify(p, solutions[i]!)] as const).filter(([, r]) => !r.ok);
      expect(failures).toEqual([]);
    });
    it('reads back the same 1000 puzzles after write -> read, and is written byte for byte', () => {
      const written = writePuzzles(puzzles, 'taai');
      expect(readPuzzles(written, { format: 'taai' })).toEqual(puzzles);
      expect(written).toBe(read(join(PUZZLES, 'taai', 'question', `${set}.txt`)));
    });
  });

  describe('seed puzzles', () => {
    const seeds = filesIn(SEEDS, '.json');
    it('are the five expected files', () => {
      expect(seeds.map((f) => basename(f))).toEqual([
        'gchq-2015.json',
        'mathematica-20x30.json',
        'pijlenpad-1.json',
        'pijlenpad-2.json',
        'z3-prefix-15x15.json',
      ]);
    });
    it.each(seeds.map((f) => [basename(f), f]))('%s reads and round-trips through json', (name, path) => {
      const puzzle = readPuzzle(read(path), { file: name });
      expect(puzzle.meta.title).toBeTruthy();
      expect(puzzle.meta.source).toBeTruthy();
      expect(readPuzzle(writePuzzles([puzzle], 'json'), { format: 'json' })).toEqual(puzzle);
      if (puzzle.solution) expect(verify(puzzle, puzzle.solution)).toEqual({ ok: true });
    });
    it('GCHQ has 22 filled givens and a solution that verifies', () => {
      const gchq = readPuzzle(read(join(SEEDS, 'gchq-2015.json'))) as NonogramPuzzle;
      expect([gchq.width, gchq.height]).toEqual([25, 25]);
      expect(gchq.givens).toHaveLength(22);
      expect(gchq.givens.every((g) => g.filled)).toBe(true);
      expect(gchq.solution).toBeDefined();
      expect(verify(gchq, gchq.solution!)).toEqual({ ok: true });
      // The givens survive a Pattern ID (its immutable cells).
      expect(readPuzzle(writePuzzles([gchq], 'pattern'))).toEqual(keptBy('pattern', gchq));
    });
    it('the arrow paths have solutions that verify and survive a Signpost ID', () => {
      for (const name of ['pijlenpad-1.json', 'pijlenpad-2.json']) {
        const puzzle = readPuzzle(read(join(SEEDS, name)));
        expect(puzzle.kind).toBe('arrowpath');
        expect(verify(puzzle, puzzle.solution!)).toEqual({ ok: true });
        expect(readPuzzle(writePuzzles([puzzle], 'signpost'))).toEqual(keptBy('signpost', puzzle));
      }
    });
  });
});
