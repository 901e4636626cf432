// A brute-force nonogram oracle that shares no code with any engine.
// Every row's placements are listed by a plain recursion; the oracle tries their product
// row by row, checking givens and the column clues once the grid is complete. The only
// pruning is a column prefix test (the runs finished so far must start the column's clue),
// which keeps 6x6 puzzles quick without changing what is enumerated.
import type { Clue, NonogramPuzzle, NonogramSolution } from '@gridrace/core';

export interface OracleResult<S> {
  /** Solutions found, in the oracle's own order, at most `maxSolutions`. */
  readonly solutions: S[];
  /** True when every candidate was tried, so `solutions` is the complete set. */
  readonly exhausted: boolean;
}

/** Every way to write `clue` into a line of `length` cells, as 0/1 arrays. */
export function linePlacements(clue: Clue, length: number): Uint8Array[] {
  const out: Uint8Array[] = [];
  const line = new Uint8Array(length);
  const place = (block: number, from: number): void => {
    if (block === clue.length) {
      out.push(line.slice());
      return;
    }
    const size = clue[block]!;
    for (let start = from; start + size <= length; start++) {
      line.fill(1, start, start + size);
      place(block + 1, start + size + 1);
      line.fill(0, start, start + size);
    }
  };
  place(0, 0);
  return out;
}

/** The runs of 1s in `cells`. */
function runsOf(cells: readonly number[]): number[] {
  const runs: number[] = [];
  let run = 0;
  for (const v of cells) {
    if (v === 1) run++;
    else if (run > 0) {
      runs.push(run);
      run = 0;
    }
  }
  if (run > 0) runs.push(run);
  return runs;
}

/**
 * Can the top `cells` of a column still grow into `clue`? The finished runs must equal the
 * clue's first runs, and a run still open at the bottom must not already be too long.
 */
function columnPrefixFits(cells: readonly number[], clue: Clue): boolean {
  const runs = runsOf(cells);
  const open = cells.length > 0 && cells[cells.length - 1] === 1;
  const finished = open ? runs.length - 1 : runs.length;
  if (runs.length > clue.length) return false;
  for (let i = 0; i < finished; i++) if (runs[i] !== clue[i]) return false;
  if (open && runs[finished]! > clue[finished]!) return false;
  return true;
}

function sameRuns(a: readonly number[], b: Clue): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}

/**
 * All solutions of a small nonogram (up to about 6x6), at most `maxSolutions` of them.
 * `exhausted` is false when the search stopped because `maxSolutions` were found, or
 * because it tried `maxNodes` row placements (the search is exponential in the grid size).
 */
export function bruteForceNonogram(puzzle: NonogramPuzzle, maxSolutions: number, maxNodes = Number.POSITIVE_INFINITY): OracleResult<NonogramSolution> {
  const { width, height } = puzzle;
  const given = new Map<number, number>();
  for (const g of puzzle.givens) given.set(g.row * width + g.col, g.filled ? 1 : 0);

  // Row candidates, already filtered by that row's givens.
  const rowChoices = puzzle.rows.map((clue, r) =>
    linePlacements(clue, width).filter((p) => {
      for (let c = 0; c < width; c++) {
        const g = given.get(r * width + c);
        if (g !== undefined && g !== p[c]) return false;
      }
      return true;
    }),
  );

  const solutions: NonogramSolution[] = [];
  const chosen: Uint8Array[] = [];
  const columnCells = (c: number): number[] => chosen.map((row) => row[c]!);

  let nodes = 0;
  const search = (r: number): boolean => {
    if (r === height) {
      for (let c = 0; c < width; c++) if (!sameRuns(runsOf(columnCells(c)), puzzle.columns[c] ?? [])) return true;
      const cells = new Uint8Array(width * height);
      chosen.forEach((row, i) => cells.set(row, i * width));
      solutions.push({ width, height, cells });
      return solutions.length < maxSolutions;
    }
    for (const candidate of rowChoices[r]!) {
      if (++nodes > maxNodes) return false;
      chosen.push(candidate);
      let fits = true;
      for (let c = 0; c < width && fits; c++) fits = columnPrefixFits(columnCells(c), puzzle.columns[c] ?? []);
      const goOn = fits ? search(r + 1) : true;
      chosen.pop();
      if (!goOn) return false;
    }
    return true;
  };

  if (maxSolutions < 1) return { solutions, exhausted: false };
  const exhausted = search(0);
  return { solutions, exhausted };
}
