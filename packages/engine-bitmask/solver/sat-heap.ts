// The decision order of the SAT solver: the variable heap by activity (VSIDS bumping) and the
// trail's assign and undo (enqueue; cancelUntil puts the unassigned variables back in the
// heap). A class between SatState and SatClauseStore only to keep sat.ts short (see
// sat-state.ts): it adds methods, no fields.

import { loadF64, store16, storeF64 } from 'solver-target';
import { f64At, i32At, setF64, setI32, setLit, setU8, u8At } from './sat-memory';
import { SatState, UNASSIGNED } from './sat-state';

export class SatVarHeap extends SatState {
  // ---- the variable heap ------------------------------------------------------------------

  // @ts-ignore: decorator
  @inline protected heapInsert(v: i32): void {
    if (i32At(this.heapIndex, v) != -1) return;
    const i = this.heapSize++;
    setI32(this.heapArr, i, v);
    setI32(this.heapIndex, v, i);
    this.heapUp(i);
  }

  protected heapPop(): i32 {
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
  protected heapRaise(v: i32, a: f64): void {
    if (a <= f64At(this.activity, v)) return;
    setF64(this.activity, v, a);
    const i = i32At(this.heapIndex, v);
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

  // ---- the trail: assigning and unassigning ---------------------------------------------

  // @ts-ignore: decorator
  @inline protected enqueue(lit: i32, reason: i32): void {
    const v = lit >> 1;
    setLit(this.vals, lit);
    setI32(this.level, v, this.trailLimSize);
    setI32(this.reason, v, reason);
    setI32(this.trail, this.trailLength++, lit);
  }

  protected cancelUntil(level: i32): void {
    if (this.trailLimSize <= level) return;
    const mark = i32At(this.trailLim, level);
    const vals = this.vals;
    const phase = this.phase;
    const trail = this.trail;
    for (let i = this.trailLength - 1; i >= mark; i--) {
      const v = i32At(trail, i) >> 1;
      setU8(phase, v, u8At(vals, 2 * v + 1));
      store16(vals + (<usize>v << 1), <u16>((UNASSIGNED << 8) | UNASSIGNED));
      this.heapInsert(v);
    }
    this.trailLength = mark;
    this.qhead = mark;
    this.trailLimSize = level;
  }
}
