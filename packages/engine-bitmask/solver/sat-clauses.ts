// The clause store of the SAT solver: the arena of clauses and their watches (attach, watch,
// growWatch), the learned clauses' activity, and the reduction and compaction of the
// learned-clause database. A class between SatVarHeap and SatSolver only to keep sat.ts
// short (see sat-state.ts): it adds methods, no fields.

import { copy, load32, load32At, loadF64, loadF64At, maxi, mini, regrow, satAlloc, store32, store32At, storeF64, storeF64At } from 'solver-target';
import { u8At } from './sat-memory';
import { SatVarHeap } from './sat-heap';
import { DELETED, LEARNT, UNASSIGNED, WATCH_BYTES } from './sat-state';

/** Entries TypeScript's arena takes for the header of a clause (for the overflow cap). */
const TS_HEADER: i32 = 4;

export class SatClauseStore extends SatVarHeap {
  // ---- clauses and watches -----------------------------------------------------------------

  /** Store a clause and watch its first two literals; -1 when memory ran out. */
  protected attach(lits: usize, n: i32, flags: i32, lbd: i32): i32 {
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
    store32(c, (n << 2) | flags);
    copy(c + 4, lits, <usize>n << 2);
    this.top = need;
    this.tsTop += TS_HEADER + n;
    const l0 = load32At(lits, 0);
    const l1 = load32At(lits, 1);
    // A binary clause is watched as ~ref: its blocker is its other literal, so propagation
    // never has to read the clause itself.
    const w = n == 2 ? ~ref : ref;
    this.watch(l0, w, l1);
    this.watch(l1, w, l0);
    if (learnt) {
      const index = this.clauseActCount++;
      store32(c + 4 + (<usize>n << 2), index);
      store32At(this.clauseLbd, index, lbd);
      storeF64At(this.clauseAct, index, this.clauseInc);
      store32At(this.learnts, this.learntsCount++, ref);
    }
    return this.overflow ? -1 : ref;
  }

  private fail(): i32 {
    this.overflow = true;
    this.ok = false;
    return -1;
  }

  // @ts-ignore: decorator
  @inline protected watch(lit: i32, ref: i32, blocker: i32): void {
    const w = this.watches + <usize>lit * WATCH_BYTES;
    const size = load32(w + 4);
    if (size + 2 > load32(w + 8) && !this.growWatch(w)) return;
    const at = <usize>load32(w) + (<usize>size << 2);
    store32(at, ref);
    store32(at + 4, blocker);
    store32(w + 4, size + 2);
  }

  private growWatch(w: usize): bool {
    const capacity = load32(w + 8);
    const grown = regrow(load32(w), <usize>capacity << 2, <usize>capacity << 3);
    if (grown == 0) {
      this.fail();
      return false;
    }
    store32(w, <i32>grown);
    store32(w + 8, capacity << 1);
    return true;
  }

  // ---- clause activity -------------------------------------------------------------------

  // @ts-ignore: decorator
  @inline protected bumpClause(ref: i32): void {
    const c = this.arena + (<usize>ref << 2);
    const head = load32(c);
    if ((head & LEARNT) != 0) {
      const act = this.clauseAct;
      const p = act + (<usize>load32(c + 4 + <usize>(head & ~3)) << 3);
      const x = loadF64(p) + this.clauseInc;
      storeF64(p, x);
      if (x > 1e20) {
        const n = this.clauseActCount;
        for (let k = 0; k < n; k++) storeF64At(act, k, loadF64At(act, k) * 1e-20);
        this.clauseInc *= 1e-20;
      }
    }
  }

  // ---- clause database reduction ----------------------------------------------------------

  /** Is clause x to be dropped before clause y: higher LBD, then lower activity. */
  // @ts-ignore: decorator
  @inline private before(x: i32, y: i32): bool {
    const ix = this.actIndex(x);
    const iy = this.actIndex(y);
    const lx = load32At(this.clauseLbd, ix);
    const ly = load32At(this.clauseLbd, iy);
    if (lx != ly) return lx > ly;
    return loadF64At(this.clauseAct, ix) < loadF64At(this.clauseAct, iy);
  }

  /** The activity / LBD index of learned clause `ref`. */
  // @ts-ignore: decorator
  @inline private actIndex(ref: i32): i32 {
    const c = this.arena + (<usize>ref << 2);
    return load32(c + 4 + <usize>(load32(c) & ~3));
  }

  /** Stable bottom-up merge sort of n refs at sortA (by `before`); returns where they end up. */
  private sortCandidates(n: i32): usize {
    let src = this.sortA;
    let dst = this.sortB;
    for (let width = 1; width < n; width <<= 1) {
      for (let lo = 0; lo < n; lo += 2 * width) {
        const mid = mini(lo + width, n);
        const hi = mini(lo + 2 * width, n);
        let l = lo;
        let r = mid;
        let o = lo;
        while (l < mid && r < hi) {
          const x = load32At(src, l);
          const y = load32At(src, r);
          if (this.before(y, x)) {
            store32At(dst, o++, y);
            r++;
          } else {
            store32At(dst, o++, x);
            l++;
          }
        }
        while (l < mid) store32At(dst, o++, load32At(src, l++));
        while (r < hi) store32At(dst, o++, load32At(src, r++));
      }
      const t = src;
      src = dst;
      dst = t;
    }
    return src;
  }

  /** Delete about half of the learned clauses: high LBD and low activity first. */
  protected reduce(): void {
    this.reductions++;
    const count = this.learntsCount;
    if (this.sortCap < count) {
      const cap = maxi(count, this.sortCap * 2);
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
      const ref = load32At(learnts, i);
      if (load32At(this.clauseLbd, this.actIndex(ref)) <= 2) continue;
      const v = load32At(a, ref + 1) >> 1;
      if (u8At(vals, 2 * v + 1) != UNASSIGNED && load32At(reasonArr, v) == ref) continue; // locked
      store32At(cand, n++, ref);
    }
    const sorted = this.sortCandidates(n);
    const drop = n >> 1;
    for (let i = 0; i < drop; i++) {
      const ref = load32At(sorted, i);
      store32At(a, ref, load32At(a, ref) | DELETED);
    }
    let kept = 0;
    for (let i = 0; i < count; i++) {
      const ref = load32At(learnts, i);
      if ((load32At(a, ref) & DELETED) == 0) store32At(learnts, kept++, ref);
    }
    this.learntsCount = kept;
    const lits = this.nVars << 1;
    for (let lit = 0; lit < lits; lit++) {
      const wh = this.watches + <usize>lit * WATCH_BYTES;
      const list = load32(wh);
      const m = load32(wh + 4);
      let j = 0;
      for (let i = 0; i < m; i += 2) {
        const w = load32At(list, i);
        const ref = w < 0 ? ~w : w;
        if ((load32At(a, ref) & DELETED) == 0) {
          store32At(list, j++, w);
          store32At(list, j++, load32At(list, i + 1));
        }
      }
      store32(wh + 4, j);
    }
    // The TypeScript solver compacts when its arena is over twice the live size; this one
    // whenever a clause was deleted (it keeps the arena small for the cache; the search
    // does not depend on where clauses are).
    let tsLive = 0;
    let deleted = false;
    const top = this.top;
    for (let ref = 0; ref < top; ) {
      const head = load32At(a, ref);
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
      const head = load32At(a, ref);
      if ((head & DELETED) == 0) m++;
      ref += 1 + (head >> 2) + (head & LEARNT);
    }
    if (m > this.movesCap) {
      const cap = maxi(m, this.movesCap * 2);
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
      const head = load32At(a, ref);
      const len = 1 + (head >> 2) + (head & LEARNT);
      if ((head & DELETED) == 0) {
        if (to != ref) copy(a + (<usize>to << 2), a + (<usize>ref << 2), <usize>len << 2);
        store32At(moves, k++, ref);
        store32At(moves, k++, to);
        to += len;
      }
      ref += len;
    }
    this.top = to;
    // Pass 3: renumber watches, reasons and learnts.
    const lits = this.nVars << 1;
    for (let lit = 0; lit < lits; lit++) {
      const wh = this.watches + <usize>lit * WATCH_BYTES;
      const list = load32(wh);
      const n = load32(wh + 4);
      for (let i = 0; i < n; i += 2) {
        const w = load32At(list, i);
        store32At(list, i, w < 0 ? ~movedTo(moves, m, ~w) : movedTo(moves, m, w));
      }
    }
    const vars = this.nVars;
    for (let v = 0; v < vars; v++) {
      const r = load32At(this.reason, v);
      if (r >= 0 && u8At(this.vals, 2 * v + 1) != UNASSIGNED) store32At(this.reason, v, movedTo(moves, m, r));
    }
    const count = this.learntsCount;
    for (let i = 0; i < count; i++) store32At(this.learnts, i, movedTo(moves, m, load32At(this.learnts, i)));
  }
}

/** Where compaction moved the clause at `ref` (binary search in `m` sorted pairs), -1 if deleted. */
function movedTo(moves: usize, m: i32, ref: i32): i32 {
  let lo = 0;
  let hi = m;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    const at = load32At(moves, 2 * mid);
    if (at == ref) return load32At(moves, 2 * mid + 1);
    if (at < ref) lo = mid + 1;
    else hi = mid;
  }
  return -1;
}
