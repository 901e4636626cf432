// The nonogram as clauses for the SAT solver (an order encoding, one line at a time).
// Clues as the board keeps them: lines 0..height-1 are the rows, then the columns; line i
// has the blocks blocks[offsets[i] .. offsets[i+1]) (i32 arrays at those addresses).
// Variable r * width + c is cell (r, c), 1 = filled. For block j of a line, variable
// x(j, p) means "block j starts at p or later", for p between the block's leftmost and
// rightmost start (outside that range it is a constant). The clauses say:
//   x(j, p+1) -> x(j, p)                       (the order)
//   x(j, p)   -> x(j+1, p + b_j + 1)           (a gap after each block)
//   cell c filled, block j the last to start at or before c -> block j reaches c
//   cell c filled -> some block starts at or before c
//   block j starts in [c - b_j + 1, c] -> cell c filled
import { load32At, maxi, satAlloc, store32 } from 'solver-target';
import { SatSolver } from './sat';

const TRUE: i32 = -1;
const FALSE: i32 = -2;


/** About how many clauses `encodeNonogram` makes (to keep huge puzzles out of it). */
export function encodingSize(width: i32, height: i32, offsets: usize): f64 {
  let total: f64 = 0;
  for (let line = 0; line < width + height; line++) {
    const n: f64 = line < height ? width : height;
    const k: f64 = load32At(offsets, line + 1) - load32At(offsets, line);
    total += k == 0 ? n : 2 * k * (n + 1) + n;
  }
  return total;
}

// @ts-ignore: decorator
@inline function not(lit: i32): i32 {
  return lit == TRUE ? FALSE : lit == FALSE ? TRUE : lit ^ 1;
}

/** Add the clause of up to four literals (TRUE / FALSE constants allowed; pass FALSE to leave one out), built at `clause` (room for 4). */
function add(sat: SatSolver, clause: usize, l0: i32, l1: i32, l2: i32, l3: i32): bool {
  if (l0 == TRUE || l1 == TRUE || l2 == TRUE || l3 == TRUE) return true;
  let n = 0;
  if (l0 != FALSE) {
    store32(clause + (<usize>n << 2), l0);
    n++;
  }
  if (l1 != FALSE) {
    store32(clause + (<usize>n << 2), l1);
    n++;
  }
  if (l2 != FALSE) {
    store32(clause + (<usize>n << 2), l2);
    n++;
  }
  if (l3 != FALSE) {
    store32(clause + (<usize>n << 2), l3);
    n++;
  }
  return sat.addClausePtr(clause, n);
}

/** x(j, p) of the current line: lo, hi, base are its per-block arrays, k its block count. */
// @ts-ignore: decorator
@inline function x(j: i32, p: i32, k: i32, lo: usize, hi: usize, base: usize): i32 {
  if (j >= k) return FALSE;
  const l = load32At(lo, j);
  if (p <= l) return TRUE;
  if (p > load32At(hi, j)) return FALSE;
  return 2 * (load32At(base, j) + p - l - 1) + 1;
}

export function encodeNonogram(sat: SatSolver, width: i32, height: i32, blocks: usize, offsets: usize): bool {
  const cells = width * height;
  if (sat.vars < cells && sat.newVars(cells - sat.vars) < 0) return false;
  let maxBlocks = 1;
  for (let line = 0; line < width + height; line++) maxBlocks = maxi(maxBlocks, load32At(offsets, line + 1) - load32At(offsets, line));
  const scratch = satAlloc(<usize>maxBlocks * 12 + 16);
  if (scratch == 0) {
    sat.overflow = true;
    return false;
  }
  const lo = scratch;
  const hi = scratch + (<usize>maxBlocks << 2);
  const base = scratch + (<usize>maxBlocks << 3);
  const clause = scratch + <usize>maxBlocks * 12;
  for (let line = 0; line < width + height; line++) {
    const isRow = line < height;
    const n = isRow ? width : height;
    // cellVar(i) = first + i * step
    const first = isRow ? line * width : line - height;
    const step = isRow ? 1 : width;
    const clue = blocks + (<usize>load32At(offsets, line) << 2);
    const k = load32At(offsets, line + 1) - load32At(offsets, line);
    if (k == 0) {
      for (let i = 0; i < n; i++) if (!add(sat, clause, 2 * (first + i * step), FALSE, FALSE, FALSE)) return false;
      continue;
    }
    let s = 0;
    for (let j = 0; j < k; j++) {
      store32(lo + (<usize>j << 2), s);
      s += load32At(clue, j) + 1;
    }
    let e = n;
    for (let j = k - 1; j >= 0; j--) {
      e -= load32At(clue, j);
      store32(hi + (<usize>j << 2), e);
      e -= 1;
    }
    // x(j, p) for lo[j] < p <= hi[j] gets variable base[j] + (p - lo[j] - 1).
    for (let j = 0; j < k; j++) {
      let b = 0;
      if (load32At(hi, j) > load32At(lo, j)) {
        b = sat.newVars(load32At(hi, j) - load32At(lo, j));
        if (b < 0) return false;
      }
      store32(base + (<usize>j << 2), b);
    }
    for (let j = 0; j < k; j++) {
      const lj = load32At(lo, j);
      const hj = load32At(hi, j);
      for (let p = lj + 1; p <= hj; p++) {
        if (!add(sat, clause, not(x(j, p + 1, k, lo, hi, base)), x(j, p, k, lo, hi, base), FALSE, FALSE)) return false;
      }
      if (j + 1 < k) {
        const gap = load32At(clue, j) + 1;
        for (let p = lj; p <= hj; p++) {
          if (!add(sat, clause, not(x(j, p, k, lo, hi, base)), x(j + 1, p + gap, k, lo, hi, base), FALSE, FALSE)) return false;
        }
      }
    }
    for (let c = 0; c < n; c++) {
      const filled = 2 * (first + c * step) + 1;
      const empty = filled ^ 1;
      if (!add(sat, clause, empty, not(x(0, c + 1, k, lo, hi, base)), FALSE, FALSE)) return false;
      for (let j = 0; j < k; j++) {
        const b = load32At(clue, j);
        const nextAfter = j + 1 < k ? not(x(j + 1, c + 1, k, lo, hi, base)) : FALSE;
        if (!add(sat, clause, empty, x(j, c + 1, k, lo, hi, base), nextAfter, x(j, c - b + 1, k, lo, hi, base))) return false;
        if (!add(sat, clause, x(j, c + 1, k, lo, hi, base), not(x(j, c - b + 1, k, lo, hi, base)), filled, FALSE)) return false;
      }
    }
  }
  return true;
}
