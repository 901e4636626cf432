// A brute-force colour nonogram oracle that shares no code with any engine. Each row's
// colourings are listed by a plain recursion over its blocks (a gap of at least one cell
// between blocks of one colour, none needed between colours); the oracle tries their product
// row by row, pruning only on column prefixes, and compares whole columns at the end.
import type { ColourBlock, ColourClue, ColourNonogramPuzzle, ColourNonogramSolution } from '@gridrace/core';

export interface OracleResult<S> {
  /** Solutions found, in the oracle's own order, at most `maxSolutions`. */
  readonly solutions: S[];
  /** True when every candidate was tried, so `solutions` is the complete set. */
  readonly exhausted: boolean;
}

/** Every way to write a colour clue into a line of `length` cells, as arrays of palette indices. */
export function colourLinePlacements(clue: ColourClue, length: number): Uint8Array[] {
  const out: Uint8Array[] = [];
  const line = new Uint8Array(length);
  const place = (block: number, from: number): void => {
    if (block === clue.length) {
      out.push(line.slice());
      return;
    }
    const { length: size, colour } = clue[block]!;
    const gap = block + 1 < clue.length && clue[block + 1]!.colour === colour ? 1 : 0;
    for (let start = from; start + size <= length; start++) {
      line.fill(colour, start, start + size);
      place(block + 1, start + size + gap);
      line.fill(0, start, start + size);
    }
  };
  place(0, 0);
  return out;
}

/** The runs of non-background colour in `cells`. */
function runsOf(cells: readonly number[]): ColourBlock[] {
  const runs: ColourBlock[] = [];
  for (let i = 0; i < cells.length; i++) {
    const colour = cells[i]!;
    if (colour === 0) continue;
    const last = runs[runs.length - 1];
    if (last !== undefined && i > 0 && cells[i - 1] === colour) runs[runs.length - 1] = { length: last.length + 1, colour };
    else runs.push({ length: 1, colour });
  }
  return runs;
}

const sameBlock = (a: ColourBlock, b: ColourBlock | undefined) => b !== undefined && a.length === b.length && a.colour === b.colour;

/** Can the top cells of a column still grow into `clue`? Finished runs match, an open one is not too long. */
function prefixFits(cells: readonly number[], clue: ColourClue): boolean {
  const runs = runsOf(cells);
  if (runs.length > clue.length) return false;
  const open = cells.length > 0 && cells[cells.length - 1] !== 0;
  const finished = open ? runs.length - 1 : runs.length;
  for (let i = 0; i < finished; i++) if (!sameBlock(runs[i]!, clue[i])) return false;
  if (open) {
    const run = runs[finished]!;
    const want = clue[finished]!;
    if (run.colour !== want.colour || run.length > want.length) return false;
  }
  return true;
}

/**
 * All solutions of a small colour nonogram (up to about 6x6), at most `maxSolutions`.
 * `exhausted` is false when it stopped at `maxSolutions` or after `maxNodes` row choices.
 */
export function bruteForceColourNonogram(puzzle: ColourNonogramPuzzle, maxSolutions: number, maxNodes = Number.POSITIVE_INFINITY): OracleResult<ColourNonogramSolution> {
  const { width, height } = puzzle;
  const given = new Map<number, number>();
  for (const g of puzzle.givens) given.set(g.row * width + g.col, g.colour);
  const rowChoices = puzzle.rows.map((clue, r) =>
    colourLinePlacements(clue, width).filter((p) => {
      for (let c = 0; c < width; c++) {
        const g = given.get(r * width + c);
        if (g !== undefined && g !== p[c]) return false;
      }
      return true;
    }),
  );
  const solutions: ColourNonogramSolution[] = [];
  const chosen: Uint8Array[] = [];
  const column = (c: number) => chosen.map((row) => row[c]!);
  let nodes = 0;
  const search = (r: number): boolean => {
    if (r === height) {
      for (let c = 0; c < width; c++) {
        const runs = runsOf(column(c));
        const clue = puzzle.columns[c] ?? [];
        if (runs.length !== clue.length || !runs.every((run, i) => sameBlock(run, clue[i]))) return true;
      }
      const cells = new Uint8Array(width * height);
      chosen.forEach((row, i) => cells.set(row, i * width));
      solutions.push({ width, height, cells });
      return solutions.length < maxSolutions;
    }
    for (const candidate of rowChoices[r]!) {
      if (++nodes > maxNodes) return false;
      chosen.push(candidate);
      let fits = true;
      for (let c = 0; c < width && fits; c++) fits = prefixFits(column(c), puzzle.columns[c] ?? []);
      const goOn = fits ? search(r + 1) : true;
      chosen.pop();
      if (!goOn) return false;
    }
    return true;
  };
  if (maxSolutions < 1) return { solutions, exhausted: false };
  return { solutions, exhausted: search(0) };
}
