// Test-only entry: exposes the SAT solver and the encoding of the one source
// (@gridrace/engine-bitmask/solver/sat.ts, encode.ts) to test/sat.test.ts. Not part of the
// engine build. One solver at a time;
// reset() starts afresh (and reclaims all memory).
import { SatSolver, newSatSolver } from '@gridrace/engine-bitmask/solver/sat';
import { encodeNonogram, encodingSize } from '@gridrace/engine-bitmask/solver/encode';

let solver: SatSolver | null = null;

function sat(): SatSolver {
  return changetype<SatSolver>(solver);
}

/** Forget everything (the whole heap) and make a new solver. */
export function reset(): void {
  // @ts-ignore: stub runtime
  __reset();
  solver = newSatSolver();
}

/** Room for `count` i32 (valid until the next reset); the test writes literals or clues there. */
export function scratch(count: i32): usize {
  return heap.alloc(<usize>max(count, 1) << 2);
}

export function newVars(count: i32): i32 {
  return sat().newVars(count);
}
export function vars(): i32 {
  return sat().vars;
}
export function addClause(ptr: usize, length: i32): bool {
  return sat().addClausePtr(ptr, length);
}
export function addUnit(lit: i32): bool {
  return sat().addUnit(lit);
}
/** budget < 0: no limit. */
export function solve(budget: f64): i32 {
  return sat().solve(budget < 0 ? Infinity : budget);
}
export function value(v: i32): i32 {
  return sat().value(v);
}
export function fixed(v: i32): bool {
  return sat().fixed(v);
}
export function hint(v: i32, value: i32, activity: f64): void {
  sat().hint(v, value, activity);
}
export function blockAndContinue(): bool {
  return sat().blockAndContinue();
}
/** Model of variables 0..count-1 as bytes at `out`. */
export function readModel(out: usize, count: i32): void {
  const s = sat();
  for (let v = 0; v < count; v++) store<u8>(out + <usize>v, <u8>s.value(v));
}
export function setSlice(end: f64, checkConflicts: i32, checkDecisions: i32): void {
  const s = sat();
  s.sliceEnd = end;
  s.checkConflicts = checkConflicts;
  s.checkDecisions = checkDecisions;
}
export function setMaxArena(entries: i32): void {
  sat().maxArena = entries;
}
export function overflow(): bool {
  return sat().overflow;
}
/** 0 conflicts, 1 decisions, 2 propagations, 3 restarts, 4 learned clauses, 5 max depth, 6 reductions, 7 compactions. */
export function counter(which: i32): f64 {
  const s = sat();
  switch (which) {
    case 0:
      return <f64>s.conflicts;
    case 1:
      return <f64>s.decisions;
    case 2:
      return <f64>s.propagations;
    case 3:
      return <f64>s.restarts;
    case 4:
      return <f64>s.learnedClauses;
    case 5:
      return <f64>s.maxDepth;
    case 6:
      return <f64>s.reductions;
    default:
      return <f64>s.compactions;
  }
}
export function encode(width: i32, height: i32, blocks: usize, offsets: usize): bool {
  return encodeNonogram(sat(), width, height, blocks, offsets);
}
export function size(width: i32, height: i32, offsets: usize): f64 {
  return <f64>encodingSize(width, height, offsets);
}
