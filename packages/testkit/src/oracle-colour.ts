// A brute-force colour nonogram oracle that shares no code with any engine. Each row's
// colourings are listed by a plain recursion over its blocks (a gap of at least one cell
// between blocks of one colour, none needed between colours); the oracle tries their product
// row by row, pruning only on column prefixes, and compares whole columns at the end.
import type { ColourClue, ColourNonogramPuzzle, ColourNonogramSolution } from '@gridrace/core';

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

/**
 * Whether column `c` of the rows chosen so far can still grow into `clue` (`complete`: the rows
 * are all there, so it must be exactly the clue). Finished runs must match the clue's first
 * blocks, an open run must not be longer than its block or of another colour. Scans the cells
 * directly: the search asks this millions of times on 12x12 puzzles.
 */
function columnFits(chosen: readonly Uint8Array[], c: number, clue: ColourClue, complete: boolean): boolean {
  let block = 0;
  let run = 0;
  let colour = 0;
  const close = (): boolean => {
    if (colour === 0) return true;
    const want = clue[block];
    if (want === undefined || want.colour !== colour || want.length !== run) return false;
    block++;
    return true;
  };
  for (let r = 0; r < chosen.length; r++) {
    const v = chosen[r]![c]!;
    if (v === colour) {
      run++;
      continue;
    }
    if (!close()) return false;
    colour = v;
    run = 1;
  }
  if (complete) return close() && block === clue.length;
  if (colour === 0) return true;
  const want = clue[block];
  return want !== undefined && want.colour === colour && run <= want.length;
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
  let nodes = 0;
  const search = (r: number): boolean => {
    if (r === height) {
      for (let c = 0; c < width; c++) if (!columnFits(chosen, c, puzzle.columns[c] ?? [], true)) return true;
      const cells = new Uint8Array(width * height);
      chosen.forEach((row, i) => cells.set(row, i * width));
      solutions.push({ width, height, cells });
      return solutions.length < maxSolutions;
    }
    for (const candidate of rowChoices[r]!) {
      if (++nodes > maxNodes) return false;
      chosen.push(candidate);
      let fits = true;
      for (let c = 0; c < width && fits; c++) fits = columnFits(chosen, c, puzzle.columns[c] ?? [], false);
      const goOn = fits ? search(r + 1) : true;
      chosen.pop();
      if (!goOn) return false;
    }
    return true;
  };
  if (maxSolutions < 1) return { solutions, exhausted: false };
  return { solutions, exhausted: search(0) };
}
