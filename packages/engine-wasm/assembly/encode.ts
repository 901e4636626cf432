// ============================================================================================
// PUBLIC API of assembly/encode.ts (W2; fixed): port of engine-bitmask/src/encode.ts, same
// variables, same clauses in the same order.
//
//   Clues are passed as in engine-bitmask's `Clues` (lines.ts): lines 0..height-1 are the rows,
//   height..height+width-1 the columns;
//     blocks:  address of i32[] - the block lengths of all lines, line after line;
//     offsets: address of i32[width + height + 1] - line i has the blocks
//              blocks[offsets[i] .. offsets[i+1]).
//   (From a StaticArray<i32> pass changetype<usize>(arr).)
//
//   export function encodingSize(width: i32, height: i32, offsets: usize): i64;
//       about how many clauses encodeNonogram makes (compare with maxClauses)
//   export function encodeNonogram(sat: SatSolver, width: i32, height: i32,
//                                  blocks: usize, offsets: usize): bool;
//       variables 0..width*height-1 are the cells (r * width + c, 1 = filled), created if the
//       solver has fewer; false = contradictory, or memory ran out (then sat.overflow is set).
// ============================================================================================

// The nonogram as clauses for the SAT solver (an order encoding, one line at a time).
// Variable r * width + c is cell (r, c), 1 = filled. For block j of a line, variable
// x(j, p) means "block j starts at p or later", for p between the block's leftmost and
// rightmost start (outside that range it is a constant). The clauses say:
//   x(j, p+1) -> x(j, p)                       (the order)
//   x(j, p)   -> x(j+1, p + b_j + 1)           (a gap after each block)
//   cell c filled, block j the last to start at or before c -> block j reaches c
//   cell c filled -> some block starts at or before c
//   block j starts in [c - b_j + 1, c] -> cell c filled
import { SatSolver, satAlloc } from './sat';

const TRUE: i32 = -1;
const FALSE: i32 = -2;
/** Static room for one clause of at most 4 literals. */
const CLAUSE: usize = memory.data(16);

// @ts-ignore: decorator
@inline function at(base: usize, index: i32): i32 {
  return load<i32>(base + (<usize>index << 2));
}

/** About how many clauses `encodeNonogram` makes (to keep huge puzzles out of it). */
export function encodingSize(width: i32, height: i32, offsets: usize): i64 {
  let total: i64 = 0;
  for (let line = 0; line < width + height; line++) {
    const n: i64 = line < height ? width : height;
    const k: i64 = at(offsets, line + 1) - at(offsets, line);
    total += k == 0 ? n : 2 * k * (n + 1) + n;
  }
  return total;
}

// @ts-ignore: decorator
@inline function not(lit: i32): i32 {
  return lit == TRUE ? FALSE : lit == FALSE ? TRUE : lit ^ 1;
}

/** Add the clause of up to four literals (TRUE / FALSE constants allowed; pass FALSE to leave one out). */
function add(sat: SatSolver, l0: i32, l1: i32, l2: i32, l3: i32): bool {
  if (l0 == TRUE || l1 == TRUE || l2 == TRUE || l3 == TRUE) return true;
  let n = 0;
  if (l0 != FALSE) {
    store<i32>(CLAUSE + (<usize>n << 2), l0);
    n++;
  }
  if (l1 != FALSE) {
    store<i32>(CLAUSE + (<usize>n << 2), l1);
    n++;
  }
  if (l2 != FALSE) {
    store<i32>(CLAUSE + (<usize>n << 2), l2);
    n++;
  }
  if (l3 != FALSE) {
    store<i32>(CLAUSE + (<usize>n << 2), l3);
    n++;
  }
  return sat.addClausePtr(CLAUSE, n);
}

/** x(j, p) of the current line: lo, hi, base are its per-block arrays, k its block count. */
// @ts-ignore: decorator
@inline function x(j: i32, p: i32, k: i32, lo: usize, hi: usize, base: usize): i32 {
  if (j >= k) return FALSE;
  const l = at(lo, j);
  if (p <= l) return TRUE;
  if (p > at(hi, j)) return FALSE;
  return 2 * (at(base, j) + p - l - 1) + 1;
}

export function encodeNonogram(sat: SatSolver, width: i32, height: i32, blocks: usize, offsets: usize): bool {
  const cells = width * height;
  if (sat.vars < cells && sat.newVars(cells - sat.vars) < 0) return false;
  let maxBlocks = 1;
  for (let line = 0; line < width + height; line++) maxBlocks = max(maxBlocks, at(offsets, line + 1) - at(offsets, line));
  const scratch = satAlloc(<usize>maxBlocks * 12);
  if (scratch == 0) {
    sat.overflow = true;
    return false;
  }
  const lo = scratch;
  const hi = scratch + (<usize>maxBlocks << 2);
  const base = scratch + (<usize>maxBlocks << 3);
  for (let line = 0; line < width + height; line++) {
    const isRow = line < height;
    const n = isRow ? width : height;
    // cellVar(i) = first + i * step
    const first = isRow ? line * width : line - height;
    const step = isRow ? 1 : width;
    const clue = blocks + (<usize>at(offsets, line) << 2);
    const k = at(offsets, line + 1) - at(offsets, line);
    if (k == 0) {
      for (let i = 0; i < n; i++) if (!add(sat, 2 * (first + i * step), FALSE, FALSE, FALSE)) return false;
      continue;
    }
    let s = 0;
    for (let j = 0; j < k; j++) {
      store<i32>(lo + (<usize>j << 2), s);
      s += at(clue, j) + 1;
    }
    let e = n;
    for (let j = k - 1; j >= 0; j--) {
      e -= at(clue, j);
      store<i32>(hi + (<usize>j << 2), e);
      e -= 1;
    }
    // x(j, p) for lo[j] < p <= hi[j] gets variable base[j] + (p - lo[j] - 1).
    for (let j = 0; j < k; j++) {
      let b = 0;
      if (at(hi, j) > at(lo, j)) {
        b = sat.newVars(at(hi, j) - at(lo, j));
        if (b < 0) return false;
      }
      store<i32>(base + (<usize>j << 2), b);
    }
    for (let j = 0; j < k; j++) {
      const lj = at(lo, j);
      const hj = at(hi, j);
      for (let p = lj + 1; p <= hj; p++) {
        if (!add(sat, not(x(j, p + 1, k, lo, hi, base)), x(j, p, k, lo, hi, base), FALSE, FALSE)) return false;
      }
      if (j + 1 < k) {
        const gap = at(clue, j) + 1;
        for (let p = lj; p <= hj; p++) {
          if (!add(sat, not(x(j, p, k, lo, hi, base)), x(j + 1, p + gap, k, lo, hi, base), FALSE, FALSE)) return false;
        }
      }
    }
    for (let c = 0; c < n; c++) {
      const filled = 2 * (first + c * step) + 1;
      const empty = filled ^ 1;
      if (!add(sat, empty, not(x(0, c + 1, k, lo, hi, base)), FALSE, FALSE)) return false;
      for (let j = 0; j < k; j++) {
        const b = at(clue, j);
        const nextAfter = j + 1 < k ? not(x(j + 1, c + 1, k, lo, hi, base)) : FALSE;
        if (!add(sat, empty, x(j, c + 1, k, lo, hi, base), nextAfter, x(j, c - b + 1, k, lo, hi, base))) return false;
        if (!add(sat, x(j, c + 1, k, lo, hi, base), not(x(j, c - b + 1, k, lo, hi, base)), filled, FALSE)) return false;
      }
    }
  }
  return true;
}
