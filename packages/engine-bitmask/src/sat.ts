// A small conflict-driven clause-learning SAT solver in the style of MiniSat: two watched
// literals (with a blocker literal each), first-UIP learning with clause minimisation,
// variable activity (VSIDS) with saved phases, Luby restarts, and learned clauses kept by
// LBD and activity. The learning search of the engine runs it on the nonogram encoding of
// encode.ts. A literal is `2 * variable + value`: true when the variable holds `value`.

const UNASSIGNED = 2;
/** Clause header: size, flags, LBD, index of its activity. Literals follow. */
const HEADER = 4;
const LEARNT = 1;
const DELETED = 2;
const VAR_DECAY = 0.95;
const CLAUSE_DECAY = 0.999;
/** Conflicts per unit of the Luby restart sequence. */
const RESTART_UNIT = 100;
/** Conflicts between two reductions of the learned clauses (grows by 300 per reduction). */
const REDUCE_FIRST = 2000;
/** Arena size (Int32 entries) at which the clause database counts as a memory blow-up. */
export const MAX_ARENA = 1 << 26;

/** The i-th element (from 0) of the Luby sequence 1 1 2 1 1 2 4 1 1 2 1 1 2 4 8 ... */
function luby(i: number): number {
  let size = 1;
  let seq = 0;
  while (size < i + 1) {
    seq++;
    size = 2 * size + 1;
  }
  while (size - 1 !== i) {
    size = (size - 1) >> 1;
    seq--;
    i = i % size;
  }
  return 2 ** seq;
}

/** A max-heap of variables by activity. */
class VarHeap {
  activity: Float64Array;
  #heap: Int32Array;
  #index: Int32Array;
  #size = 0;
  increment = 1;

  constructor(capacity: number) {
    this.activity = new Float64Array(capacity);
    this.#heap = new Int32Array(capacity);
    this.#index = new Int32Array(capacity).fill(-1);
  }

  get size(): number {
    return this.#size;
  }

  grow(capacity: number): void {
    if (capacity <= this.activity.length) return;
    const activity = new Float64Array(capacity);
    activity.set(this.activity);
    const heap = new Int32Array(capacity);
    heap.set(this.#heap);
    const index = new Int32Array(capacity).fill(-1);
    index.set(this.#index);
    this.activity = activity;
    this.#heap = heap;
    this.#index = index;
  }

  insert(v: number): void {
    if (this.#index[v] !== -1) return;
    const i = this.#size++;
    this.#heap[i] = v;
    this.#index[v] = i;
    this.#up(i);
  }

  pop(): number {
    const heap = this.#heap;
    const top = heap[0]!;
    const last = heap[--this.#size]!;
    this.#index[top] = -1;
    if (this.#size > 0) {
      heap[0] = last;
      this.#index[last] = 0;
      this.#down(0);
    }
    return top;
  }

  /** Raise a variable's activity to `a` (never lowers it). */
  raise(v: number, a: number): void {
    if (a <= this.activity[v]!) return;
    this.activity[v] = a;
    const i = this.#index[v]!;
    if (i >= 0) this.#up(i);
  }

  bump(v: number): void {
    const act = this.activity;
    act[v]! += this.increment;
    if (act[v]! > 1e100) {
      for (let i = 0; i < act.length; i++) act[i]! *= 1e-100;
      this.increment *= 1e-100;
    }
    const i = this.#index[v]!;
    if (i >= 0) this.#up(i);
  }

  #up(i: number): void {
    const heap = this.#heap;
    const index = this.#index;
    const act = this.activity;
    const v = heap[i]!;
    const a = act[v]!;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      const pv = heap[parent]!;
      if (act[pv]! >= a) break;
      heap[i] = pv;
      index[pv] = i;
      i = parent;
    }
    heap[i] = v;
    index[v] = i;
  }

  #down(i: number): void {
    const heap = this.#heap;
    const index = this.#index;
    const act = this.activity;
    const size = this.#size;
    const v = heap[i]!;
    const a = act[v]!;
    for (;;) {
      let child = 2 * i + 1;
      if (child >= size) break;
      if (child + 1 < size && act[heap[child + 1]!]! > act[heap[child]!]!) child++;
      const cv = heap[child]!;
      if (act[cv]! <= a) break;
      heap[i] = cv;
      index[cv] = i;
      i = child;
    }
    heap[i] = v;
    index[v] = i;
  }
}

export type SatOutcome = 'sat' | 'unsat' | 'budget' | 'stopped';

export class SatSolver {
  /** Counters for the engine's stats. */
  conflicts = 0;
  decisions = 0;
  propagations = 0;
  restarts = 0;
  learnedClauses = 0;
  maxDepth = 0;
  /** Set when the clause arena outgrew MAX_ARENA. */
  overflow = false;

  #vars = 0;
  /** Per variable: value (0, 1 or UNASSIGNED), decision level, reason clause (-1: none). */
  #assigns = new Uint8Array(0);
  #level = new Int32Array(0);
  #reason = new Int32Array(0);
  #phase = new Uint8Array(0);
  #seen = new Uint8Array(0);
  #heap = new VarHeap(0);
  /**
   * watches[lit]: (clause ref, blocker) pairs of clauses watching `lit` (visited when it
   * becomes false); `watchSize[lit]` entries of it are in use.
   */
  #watches: Int32Array[] = [];
  /** Words read only to start cache misses early (kept so the loads are not dropped). */
  #touchSink = 0;
  #watchSize = new Int32Array(0);
  #trail = new Int32Array(0);
  #trailLength = 0;
  #trailLim: number[] = [];
  #qhead = 0;
  #arena = new Int32Array(1 << 16);
  #top = 0;
  #learnts: number[] = [];
  #clauseAct = new Float64Array(1024);
  #clauseActCount = 0;
  #clauseInc = 1;
  /** False once the clauses at level 0 are contradictory. */
  #ok = true;
  #restartIndex = 0;
  #restartBudget = RESTART_UNIT;
  #nextReduce = REDUCE_FIRST;
  #reduceStep = REDUCE_FIRST;
  #stamp = 0;
  #levelStamp = new Int32Array(0);
  readonly #learnt: number[] = [];
  readonly #stack: number[] = [];
  readonly #toClear: number[] = [];

  get vars(): number {
    return this.#vars;
  }

  /** Add `count` variables; returns the first one. */
  newVars(count: number): number {
    const first = this.#vars;
    const n = first + count;
    if (n > this.#assigns.length) {
      const cap = Math.max(n, this.#assigns.length * 2, 64);
      const grow8 = (a: Uint8Array, fill: number) => {
        const b = new Uint8Array(cap).fill(fill);
        b.set(a);
        return b;
      };
      const grow32 = (a: Int32Array) => {
        const b = new Int32Array(cap);
        b.set(a);
        return b;
      };
      this.#assigns = grow8(this.#assigns, UNASSIGNED);
      this.#phase = grow8(this.#phase, 0);
      this.#seen = grow8(this.#seen, 0);
      this.#level = grow32(this.#level);
      this.#reason = grow32(this.#reason);
      this.#trail = grow32(this.#trail);
      this.#levelStamp = grow32(this.#levelStamp);
      const sizes = new Int32Array(2 * cap);
      sizes.set(this.#watchSize);
      this.#watchSize = sizes;
      this.#heap.grow(cap);
    }
    for (let v = first; v < n; v++) {
      this.#watches.push(new Int32Array(4), new Int32Array(4));
      this.#reason[v] = -1;
      this.#heap.insert(v);
    }
    this.#vars = n;
    return first;
  }

  /** The value of a variable: 0, 1, or 2 when unassigned. */
  value(v: number): number {
    return this.#assigns[v]!;
  }

  /** Whether `v` is fixed at level 0 (for good). */
  fixed(v: number): boolean {
    return this.#assigns[v] !== UNASSIGNED && this.#level[v] === 0;
  }

  /** Seed a variable's first decision value and its place in the decision order. */
  hint(v: number, value: number, activity: number): void {
    this.#phase[v] = value;
    this.#heap.raise(v, activity);
  }

  /**
   * Add a clause at level 0. Returns false when the clauses became contradictory.
   * Duplicate literals are fine; a clause with a literal and its negation is dropped.
   */
  addClause(lits: readonly number[]): boolean {
    if (!this.#ok) return false;
    this.#cancelUntil(0);
    const out: number[] = [];
    for (const lit of lits) {
      if (!(lit >= 0 && lit >> 1 < this.#vars)) throw new RangeError(`literal ${lit} names no variable (there are ${this.#vars})`);
      const v = this.#assigns[lit >> 1]!;
      if (v === (lit & 1)) return true; // satisfied
      if (v !== UNASSIGNED) continue; // false at level 0
      if (out.includes(lit ^ 1)) return true;
      if (!out.includes(lit)) out.push(lit);
    }
    if (out.length === 0) {
      this.#ok = false;
      return false;
    }
    if (out.length === 1) {
      this.#enqueue(out[0]!, -1);
      if (this.#propagate() >= 0) this.#ok = false;
      return this.#ok;
    }
    this.#attach(out, 0, 0);
    return true;
  }

  #attach(lits: readonly number[], flags: number, lbd: number): number {
    const need = this.#top + HEADER + lits.length;
    if (need > this.#arena.length) {
      let size = this.#arena.length * 2;
      while (size < need) size *= 2;
      const grown = new Int32Array(size);
      grown.set(this.#arena.subarray(0, this.#top));
      this.#arena = grown;
    }
    const ref = this.#top;
    const a = this.#arena;
    a[ref] = lits.length;
    a[ref + 1] = flags;
    a[ref + 2] = lbd;
    a[ref + 3] = -1;
    for (let i = 0; i < lits.length; i++) a[ref + HEADER + i] = lits[i]!;
    this.#top = need;
    // A binary clause is watched as ~ref: its blocker is its other literal, so propagation
    // never has to read the clause itself.
    const w = lits.length === 2 ? ~ref : ref;
    this.#watch(lits[0]!, w, lits[1]!);
    this.#watch(lits[1]!, w, lits[0]!);
    if ((flags & LEARNT) !== 0) {
      if (this.#clauseActCount === this.#clauseAct.length) {
        const grown = new Float64Array(this.#clauseAct.length * 2);
        grown.set(this.#clauseAct);
        this.#clauseAct = grown;
      }
      a[ref + 3] = this.#clauseActCount;
      this.#clauseAct[this.#clauseActCount++] = this.#clauseInc;
      this.#learnts.push(ref);
    }
    return ref;
  }

  #watch(lit: number, ref: number, blocker: number): void {
    let list = this.#watches[lit]!;
    const size = this.#watchSize[lit]!;
    if (size + 2 > list.length) {
      const grown = new Int32Array(list.length * 2);
      grown.set(list);
      list = grown;
      this.#watches[lit] = grown;
    }
    list[size] = ref;
    list[size + 1] = blocker;
    this.#watchSize[lit] = size + 2;
  }

  #enqueue(lit: number, reason: number): void {
    const v = lit >> 1;
    this.#assigns[v] = lit & 1;
    this.#level[v] = this.#trailLim.length;
    this.#reason[v] = reason;
    this.#trail[this.#trailLength++] = lit;
  }

  /** Unit propagation; returns the conflicting clause or -1. */
  #propagate(): number {
    const assigns = this.#assigns;
    const watches = this.#watches;
    const watchSize = this.#watchSize;
    const trail = this.#trail;
    let conflict = -1;
    let touch = 0;
    let touched = this.#qhead;
    while (this.#qhead < this.#trailLength) {
      const p = trail[this.#qhead++]!;
      const falseLit = p ^ 1;
      const n = watchSize[falseLit]!;
      if (n === 0) continue;
      const list = watches[falseLit]!;
      this.propagations++;
      // Read the watch lists of up to 3 literals waiting behind this one (each once), so
      // their cache misses overlap this list's work; the values are not used.
      if (touched < this.#qhead) touched = this.#qhead;
      const ahead = Math.min(this.#trailLength, this.#qhead + 3);
      while (touched < ahead) {
        touch ^= watches[trail[touched]! ^ 1]![0]!;
        touched++;
      }
      const a = this.#arena;
      let i = 0;
      let j = 0;
      while (i < n) {
        const ref = list[i]!;
        const blocker = list[i + 1]!;
        i += 2;
        const bv = assigns[blocker >> 1]!;
        if (bv === (blocker & 1)) {
          list[j++] = ref;
          list[j++] = blocker;
          continue;
        }
        if (ref < 0) {
          // Binary clause: the blocker is implied, or the clause is false.
          list[j++] = ref;
          list[j++] = blocker;
          const bin = ~ref;
          if (bv === UNASSIGNED) {
            if (a[bin + HEADER] !== blocker) {
              a[bin + HEADER + 1] = a[bin + HEADER]!;
              a[bin + HEADER] = blocker;
            }
            this.#enqueue(blocker, bin);
          } else {
            conflict = bin;
            this.#qhead = this.#trailLength;
            while (i < n) list[j++] = list[i++]!;
          }
          continue;
        }
        const base = ref + HEADER;
        if (a[base] === falseLit) {
          a[base] = a[base + 1]!;
          a[base + 1] = falseLit;
        }
        const first = a[base]!;
        const firstVal = assigns[first >> 1]!;
        if (first !== blocker && firstVal === (first & 1)) {
          list[j++] = ref;
          list[j++] = first;
          continue;
        }
        const size = a[ref]!;
        let moved = false;
        for (let k = 2; k < size; k++) {
          const lit = a[base + k]!;
          const v = assigns[lit >> 1]!;
          if (v === UNASSIGNED || v === (lit & 1)) {
            a[base + 1] = lit;
            a[base + k] = falseLit;
            this.#watch(lit, ref, first);
            moved = true;
            break;
          }
        }
        if (moved) continue;
        list[j++] = ref;
        list[j++] = first;
        if (firstVal === UNASSIGNED) {
          this.#enqueue(first, ref);
        } else if (firstVal !== (first & 1)) {
          conflict = ref;
          this.#qhead = this.#trailLength;
          while (i < n) list[j++] = list[i++]!;
        }
      }
      watchSize[falseLit] = j;
      if (conflict >= 0) break;
    }
    this.#touchSink = touch;
    return conflict;
  }

  #cancelUntil(level: number): void {
    if (this.#trailLim.length <= level) return;
    const mark = this.#trailLim[level]!;
    const assigns = this.#assigns;
    const phase = this.#phase;
    const heap = this.#heap;
    const trail = this.#trail;
    for (let i = this.#trailLength - 1; i >= mark; i--) {
      const v = trail[i]! >> 1;
      phase[v] = assigns[v]!;
      assigns[v] = UNASSIGNED;
      heap.insert(v);
    }
    this.#trailLength = mark;
    this.#qhead = mark;
    this.#trailLim.length = level;
  }

  /**
   * Search for at most `budget` more conflicts. `sat`: every variable is assigned (read
   * them with `value`; call `blockAndContinue` to look for another model). `unsat`: no
   * (further) model. `budget`: back at level 0. `stopped`: `checkpoint` said so.
   */
  async solve(budget: number, checkpoint: () => Promise<boolean>): Promise<SatOutcome> {
    if (!this.#ok) return 'unsat';
    const stopAt = this.conflicts + budget;
    let untilCheckpoint = 256;
    for (;;) {
      const conflict = this.#propagate();
      if (conflict >= 0) {
        this.conflicts++;
        if (this.#trailLim.length === 0) {
          this.#ok = false;
          return 'unsat';
        }
        this.#analyzeAndLearn(conflict);
        if (this.overflow) return 'stopped';
        if (--this.#restartBudget <= 0) {
          this.restarts++;
          this.#restartBudget = luby(++this.#restartIndex) * RESTART_UNIT;
          this.#cancelUntil(0);
        }
        if (this.conflicts >= this.#nextReduce) {
          this.#reduceStep += 300;
          this.#nextReduce = this.conflicts + this.#reduceStep;
          this.#reduce();
        }
        if ((this.conflicts & 63) === 0 && (await checkpoint())) return 'stopped';
        if (this.conflicts >= stopAt) {
          this.#cancelUntil(0);
          return 'budget';
        }
        continue;
      }
      if (--untilCheckpoint === 0) {
        untilCheckpoint = 256;
        if (await checkpoint()) return 'stopped';
      }
      // Decide.
      let v = -1;
      const heap = this.#heap;
      while (heap.size > 0) {
        const c = heap.pop();
        if (this.#assigns[c] === UNASSIGNED) {
          v = c;
          break;
        }
      }
      if (v < 0) return 'sat';
      this.decisions++;
      this.#trailLim.push(this.#trailLength);
      if (this.#trailLim.length > this.maxDepth) this.maxDepth = this.#trailLim.length;
      this.#enqueue(2 * v + this.#phase[v]!, -1);
    }
  }

  /**
   * After `sat`: forbid the current model (a clause of its negated decisions) and jump
   * back so that the search can continue. Returns false when no decision was made (the
   * model was forced at level 0: there is no other).
   */
  blockAndContinue(): boolean {
    const levels = this.#trailLim.length;
    if (levels === 0) {
      this.#ok = false;
      return false;
    }
    const clause: number[] = [];
    for (let l = levels; l >= 1; l--) clause.push(this.#trail[this.#trailLim[l - 1]!]! ^ 1);
    this.#cancelUntil(levels - 1);
    if (clause.length === 1) {
      this.#enqueue(clause[0]!, -1);
      return true;
    }
    const ref = this.#attach(clause, 0, clause.length);
    this.#enqueue(clause[0]!, ref);
    return true;
  }

  #bumpClause(ref: number): void {
    const a = this.#arena;
    if ((a[ref + 1]! & LEARNT) === 0) return;
    const i = a[ref + 3]!;
    const act = this.#clauseAct;
    act[i]! += this.#clauseInc;
    if (act[i]! > 1e20) {
      for (let k = 0; k < this.#clauseActCount; k++) act[k]! *= 1e-20;
      this.#clauseInc *= 1e-20;
    }
  }

  #analyzeAndLearn(conflict: number): void {
    const a = this.#arena;
    const seen = this.#seen;
    const level = this.#level;
    const trail = this.#trail;
    const heap = this.#heap;
    const current = this.#trailLim.length;
    const learnt = this.#learnt;
    learnt.length = 0;
    learnt.push(-1);
    let pathC = 0;
    let p = -1;
    let index = this.#trailLength - 1;
    let ref = conflict;
    for (;;) {
      this.#bumpClause(ref);
      const size = a[ref]!;
      for (let k = p === -1 ? 0 : 1; k < size; k++) {
        const q = a[ref + HEADER + k]!;
        const v = q >> 1;
        if (seen[v] === 0 && level[v]! > 0) {
          seen[v] = 1;
          heap.bump(v);
          if (level[v]! >= current) {
            pathC++;
            // Its reason clause is read later in this loop: start that cache miss now.
            const r = this.#reason[v]!;
            if (r >= 0) this.#touchSink ^= a[r]!;
          } else learnt.push(q);
        }
      }
      while (seen[trail[index]! >> 1] === 0) index--;
      p = trail[index]!;
      index--;
      seen[p >> 1] = 0;
      pathC--;
      if (pathC <= 0) break;
      ref = this.#reason[p >> 1]!;
      // The reason clause has p first (it was implied by it): put it there if needed.
      if (a[ref + HEADER] !== p) {
        const pos = a.indexOf(p, ref + HEADER);
        a[pos] = a[ref + HEADER]!;
        a[ref + HEADER] = p;
      }
    }
    learnt[0] = p ^ 1;

    // Drop literals implied by the others (recursive minimisation).
    let abstract = 0;
    for (let k = 1; k < learnt.length; k++) abstract |= 1 << (level[learnt[k]! >> 1]! & 31);
    const toClear = this.#toClear;
    toClear.length = 0;
    for (let k = 1; k < learnt.length; k++) toClear.push(learnt[k]! >> 1);
    let j = 1;
    for (let k = 1; k < learnt.length; k++) {
      const lit = learnt[k]!;
      if (this.#reason[lit >> 1] === -1 || !this.#redundant(lit, abstract)) learnt[j++] = lit;
    }
    learnt.length = j;
    for (const v of toClear) seen[v] = 0;

    // Jump back to the second-highest level; watch that literal.
    let back = 0;
    let at = 1;
    for (let k = 1; k < learnt.length; k++) {
      const l = level[learnt[k]! >> 1]!;
      if (l > back) {
        back = l;
        at = k;
      }
    }
    if (learnt.length > 1) {
      const t = learnt[1]!;
      learnt[1] = learnt[at]!;
      learnt[at] = t;
    }
    // LBD: distinct levels among the literals.
    const stamp = ++this.#stamp;
    let lbd = 0;
    for (const lit of learnt) {
      const l = level[lit >> 1]!;
      if (this.#levelStamp[l] !== stamp) {
        this.#levelStamp[l] = stamp;
        lbd++;
      }
    }
    this.#heap.increment /= VAR_DECAY;
    this.#clauseInc /= CLAUSE_DECAY;
    this.#cancelUntil(back);
    if (learnt.length === 1) {
      this.#enqueue(learnt[0]!, -1);
    } else {
      const ref2 = this.#attach(learnt, LEARNT, lbd);
      this.learnedClauses++;
      this.#enqueue(learnt[0]!, ref2);
      if (this.#top > MAX_ARENA) this.overflow = true;
    }
  }

  /** Is `lit` (in the learned clause) implied by the clause's other literals? */
  #redundant(lit: number, abstract: number): boolean {
    const a = this.#arena;
    const seen = this.#seen;
    const level = this.#level;
    const reason = this.#reason;
    const stack = this.#stack;
    const toClear = this.#toClear;
    const top = toClear.length;
    stack.length = 0;
    stack.push(lit);
    while (stack.length > 0) {
      const q = stack.pop()!;
      const ref = reason[q >> 1]!;
      const size = a[ref]!;
      for (let k = 1; k < size; k++) {
        const r = a[ref + HEADER + k]!;
        const v = r >> 1;
        if (seen[v] !== 0 || level[v] === 0) continue;
        if (reason[v] !== -1 && ((1 << (level[v]! & 31)) & abstract) !== 0) {
          seen[v] = 1;
          stack.push(r);
          toClear.push(v);
        } else {
          for (let k2 = top; k2 < toClear.length; k2++) seen[toClear[k2]!] = 0;
          toClear.length = top;
          return false;
        }
      }
    }
    return true;
  }

  /** Delete about half of the learned clauses: high LBD and low activity first. */
  #reduce(): void {
    const a = this.#arena;
    const act = this.#clauseAct;
    const assigns = this.#assigns;
    const reason = this.#reason;
    const locked = (ref: number): boolean => {
      const v = a[ref + HEADER]! >> 1;
      return assigns[v] !== UNASSIGNED && reason[v] === ref;
    };
    const candidates = this.#learnts.filter((ref) => a[ref + 2]! > 2 && !locked(ref));
    candidates.sort((x, y) => a[y + 2]! - a[x + 2]! || act[a[x + 3]!]! - act[a[y + 3]!]!);
    const drop = candidates.length >> 1;
    for (let i = 0; i < drop; i++) a[candidates[i]! + 1]! |= DELETED;
    this.#learnts = this.#learnts.filter((ref) => (a[ref + 1]! & DELETED) === 0);
    for (let lit = 0; lit < this.#watches.length; lit++) {
      const list = this.#watches[lit]!;
      const n = this.#watchSize[lit]!;
      let j = 0;
      for (let i = 0; i < n; i += 2) {
        const w = list[i]!;
        const ref = w < 0 ? ~w : w;
        if ((a[ref + 1]! & DELETED) === 0) {
          list[j++] = w;
          list[j++] = list[i + 1]!;
        }
      }
      this.#watchSize[lit] = j;
    }
    if (this.#top > 2 * this.#liveSize()) this.#compact();
  }

  #liveSize(): number {
    const a = this.#arena;
    let live = 0;
    for (let ref = 0; ref < this.#top; ref += HEADER + a[ref]!) if ((a[ref + 1]! & DELETED) === 0) live += HEADER + a[ref]!;
    return live;
  }

  /** Move live clauses to the front of the arena and renumber refs everywhere. */
  #compact(): void {
    const a = this.#arena;
    const moved = new Map<number, number>();
    let to = 0;
    for (let ref = 0; ref < this.#top; ) {
      const len = HEADER + a[ref]!;
      if ((a[ref + 1]! & DELETED) === 0) {
        moved.set(ref, to);
        if (to !== ref) a.copyWithin(to, ref, ref + len);
        to += len;
      }
      ref += len;
    }
    this.#top = to;
    for (let lit = 0; lit < this.#watches.length; lit++) {
      const list = this.#watches[lit]!;
      const n = this.#watchSize[lit]!;
      for (let i = 0; i < n; i += 2) {
        const w = list[i]!;
        list[i] = w < 0 ? ~moved.get(~w)! : moved.get(w)!;
      }
    }
    for (let v = 0; v < this.#vars; v++) {
      const r = this.#reason[v]!;
      if (r >= 0 && this.#assigns[v] !== UNASSIGNED) this.#reason[v] = moved.get(r) ?? -1;
    }
    this.#learnts = this.#learnts.map((ref) => moved.get(ref)!);
  }
}
