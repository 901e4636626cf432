// The decision order of the SAT solver: the variable heap by activity (VSIDS bumping) and the
// trail's assign and undo (enqueue; cancelUntil puts the unassigned variables back in the
// heap). A class between SatState and SatClauseStore only to keep sat.ts short (see
// sat-state.ts): it adds methods, no fields.

import { load32At, loadF64, loadF64At, store16, store32At, storeF64, storeF64At } from 'solver-target';
import { setLit } from './sat-memory';
import { SatState, UNASSIGNED } from './sat-state';

export class SatVarHeap extends SatState {
  // ---- the variable heap ------------------------------------------------------------------

  // @ts-ignore: decorator
  @inline protected heapInsert(v: i32): void {
    if (load32At(this.heapIndex, v) != -1) return;
    const i = this.heapSize++;
    store32At(this.heapArr, i, v);
    store32At(this.heapIndex, v, i);
    this.heapUp(i);
  }

  protected heapPop(): i32 {
    const heapArr = this.heapArr;
    const top = load32At(heapArr, 0);
    const last = load32At(heapArr, --this.heapSize);
    store32At(this.heapIndex, top, -1);
    if (this.heapSize > 0) {
      store32At(heapArr, 0, last);
      store32At(this.heapIndex, last, 0);
      this.heapDown(0);
    }
    return top;
  }

  /** Raise a variable's activity to `a` (never lowers it). */
  protected heapRaise(v: i32, a: f64): void {
    if (a <= loadF64At(this.activity, v)) return;
    storeF64At(this.activity, v, a);
    const i = load32At(this.heapIndex, v);
    if (i >= 0) this.heapUp(i);
  }

  // @ts-ignore: decorator
  @inline protected bumpVar(v: i32): void {
    const act = this.activity;
    const p = act + (<usize>v << 3);
    const a = loadF64(p) + this.varInc;
    storeF64(p, a);
    if (a > 1e100) {
      const n = this.cap;
      for (let i = 0; i < n; i++) storeF64At(act, i, loadF64At(act, i) * 1e-100);
      this.varInc *= 1e-100;
    }
    const i = load32At(this.heapIndex, v);
    if (i >= 0) this.heapUp(i);
  }

  // @ts-ignore: decorator
  @inline private heapUp(i: i32): void {
    const heapArr = this.heapArr;
    const index = this.heapIndex;
    const act = this.activity;
    const v = load32At(heapArr, i);
    const a = loadF64At(act, v);
    while (i > 0) {
      const parent = (i - 1) >> 1;
      const pv = load32At(heapArr, parent);
      if (loadF64At(act, pv) >= a) break;
      store32At(heapArr, i, pv);
      store32At(index, pv, i);
      i = parent;
    }
    store32At(heapArr, i, v);
    store32At(index, v, i);
  }

  private heapDown(i: i32): void {
    const heapArr = this.heapArr;
    const index = this.heapIndex;
    const act = this.activity;
    const size = this.heapSize;
    const v = load32At(heapArr, i);
    const a = loadF64At(act, v);
    for (;;) {
      let child = 2 * i + 1;
      if (child >= size) break;
      if (child + 1 < size && loadF64At(act, load32At(heapArr, child + 1)) > loadF64At(act, load32At(heapArr, child))) child++;
      const cv = load32At(heapArr, child);
      if (loadF64At(act, cv) <= a) break;
      store32At(heapArr, i, cv);
      store32At(index, cv, i);
      i = child;
    }
    store32At(heapArr, i, v);
    store32At(index, v, i);
  }

  // ---- the trail: assigning and unassigning ---------------------------------------------

  // @ts-ignore: decorator
  @inline protected enqueue(lit: i32, reason: i32): void {
    const v = lit >> 1;
    setLit(this.vals, lit);
    store32At(this.level, v, this.trailLimSize);
    store32At(this.reason, v, reason);
    store32At(this.trail, this.trailLength++, lit);
  }

  protected cancelUntil(level: i32): void {
    if (this.trailLimSize <= level) return;
    const mark = load32At(this.trailLim, level);
    const vals = this.vals;
    const trail = this.trail;
    for (let i = this.trailLength - 1; i >= mark; i--) {
      const v = load32At(trail, i) >> 1;
      store16(vals + (<usize>v << 1), <u16>((UNASSIGNED << 8) | UNASSIGNED));
      this.heapInsert(v);
    }
    this.trailLength = mark;
    this.qhead = mark;
    this.trailLimSize = level;
  }
}
