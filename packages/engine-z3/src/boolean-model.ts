// The Boolean placement model (engine `z3`): one Bool per cell, and per block of every line
// its start position. A cell is filled exactly when some block of its row covers it, and
// exactly when some block of its column covers it.
//
// Two encodings of a block's start (option `encoding`):
// - `order` (default): Bools y[j][p] meaning "block j starts at or before p", for p in the
//   block's start range. Monotone in p; block j+1 starting at or before p forces block j to
//   start at or before p - len(j) - 1; block j covers p exactly when y[j][p] and not
//   y[j][p - len(j)]. Purely propositional, so Z3's SAT solver takes it (logic QF_FD).
// - `starts`: one Int per block, bounded by its leftmost and rightmost start, ordered with a
//   gap, and covering p exactly when start <= p < start + len (the sketch).
import type { NonogramPuzzle } from '@gridrace/core';
import { columnsOf, rowsOf, startBounds, type Line } from './lines.js';
import { cellConstants, givenConstraints, type NonogramModel } from './model.js';
import type { Term, Terms } from './terms.js';

export type BlockEncoding = 'order' | 'starts';

/**
 * Model size: per line, each block's start range (its order variables and clauses) plus
 * the positions it may cover (the cover terms), plus a term per cell.
 */
export function booleanModelSize(puzzle: NonogramPuzzle): number {
  let size = puzzle.width * puzzle.height;
  for (const [clues, length] of [[puzzle.rows, puzzle.width], [puzzle.columns, puzzle.height]] as const) {
    for (const clue of clues) {
      const bounds = startBounds(clue, length);
      if (bounds === null) continue;
      clue.forEach((len, j) => (size += 3 * (bounds.hi[j]! - bounds.lo[j]! + 1) + len));
      size += length;
    }
  }
  return size;
}

export function* buildBooleanModel(t: Terms, puzzle: NonogramPuzzle, encoding: BlockEncoding): Generator<void, NonogramModel, void> {
  const cells = yield* cellConstants(t, puzzle.width * puzzle.height);
  const assertions: Term[] = givenConstraints(t, puzzle, cells);
  yield;
  const lines = [...rowsOf(puzzle).map((line, i) => ({ line, name: `r${i}` })), ...columnsOf(puzzle).map((line, i) => ({ line, name: `c${i}` }))];
  for (const { line, name } of lines) {
    yield;
    const covers = encoding === 'order' ? orderCovers(t, line, name, assertions) : startCovers(t, line, name, assertions);
    if (covers === null) {
      assertions.push(t.false);
      continue;
    }
    line.cells.forEach((cell, p) => assertions.push(t.eq(cells[cell]!, t.or(covers[p]!))));
  }
  return { assertions, cells };
}

/** Per position, the conditions under which one block covers it; null if the clue does not fit. */
type Covers = Term[][] | null;

function orderCovers(t: Terms, line: Line, name: string, out: Term[]): Covers {
  const n = line.cells.length;
  const bounds = startBounds(line.clue, n);
  if (bounds === null) return null;
  const { lo, hi } = bounds;
  // y(j, p): block j starts at or before p. Constant below lo[j] (false) and from hi[j] (true).
  const vars = line.clue.map((_, j) => Array.from({ length: hi[j]! - lo[j]! }, (_, k) => t.bool(`${name}b${j}s${lo[j]! + k}`)));
  const y = (j: number, p: number): Term | boolean => (p < lo[j]! ? false : p >= hi[j]! ? true : vars[j]![p - lo[j]!]!);
  line.clue.forEach((len, j) => {
    for (let p = lo[j]!; p < hi[j]! - 1; p++) out.push(t.implies(y(j, p) as Term, y(j, p + 1) as Term));
    if (j + 1 < line.clue.length) {
      // Within block j+1's range, p - len - 1 is never below lo[j]: `before` is a variable or true.
      for (let p = lo[j + 1]!; p < hi[j + 1]!; p++) {
        const before = y(j, p - len - 1);
        if (before !== true) out.push(t.implies(y(j + 1, p) as Term, before as Term));
      }
    }
  });
  return Array.from({ length: n }, (_, p) => {
    const some: Term[] = [];
    line.clue.forEach((len, j) => {
      if (p < lo[j]! || p >= hi[j]! + len) return;
      const started = y(j, p);
      const endedBefore = y(j, p - len);
      const parts: Term[] = [];
      if (started !== true) parts.push(started as Term);
      if (endedBefore !== false) parts.push(t.not(endedBefore as Term));
      some.push(t.and(parts));
    });
    return some;
  });
}

function startCovers(t: Terms, line: Line, name: string, out: Term[]): Covers {
  const n = line.cells.length;
  const bounds = startBounds(line.clue, n);
  if (bounds === null) return null;
  const { lo, hi } = bounds;
  const starts = line.clue.map((_, j) => t.int(`${name}s${j}`));
  starts.forEach((s, j) => {
    out.push(t.ge(s, t.num(lo[j]!)), t.le(s, t.num(hi[j]!)));
    if (j + 1 < starts.length) out.push(t.ge(starts[j + 1]!, t.add([s, t.num(line.clue[j]! + 1)])));
  });
  return Array.from({ length: n }, (_, p) => {
    const some: Term[] = [];
    line.clue.forEach((len, j) => {
      if (p < lo[j]! || p >= hi[j]! + len) return;
      some.push(t.and([t.le(starts[j]!, t.num(p)), t.gt(starts[j]!, t.num(p - len))]));
    });
    return some;
  });
}
