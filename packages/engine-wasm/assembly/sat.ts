// ============================================================================================
// PUBLIC API of assembly/sat.ts (W2; fixed - code against this). Port of
// engine-bitmask/src/sat.ts with the same semantics and the same search order (same decisions,
// same learned clauses, same models in the same order, same counters; test/sat.test.ts checks
// this against the TypeScript class), so the engine finds the same solutions as bitmask.
//
//   Literal = 2 * variable + value (true when the variable holds `value`).
//
//   export const SAT_SAT: i32 = 1;       // every variable assigned: read value(v)
//   export const SAT_UNSAT: i32 = 2;     // no (further) model
//   export const SAT_BUDGET: i32 = 3;    // conflict budget used up; back at level 0
//   export const SAT_PAUSED: i32 = 4;    // now() >= sliceEnd: call solve again to continue
//                                        // exactly where it stopped (state kept, NOT at level
//                                        // 0). In between, call nothing that changes the
//                                        // solver: addClause/addUnit would cancel to level 0
//                                        // (a restart: still correct, but another path than
//                                        // bitmask's); no blockAndContinue (no model yet).
//   export const SAT_OVERFLOW: i32 = 5;  // `overflow` is set (arena cap or memory): give up
//   export const MAX_ARENA: i32 = 1 << 26;  // default cap (Int32 entries of the clause arena)
//
//   export class SatSolver {
//     constructor();
//     conflicts: i64; decisions: i64; propagations: i64; restarts: i64;
//     learnedClauses: i64; maxDepth: i32;           // counters (read only)
//     reductions: i32; compactions: i32;            // clause-database reductions (read only)
//     overflow: bool;       // set when the clause arena outgrew maxArena or an allocation
//                           // failed (memory.grow refused); the solver is then dead: solve
//                           // returns SAT_OVERFLOW, addClause/newVars return false/-1.
//     maxArena: i32;        // cap in Int32 entries, default MAX_ARENA (settable before solve)
//     sliceEnd: f64;        // solve returns SAT_PAUSED once now() >= sliceEnd, checked after
//                           // every `checkConflicts`-th conflict and `checkDecisions`-th
//                           // decision (so each call makes progress before it can pause);
//                           // default +Infinity = never pause (now() is then never called).
//                           // Pausing never changes the search path.
//     checkConflicts: i32;  // default 32
//     checkDecisions: i32;  // default 256
//     get vars(): i32;
//     newVars(count: i32): i32;                 // first new variable; -1 (and overflow) if
//                                               // memory ran out
//     value(v: i32): i32;                       // 0, 1, or 2 = unassigned
//     fixed(v: i32): bool;                      // assigned at level 0 (for good)
//     hint(v: i32, value: i32, activity: f64): void;   // saved phase + raise activity
//     addClausePtr(lits: usize, length: i32): bool;    // lits: `length` i32 at address `lits`
//     addClause(lits: StaticArray<i32>, length: i32): bool;  // first `length` entries
//     addUnit(lit: i32): bool;
//         // add at level 0 (cancels to level 0 first); false = the clauses became
//         // contradictory (or overflow: check `overflow`). A literal naming no variable aborts.
//     solve(budget: i64): i32;                  // at most `budget` more conflicts (pass
//                                               // i64.MAX_VALUE for no limit); SAT_* above.
//                                               // After SAT_PAUSED call solve(remaining) again,
//                                               // remaining = stopAt - conflicts as before.
//     blockAndContinue(): bool;                 // after SAT_SAT: forbid this model (clause of
//                                               // its negated decisions), continue; false when
//                                               // there was no decision (no other model)
//   }
//
//   export function newSatSolver(): SatSolver | null;  // `new SatSolver()`, but null instead of
//                                        // a trap when the memory cannot hold the object itself
//   export function satAlloc(bytes: usize): usize;     // heap.alloc after growing memory
//                                        // explicitly; 0 when memory.grow is refused
//
// Imports: `env.now(): f64` (milliseconds, e.g. performance.now; only called when sliceEnd is
// finite). Memory: every buffer comes from the runtime's allocator (heap.alloc of
// `--runtime stub`, a bump allocator, through satAlloc: memory is grown explicitly with
// memory.grow first, so a refused grow sets `overflow` instead of trapping; heap.realloc is
// never used). Other code must therefore also take its memory from heap.alloc (or `new`), not
// from raw memory.grow pages. Nothing is freed: a buffer grows by copying into a new block of
// twice the size (the waste stays below the live size); after `__reset()` (stub) every
// SatSolver and encoding is invalid. No allocation per conflict (only when a buffer grows,
// when variables are added, and at clause-database reductions).
// ============================================================================================

// A conflict-driven clause-learning SAT solver in the style of MiniSat: two watched literals
// (with a blocker literal each; a binary clause's watch holds its other literal, so
// propagation never reads the clause), first-UIP
// learning with recursive minimisation, VSIDS with saved phases, Luby restarts, learned
// clauses kept by LBD and activity. Everything is in flat linear memory: per-variable arrays,
// one watch list per literal, one Int32 arena of clauses (header + literals).

@external("env", "now")
declare function now(): f64;

export const SAT_SAT: i32 = 1;
export const SAT_UNSAT: i32 = 2;
export const SAT_BUDGET: i32 = 3;
export const SAT_PAUSED: i32 = 4;
export const SAT_OVERFLOW: i32 = 5;
/** Default arena size (Int32 entries) at which the clause database counts as a blow-up. */
export const MAX_ARENA: i32 = 1 << 26;

const UNASSIGNED: i32 = 2;
/**
 * A clause in the arena: one header word, size << 2 | flags, then its literals; a learned
 * clause has one more word after them, the index of its activity and LBD (clauseAct,
 * clauseLbd). So an original clause of three literals takes 16 bytes.
 */
const LEARNT: i32 = 1;
const DELETED: i32 = 2;
/** Entries TypeScript's arena takes for the header of a clause (for the overflow cap). */
const TS_HEADER: i32 = 4;
const VAR_DECAY: f64 = 0.95;
const CLAUSE_DECAY: f64 = 0.999;
/** Conflicts per unit of the Luby restart sequence. */
const RESTART_UNIT: i32 = 100;
/** Conflicts between two reductions of the learned clauses (grows by 300 per reduction). */
const REDUCE_FIRST: i32 = 2000;
/** Bytes per literal in the watch table: list address, used entries, capacity, spare. */
const WATCH_BYTES: usize = 16;
/** Static room for addUnit's literal. */
const UNIT: usize = memory.data(16);

// ---- memory -------------------------------------------------------------------------------

/**
 * Make sure the bump allocator can hand out `bytes` more bytes without growing memory itself
 * (its own growth traps when refused). False when memory.grow is refused.
 */
function reserve(bytes: u64): bool {
  const probe = heap.alloc(0);
  heap.free(probe);
  const need: u64 = <u64>probe + bytes + 64;
  const pages = <u64>memory.size();
  const have: u64 = pages << 16;
  if (need <= have) return true;
  if (need > (<u64>1 << 32)) return false;
  const needed = <i32>((need - have + 0xffff) >> 16);
  if (memory.grow(max(needed, <i32>pages)) >= 0) return true;
  return memory.grow(needed) >= 0;
}

/** `bytes` bytes (16-aligned, not zeroed), or 0 when memory ran out. */
export function satAlloc(bytes: usize): usize {
  if (<u64>bytes >= (<u64>1 << 30) || !reserve(<u64>bytes + 32)) return 0;
  return heap.alloc(bytes);
}

/**
 * A copy of a block from satAlloc grown to `newBytes` (the old block is left behind: the bump
 * allocator cannot reuse it; growth is geometric, so the waste stays below the live size),
 * or 0 when memory ran out.
 */
function regrow(ptr: usize, oldBytes: usize, newBytes: usize): usize {
  const grown = satAlloc(newBytes);
  if (grown != 0) memory.copy(grown, ptr, min(oldBytes, newBytes));
  return grown;
}

/**
 * Where `propagate` and `analyzeAndLearn` leave the words they read only to start cache
 * misses early (kept so the optimizer cannot drop the loads).
 */
let touchSink: i32 = 0;

function luby(x: i32): i32 {
  let size = 1;
  let seq = 0;
  while (size < x + 1) {
    seq++;
    size = 2 * size + 1;
  }
  while (size - 1 != x) {
    size = (size - 1) >> 1;
    seq--;
    x = x % size;
  }
  return 1 << seq;
}

// @ts-ignore: decorator
@inline function i32At(base: usize, index: i32): i32 {
  return load<i32>(base + (<usize>index << 2));
}
// @ts-ignore: decorator
@inline function setI32(base: usize, index: i32, value: i32): void {
  store<i32>(base + (<usize>index << 2), value);
}
// @ts-ignore: decorator
@inline function f64At(base: usize, index: i32): f64 {
  return load<f64>(base + (<usize>index << 3));
}
// @ts-ignore: decorator
@inline function setF64(base: usize, index: i32, value: f64): void {
  store<f64>(base + (<usize>index << 3), value);
}
/** Make literal `lit` true (and its negation false) in a per-literal value array. */
// @ts-ignore: decorator
@inline function setLit(vals: usize, lit: i32): void {
  const bits: u32 = <u32>1 << ((<u32>lit & 1) << 3);
  store<u16>(vals + <usize>(lit & ~1), bits);
}
// @ts-ignore: decorator
@inline function u8At(base: usize, index: i32): i32 {
  return <i32>load<u8>(base + <usize>index);
}
// @ts-ignore: decorator
@inline function setU8(base: usize, index: i32, value: i32): void {
  store<u8>(base + <usize>index, <u8>value);
}

/** `new SatSolver()`, or null when the memory cannot hold the object (instead of a trap). */
export function newSatSolver(): SatSolver | null {
  if (!reserve(<u64>offsetof<SatSolver>() + 64)) return null;
  return new SatSolver();
}

export class SatSolver {
  conflicts: i64 = 0;
  decisions: i64 = 0;
  propagations: i64 = 0;
  restarts: i64 = 0;
  learnedClauses: i64 = 0;
  maxDepth: i32 = 0;
  /** Clause-database reductions, and how many of them also compacted the arena. */
  reductions: i32 = 0;
  compactions: i32 = 0;
  overflow: bool = false;
  maxArena: i32 = MAX_ARENA;
  sliceEnd: f64 = Infinity;
  /** Looks at the clock left before a pause whatever the time (counted down by `solve`). */
  stepsLeft: i64 = i64.MAX_VALUE;
  checkConflicts: i32 = 32;
  checkDecisions: i32 = 256;

  private nVars: i32 = 0;
  /** Capacity (variables) of the per-variable arrays. */
  private cap: i32 = 0;
  /**
   * Per literal (u8): 1 true, 0 false, UNASSIGNED; so vals[2v + 1] is the value of v. A
   * variable's two bytes are written as one u16.
   */
  private vals: usize = 0;
  /** Per variable: decision level, reason (-1: none). */
  private level: usize = 0;
  private reason: usize = 0;
  private phase: usize = 0;
  private seen: usize = 0;
  private levelStamp: usize = 0;
  /** Trail of literals (cap), decision level marks (cap + 1). */
  private trail: usize = 0;
  private trailLength: i32 = 0;
  private trailLim: usize = 0;
  private trailLimSize: i32 = 0;
  private qhead: i32 = 0;
  /** Variable heap by activity. */
  private activity: usize = 0;
  private heapArr: usize = 0;
  private heapIndex: usize = 0;
  private heapSize: i32 = 0;
  private varInc: f64 = 1;
  /** Per literal, WATCH_BYTES: address of its (ref, blocker) pairs, entries used, capacity. */
  private watches: usize = 0;
  /** The clause arena (Int32 entries). */
  private arena: usize = 0;
  private arenaCap: i32 = 0;
  private top: i32 = 0;
  /**
   * The size the TypeScript solver's arena has (4 header entries per clause, compacted when
   * over twice the live size): maxArena caps this, so both overflow at the same conflict.
   */
  private tsTop: i32 = 0;
  /** Scratch for compaction: (old ref, new ref) of each live clause. */
  private moves: usize = 0;
  private movesCap: i32 = 0;
  /** Refs of the learned clauses, oldest first. */
  private learnts: usize = 0;
  private learntsCount: i32 = 0;
  private learntsCap: i32 = 0;
  private clauseAct: usize = 0;
  private clauseActCount: i32 = 0;
  private clauseActCap: i32 = 0;
  /** LBD of each learned clause, by its activity index. */
  private clauseLbd: usize = 0;
  private clauseInc: f64 = 1;
  /** False once the clauses at level 0 are contradictory. */
  private ok: bool = true;
  private restartIndex: i32 = 0;
  private restartBudget: i32 = RESTART_UNIT;
  private nextReduce: i64 = REDUCE_FIRST;
  private reduceStep: i64 = REDUCE_FIRST;
  private stamp: i32 = 0;
  private conflictCountdown: i32 = 32;
  private decisionCountdown: i32 = 256;
  /** Scratch (cap + 1 each): the learned clause, the minimisation stack, seen marks to clear, addClause. */
  private learnt: usize = 0;
  private stack: usize = 0;
  private toClear: usize = 0;
  private toClearLength: i32 = 0;
  private addBuf: usize = 0;
  /** Scratch for reductions (learntsCap each). */
  private sortA: usize = 0;
  private sortB: usize = 0;
  private sortCap: i32 = 0;

  constructor() {
    this.arena = satAlloc(<usize>(1 << 16) << 2);
    this.arenaCap = 1 << 16;
    this.clauseAct = satAlloc(1024 << 3);
    this.clauseActCap = 1024;
    this.clauseLbd = satAlloc(1024 << 2);
    this.learnts = satAlloc(1024 << 2);
    this.learntsCap = 1024;
    this.watches = satAlloc(WATCH_BYTES);
    if (this.arena == 0 || this.clauseAct == 0 || this.clauseLbd == 0 || this.learnts == 0 || this.watches == 0) {
      this.overflow = true;
      this.ok = false;
    }
  }

  get vars(): i32 {
    return this.nVars;
  }

  // ---- variables --------------------------------------------------------------------------

  private growVars(n: i32): bool {
    const old = this.cap;
    const cap = max(n, max(old * 2, 64));
    const o = <usize>old;
    const c = <usize>cap;
    if (old == 0) {
      this.vals = satAlloc(c << 1);
      this.phase = satAlloc(c);
      this.seen = satAlloc(c);
      this.level = satAlloc(c << 2);
      this.reason = satAlloc(c << 2);
      this.trail = satAlloc(c << 2);
      this.levelStamp = satAlloc((c + 1) << 2);
      this.trailLim = satAlloc((c + 1) << 2);
      this.activity = satAlloc(c << 3);
      this.heapArr = satAlloc(c << 2);
      this.heapIndex = satAlloc(c << 2);
      this.learnt = satAlloc((c + 1) << 2);
      this.stack = satAlloc((c + 1) << 2);
      this.toClear = satAlloc((c + 1) << 2);
      this.addBuf = satAlloc((c + 1) << 2);
    } else {
      this.vals = regrow(this.vals, o << 1, c << 1);
      this.phase = regrow(this.phase, o, c);
      this.seen = regrow(this.seen, o, c);
      this.level = regrow(this.level, o << 2, c << 2);
      this.reason = regrow(this.reason, o << 2, c << 2);
      this.trail = regrow(this.trail, o << 2, c << 2);
      this.levelStamp = regrow(this.levelStamp, (o + 1) << 2, (c + 1) << 2);
      this.trailLim = regrow(this.trailLim, (o + 1) << 2, (c + 1) << 2);
      this.activity = regrow(this.activity, o << 3, c << 3);
      this.heapArr = regrow(this.heapArr, o << 2, c << 2);
      this.heapIndex = regrow(this.heapIndex, o << 2, c << 2);
      this.learnt = regrow(this.learnt, (o + 1) << 2, (c + 1) << 2);
      this.stack = regrow(this.stack, (o + 1) << 2, (c + 1) << 2);
      this.toClear = regrow(this.toClear, (o + 1) << 2, (c + 1) << 2);
      this.addBuf = regrow(this.addBuf, (o + 1) << 2, (c + 1) << 2);
    }
    this.watches = regrow(this.watches, max<usize>(o << 1, 1) * WATCH_BYTES, (c << 1) * WATCH_BYTES);
    if (
      this.vals == 0 || this.phase == 0 || this.seen == 0 || this.level == 0 || this.reason == 0 ||
      this.trail == 0 || this.levelStamp == 0 || this.trailLim == 0 || this.activity == 0 ||
      this.heapArr == 0 || this.heapIndex == 0 || this.learnt == 0 || this.stack == 0 ||
      this.toClear == 0 || this.addBuf == 0 || this.watches == 0
    ) {
      this.overflow = true;
      this.ok = false;
      return false;
    }
    memory.fill(this.vals + (o << 1), <u8>UNASSIGNED, (c - o) << 1);
    memory.fill(this.phase + o, 0, c - o);
    memory.fill(this.seen + o, 0, c - o);
    memory.fill(this.level + (o << 2), 0, (c - o) << 2);
    memory.fill(this.reason + (o << 2), 0, (c - o) << 2);
    memory.fill(this.trail + (o << 2), 0, (c - o) << 2);
    memory.fill(this.levelStamp + (o << 2), 0, (c - o + (old == 0 ? 1 : 0)) << 2);
    memory.fill(this.activity + (o << 3), 0, (c - o) << 3);
    memory.fill(this.heapIndex + (o << 2), 0xff, (c - o) << 2);
    this.cap = cap;
    return true;
  }

  /** Add `count` variables; returns the first one (-1 when memory ran out). */
  newVars(count: i32): i32 {
    const first = this.nVars;
    if (this.overflow || count < 0) return -1;
    const n = first + count;
    if (n > this.cap && !this.growVars(n)) return -1;
    for (let v = first; v < n; v++) {
      for (let s = 0; s < 2; s++) {
        const list = satAlloc(16);
        if (list == 0) {
          this.overflow = true;
          this.ok = false;
          return -1;
        }
        const w = this.watches + <usize>(2 * v + s) * WATCH_BYTES;
        store<usize>(w, list);
        store<i32>(w, 0, 4);
        store<i32>(w, 4, 8);
      }
      setI32(this.reason, v, -1);
      this.heapInsert(v);
    }
    this.nVars = n;
    return first;
  }

  /** The value of a variable: 0, 1, or 2 when unassigned. */
  value(v: i32): i32 {
    return u8At(this.vals, 2 * v + 1);
  }

  /** Whether `v` is fixed at level 0 (for good). */
  fixed(v: i32): bool {
    return u8At(this.vals, 2 * v + 1) != UNASSIGNED && i32At(this.level, v) == 0;
  }

  /** Seed a variable's first decision value and its place in the decision order. */
  hint(v: i32, value: i32, activity: f64): void {
    setU8(this.phase, v, value);
    this.heapRaise(v, activity);
  }

  // ---- the variable heap ------------------------------------------------------------------

  // @ts-ignore: decorator
  @inline private heapInsert(v: i32): void {
    if (i32At(this.heapIndex, v) != -1) return;
    const i = this.heapSize++;
    setI32(this.heapArr, i, v);
    setI32(this.heapIndex, v, i);
    this.heapUp(i);
  }

  private heapPop(): i32 {
    const heapArr = this.heapArr;
    const top = i32At(heapArr, 0);
    const last = i32At(heapArr, --this.heapSize);
    setI32(this.heapIndex, top, -1);
    if (this.heapSize > 0) {
      setI32(heapArr, 0, last);
      setI32(this.heapIndex, last, 0);
      this.heapDown(0);
    }
    return top;
  }

  /** Raise a variable's activity to `a` (never lowers it). */
  private heapRaise(v: i32, a: f64): void {
    if (a <= f64At(this.activity, v)) return;
    setF64(this.activity, v, a);
    const i = i32At(this.heapIndex, v);
    if (i >= 0) this.heapUp(i);
  }

  // @ts-ignore: decorator
  @inline private bumpVar(v: i32): void {
    const act = this.activity;
    const p = act + (<usize>v << 3);
    const a = load<f64>(p) + this.varInc;
    store<f64>(p, a);
    if (a > 1e100) {
      const n = this.cap;
      for (let i = 0; i < n; i++) setF64(act, i, f64At(act, i) * 1e-100);
      this.varInc *= 1e-100;
    }
    const i = i32At(this.heapIndex, v);
    if (i >= 0) this.heapUp(i);
  }

  // @ts-ignore: decorator
  @inline private heapUp(i: i32): void {
    const heapArr = this.heapArr;
    const index = this.heapIndex;
    const act = this.activity;
    const v = i32At(heapArr, i);
    const a = f64At(act, v);
    while (i > 0) {
      const parent = (i - 1) >> 1;
      const pv = i32At(heapArr, parent);
      if (f64At(act, pv) >= a) break;
      setI32(heapArr, i, pv);
      setI32(index, pv, i);
      i = parent;
    }
    setI32(heapArr, i, v);
    setI32(index, v, i);
  }

  private heapDown(i: i32): void {
    const heapArr = this.heapArr;
    const index = this.heapIndex;
    const act = this.activity;
    const size = this.heapSize;
    const v = i32At(heapArr, i);
    const a = f64At(act, v);
    for (;;) {
      let child = 2 * i + 1;
      if (child >= size) break;
      if (child + 1 < size && f64At(act, i32At(heapArr, child + 1)) > f64At(act, i32At(heapArr, child))) child++;
      const cv = i32At(heapArr, child);
      if (f64At(act, cv) <= a) break;
      setI32(heapArr, i, cv);
      setI32(index, cv, i);
      i = child;
    }
    setI32(heapArr, i, v);
    setI32(index, v, i);
  }

  // ---- clauses ----------------------------------------------------------------------------

  addClause(lits: StaticArray<i32>, length: i32): bool {
    return this.addClausePtr(changetype<usize>(lits), min(length, lits.length));
  }

  addUnit(lit: i32): bool {
    store<i32>(UNIT, lit);
    return this.addClausePtr(UNIT, 1);
  }

  /**
   * Add a clause at level 0. Returns false when the clauses became contradictory (or memory
   * ran out: `overflow`). Duplicate literals are fine; a clause with a literal and its
   * negation is dropped.
   */
  addClausePtr(lits: usize, length: i32): bool {
    if (!this.ok) return false;
    this.cancelUntil(0);
    const out = this.addBuf;
    const vars = this.nVars;
    const vals = this.vals;
    let n = 0;
    for (let i = 0; i < length; i++) {
      const lit = i32At(lits, i);
      if (!(lit >= 0 && (lit >> 1) < vars)) throw new Error('addClause: a literal names no variable');
      const v = u8At(vals, lit);
      if (v == 1) return true; // satisfied
      if (v != UNASSIGNED) continue; // false at level 0
      let dup = false;
      for (let k = 0; k < n; k++) {
        const o = i32At(out, k);
        if (o == (lit ^ 1)) return true;
        if (o == lit) dup = true;
      }
      if (!dup) setI32(out, n++, lit);
    }
    if (n == 0) {
      this.ok = false;
      return false;
    }
    if (n == 1) {
      this.enqueue(i32At(out, 0), -1);
      if (this.propagate() >= 0) this.ok = false;
      if (this.overflow) this.ok = false;
      return this.ok;
    }
    return this.attach(out, n, 0, 0) >= 0;
  }

  /** Store a clause and watch its first two literals; -1 when memory ran out. */
  private attach(lits: usize, n: i32, flags: i32, lbd: i32): i32 {
    const learnt = (flags & LEARNT) != 0;
    const need = this.top + 1 + n + (learnt ? 1 : 0);
    if (need > this.arenaCap) {
      let size = this.arenaCap * 2;
      while (size < need) size *= 2;
      const grown = regrow(this.arena, <usize>this.arenaCap << 2, <usize>size << 2);
      if (grown == 0) return this.fail();
      this.arena = grown;
      this.arenaCap = size;
    }
    if (learnt) {
      if (this.clauseActCount == this.clauseActCap) {
        const grown = regrow(this.clauseAct, <usize>this.clauseActCap << 3, <usize>this.clauseActCap << 4);
        if (grown == 0) return this.fail();
        this.clauseAct = grown;
        const lbds = regrow(this.clauseLbd, <usize>this.clauseActCap << 2, <usize>this.clauseActCap << 3);
        if (lbds == 0) return this.fail();
        this.clauseLbd = lbds;
        this.clauseActCap <<= 1;
      }
      if (this.learntsCount == this.learntsCap) {
        const grown = regrow(this.learnts, <usize>this.learntsCap << 2, <usize>this.learntsCap << 3);
        if (grown == 0) return this.fail();
        this.learnts = grown;
        this.learntsCap <<= 1;
      }
    }
    const ref = this.top;
    const c = this.arena + (<usize>ref << 2);
    store<i32>(c, (n << 2) | flags);
    memory.copy(c + 4, lits, <usize>n << 2);
    this.top = need;
    this.tsTop += TS_HEADER + n;
    const l0 = i32At(lits, 0);
    const l1 = i32At(lits, 1);
    // A binary clause is watched as ~ref: its blocker is its other literal, so propagation
    // never has to read the clause itself.
    const w = n == 2 ? ~ref : ref;
    this.watch(l0, w, l1);
    this.watch(l1, w, l0);
    if (learnt) {
      const index = this.clauseActCount++;
      store<i32>(c + 4 + (<usize>n << 2), index);
      setI32(this.clauseLbd, index, lbd);
      setF64(this.clauseAct, index, this.clauseInc);
      setI32(this.learnts, this.learntsCount++, ref);
    }
    return this.overflow ? -1 : ref;
  }

  private fail(): i32 {
    this.overflow = true;
    this.ok = false;
    return -1;
  }

  // @ts-ignore: decorator
  @inline private watch(lit: i32, ref: i32, blocker: i32): void {
    const w = this.watches + <usize>lit * WATCH_BYTES;
    const size = load<i32>(w, 4);
    if (size + 2 > load<i32>(w, 8) && !this.growWatch(w)) return;
    const at = load<usize>(w) + (<usize>size << 2);
    store<i32>(at, ref);
    store<i32>(at, blocker, 4);
    store<i32>(w, size + 2, 4);
  }

  private growWatch(w: usize): bool {
    const capacity = load<i32>(w, 8);
    const grown = regrow(load<usize>(w), <usize>capacity << 2, <usize>capacity << 3);
    if (grown == 0) {
      this.fail();
      return false;
    }
    store<usize>(w, grown);
    store<i32>(w, capacity << 1, 8);
    return true;
  }

  // @ts-ignore: decorator
  @inline private enqueue(lit: i32, reason: i32): void {
    const v = lit >> 1;
    setLit(this.vals, lit);
    setI32(this.level, v, this.trailLimSize);
    setI32(this.reason, v, reason);
    setI32(this.trail, this.trailLength++, lit);
  }

  // ---- propagation --------------------------------------------------------------------------

  /** Unit propagation; returns the conflicting clause or -1. */
  private propagate(): i32 {
    const vals = this.vals;
    const levelArr = this.level;
    const reasonArr = this.reason;
    const trail = this.trail;
    const watches = this.watches;
    const a = this.arena;
    const lvl = this.trailLimSize;
    let trailLength = this.trailLength;
    let qhead = this.qhead;
    let conflict = -1;
    let props: i64 = 0;
    let touch = 0;
    let touched = qhead;
    while (qhead < trailLength) {
      const falseLit = i32At(trail, qhead++) ^ 1;
      const wh = watches + <usize>falseLit * WATCH_BYTES;
      const n = load<i32>(wh, 4);
      if (n == 0) continue;
      props++;
      const list = load<usize>(wh);
      const end = list + (<usize>n << 2);
      // Touch the watch lists of up to 3 literals waiting behind this one (each once), so
      // their cache misses overlap this list's work.
      if (touched < qhead) touched = qhead;
      const ahead = min(trailLength, qhead + 3);
      while (touched < ahead) {
        touch ^= load<i32>(load<usize>(watches + <usize>(i32At(trail, touched) ^ 1) * WATCH_BYTES));
        touched++;
      }
      let i = list;
      let j = list;
      while (i < end) {
        const pair = load<i64>(i);
        const ref = <i32>pair;
        const blocker = <i32>(pair >>> 32);
        const bv = u8At(vals, blocker);
        if (bv == 1) {
          // Kept in place: no store until an entry has left the list.
          if (j != i) store<i64>(j, pair);
          i += 8;
          j += 8;
          continue;
        }
        if (ref < 0) {
          // Binary clause: the blocker is implied, or the clause is false.
          if (j != i) store<i64>(j, pair);
          i += 8;
          j += 8;
          const bin = ~ref;
          if (bv == UNASSIGNED) {
            const cp = a + (<usize>bin << 2) + 4;
            const c0 = load<i32>(cp);
            if (c0 != blocker) {
              store<i32>(cp, c0, 4);
              store<i32>(cp, blocker);
            }
            const bvar = blocker >> 1;
            setLit(vals, blocker);
            setI32(levelArr, bvar, lvl);
            setI32(reasonArr, bvar, bin);
            setI32(trail, trailLength++, blocker);
          } else {
            conflict = bin;
            qhead = trailLength;
            const rest = end - i;
            if (rest > 0 && j != i) memory.copy(j, i, rest);
            j += rest;
            i = end;
          }
          continue;
        }
        i += 8;
        const c = a + (<usize>ref << 2);
        const base = c + 4;
        let first = load<i32>(base);
        if (first == falseLit) {
          first = load<i32>(base, 4);
          store<i32>(base, first);
          store<i32>(base, falseLit, 4);
        }
        const firstVal = u8At(vals, first);
        if (first != blocker && firstVal == 1) {
          store<i32>(j, ref);
          store<i32>(j, first, 4);
          j += 8;
          continue;
        }
        const stop = base + <usize>(load<i32>(c) & ~3);
        let k = base + 8;
        let moved = false;
        while (k < stop) {
          const lit = load<i32>(k);
          if (u8At(vals, lit) != 0) {
            store<i32>(base, lit, 4);
            store<i32>(k, falseLit);
            this.watch(lit, ref, first);
            moved = true;
            break;
          }
          k += 4;
        }
        if (moved) continue;
        store<i32>(j, ref);
        store<i32>(j, first, 4);
        j += 8;
        if (firstVal == UNASSIGNED) {
          const fv = first >> 1;
          setLit(vals, first);
          setI32(levelArr, fv, lvl);
          setI32(reasonArr, fv, ref);
          setI32(trail, trailLength++, first);
        } else if (firstVal == 0) {
          conflict = ref;
          qhead = trailLength;
          const rest = end - i;
          if (rest > 0 && j != i) memory.copy(j, i, rest);
          j += rest;
          i = end;
        }
      }
      store<i32>(wh, <i32>((j - list) >> 2), 4);
      if (conflict >= 0) break;
    }
    this.qhead = qhead;
    this.trailLength = trailLength;
    this.propagations += props;
    touchSink = touch;
    return conflict;
  }

  private cancelUntil(level: i32): void {
    if (this.trailLimSize <= level) return;
    const mark = i32At(this.trailLim, level);
    const vals = this.vals;
    const phase = this.phase;
    const trail = this.trail;
    for (let i = this.trailLength - 1; i >= mark; i--) {
      const v = i32At(trail, i) >> 1;
      setU8(phase, v, u8At(vals, 2 * v + 1));
      store<u16>(vals + (<usize>v << 1), <u16>((UNASSIGNED << 8) | UNASSIGNED));
      this.heapInsert(v);
    }
    this.trailLength = mark;
    this.qhead = mark;
    this.trailLimSize = level;
  }

  // ---- search -------------------------------------------------------------------------------

  /**
   * Search for at most `budget` more conflicts. SAT_SAT: every variable is assigned (read
   * them with `value`; call `blockAndContinue` to look for another model). SAT_UNSAT: no
   * (further) model. SAT_BUDGET: back at level 0. SAT_PAUSED: the slice ended (call again).
   * SAT_OVERFLOW: `overflow`.
   */
  solve(budget: i64): i32 {
    if (this.overflow) return SAT_OVERFLOW;
    if (!this.ok) return SAT_UNSAT;
    const stopAt: i64 = budget >= i64.MAX_VALUE - this.conflicts ? i64.MAX_VALUE : this.conflicts + budget;
    const timed = this.sliceEnd < Infinity || this.stepsLeft < i64.MAX_VALUE;
    if (this.conflictCountdown > this.checkConflicts) this.conflictCountdown = this.checkConflicts;
    if (this.decisionCountdown > this.checkDecisions) this.decisionCountdown = this.checkDecisions;
    for (;;) {
      const conflict = this.propagate();
      if (this.overflow) return SAT_OVERFLOW;
      if (conflict >= 0) {
        this.conflicts++;
        if (this.trailLimSize == 0) {
          this.ok = false;
          return SAT_UNSAT;
        }
        this.analyzeAndLearn(conflict);
        if (this.overflow) return SAT_OVERFLOW;
        if (--this.restartBudget <= 0) {
          this.restarts++;
          this.restartBudget = luby(++this.restartIndex) * RESTART_UNIT;
          this.cancelUntil(0);
        }
        if (this.conflicts >= this.nextReduce) {
          this.reduceStep += 300;
          this.nextReduce = this.conflicts + this.reduceStep;
          this.reduce();
          if (this.overflow) return SAT_OVERFLOW;
        }
        if (this.conflicts >= stopAt) {
          this.cancelUntil(0);
          return SAT_BUDGET;
        }
        if (--this.conflictCountdown <= 0) {
          this.conflictCountdown = this.checkConflicts;
          if (timed && (--this.stepsLeft <= 0 || now() >= this.sliceEnd)) return SAT_PAUSED;
        }
        continue;
      }
      // Decide.
      let v = -1;
      const vals = this.vals;
      while (this.heapSize > 0) {
        const c = this.heapPop();
        if (u8At(vals, 2 * c + 1) == UNASSIGNED) {
          v = c;
          break;
        }
      }
      if (v < 0) return SAT_SAT;
      this.decisions++;
      setI32(this.trailLim, this.trailLimSize++, this.trailLength);
      if (this.trailLimSize > this.maxDepth) this.maxDepth = this.trailLimSize;
      this.enqueue(2 * v + u8At(this.phase, v), -1);
      // Checked after a step (a decision or a conflict), so that every resumed slice makes progress.
      if (--this.decisionCountdown <= 0) {
        this.decisionCountdown = this.checkDecisions;
        if (timed && (--this.stepsLeft <= 0 || now() >= this.sliceEnd)) return SAT_PAUSED;
      }
    }
    // @ts-ignore: not reached (the loop only returns)
    return SAT_OVERFLOW;
  }

  /**
   * After SAT_SAT: forbid the current model (a clause of its negated decisions) and jump
   * back so that the search can continue. Returns false when no decision was made (the
   * model was forced at level 0: there is no other), or when memory ran out (`overflow`).
   */
  blockAndContinue(): bool {
    const levels = this.trailLimSize;
    if (levels == 0 || this.overflow) {
      this.ok = false;
      return false;
    }
    const clause = this.learnt;
    let n = 0;
    for (let l = levels; l >= 1; l--) setI32(clause, n++, i32At(this.trail, i32At(this.trailLim, l - 1)) ^ 1);
    this.cancelUntil(levels - 1);
    const c0 = i32At(clause, 0);
    if (n == 1) {
      this.enqueue(c0, -1);
      return true;
    }
    const ref = this.attach(clause, n, 0, n);
    if (ref < 0) return false;
    this.enqueue(c0, ref);
    return true;
  }

  // ---- learning -----------------------------------------------------------------------------

  // @ts-ignore: decorator
  @inline private bumpClause(ref: i32): void {
    const c = this.arena + (<usize>ref << 2);
    const head = load<i32>(c);
    if ((head & LEARNT) != 0) {
      const act = this.clauseAct;
      const p = act + (<usize>load<i32>(c + 4 + <usize>(head & ~3)) << 3);
      const x = load<f64>(p) + this.clauseInc;
      store<f64>(p, x);
      if (x > 1e20) {
        const n = this.clauseActCount;
        for (let k = 0; k < n; k++) setF64(act, k, f64At(act, k) * 1e-20);
        this.clauseInc *= 1e-20;
      }
    }
  }

  private analyzeAndLearn(conflict: i32): void {
    const a = this.arena;
    const seen = this.seen;
    const level = this.level;
    const reasonArr = this.reason;
    const trail = this.trail;
    const current = this.trailLimSize;
    const learnt = this.learnt;
    let length = 1;
    let pathC = 0;
    let p = -1;
    let index = this.trailLength - 1;
    let ref = conflict;
    for (;;) {
      this.bumpClause(ref);
      const c = a + (<usize>ref << 2);
      const size = load<i32>(c) >> 2;
      const lits = c + 4;
      for (let k = p == -1 ? 0 : 1; k < size; k++) {
        const q = i32At(lits, k);
        const v = q >> 1;
        if (u8At(seen, v) == 0) {
          const lv = i32At(level, v);
          if (lv > 0) {
            setU8(seen, v, 1);
            this.bumpVar(v);
            if (lv >= current) {
              pathC++;
              // Its reason clause is read later in this loop: start that cache miss now.
              const r = i32At(reasonArr, v);
              if (r >= 0) touchSink ^= load<i32>(a + (<usize>r << 2));
            } else setI32(learnt, length++, q);
          }
        }
      }
      while (u8At(seen, i32At(trail, index) >> 1) == 0) index--;
      p = i32At(trail, index);
      index--;
      setU8(seen, p >> 1, 0);
      pathC--;
      if (pathC <= 0) break;
      ref = i32At(reasonArr, p >> 1);
      // The reason clause has p first (it was implied by it): put it there if needed.
      const rl = a + (<usize>ref << 2) + 4;
      const r0 = load<i32>(rl);
      if (r0 != p) {
        let pos = rl + 4;
        while (load<i32>(pos) != p) pos += 4;
        store<i32>(pos, r0);
        store<i32>(rl, p);
      }
    }
    setI32(learnt, 0, p ^ 1);

    // Drop literals implied by the others (recursive minimisation).
    let abstract = 0;
    for (let k = 1; k < length; k++) abstract |= 1 << (i32At(level, i32At(learnt, k) >> 1) & 31);
    const toClear = this.toClear;
    for (let k = 1; k < length; k++) setI32(toClear, k - 1, i32At(learnt, k) >> 1);
    this.toClearLength = length - 1;
    let j = 1;
    for (let k = 1; k < length; k++) {
      const lit = i32At(learnt, k);
      if (i32At(reasonArr, lit >> 1) == -1 || !this.redundant(lit, abstract)) setI32(learnt, j++, lit);
    }
    length = j;
    const clearN = this.toClearLength;
    for (let k = 0; k < clearN; k++) setU8(seen, i32At(toClear, k), 0);

    // Jump back to the second-highest level; watch that literal.
    let back = 0;
    let at = 1;
    for (let k = 1; k < length; k++) {
      const l = i32At(level, i32At(learnt, k) >> 1);
      if (l > back) {
        back = l;
        at = k;
      }
    }
    if (length > 1) {
      const t = i32At(learnt, 1);
      setI32(learnt, 1, i32At(learnt, at));
      setI32(learnt, at, t);
    }
    // LBD: distinct levels among the literals.
    const stamp = ++this.stamp;
    const levelStamp = this.levelStamp;
    let lbd = 0;
    for (let k = 0; k < length; k++) {
      const l = i32At(level, i32At(learnt, k) >> 1);
      if (i32At(levelStamp, l) != stamp) {
        setI32(levelStamp, l, stamp);
        lbd++;
      }
    }
    this.varInc /= VAR_DECAY;
    this.clauseInc /= CLAUSE_DECAY;
    this.cancelUntil(back);
    const l0 = i32At(learnt, 0);
    if (length == 1) {
      this.enqueue(l0, -1);
    } else {
      const ref2 = this.attach(learnt, length, LEARNT, lbd);
      if (ref2 < 0) return;
      this.learnedClauses++;
      this.enqueue(l0, ref2);
      if (this.tsTop > this.maxArena) this.overflow = true;
    }
  }

  /** Is `lit` (in the learned clause) implied by the clause's other literals? */
  private redundant(lit: i32, abstract: i32): bool {
    const a = this.arena;
    const seen = this.seen;
    const level = this.level;
    const reasonArr = this.reason;
    const stack = this.stack;
    const toClear = this.toClear;
    const top = this.toClearLength;
    let clearN = top;
    let sp = 0;
    setI32(stack, sp++, lit);
    while (sp > 0) {
      const q = i32At(stack, --sp);
      const c = a + (<usize>i32At(reasonArr, q >> 1) << 2);
      const size = load<i32>(c) >> 2;
      const lits = c + 4;
      for (let k = 1; k < size; k++) {
        const r = i32At(lits, k);
        const v = r >> 1;
        if (u8At(seen, v) != 0) continue;
        const lv = i32At(level, v);
        if (lv == 0) continue;
        if (i32At(reasonArr, v) != -1 && ((1 << (lv & 31)) & abstract) != 0) {
          setU8(seen, v, 1);
          setI32(stack, sp++, r);
          setI32(toClear, clearN++, v);
        } else {
          for (let k2 = top; k2 < clearN; k2++) setU8(seen, i32At(toClear, k2), 0);
          this.toClearLength = top;
          return false;
        }
      }
    }
    this.toClearLength = clearN;
    return true;
  }

  // ---- clause database reduction ----------------------------------------------------------

  /** Is clause x to be dropped before clause y: higher LBD, then lower activity. */
  // @ts-ignore: decorator
  @inline private before(x: i32, y: i32): bool {
    const ix = this.actIndex(x);
    const iy = this.actIndex(y);
    const lx = i32At(this.clauseLbd, ix);
    const ly = i32At(this.clauseLbd, iy);
    if (lx != ly) return lx > ly;
    return f64At(this.clauseAct, ix) < f64At(this.clauseAct, iy);
  }

  /** The activity / LBD index of learned clause `ref`. */
  // @ts-ignore: decorator
  @inline private actIndex(ref: i32): i32 {
    const c = this.arena + (<usize>ref << 2);
    return load<i32>(c + 4 + <usize>(load<i32>(c) & ~3));
  }

  /** Stable bottom-up merge sort of n refs at sortA (by `before`); returns where they end up. */
  private sortCandidates(n: i32): usize {
    let src = this.sortA;
    let dst = this.sortB;
    for (let width = 1; width < n; width <<= 1) {
      for (let lo = 0; lo < n; lo += 2 * width) {
        const mid = min(lo + width, n);
        const hi = min(lo + 2 * width, n);
        let l = lo;
        let r = mid;
        let o = lo;
        while (l < mid && r < hi) {
          const x = i32At(src, l);
          const y = i32At(src, r);
          if (this.before(y, x)) {
            setI32(dst, o++, y);
            r++;
          } else {
            setI32(dst, o++, x);
            l++;
          }
        }
        while (l < mid) setI32(dst, o++, i32At(src, l++));
        while (r < hi) setI32(dst, o++, i32At(src, r++));
      }
      const t = src;
      src = dst;
      dst = t;
    }
    return src;
  }

  /** Delete about half of the learned clauses: high LBD and low activity first. */
  private reduce(): void {
    this.reductions++;
    const count = this.learntsCount;
    if (this.sortCap < count) {
      const cap = max(count, this.sortCap * 2);
      this.sortA = satAlloc(<usize>cap << 2);
      this.sortB = satAlloc(<usize>cap << 2);
      if (this.sortA == 0 || this.sortB == 0) {
        this.fail();
        return;
      }
      this.sortCap = cap;
    }
    const a = this.arena;
    const vals = this.vals;
    const reasonArr = this.reason;
    const learnts = this.learnts;
    const cand = this.sortA;
    let n = 0;
    for (let i = 0; i < count; i++) {
      const ref = i32At(learnts, i);
      if (i32At(this.clauseLbd, this.actIndex(ref)) <= 2) continue;
      const v = i32At(a, ref + 1) >> 1;
      if (u8At(vals, 2 * v + 1) != UNASSIGNED && i32At(reasonArr, v) == ref) continue; // locked
      setI32(cand, n++, ref);
    }
    const sorted = this.sortCandidates(n);
    const drop = n >> 1;
    for (let i = 0; i < drop; i++) {
      const ref = i32At(sorted, i);
      setI32(a, ref, i32At(a, ref) | DELETED);
    }
    let kept = 0;
    for (let i = 0; i < count; i++) {
      const ref = i32At(learnts, i);
      if ((i32At(a, ref) & DELETED) == 0) setI32(learnts, kept++, ref);
    }
    this.learntsCount = kept;
    const lits = this.nVars << 1;
    for (let lit = 0; lit < lits; lit++) {
      const wh = this.watches + <usize>lit * WATCH_BYTES;
      const list = load<usize>(wh);
      const m = load<i32>(wh, 4);
      let j = 0;
      for (let i = 0; i < m; i += 2) {
        const w = i32At(list, i);
        const ref = w < 0 ? ~w : w;
        if ((i32At(a, ref) & DELETED) == 0) {
          setI32(list, j++, w);
          setI32(list, j++, i32At(list, i + 1));
        }
      }
      store<i32>(wh, j, 4);
    }
    // The TypeScript solver compacts when its arena is over twice the live size; this one
    // whenever a clause was deleted (it keeps the arena small for the cache; the search
    // does not depend on where clauses are).
    let tsLive = 0;
    let deleted = false;
    const top = this.top;
    for (let ref = 0; ref < top; ) {
      const head = i32At(a, ref);
      const size = head >> 2;
      if ((head & DELETED) == 0) tsLive += TS_HEADER + size;
      else deleted = true;
      ref += 1 + size + (head & LEARNT);
    }
    if (this.tsTop > 2 * tsLive) this.tsTop = tsLive;
    if (deleted) this.compact();
  }

  /** Move live clauses to the front of the arena and renumber refs everywhere. */
  private compact(): void {
    const a = this.arena;
    const top = this.top;
    // Pass 1: count the live clauses; make room for their (old ref, new ref) pairs.
    let m = 0;
    for (let ref = 0; ref < top; ) {
      const head = i32At(a, ref);
      if ((head & DELETED) == 0) m++;
      ref += 1 + (head >> 2) + (head & LEARNT);
    }
    if (m > this.movesCap) {
      const cap = max(m, this.movesCap * 2);
      const moves = satAlloc(<usize>cap << 3);
      if (moves == 0) {
        this.fail();
        return;
      }
      this.moves = moves;
      this.movesCap = cap;
    }
    this.compactions++;
    // Pass 2: move, noting where each clause went (in the order of the old refs).
    const moves = this.moves;
    let to = 0;
    let k = 0;
    for (let ref = 0; ref < top; ) {
      const head = i32At(a, ref);
      const len = 1 + (head >> 2) + (head & LEARNT);
      if ((head & DELETED) == 0) {
        if (to != ref) memory.copy(a + (<usize>to << 2), a + (<usize>ref << 2), <usize>len << 2);
        setI32(moves, k++, ref);
        setI32(moves, k++, to);
        to += len;
      }
      ref += len;
    }
    this.top = to;
    // Pass 3: renumber watches, reasons and learnts.
    const lits = this.nVars << 1;
    for (let lit = 0; lit < lits; lit++) {
      const wh = this.watches + <usize>lit * WATCH_BYTES;
      const list = load<usize>(wh);
      const n = load<i32>(wh, 4);
      for (let i = 0; i < n; i += 2) {
        const w = i32At(list, i);
        setI32(list, i, w < 0 ? ~movedTo(moves, m, ~w) : movedTo(moves, m, w));
      }
    }
    const vars = this.nVars;
    for (let v = 0; v < vars; v++) {
      const r = i32At(this.reason, v);
      if (r >= 0 && u8At(this.vals, 2 * v + 1) != UNASSIGNED) setI32(this.reason, v, movedTo(moves, m, r));
    }
    const count = this.learntsCount;
    for (let i = 0; i < count; i++) setI32(this.learnts, i, movedTo(moves, m, i32At(this.learnts, i)));
  }
}

/** Where compaction moved the clause at `ref` (binary search in `m` sorted pairs), -1 if deleted. */
function movedTo(moves: usize, m: i32, ref: i32): i32 {
  let lo = 0;
  let hi = m;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    const at = i32At(moves, 2 * mid);
    if (at == ref) return i32At(moves, 2 * mid + 1);
    if (at < ref) lo = mid + 1;
    else hi = mid;
  }
  return -1;
}
