// The nonogram as clauses for the SAT solver (an order encoding, one line at a time).
// Variable r * width + c is cell (r, c), 1 = filled. For block j of a line, variable
// x(j, p) means "block j starts at p or later", for p between the block's leftmost and
// rightmost start (outside that range it is a constant). The clauses say:
//   x(j, p+1) -> x(j, p)                       (the order)
//   x(j, p)   -> x(j+1, p + b_j + 1)           (a gap after each block)
//   cell c filled, block j the last to start at or before c -> block j reaches c
//   cell c filled -> some block starts at or before c
//   block j starts in [c - b_j + 1, c] -> cell c filled
// Unit propagation on these does not see everything the line solver sees, but conflicts
// teach clauses about block positions, which is what makes hard puzzles give way.
import type { SatSolver } from './sat.js';

const TRUE = -1;
const FALSE = -2;

/** About how many clauses `encodeNonogram` makes (to keep huge puzzles out of it). */
export function encodingSize(width: number, height: number, clueOf: (line: number) => ArrayLike<number>): number {
  let total = 0;
  for (let line = 0; line < width + height; line++) {
    const n = line < height ? width : height;
    const k = clueOf(line).length;
    total += k === 0 ? n : 2 * k * (n + 1) + n;
  }
  return total;
}

export function encodeNonogram(
  sat: SatSolver,
  width: number,
  height: number,
  clueOf: (line: number) => ArrayLike<number>,
): boolean {
  const cells = width * height;
  if (sat.vars < cells) sat.newVars(cells - sat.vars);
  const clause: number[] = [];
  const add = (...lits: number[]): boolean => {
    clause.length = 0;
    for (const lit of lits) {
      if (lit === TRUE) return true;
      if (lit !== FALSE) clause.push(lit);
    }
    return sat.addClause(clause);
  };
  const not = (lit: number): number => (lit === TRUE ? FALSE : lit === FALSE ? TRUE : lit ^ 1);
  for (let line = 0; line < width + height; line++) {
    const isRow = line < height;
    const n = isRow ? width : height;
    const cellVar = (i: number): number => (isRow ? line * width + i : i * width + (line - height));
    const clue = clueOf(line);
    const k = clue.length;
    if (k === 0) {
      for (let i = 0; i < n; i++) if (!add(2 * cellVar(i))) return false;
      continue;
    }
    const lo: number[] = [];
    const hi: number[] = [];
    let s = 0;
    for (let j = 0; j < k; j++) {
      lo.push(s);
      s += clue[j]! + 1;
    }
    let e = n;
    for (let j = k - 1; j >= 0; j--) {
      e -= clue[j]!;
      hi[j] = e;
      e -= 1;
    }
    // x(j, p) for lo[j] < p <= hi[j] gets variable base[j] + (p - lo[j] - 1).
    const base: number[] = [];
    for (let j = 0; j < k; j++) base.push(hi[j]! > lo[j]! ? sat.newVars(hi[j]! - lo[j]!) : 0);
    const x = (j: number, p: number): number => {
      if (j >= k) return FALSE;
      if (p <= lo[j]!) return TRUE;
      if (p > hi[j]!) return FALSE;
      return 2 * (base[j]! + p - lo[j]! - 1) + 1;
    };
    for (let j = 0; j < k; j++) {
      for (let p = lo[j]! + 1; p <= hi[j]!; p++) if (!add(not(x(j, p + 1)), x(j, p))) return false;
      if (j + 1 < k) for (let p = lo[j]!; p <= hi[j]!; p++) if (!add(not(x(j, p)), x(j + 1, p + clue[j]! + 1))) return false;
    }
    for (let c = 0; c < n; c++) {
      const filled = 2 * cellVar(c) + 1;
      const empty = filled ^ 1;
      if (!add(empty, not(x(0, c + 1)))) return false;
      for (let j = 0; j < k; j++) {
        const b = clue[j]!;
        const nextAfter = j + 1 < k ? not(x(j + 1, c + 1)) : FALSE;
        if (!add(empty, x(j, c + 1), nextAfter, x(j, c - b + 1))) return false;
        if (!add(x(j, c + 1), not(x(j, c - b + 1)), filled)) return false;
      }
    }
  }
  return true;
}
