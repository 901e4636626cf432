// The prefix-count model (engine `z3-prefix`), the seed's model generalized to rectangular
// grids and given cells. Every cell holds two counters: how many filled cells its row has
// seen up to and including it, and the same for its column. Along a line a counter starts
// at 0 or 1, stays or rises by one, and ends at the clue total. The counter pauses (a gap)
// exactly at the cumulative block totals except the last: those values occur more than
// once, every other value from 1 to total - 1 exactly once. A cell is filled exactly when
// its row counter rises there, and exactly when its column counter rises there (a Bool per
// cell names that, so solutions can be read and excluded cell by cell).
//
// Options (each measured in the README):
// - `form`: `split`, two Int counters per cell, or `packed`, the seed's single Int per
//   cell holding (column count) * M + (row count), unpacked with div and mod.
// - `occurrences`: `count` states "occurs exactly once / more than once" as the seed did,
//   a sum of if-then-else terms per value; `stays` says the same locally: the counter may
//   stay put only at 0, at a block end or at the total, and stays at least once at each
//   block end (a counter that only rises by 0 or 1 repeats a value exactly when it stays).
// - `bounds`: `loose` only says what the rules above say; `tight` bounds every counter by
//   its line's left-packed and right-packed placements.
import type { NonogramPuzzle } from '@gridrace/core';
import { columnsOf, prefixBounds, rowsOf, type Line } from './lines.js';
import { CELLS_PER_YIELD, cellConstants, givenConstraints, type NonogramModel } from './model.js';
import type { Term, Terms } from './terms.js';

export interface PrefixModelOptions {
  readonly form: 'split' | 'packed';
  readonly occurrences: 'count' | 'stays';
  readonly bounds: 'loose' | 'tight';
}

/**
 * Model size: two counters and their step constraints per cell, and per line its pauses
 * (a term per block end and position) or, with `occurrences: 'count'`, a term per value
 * and position.
 */
export function prefixModelSize(puzzle: NonogramPuzzle, options: PrefixModelOptions): number {
  let size = 4 * puzzle.width * puzzle.height;
  for (const [clues, length] of [[puzzle.rows, puzzle.width], [puzzle.columns, puzzle.height]] as const) {
    for (const clue of clues) {
      const total = clue.reduce((a, b) => a + b, 0);
      size += length * (options.occurrences === 'count' ? total + 4 : 2 * clue.length + 6);
    }
  }
  return size;
}

export function* buildPrefixModel(t: Terms, puzzle: NonogramPuzzle, options: PrefixModelOptions): Generator<void, NonogramModel, void> {
  const { width, height } = puzzle;
  const size = width * height;
  const assertions: Term[] = [];
  const rowCount: Term[] = [];
  const colCount: Term[] = [];
  if (options.form === 'split') {
    for (let i = 0; i < size; i++) {
      if (i % CELLS_PER_YIELD === CELLS_PER_YIELD - 1) yield;
      rowCount.push(t.int(`r${i}`));
      colCount.push(t.int(`c${i}`));
    }
  } else {
    // Row counts stay below `radix`, so (column count) * radix + (row count) is one-to-one.
    const radix = Math.max(...puzzle.rows.map((clue) => clue.reduce((a, b) => a + b, 0))) + 1;
    for (let i = 0; i < size; i++) {
      if (i % CELLS_PER_YIELD === CELLS_PER_YIELD - 1) yield;
      const packed = t.int(`p${i}`);
      assertions.push(t.ge(packed, t.num(0)));
      rowCount.push(t.mod(packed, radix));
      colCount.push(t.div(packed, radix));
    }
  }

  const rises = (line: Line, counts: readonly Term[]): Term[] | null => {
    const counters = line.cells.map((cell) => counts[cell]!);
    return constrainLine(t, line, counters, options, assertions);
  };
  const rowRise: Term[] = new Array<Term>(size);
  const colRise: Term[] = new Array<Term>(size);
  let fits = true;
  for (const [lines, counts, rise] of [
    [rowsOf(puzzle), rowCount, rowRise],
    [columnsOf(puzzle), colCount, colRise],
  ] as const) {
    for (const line of lines) {
      yield;
      const r = rises(line, counts);
      if (r === null) fits = false;
      else line.cells.forEach((cell, p) => (rise[cell] = r[p]!));
    }
  }
  // A name per cell for "both counters rise here". Givens and the clauses that exclude
  // found solutions then stay propositional, which Z3's incremental SAT solver (QF_FD)
  // needs: an Int comparison asserted after the first check stops it with "unknown".
  const cells = yield* cellConstants(t, size);
  if (!fits) return { assertions: [t.false], cells };
  for (let i = 0; i < size; i++) {
    if (i % CELLS_PER_YIELD === CELLS_PER_YIELD - 1) yield;
    assertions.push(t.eq(cells[i]!, rowRise[i]!), t.eq(cells[i]!, colRise[i]!));
  }
  assertions.push(...givenConstraints(t, puzzle, cells));
  return { assertions, cells };
}

/**
 * Constrain one line's counters; returns, per position, "the counter rises here" (the cell
 * is filled), or null when the clue does not fit the line.
 */
function constrainLine(t: Terms, line: Line, k: readonly Term[], options: PrefixModelOptions, out: Term[]): Term[] | null {
  const n = k.length;
  const total = line.total;
  const bounds = prefixBounds(line.clue, n);
  if (bounds === null) return null;

  // Values where the counter may pause: the cumulative totals except the last.
  const ends: number[] = [];
  let sum = 0;
  for (const block of line.clue.slice(0, -1)) ends.push((sum += block));

  if (options.bounds === 'tight') {
    for (let p = 0; p < n; p++) out.push(t.ge(k[p]!, t.num(bounds.min[p]!)), t.le(k[p]!, t.num(bounds.max[p]!)));
  } else {
    out.push(t.ge(k[0]!, t.num(0)), t.le(k[0]!, t.num(1)));
  }
  for (let p = 1; p < n; p++) out.push(t.ge(k[p]!, k[p - 1]!), t.le(k[p]!, t.add([k[p - 1]!, t.num(1)])));
  out.push(t.eq(k[n - 1]!, t.num(total)));

  if (options.occurrences === 'count') {
    const endSet = new Set(ends);
    for (let v = 1; v < total; v++) {
      const count = t.add(k.map((x) => t.ite(t.eq(x, t.num(v)), t.num(1), t.num(0))));
      out.push(endSet.has(v) ? t.ge(count, t.num(2)) : t.eq(count, t.num(1)));
    }
  } else {
    // A stay at p (counter equal to the one before) is a gap: allowed at 0, a block end or
    // the total; and the counter stays at least once at every block end.
    const pauseValues = [0, ...ends, total];
    const pausedAt: Term[][] = ends.map(() => []);
    for (let p = 1; p < n; p++) {
      // A value held at p - 1 and at p lies within both positions' bounds.
      const lo = bounds.min[p]!;
      const hi = bounds.max[p - 1]!;
      const allowed = pauseValues.filter((v) => options.bounds === 'loose' || (v >= lo && v <= hi));
      const stay = t.eq(k[p]!, k[p - 1]!);
      out.push(t.implies(stay, t.or(allowed.map((v) => t.eq(k[p]!, t.num(v))))));
      ends.forEach((v, j) => {
        if (options.bounds === 'loose' || (v >= lo && v <= hi)) pausedAt[j]!.push(t.and([stay, t.eq(k[p]!, t.num(v))]));
      });
    }
    for (const somewhere of pausedAt) out.push(t.or(somewhere));
  }
  // Rises by one, given the steps above; `>` measured fewer conflicts than `= previous + 1`.
  return k.map((x, p) => (p === 0 ? t.eq(x, t.num(1)) : t.gt(x, k[p - 1]!)));
}
