// The state of the propagating engine: candidate links, chains of linked cells, numbers,
// and the undo trail. Everything is a typed array; branching never copies the state.
//
// Nodes are the cells 0..n-1 plus two virtual ones: START (number 0) before 1 and END
// (number n+1) after n. A solution is a path START -> ... -> END through every cell, so
// "1 has no predecessor" and "N has no successor" are ordinary links to START and END.
// Candidate links ("edges") are fixed up front (a cell to each cell on its ray, START to
// each cell that may hold 1, each cell that may hold N to END) and only ever die.
import type { SolveBudget, StopReason } from '@gridrace/core';
import type { ArrowGrid } from './grid.js';

/** A growable stack of 32-bit integers. */
export class IntStack {
  data: Int32Array;
  size = 0;
  constructor(capacity = 1024) {
    this.data = new Int32Array(capacity);
  }
  push(v: number): void {
    if (this.size === this.data.length) {
      const bigger = new Int32Array(this.data.length * 2);
      bigger.set(this.data);
      this.data = bigger;
    }
    this.data[this.size++] = v;
  }
  pop(): number {
    return this.data[--this.size]!;
  }
}

// Trail record kinds: the arguments are pushed first, the kind last.
export const T_REMOVE = 0; // [edge, T_REMOVE]
export const T_NUMBER = 1; // [node, T_NUMBER]
export const T_LINK = 2; // [from, to, head of from's chain, length of from's chain, T_LINK]

/**
 * Upper bound on candidate links for a grid, from the counted ray lengths (nothing is
 * built), to refuse grids too big to hold before allocating anything for them.
 */
export function countEdges(grid: ArrowGrid): number {
  return 2 * grid.n + grid.rayCells;
}

/** Links handled between two budget checks while building (a millisecond or so). */
const LINKS_PER_CHECK = 1 << 18;

/** The fixed candidate links in CSR form, built by `buildLinkState`. */
interface CandidateLinks {
  readonly from: Int32Array;
  readonly to: Int32Array;
  readonly succCount: Int32Array;
  readonly predCount: Int32Array;
  readonly outStart: Int32Array;
  readonly inStart: Int32Array;
  readonly outEdges: Int32Array;
  readonly inEdges: Int32Array;
  readonly outTo: Int32Array;
  readonly inFrom: Int32Array;
  readonly outPos: Int32Array;
  readonly inPos: Int32Array;
}

/**
 * Build the candidate links and the state around them. Millions of links take a while:
 * the budget is checked (and the event loop given a turn) every slice, so a time limit or
 * an abort lands here too; then the stop reason is returned instead.
 */
export async function buildLinkState(grid: ArrowGrid, budget: SolveBudget): Promise<LinkState | StopReason> {
  const n = grid.n;
  const start = n;
  const end = n + 1;
  const nodes = n + 2;
  let work = 0;
  // Checks the budget once per slice of `amount` units of work; null to go on.
  const tick = async (amount: number): Promise<StopReason | null> => {
    work += amount;
    if (work < LINKS_PER_CHECK) return null;
    work = 0;
    return budget.checkpoint();
  };

  let m = grid.rayCells;
  for (let c = 0; c < n; c++) {
    const g = grid.given[c]!;
    if (g === 0 || g === n) m++;
    if (g === 0 || g === 1) m++;
  }
  const from = new Int32Array(m);
  const to = new Int32Array(m);
  let e = 0;
  for (let c = 0; c < n; c++) {
    const g = grid.given[c]!;
    const step = grid.rayStep[c]!;
    const length = grid.rayLength[c]!;
    for (let k = 1, d = c + step; k <= length; k++, d += step) {
      from[e] = c;
      to[e++] = d;
    }
    if (g === 0 || g === n) {
      from[e] = c;
      to[e++] = end;
    }
    if (g === 0 || g === 1) {
      from[e] = start;
      to[e++] = c;
    }
    const stop = await tick(length + 1);
    if (stop !== null) return stop;
  }
  const succCount = new Int32Array(nodes);
  const predCount = new Int32Array(nodes);
  for (let i = 0; i < m; i++) {
    succCount[from[i]!]!++;
    predCount[to[i]!]!++;
    if ((i & (LINKS_PER_CHECK - 1)) === 0) {
      const stop = await budget.checkpoint();
      if (stop !== null) return stop;
    }
  }
  const outStart = new Int32Array(nodes + 1);
  const inStart = new Int32Array(nodes + 1);
  for (let x = 0; x < nodes; x++) {
    outStart[x + 1] = outStart[x]! + succCount[x]!;
    inStart[x + 1] = inStart[x]! + predCount[x]!;
  }
  const outEdges = new Int32Array(m);
  const inEdges = new Int32Array(m);
  const outTo = new Int32Array(m);
  const inFrom = new Int32Array(m);
  const outPos = new Int32Array(m);
  const inPos = new Int32Array(m);
  const outFill = outStart.slice(0, nodes);
  const inFill = inStart.slice(0, nodes);
  for (let i = 0; i < m; i++) {
    const out = outFill[from[i]!]!++;
    outPos[i] = out;
    outEdges[out] = i;
    outTo[out] = to[i]!;
    const into = inFill[to[i]!]!++;
    inPos[i] = into;
    inEdges[into] = i;
    inFrom[into] = from[i]!;
    if ((i & (LINKS_PER_CHECK - 1)) === 0) {
      const stop = await budget.checkpoint();
      if (stop !== null) return stop;
    }
  }
  const stop = await budget.checkpoint();
  if (stop !== null) return stop;
  return new LinkState(grid, { from, to, succCount, predCount, outStart, inStart, outEdges, inEdges, outTo, inFrom, outPos, inPos });
}

export class LinkState {
  /** Cells; also the last number N. */
  readonly n: number;
  readonly start: number;
  readonly end: number;
  /** n + 2. */
  readonly nodes: number;

  // Candidate links, fixed: edge e goes from[e] -> to[e]. Per node, its edges in CSR form.
  readonly from: Int32Array;
  readonly to: Int32Array;
  readonly outStart: Int32Array;
  readonly outEdges: Int32Array;
  readonly inStart: Int32Array;
  readonly inEdges: Int32Array;
  /** The far end of each slot: outTo[i] = to[outEdges[i]], inFrom[i] = from[inEdges[i]] (saves a lookup in the gap sweep's searches). */
  readonly outTo: Int32Array;
  readonly inFrom: Int32Array;

  // Candidate links, live. Each node's live links come first in its outEdges and inEdges
  // slices (succCount and predCount of them): a removal swaps the link behind them, an undo
  // (in reverse order) takes it back in. outPos and inPos: where each link sits.
  readonly alive: Uint8Array;
  readonly succCount: Int32Array;
  readonly predCount: Int32Array;
  readonly outPos: Int32Array;
  readonly inPos: Int32Array;

  // Links made, and chains: `other[x]` is the far end of x's chain and `len[x]` its length,
  // both valid only where x is an end of its chain (next or prev is -1).
  readonly next: Int32Array;
  readonly prev: Int32Array;
  readonly other: Int32Array;
  readonly len: Int32Array;
  links = 0;

  // Numbers: num[x] = -1 while unknown; cellOf[k] = -1 while k is not placed.
  readonly num: Int32Array;
  readonly cellOf: Int32Array;
  /** How many of 1..n are placed. */
  placed = 0;

  readonly trail = new IntStack(4096);
  /**
   * The lowest trail size undone to since the gap sweep last looked (Infinity when none):
   * the sweep's cached per-gap results are only valid while no undo went below them.
   */
  undoLow = Number.POSITIVE_INFINITY;

  // Nodes whose candidate links need checking (their chain changed, a count dropped to 1).
  readonly #queue: Int32Array;
  #qHead = 0;
  #qTail = 0;
  readonly #queued: Uint8Array;

  // Counters for stats.
  removals = 0;
  linksMade = 0;

  constructor(grid: ArrowGrid, links: CandidateLinks) {
    const n = grid.n;
    this.n = n;
    this.start = n;
    this.end = n + 1;
    this.nodes = n + 2;
    const nodes = this.nodes;

    this.from = links.from;
    this.to = links.to;
    this.alive = new Uint8Array(links.from.length).fill(1);
    this.succCount = links.succCount;
    this.predCount = links.predCount;
    this.outStart = links.outStart;
    this.inStart = links.inStart;
    this.outEdges = links.outEdges;
    this.inEdges = links.inEdges;
    this.outPos = links.outPos;
    this.inPos = links.inPos;
    this.outTo = links.outTo;
    this.inFrom = links.inFrom;

    this.next = new Int32Array(nodes).fill(-1);
    this.prev = new Int32Array(nodes).fill(-1);
    this.other = new Int32Array(nodes);
    for (let x = 0; x < nodes; x++) this.other[x] = x;
    this.len = new Int32Array(nodes).fill(1);

    this.num = new Int32Array(nodes).fill(-1);
    this.cellOf = new Int32Array(n + 2).fill(-1);
    this.num[this.start] = 0;
    this.cellOf[0] = this.start;
    this.num[this.end] = n + 1;
    this.cellOf[n + 1] = this.end;
    for (let c = 0; c < n; c++) {
      const g = grid.given[c]!;
      if (g !== 0) {
        this.num[c] = g;
        this.cellOf[g] = c;
        this.placed++;
      }
    }

    this.#queue = new Int32Array(nodes + 1); // a ring: one slot stays empty
    this.#queued = new Uint8Array(nodes);
  }

  get edgeCount(): number {
    return this.from.length;
  }

  // ---- the to-do queue ---------------------------------------------------------------

  enqueue(x: number): void {
    if (this.#queued[x] === 1) return;
    this.#queued[x] = 1;
    this.#queue[this.#qTail] = x;
    this.#qTail = this.#qTail + 1 === this.#queue.length ? 0 : this.#qTail + 1;
  }

  /**
   * Put x, just taken by dequeue(), back at the front: a pass paused there resumes in the same
   * order, so what it deduces, and in which order, does not depend on when the pause came.
   */
  requeue(x: number): void {
    if (this.#queued[x] === 1) return;
    this.#queued[x] = 1;
    this.#qHead = this.#qHead === 0 ? this.#queue.length - 1 : this.#qHead - 1;
    this.#queue[this.#qHead] = x;
  }

  /** The next queued node, or -1. */
  dequeue(): number {
    if (this.#qHead === this.#qTail) return -1;
    const x = this.#queue[this.#qHead]!;
    this.#qHead = this.#qHead + 1 === this.#queue.length ? 0 : this.#qHead + 1;
    this.#queued[x] = 0;
    return x;
  }

  clearQueue(): void {
    for (let x = this.dequeue(); x !== -1; x = this.dequeue());
  }

  enqueueAll(): void {
    for (let x = 0; x < this.nodes; x++) this.enqueue(x);
  }

  // ---- changes, each recorded on the trail ---------------------------------------------

  /** Kill candidate link e. Queues an end whose count fell to one or none. */
  remove(e: number): void {
    this.alive[e] = 0;
    this.trail.push(e);
    this.trail.push(T_REMOVE);
    this.removals++;
    const a = this.from[e]!;
    const b = this.to[e]!;
    const { outEdges, inEdges, outPos, inPos } = this;
    // Swap e behind the live links of a and of b.
    const lastOut = this.outStart[a]! + --this.succCount[a]!;
    const f = outEdges[lastOut]!;
    const atOut = outPos[e]!;
    outEdges[atOut] = f;
    outPos[f] = atOut;
    this.outTo[atOut] = this.to[f]!;
    outEdges[lastOut] = e;
    outPos[e] = lastOut;
    this.outTo[lastOut] = b;
    const lastIn = this.inStart[b]! + --this.predCount[b]!;
    const g = inEdges[lastIn]!;
    const atIn = inPos[e]!;
    inEdges[atIn] = g;
    inPos[g] = atIn;
    this.inFrom[atIn] = this.from[g]!;
    inEdges[lastIn] = e;
    inPos[e] = lastIn;
    this.inFrom[lastIn] = a;
    if (this.succCount[a]! <= 1 && this.next[a] === -1) this.enqueue(a);
    if (this.predCount[b]! <= 1 && this.prev[b] === -1) this.enqueue(b);
  }

  /** Give node x number k. False when k is not free or not a cell number. */
  #assign(x: number, k: number): boolean {
    if (k < 1 || k > this.n || this.cellOf[k] !== -1) return false;
    this.num[x] = k;
    this.cellOf[k] = x;
    this.placed++;
    this.trail.push(x);
    this.trail.push(T_NUMBER);
    return true;
  }

  /** Number the unnumbered chain through x so that x holds k. False on a clash. */
  numberChainAt(x: number, k: number): boolean {
    let head = x;
    let offset = 0;
    while (this.prev[head] !== -1) {
      head = this.prev[head]!;
      offset++;
    }
    let number = k - offset;
    const first = number;
    for (let y = head; y !== -1; y = this.next[y]!) {
      if (!this.#assign(y, number++)) return false;
    }
    this.#queueAround(head, this.other[head]!, first, number - 1);
    return true;
  }

  /** After numbers lo..hi were placed on the chain head..tail: queue what they may affect. */
  #queueAround(head: number, tail: number, lo: number, hi: number): void {
    this.enqueue(head);
    this.enqueue(tail);
    let k = lo - 1;
    while (this.cellOf[k] === -1) k--;
    this.enqueue(this.cellOf[k]!);
    k = hi + 1;
    while (this.cellOf[k] === -1) k++;
    this.enqueue(this.cellOf[k]!);
  }

  /**
   * Make candidate link e (from a chain's tail to another chain's head): join the chains,
   * number the unnumbered one from the numbered one, kill the competing links and the link
   * that would close a cycle. False on a contradiction (the caller undoes the trail).
   */
  link(e: number): boolean {
    const c = this.from[e]!;
    const d = this.to[e]!;
    if (this.next[c] === d) return true;
    if (this.next[c] !== -1 || this.prev[d] !== -1) return false;
    const h = this.other[c]!;
    const t = this.other[d]!;
    if (h === d) return false; // would close a cycle

    const nc = this.num[c]!;
    const nd = this.num[d]!;
    let lo = -1;
    let hi = -1;
    if (nc >= 0 && nd >= 0) {
      if (nd !== nc + 1) return false;
    } else if (nc >= 0) {
      let k = nc + 1;
      lo = k;
      for (let x = d; x !== -1; x = this.next[x]!) if (!this.#assign(x, k++)) return false;
      hi = k - 1;
    } else if (nd >= 0) {
      let k = nd - 1;
      hi = k;
      for (let x = c; x !== -1; x = this.prev[x]!) if (!this.#assign(x, k--)) return false;
      lo = k + 1;
    }

    // Backwards over the live links: a removal only moves links already passed.
    for (let first = this.outStart[c]!, i = first + this.succCount[c]! - 1; i >= first; i--) {
      const f = this.outEdges[i]!;
      if (f !== e) this.remove(f);
    }
    for (let first = this.inStart[d]!, i = first + this.predCount[d]! - 1; i >= first; i--) {
      const f = this.inEdges[i]!;
      if (f !== e) this.remove(f);
    }

    const lenA = this.len[c]!;
    const lenB = this.len[d]!;
    this.next[c] = d;
    this.prev[d] = c;
    this.other[h] = t;
    this.other[t] = h;
    this.len[h] = lenA + lenB;
    this.len[t] = lenA + lenB;
    this.links++;
    this.linksMade++;
    this.trail.push(c);
    this.trail.push(d);
    this.trail.push(h);
    this.trail.push(lenA);
    this.trail.push(T_LINK);

    // The new chain must not close on itself.
    if (t !== this.end && h !== this.start) {
      for (let i = this.outStart[t]!, end = i + this.succCount[t]!; i < end; i++) {
        const f = this.outEdges[i]!;
        if (this.to[f] === h) {
          this.remove(f);
          break;
        }
      }
    }

    if (lo >= 0) this.#queueAround(h, t, lo, hi);
    else {
      this.enqueue(h);
      this.enqueue(t);
    }
    return true;
  }

  /** Undo every change recorded after trail size `mark`. */
  undoTo(mark: number): void {
    const trail = this.trail;
    if (trail.size > mark && mark < this.undoLow) this.undoLow = mark;
    while (trail.size > mark) {
      const kind = trail.pop();
      if (kind === T_REMOVE) {
        const e = trail.pop();
        // e sits right behind the live links of both ends (every later move is undone).
        this.alive[e] = 1;
        this.succCount[this.from[e]!]!++;
        this.predCount[this.to[e]!]!++;
      } else if (kind === T_NUMBER) {
        const x = trail.pop();
        this.cellOf[this.num[x]!] = -1;
        this.num[x] = -1;
        this.placed--;
      } else {
        const lenA = trail.pop();
        const h = trail.pop();
        const d = trail.pop();
        const c = trail.pop();
        const t = this.other[h]!;
        const lenB = this.len[h]! - lenA;
        this.next[c] = -1;
        this.prev[d] = -1;
        this.other[h] = c;
        this.other[c] = h;
        this.other[d] = t;
        this.other[t] = d;
        this.len[h] = lenA;
        this.len[c] = lenA;
        this.len[d] = lenB;
        this.len[t] = lenB;
        this.links--;
      }
    }
  }

  // ---- queries --------------------------------------------------------------------------

  /** True when numbers lo..hi are all cell numbers (1..n) and none is placed. */
  freeRange(lo: number, hi: number): boolean {
    if (lo < 1 || hi > this.n) return false;
    for (let k = lo; k <= hi; k++) if (this.cellOf[k] !== -1) return false;
    return true;
  }

  /** Could tail c be followed by head d, judging by their chains? */
  compatible(c: number, d: number): boolean {
    if (this.other[c] === d) return false; // same chain: a cycle
    const nc = this.num[c]!;
    const nd = this.num[d]!;
    if (nc >= 0) {
      if (nd >= 0) return nd === nc + 1;
      return this.freeRange(nc + 1, nc + this.len[d]!);
    }
    if (nd >= 0) return this.freeRange(nd - this.len[c]!, nd - 1);
    return this.len[c]! + this.len[d]! <= this.n - this.placed;
  }

  /** The one live edge out of x, or -1 when there is not exactly one. */
  onlyOut(x: number): number {
    return this.succCount[x] === 1 ? this.outEdges[this.outStart[x]!]! : -1;
  }

  /** The one live edge into x, or -1 when there is not exactly one. */
  onlyIn(x: number): number {
    return this.predCount[x] === 1 ? this.inEdges[this.inStart[x]!]! : -1;
  }
}
