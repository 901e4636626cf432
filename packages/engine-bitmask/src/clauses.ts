// Learned clauses for the conflict-learning search, watched by two literals each.
// A literal is `2 * cell + value`: true when the cell holds `value` (1 filled, 0 empty).
// Clauses live in one growable Int32Array: [size, flags, lbd, activity (float bits), lits...].

export const HEADER = 4;
const SIZE = 0;
const FLAGS = 1;
const LBD = 2;
/** Flag: the clause was removed and waits for the arena to be compacted. */
export const DELETED = 1;
/** Flag: the clause blocks a solution already found (never deleted). */
export const PERMANENT = 2;

export class ClauseDb {
  arena: Int32Array;
  top = 0;
  /**
   * watches[lit]: pairs (ref, blocker) of clauses that watch `lit` (lits[0] or lits[1] is
   * `lit`); the blocker is another literal of the clause: when it is true the clause is
   * satisfied and need not be read.
   */
  readonly watches: number[][];
  /** Refs of learned clauses that may be deleted. */
  learned: number[] = [];
  readonly #act = new Map<number, number>();
  #increment = 1;
  wasted = 0;

  constructor(cells: number) {
    this.arena = new Int32Array(1 << 16);
    this.watches = Array.from({ length: cells * 2 }, () => []);
  }

  size(ref: number): number {
    return this.arena[ref + SIZE]!;
  }

  lbd(ref: number): number {
    return this.arena[ref + LBD]!;
  }

  flags(ref: number): number {
    return this.arena[ref + FLAGS]!;
  }

  /** Add a clause (lits[0] and lits[1] become its watches) and return its ref. */
  add(lits: ArrayLike<number>, count: number, lbd: number, flags: number): number {
    const need = this.top + HEADER + count;
    if (need > this.arena.length) {
      let size = this.arena.length * 2;
      while (size < need) size *= 2;
      const grown = new Int32Array(size);
      grown.set(this.arena.subarray(0, this.top));
      this.arena = grown;
    }
    const ref = this.top;
    const a = this.arena;
    a[ref + SIZE] = count;
    a[ref + FLAGS] = flags;
    a[ref + LBD] = lbd;
    a[ref + 3] = 0;
    for (let i = 0; i < count; i++) a[ref + HEADER + i] = lits[i]!;
    this.top = need;
    if (count >= 2) {
      this.watches[lits[0]!]!.push(ref, lits[1]!);
      this.watches[lits[1]!]!.push(ref, lits[0]!);
    }
    if ((flags & PERMANENT) === 0) {
      this.learned.push(ref);
      this.#act.set(ref, this.#increment);
    }
    return ref;
  }

  bump(ref: number): void {
    const act = this.#act;
    const now = act.get(ref);
    if (now === undefined) return;
    const next = now + this.#increment;
    act.set(ref, next);
    if (next > 1e100) {
      for (const [k, v] of act) act.set(k, v * 1e-100);
      this.#increment *= 1e-100;
    }
  }

  decay(): void {
    this.#increment /= 0.999;
  }

  /**
   * Delete about half of the learned clauses, worst (high LBD, low activity) first, keeping
   * those for which `locked(ref)` is true (they are the reason of an assigned cell) and
   * those with LBD <= 2.
   */
  reduce(locked: (ref: number) => boolean): void {
    const a = this.arena;
    const act = this.#act;
    const candidates = this.learned.filter((ref) => a[ref + LBD]! > 2 && !locked(ref));
    candidates.sort((x, y) => a[y + LBD]! - a[x + LBD]! || act.get(x)! - act.get(y)!);
    const drop = candidates.slice(0, candidates.length >> 1);
    for (const ref of drop) {
      a[ref + FLAGS]! |= DELETED;
      act.delete(ref);
      this.wasted += HEADER + a[ref + SIZE]!;
    }
    this.learned = this.learned.filter((ref) => (a[ref + FLAGS]! & DELETED) === 0);
    // Drop deleted clauses from the watch lists.
    for (const list of this.watches) {
      let j = 0;
      for (let i = 0; i < list.length; i += 2) {
        const ref = list[i]!;
        if ((a[ref + FLAGS]! & DELETED) === 0) {
          list[j++] = ref;
          list[j++] = list[i + 1]!;
        }
      }
      if (j < list.length) list.length = j;
    }
  }
}
