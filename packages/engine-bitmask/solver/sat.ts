// The SAT solver's interface (search.ts, encode.ts and the wasm package's SAT tests use it).
// Literal = 2 * variable + value (true when the variable holds `value`).
//   SAT_SAT: every variable assigned (read value(v)); SAT_UNSAT: no (further) model;
//   SAT_BUDGET: the conflict budget is used up, back at level 0; SAT_PAUSED: the slice or the
//   step budget ended: call solve again to continue exactly where it stopped (state kept,
//   not at level 0; in between change nothing: addClause would cancel to level 0);
//   SAT_OVERFLOW: `overflow` is set (arena cap or memory): give up.
// SatSolver:
//   counters conflicts, decisions, propagations, restarts, learnedClauses (f64), maxDepth,
//   reductions, compactions (read only); `overflow`; `maxArena` (Int32 entries of the clause
//   arena, default MAX_ARENA, settable before solve); `sliceEnd` (solve pauses once
//   now() >= sliceEnd, looked at every `checkConflicts`-th conflict (32) and
//   `checkDecisions`-th decision (256), each of which also takes one of `stepsLeft`;
//   pausing never changes the search path);
//   newVars(count) -> first new variable, -1 (and overflow) when memory ran out;
//   value(v) -> 0, 1, or 2 = unassigned; fixed(v): assigned at level 0;
//   hint(v, value, activity): first decision value and raised activity;
//   addClausePtr(lits, length) (`length` i32 at address `lits`), addUnit(lit): at level 0,
//   false when the clauses became contradictory (or overflow);
//   solve(budget) -> SAT_*: at most `budget` more conflicts (Infinity: no limit);
//   blockAndContinue(): after SAT_SAT, forbid this model and go on; false when there is no
//   other.
// newSatSolver(): `new SatSolver()`, or null when the memory cannot hold the object.
// Memory: every buffer comes from the target's satAlloc (memory is grown explicitly first,
// so running out sets `overflow` instead of trapping). Nothing is freed: a buffer grows by
// copying into a new block of twice the size; no allocation per conflict (only when a buffer
// grows, when variables are added, and at clause-database reductions).

// A conflict-driven clause-learning SAT solver in the style of MiniSat: two watched literals
// (with a blocker literal each; a binary clause's watch holds its other literal, so
// propagation never reads the clause), first-UIP
// learning with recursive minimisation, VSIDS, best phases (the values of the longest conflict-free trail), Luby restarts, learned
// clauses kept by LBD and activity. Everything is in flat linear memory: per-variable arrays,
// one watch list per literal, one Int32 arena of clauses (header + literals).

import { copy, copy64, load32, load32At, mini, now, reserve, satAlloc, store32, store32At } from 'solver-target';
import { luby, setLit, setU8, u8At } from './sat-memory';
import { LEARNT, NO_STEP_LIMIT, RESTART_UNIT, UNASSIGNED, WATCH_BYTES } from './sat-state';
import { SatClauseStore } from './sat-clauses';

// Re-exported: importers take these from sat.ts.
export { MAX_ARENA } from './sat-state';

export const SAT_SAT: i32 = 1;
export const SAT_UNSAT: i32 = 2;
export const SAT_BUDGET: i32 = 3;
export const SAT_PAUSED: i32 = 4;
export const SAT_OVERFLOW: i32 = 5;

const VAR_DECAY: f64 = 0.9;
const CLAUSE_DECAY: f64 = 0.999;

/**
 * Where `propagate` and `analyzeAndLearn` leave the words they read only to start cache
 * misses early (kept so the optimizer cannot drop the loads).
 */
let touchSink: i32 = 0;

/** More than a SatSolver object takes. */
const SAT_OBJECT_BYTES: usize = 1024;

/** `new SatSolver()`, or null when the memory cannot hold the object (instead of a trap). */
export function newSatSolver(): SatSolver | null {
  if (!reserve(SAT_OBJECT_BYTES)) return null;
  return new SatSolver();
}

// The state, the variable heap and the clause store are the base classes (sat-state.ts,
// sat-heap.ts, sat-clauses.ts); this class adds propagation, search, learning and the API.
export class SatSolver extends SatClauseStore {
  get vars(): i32 {
    return this.nVars;
  }

  // ---- variables --------------------------------------------------------------------------

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
        store32(w, <i32>list);
        store32(w + 4, 0);
        store32(w + 8, 4);
      }
      store32At(this.reason, v, -1);
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
    return u8At(this.vals, 2 * v + 1) != UNASSIGNED && load32At(this.level, v) == 0;
  }

  /** Seed a variable's first decision value and its place in the decision order. */
  hint(v: i32, value: i32, activity: f64): void {
    setU8(this.phase, v, value);
    this.heapRaise(v, activity);
  }

  // ---- clauses ----------------------------------------------------------------------------

  addUnit(lit: i32): bool {
    if (this.unitLit == 0) {
      this.unitLit = satAlloc(16);
      if (this.unitLit == 0) {
        this.overflow = true;
        this.ok = false;
        return false;
      }
    }
    store32(this.unitLit, lit);
    return this.addClausePtr(this.unitLit, 1);
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
      const lit = load32At(lits, i);
      if (!(lit >= 0 && (lit >> 1) < vars)) throw new Error('addClause: a literal names no variable');
      const v = u8At(vals, lit);
      if (v == 1) return true; // satisfied
      if (v != UNASSIGNED) continue; // false at level 0
      let dup = false;
      for (let k = 0; k < n; k++) {
        const o = load32At(out, k);
        if (o == (lit ^ 1)) return true;
        if (o == lit) dup = true;
      }
      if (!dup) store32At(out, n++, lit);
    }
    if (n == 0) {
      this.ok = false;
      return false;
    }
    if (n == 1) {
      this.enqueue(load32At(out, 0), -1);
      if (this.propagate() >= 0) this.ok = false;
      if (this.overflow) this.ok = false;
      return this.ok;
    }
    return this.attach(out, n, 0, 0) >= 0;
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
    let props: f64 = 0;
    let touch = 0;
    let touched = qhead;
    while (qhead < trailLength) {
      const falseLit = load32At(trail, qhead++) ^ 1;
      const wh = watches + <usize>falseLit * WATCH_BYTES;
      const n = load32(wh + 4);
      if (n == 0) continue;
      props++;
      const list = <usize>load32(wh);
      const end = list + (<usize>n << 2);
      // Touch the watch lists of up to 3 literals waiting behind this one (each once), so
      // their cache misses overlap this list's work.
      if (touched < qhead) touched = qhead;
      const ahead = mini(trailLength, qhead + 3);
      while (touched < ahead) {
        touch ^= load32(load32(watches + <usize>(load32At(trail, touched) ^ 1) * WATCH_BYTES));
        touched++;
      }
      let i = list;
      let j = list;
      while (i < end) {
        const ref = load32(i);
        const blocker = load32(i + 4);
        const bv = u8At(vals, blocker);
        if (bv == 1) {
          // Kept in place: no store until an entry has left the list.
          if (j != i) copy64(j, i);
          i += 8;
          j += 8;
          continue;
        }
        if (ref < 0) {
          // Binary clause: the blocker is implied, or the clause is false.
          if (j != i) copy64(j, i);
          i += 8;
          j += 8;
          const bin = ~ref;
          if (bv == UNASSIGNED) {
            const cp = a + (<usize>bin << 2) + 4;
            const c0 = load32(cp);
            if (c0 != blocker) {
              store32(cp + 4, c0);
              store32(cp, blocker);
            }
            const bvar = blocker >> 1;
            setLit(vals, blocker);
            store32At(levelArr, bvar, lvl);
            store32At(reasonArr, bvar, bin);
            store32At(trail, trailLength++, blocker);
          } else {
            conflict = bin;
            qhead = trailLength;
            const rest = end - i;
            if (rest > 0 && j != i) copy(j, i, rest);
            j += rest;
            i = end;
          }
          continue;
        }
        i += 8;
        const c = a + (<usize>ref << 2);
        const base = c + 4;
        let first = load32(base);
        if (first == falseLit) {
          first = load32(base + 4);
          store32(base, first);
          store32(base + 4, falseLit);
        }
        const firstVal = u8At(vals, first);
        if (first != blocker && firstVal == 1) {
          store32(j, ref);
          store32(j + 4, first);
          j += 8;
          continue;
        }
        const stop = base + <usize>(load32(c) & ~3);
        let k = base + 8;
        let moved = false;
        while (k < stop) {
          const lit = load32(k);
          if (u8At(vals, lit) != 0) {
            store32(base + 4, lit);
            store32(k, falseLit);
            this.watch(lit, ref, first);
            moved = true;
            break;
          }
          k += 4;
        }
        if (moved) continue;
        store32(j, ref);
        store32(j + 4, first);
        j += 8;
        if (firstVal == UNASSIGNED) {
          const fv = first >> 1;
          setLit(vals, first);
          store32At(levelArr, fv, lvl);
          store32At(reasonArr, fv, ref);
          store32At(trail, trailLength++, first);
        } else if (firstVal == 0) {
          conflict = ref;
          qhead = trailLength;
          const rest = end - i;
          if (rest > 0 && j != i) copy(j, i, rest);
          j += rest;
          i = end;
        }
      }
      store32(wh + 4, <i32>((j - list) >> 2));
      if (conflict >= 0) break;
    }
    this.qhead = qhead;
    this.trailLength = trailLength;
    this.propagations += props;
    touchSink = touch;
    return conflict;
  }

  // ---- search -------------------------------------------------------------------------------

  /**
   * Search for at most `budget` more conflicts. SAT_SAT: every variable is assigned (read
   * them with `value`; call `blockAndContinue` to look for another model). SAT_UNSAT: no
   * (further) model. SAT_BUDGET: back at level 0. SAT_PAUSED: the slice ended (call again).
   * SAT_OVERFLOW: `overflow`.
   */
  solve(budget: f64): i32 {
    if (this.overflow) return SAT_OVERFLOW;
    if (!this.ok) return SAT_UNSAT;
    const stopAt: f64 = this.conflicts + budget;
    const timed = this.sliceEnd < Infinity || this.stepsLeft < NO_STEP_LIMIT;
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
        // The trail below the current level had no conflict: the longest such sets the phases.
        const consistent = load32At(this.trailLim, this.trailLimSize - 1);
        if (consistent > this.phaseSize) {
          const trail = this.trail;
          const phase = this.phase;
          for (let i = 0; i < consistent; i++) {
            const lit = load32At(trail, i);
            setU8(phase, lit >> 1, lit & 1);
          }
          this.phaseSize = consistent;
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
      store32At(this.trailLim, this.trailLimSize++, this.trailLength);
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
    for (let l = levels; l >= 1; l--) store32At(clause, n++, load32At(this.trail, load32At(this.trailLim, l - 1)) ^ 1);
    this.cancelUntil(levels - 1);
    const c0 = load32At(clause, 0);
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
      const size = load32(c) >> 2;
      const lits = c + 4;
      for (let k = p == -1 ? 0 : 1; k < size; k++) {
        const q = load32At(lits, k);
        const v = q >> 1;
        if (u8At(seen, v) == 0) {
          const lv = load32At(level, v);
          if (lv > 0) {
            setU8(seen, v, 1);
            this.bumpVar(v);
            if (lv >= current) {
              pathC++;
              // Its reason clause is read later in this loop: start that cache miss now.
              const r = load32At(reasonArr, v);
              if (r >= 0) touchSink ^= load32(a + (<usize>r << 2));
            } else store32At(learnt, length++, q);
          }
        }
      }
      while (u8At(seen, load32At(trail, index) >> 1) == 0) index--;
      p = load32At(trail, index);
      index--;
      setU8(seen, p >> 1, 0);
      pathC--;
      if (pathC <= 0) break;
      ref = load32At(reasonArr, p >> 1);
      // The reason clause has p first (it was implied by it): put it there if needed.
      const rl = a + (<usize>ref << 2) + 4;
      const r0 = load32(rl);
      if (r0 != p) {
        let pos = rl + 4;
        while (load32(pos) != p) pos += 4;
        store32(pos, r0);
        store32(rl, p);
      }
    }
    store32At(learnt, 0, p ^ 1);

    // Drop literals implied by the others (recursive minimisation).
    let abstract = 0;
    for (let k = 1; k < length; k++) abstract |= 1 << (load32At(level, load32At(learnt, k) >> 1) & 31);
    const toClear = this.toClear;
    for (let k = 1; k < length; k++) store32At(toClear, k - 1, load32At(learnt, k) >> 1);
    this.toClearLength = length - 1;
    let j = 1;
    for (let k = 1; k < length; k++) {
      const lit = load32At(learnt, k);
      if (load32At(reasonArr, lit >> 1) == -1 || !this.redundant(lit, abstract)) store32At(learnt, j++, lit);
    }
    length = j;
    const clearN = this.toClearLength;
    for (let k = 0; k < clearN; k++) setU8(seen, load32At(toClear, k), 0);

    // Jump back to the second-highest level; watch that literal.
    let back = 0;
    let at = 1;
    for (let k = 1; k < length; k++) {
      const l = load32At(level, load32At(learnt, k) >> 1);
      if (l > back) {
        back = l;
        at = k;
      }
    }
    if (length > 1) {
      const t = load32At(learnt, 1);
      store32At(learnt, 1, load32At(learnt, at));
      store32At(learnt, at, t);
    }
    // LBD: distinct levels among the literals.
    const stamp = (this.stamp = (this.stamp + 1) | 0);
    const levelStamp = this.levelStamp;
    let lbd = 0;
    for (let k = 0; k < length; k++) {
      const l = load32At(level, load32At(learnt, k) >> 1);
      if (load32At(levelStamp, l) != stamp) {
        store32At(levelStamp, l, stamp);
        lbd++;
      }
    }
    this.varInc /= VAR_DECAY;
    this.clauseInc /= CLAUSE_DECAY;
    this.cancelUntil(back);
    const l0 = load32At(learnt, 0);
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
    store32At(stack, sp++, lit);
    while (sp > 0) {
      const q = load32At(stack, --sp);
      const c = a + (<usize>load32At(reasonArr, q >> 1) << 2);
      const size = load32(c) >> 2;
      const lits = c + 4;
      for (let k = 1; k < size; k++) {
        const r = load32At(lits, k);
        const v = r >> 1;
        if (u8At(seen, v) != 0) continue;
        const lv = load32At(level, v);
        if (lv == 0) continue;
        if (load32At(reasonArr, v) != -1 && ((1 << (lv & 31)) & abstract) != 0) {
          setU8(seen, v, 1);
          store32At(stack, sp++, r);
          store32At(toClear, clearN++, v);
        } else {
          for (let k2 = top; k2 < clearN; k2++) setU8(seen, load32At(toClear, k2), 0);
          this.toClearLength = top;
          return false;
        }
      }
    }
    this.toClearLength = clearN;
    return true;
  }
}
