// Deductions of the propagating engine, run to a fixpoint after every branch.
//
// Local (per node, from the queue): a chain's tail may only link to a head whose chain fits
// after it (numbers consecutive, or the unnumbered chain fits in the free numbers that
// follow; never its own head); the same for heads. A node left with one candidate is linked;
// with none, the branch is dead.
//
// Gaps (whole grid, when the queue is empty): between two placed numbers a < b with free
// numbers in between, the path from a's cell to b's cell runs through unnumbered cells in
// exactly b - a steps. Breadth-first distances from both ends bound where each unnumbered
// cell can sit in that gap. A cell that fits in no gap kills the branch; a cell that fits
// in one place only is numbered; so is the only cell that can hold a free number (none
// kills the branch); a candidate link that no gap can hold is killed.
import { SolveBudget } from '@gridrace/core';
import { T_NUMBER, T_REMOVE, type LinkState } from './links.js';
import { filterByMatching, type MatchScratch } from './matching.js';
import { PropagationStopped, StopPoll } from './stop.js';

/** Grow an Int32Array to hold at least `size` entries (contents are not kept). */
function room(a: Int32Array, size: number): Int32Array {
  return a.length >= size ? a : new Int32Array(Math.max(size, a.length * 2));
}

/**
 * Scratch arrays for the gap sweep, allocated once per solve, and the results of the last
 * sweep per gap, so that a sweep only recomputes the gaps something changed in.
 *
 * A gap's result (its cells with their ranges, the links it can hold) depends only on its
 * two ends, the live links it can hold, and its cells being unnumbered: the shortest paths
 * from p and to q of a cell that fits run through cells that fit, along links the gap can
 * hold, so killing other links or numbering other cells changes nothing in it. A gap is
 * recomputed when its pair (a, b) changed, a link it holds died or one of its cells was
 * numbered (read off the trail since the last sweep); all gaps are recomputed after an undo
 * below the last sweep, or when the last sweep failed. `incrementalGaps: false` turns the
 * reuse off; test/incremental.test.ts checks that the deductions are the same.
 */
export class GapScratch {
  readonly fDist: Int32Array;
  readonly fStamp: Int32Array;
  readonly bDist: Int32Array;
  readonly bStamp: Int32Array;
  readonly inGap: Int32Array;
  readonly lo: Int32Array;
  readonly hi: Int32Array;
  /** Per number (difference arrays): how many cells may hold it, and the sum of their ids. */
  readonly holders: Int32Array;
  readonly holderSum: Float64Array;
  /** Pairs (node, number) that the sweep found forced. */
  readonly fixes: number[] = [];
  readonly queue: Int32Array;
  gapId = 0;
  sweeps = 0;
  /** Gaps recomputed (the rest were reused). */
  gapRuns = 0;

  // Totals over the cached gaps: in how many gaps a cell fits and the sums of its ranges'
  // ends (its range when it fits in one), and how many gaps can hold each link.
  readonly fits: Int32Array;
  readonly loSum: Int32Array;
  readonly hiSum: Int32Array;
  readonly support: Int32Array;

  // The cached gap starting at number a: valid, its end b, ends p and q, its cells with
  // their ranges, the links it holds, and whether it must be recomputed.
  readonly valid: Uint8Array;
  readonly gapB: Int32Array;
  readonly gapP: Int32Array;
  readonly gapQ: Int32Array;
  readonly dirty: Uint8Array;
  readonly cells: Int32Array[];
  readonly cellLo: Int32Array[];
  readonly cellHi: Int32Array[];
  readonly cellCount: Int32Array;
  readonly links: Int32Array[];
  readonly linkCount: Int32Array;
  /** memberOf[x]: triples (a, lo, hi) for the gaps (by a) that x is a cell or an end of. */
  readonly memberOf: number[][];
  readonly mark: Int32Array;
  readonly markLo: Int32Array;
  readonly markHi: Int32Array;
  markId = 0;
  /** Trail size the cached gaps are up to date with; -1 forces a full sweep. */
  seen = -1;

  /** False: recompute every gap on every sweep (same deductions, for tests and measuring). */
  readonly incremental: boolean;

  /** The solve's budget, looked at while a sweep visits nodes. */
  readonly poll: StopPoll;

  constructor(nodes: number, edges: number, incremental = true, budget?: SolveBudget) {
    this.incremental = incremental;
    this.poll = new StopPoll(budget);
    this.fDist = new Int32Array(nodes);
    this.fStamp = new Int32Array(nodes);
    this.bDist = new Int32Array(nodes);
    this.bStamp = new Int32Array(nodes);
    this.inGap = new Int32Array(nodes);
    this.lo = new Int32Array(nodes);
    this.hi = new Int32Array(nodes);
    this.holders = new Int32Array(nodes + 1);
    this.holderSum = new Float64Array(nodes + 1);
    this.queue = new Int32Array(nodes);
    this.fits = new Int32Array(nodes);
    this.loSum = new Int32Array(nodes);
    this.hiSum = new Int32Array(nodes);
    this.support = new Int32Array(edges);
    // Numbers 0..n+1 = 0..nodes-1.
    this.valid = new Uint8Array(nodes);
    this.gapB = new Int32Array(nodes);
    this.gapP = new Int32Array(nodes);
    this.gapQ = new Int32Array(nodes);
    this.dirty = new Uint8Array(nodes);
    this.cells = [];
    this.cellLo = [];
    this.cellHi = [];
    this.links = [];
    this.memberOf = [];
    // Grown (replaced) on demand: see room().
    const empty = new Int32Array(0);
    for (let i = 0; i < nodes; i++) {
      this.cells.push(empty);
      this.cellLo.push(empty);
      this.cellHi.push(empty);
      this.links.push(empty);
      this.memberOf.push([]);
    }
    this.cellCount = new Int32Array(nodes);
    this.linkCount = new Int32Array(nodes);
    this.mark = new Int32Array(nodes);
    this.markLo = new Int32Array(nodes);
    this.markHi = new Int32Array(nodes);
  }

  /** Forget every cached gap. */
  reset(): void {
    this.fits.fill(0);
    this.loSum.fill(0);
    this.hiSum.fill(0);
    this.support.fill(0);
    this.valid.fill(0);
    this.dirty.fill(0);
    for (const list of this.memberOf) list.length = 0;
  }

  /** Take gap a's contributions out of the totals. */
  retract(a: number): void {
    const { fits, loSum, hiSum, support } = this;
    const cells = this.cells[a]!;
    const lo = this.cellLo[a]!;
    const hi = this.cellHi[a]!;
    for (let i = 0, count = this.cellCount[a]!; i < count; i++) {
      const x = cells[i]!;
      fits[x]!--;
      loSum[x]! -= lo[i]!;
      hiSum[x]! -= hi[i]!;
      this.#leave(x, a);
    }
    this.#leave(this.gapP[a]!, a);
    this.#leave(this.gapQ[a]!, a);
    const links = this.links[a]!;
    for (let i = 0, count = this.linkCount[a]!; i < count; i++) support[links[i]!]!--;
    this.valid[a] = 0;
    this.dirty[a] = 0;
  }

  #leave(x: number, a: number): void {
    const list = this.memberOf[x]!;
    let i = 0;
    while (list[i] !== a) i += 3;
    const last = list.length - 3;
    list[i] = list[last]!;
    list[i + 1] = list[last + 1]!;
    list[i + 2] = list[last + 2]!;
    list.length = last;
  }

  /**
   * Link x -> y died: mark the gaps that held it (some k in x's range with k + 1 in y's).
   * A gap that could not hold it did not use it: it lies on no shortest path from p or to q.
   */
  linkDied(x: number, y: number): void {
    const mx = this.memberOf[x]!;
    const my = this.memberOf[y]!;
    if (mx.length === 0 || my.length === 0) return;
    const id = ++this.markId;
    const { mark, markLo, markHi } = this;
    for (let i = 0; i < mx.length; i += 3) {
      const a = mx[i]!;
      mark[a] = id;
      markLo[a] = mx[i + 1]!;
      markHi[a] = mx[i + 2]!;
    }
    for (let i = 0; i < my.length; i += 3) {
      const a = my[i]!;
      if (mark[a] !== id) continue;
      if (Math.max(markLo[a]!, my[i + 1]! - 1) <= Math.min(markHi[a]!, my[i + 2]! - 1)) this.dirty[a] = 1;
    }
  }

  /** x was numbered: mark the gaps it is a cell of for recomputing. */
  numbered(x: number): void {
    const list = this.memberOf[x]!;
    for (let i = 0; i < list.length; i += 3) this.dirty[list[i]!] = 1;
  }
}

/** Check every live candidate of tail x against the chains; kill the ones that cannot be. */
function reviewTail(s: LinkState, x: number): void {
  const { outStart, outEdges, succCount, to, num, len, other, cellOf } = s;
  const nx = num[x]!;
  // Backwards over the live links: a removal only moves links already passed.
  const first = outStart[x]!;
  if (nx >= 0) {
    // Free numbers right after nx: an unnumbered chain longer than that cannot follow.
    let room = 0;
    while (cellOf[nx + 1 + room] === -1) room++;
    for (let i = first + succCount[x]! - 1; i >= first; i--) {
      const f = outEdges[i]!;
      const y = to[f]!;
      const ny = num[y]!;
      const ok = ny >= 0 ? ny === nx + 1 : len[y]! <= room && other[y] !== x;
      if (!ok) s.remove(f);
    }
    return;
  }
  for (let i = first + succCount[x]! - 1; i >= first; i--) {
    const f = outEdges[i]!;
    if (!s.compatible(x, to[f]!)) s.remove(f);
  }
}

/** The mirror image of reviewTail for head x. */
function reviewHead(s: LinkState, x: number): void {
  const { inStart, inEdges, predCount, from, num, len, other, cellOf } = s;
  const nx = num[x]!;
  const first = inStart[x]!;
  if (nx >= 0) {
    let room = 0;
    while (nx - 1 - room >= 0 && cellOf[nx - 1 - room] === -1) room++;
    for (let i = first + predCount[x]! - 1; i >= first; i--) {
      const f = inEdges[i]!;
      const y = from[f]!;
      const ny = num[y]!;
      const ok = ny >= 0 ? ny === nx - 1 : len[y]! <= room && other[y] !== x;
      if (!ok) s.remove(f);
    }
    return;
  }
  for (let i = first + predCount[x]! - 1; i >= first; i--) {
    const f = inEdges[i]!;
    if (!s.compatible(from[f]!, x)) s.remove(f);
  }
}

/** Queue entries handled between two looks at the clock (a root pass can take seconds). */
const DEQUEUES_PER_CHECK = 1024;

/**
 * Run the queue to a fixpoint. False on a contradiction (the queue is then cleared).
 * With a budget, throws PropagationStopped when it runs out; with `pauseAt` (a
 * performance.now() time), returns 'paused' with work still queued once that time passes.
 */
export function propagateLocal(s: LinkState, budget?: SolveBudget, pauseAt = Number.POSITIVE_INFINITY): boolean | 'paused' {
  const { next, prev, succCount, predCount } = s;
  let polls = 0;
  for (let x = s.dequeue(); x !== -1; x = s.dequeue()) {
    if (budget !== undefined && ++polls === DEQUEUES_PER_CHECK) {
      polls = 0;
      const stop = budget.stopReason();
      if (stop !== null) throw new PropagationStopped(stop);
      if (performance.now() >= pauseAt) {
        s.enqueue(x);
        return 'paused';
      }
    }
    if (next[x] === -1 && x !== s.end) {
      reviewTail(s, x);
      const count = succCount[x]!;
      if (count === 0) return fail(s);
      if (count === 1 && !s.link(s.onlyOut(x))) return fail(s);
    }
    if (prev[x] === -1 && x !== s.start) {
      reviewHead(s, x);
      const count = predCount[x]!;
      if (count === 0) return fail(s);
      if (count === 1 && !s.link(s.onlyIn(x))) return fail(s);
    }
  }
  return true;
}

function fail(s: LinkState): false {
  s.clearQueue();
  return false;
}

/** Mark the cached gaps that the trail since the last sweep touched. */
function markChanges(s: LinkState, g: GapScratch): void {
  const trail = s.trail.data;
  const { from, to } = s;
  let i = s.trail.size;
  while (i > g.seen) {
    const kind = trail[i - 1]!;
    if (kind === T_REMOVE) {
      const e = trail[i - 2]!;
      if (g.support[e]! > 0) g.linkDied(from[e]!, to[e]!);
      i -= 2;
    } else if (kind === T_NUMBER) {
      g.numbered(trail[i - 2]!);
      i -= 2;
    } else i -= 5; // T_LINK: its removals and numbers have their own records
  }
}

/**
 * The gap sweep. Returns false on a contradiction, true otherwise; anything it changed is
 * on the trail and the nodes to review are queued.
 */
export function sweepGaps(s: LinkState, g: GapScratch): boolean {
  g.sweeps++;
  if (!g.incremental || g.seen < 0 || s.undoLow < g.seen) g.reset();
  else markChanges(s, g);
  s.undoLow = Number.POSITIVE_INFINITY;
  // Until this sweep succeeds the cache is not trusted.
  g.seen = -1;
  const seenAt = s.trail.size;
  const { cellOf, n } = s;
  const fixes = g.fixes;
  fixes.length = 0;
  let a = 0;
  while (a <= n) {
    let b = a + 1;
    while (cellOf[b] === -1) b++;
    if (g.valid[a] === 1 && (g.dirty[a] === 1 || g.gapB[a] !== b)) g.retract(a);
    if (b > a + 1 && g.valid[a] === 0 && !sweepOneGap(s, g, a, b)) return fail(s);
    a = b;
  }

  // Every unnumbered cell must fit in some gap; one that fits in one place only gets that number.
  const { num } = s;
  const { fits, loSum, hiSum, poll } = g;
  for (let x = 0; x < n; x++) {
    poll.visit();
    if (num[x]! >= 0) continue;
    const f = fits[x]!;
    if (f === 0) return fail(s);
    if (f === 1 && loSum[x] === hiSum[x]) fixes.push(x, loSum[x]!);
  }

  // A candidate link with an unnumbered end that no gap can hold dies.
  const { outStart, outEdges, succCount, to, next } = s;
  const support = g.support;
  for (let x = 0; x < s.nodes; x++) {
    poll.visit();
    // Backwards over x's live links: a removal only moves links already passed.
    for (let first = outStart[x]!, i = first + succCount[x]! - 1; i >= first; i--) {
      const e = outEdges[i]!;
      if (support[e]! > 0) continue;
      const y = to[e]!;
      if (num[x]! >= 0 && num[y]! >= 0) continue;
      if (next[x] === y) return fail(s);
      s.remove(e);
    }
  }

  for (let i = 0; i < fixes.length; i += 2) {
    const x = fixes[i]!;
    const k = fixes[i + 1]!;
    if (num[x]! >= 0) {
      if (num[x] !== k) return fail(s);
      continue;
    }
    if (!s.numberChainAt(x, k)) return fail(s);
  }
  g.seen = seenAt;
  return true;
}

/** distances(): enter any node. */
const FREE = 0;
/** distances() backwards: enter a node only when its forward distance plus this one fits in `steps`. */
const FIT_FORWARD = 1;
/**
 * distances() forwards: a node at depth d >= `steps - near` is entered only when the
 * backward pass to depth `near` reached it within steps - d.
 */
const FIT_NEAR_BACKWARD = 2;

/**
 * Breadth-first distances from `root` over live links, through unnumbered nodes only, up
 * to `depth` steps, stamping the nodes reached with `id`. `forward` follows links,
 * otherwise they are followed backwards; `mode` prunes (FREE, FIT_FORWARD against the
 * forward stamp `other`, FIT_NEAR_BACKWARD against the backward stamp `other`). Returns the
 * number of nodes reached (root excluded); they are queue[1..count].
 */
function distances(
  s: LinkState,
  g: GapScratch,
  root: number,
  forward: boolean,
  depth: number,
  id: number,
  mode: number,
  other: number,
  steps: number,
  near: number,
): number {
  const { num } = s;
  const start = forward ? s.outStart : s.inStart;
  const live = forward ? s.succCount : s.predCount;
  const ends = forward ? s.outTo : s.inFrom;
  const dist = forward ? g.fDist : g.bDist;
  const stamp = forward ? g.fStamp : g.bStamp;
  // The other direction's distances, for pruning.
  const otherDist = forward ? g.bDist : g.fDist;
  const otherStamp = forward ? g.bStamp : g.fStamp;
  const queue = g.queue;
  const pruneFrom = mode === FIT_FORWARD ? 0 : mode === FIT_NEAR_BACKWARD ? steps - near : depth + 1;
  let head = 0;
  let tail = 0;
  queue[tail++] = root;
  stamp[root] = id;
  dist[root] = 0;
  const poll = g.poll;
  while (head < tail) {
    poll.visit();
    const x = queue[head++]!;
    const dx = dist[x]!;
    if (dx >= depth) continue;
    const d = dx + 1;
    const prune = d >= pruneFrom;
    for (let i = start[x]!, end = i + live[x]!; i < end; i++) {
      const y = ends[i]!;
      if (num[y]! >= 0 || stamp[y] === id) continue;
      if (prune && (otherStamp[y] !== other || otherDist[y]! + d > steps)) continue;
      stamp[y] = id;
      dist[y] = d;
      queue[tail++] = y;
    }
  }
  return tail - 1;
}

/**
 * One gap: placed numbers a < b with free numbers between, p = cell of a, q = cell of b.
 * The path p -> q has exactly steps = b - a links through unnumbered cells. A cell at
 * position j on it has forward distance <= j and backward distance <= steps - j, so it
 * fits only when fDist + bDist <= steps, at a position in [a + fDist, b - bDist].
 */
function sweepOneGap(s: LinkState, g: GapScratch, a: number, b: number): boolean {
  g.gapRuns++;
  const p = s.cellOf[a]!;
  const q = s.cellOf[b]!;
  const steps = b - a;
  const { succCount, outStart, outEdges, outTo } = s;
  const { fDist, bDist, bStamp, queue, inGap, lo, hi } = g;

  // Cells that fit have forward plus backward distance at most steps, and so do all cells on
  // their shortest paths from p and to q. Meet in the middle: backward from q to depth near,
  // then forward from p, entering deep cells only when they are that near q; then backward
  // again through the cells reached forward only.
  const near = (steps - 1) >> 1;
  const nearId = ++g.gapId;
  distances(s, g, q, false, near, nearId, FREE, 0, steps, near);
  const gap = ++g.gapId;
  distances(s, g, p, true, steps - 1, gap, FIT_NEAR_BACKWARD, nearId, steps, near);
  const count = distances(s, g, q, false, steps - 1, gap, FIT_FORWARD, gap, steps, near);
  // The path must exist: p links to a cell that reaches q in time.
  let reached = false;
  for (let i = outStart[p]!, end = i + succCount[p]!; i < end && !reached; i++) {
    const y = outTo[i]!;
    if (bStamp[y] === gap && y !== q) reached = true;
  }
  if (!reached) return false;

  // Cells in the gap: queue[1..count]. Record their ranges.
  const { holders, holderSum, fits, loSum, hiSum, memberOf } = g;
  holders.fill(0, a + 1, b + 1);
  holderSum.fill(0, a + 1, b + 1);
  const cells = (g.cells[a] = room(g.cells[a]!, count));
  const cellLo = (g.cellLo[a] = room(g.cellLo[a]!, count));
  const cellHi = (g.cellHi[a] = room(g.cellHi[a]!, count));
  for (let i = 1; i <= count; i++) {
    g.poll.visit();
    const x = queue[i]!;
    const l = a + fDist[x]!;
    const h = b - bDist[x]!;
    lo[x] = l;
    hi[x] = h;
    inGap[x] = gap;
    cells[i - 1] = x;
    cellLo[i - 1] = l;
    cellHi[i - 1] = h;
    fits[x]!++;
    loSum[x]! += l;
    hiSum[x]! += h;
    memberOf[x]!.push(a, l, h);
    holders[l]!++;
    holders[h + 1]!--;
    holderSum[l]! += x;
    holderSum[h + 1]! -= x;
  }
  memberOf[p]!.push(a, a, a);
  memberOf[q]!.push(a, b, b);
  g.cellCount[a] = count;
  g.gapB[a] = b;
  g.gapP[a] = p;
  g.gapQ[a] = q;
  g.valid[a] = 1;
  g.dirty[a] = 0;

  // Each free number a+1..b-1 needs a cell that can hold it; the only one is numbered.
  let holding = 0;
  let sum = 0;
  for (let k = a + 1; k < b; k++) {
    holding += holders[k]!;
    sum += holderSum[k]!;
    if (holding === 0) return false;
    if (holding === 1) g.fixes.push(sum, k);
  }

  // Links this gap can hold: both ends in it, at consecutive numbers.
  inGap[p] = gap;
  lo[p] = a;
  hi[p] = a;
  inGap[q] = gap;
  lo[q] = b;
  hi[q] = b;
  queue[0] = p;
  const support = g.support;
  let links = g.links[a]!;
  let linkCount = 0;
  for (let i = 0; i <= count; i++) {
    g.poll.visit();
    const x = queue[i]!;
    const lx = lo[x]!;
    const hx = hi[x]!;
    for (let j = outStart[x]!, end = j + succCount[x]!; j < end; j++) {
      const y = outTo[j]!;
      if (inGap[y] !== gap) continue;
      const f = outEdges[j]!;
      // Some k with lx <= k <= hx and lo[y] <= k + 1 <= hi[y].
      if (Math.max(lx, lo[y]! - 1) <= Math.min(hx, hi[y]! - 1)) {
        if (linkCount === links.length) {
          const bigger = new Int32Array(Math.max(16, links.length * 2));
          bigger.set(links);
          links = bigger;
        }
        links[linkCount++] = f;
        support[f]!++;
      }
    }
  }
  g.links[a] = links;
  g.linkCount[a] = linkCount;
  return true;
}

/**
 * Local propagation, the matching filter and gap sweeps until none changes anything.
 * With a budget, throws PropagationStopped when the time limit passes (or the signal is
 * already aborted); the filter and the sweep answer to the budget their scratch was made with.
 */
export function propagate(s: LinkState, gaps: () => GapScratch, m: MatchScratch, budget?: SolveBudget): boolean {
  for (;;) {
    if (!propagateLocal(s, budget)) return false;
    const settled = afterLocal(s, gaps, m);
    if (settled !== null) return settled;
  }
}

/**
 * `propagate` for the root, which on a big grid runs for seconds: the local step runs in
 * slices, and each whole-grid pass ends with a turn for the event loop (when the solve has
 * held it for a slice), so an abort lands within one pass.
 */
export async function propagateYielding(s: LinkState, gaps: () => GapScratch, m: MatchScratch, budget: SolveBudget): Promise<boolean> {
  const turn = async (): Promise<void> => {
    const stop = await budget.checkpoint();
    if (stop !== null) throw new PropagationStopped(stop);
  };
  for (;;) {
    let local: boolean | 'paused';
    while ((local = propagateLocal(s, budget, performance.now() + SolveBudget.SLICE_MS)) === 'paused') await turn();
    if (!local) return false;
    if (s.links === s.n + 1) return true;
    const matched = matchingPass(s, m);
    if (matched === false) return false;
    await turn();
    if (matched === null) continue;
    const swept = gapPass(s, gaps);
    if (swept !== null) return swept;
    await turn();
  }
}

/** After a local fixpoint: the matching filter, then a gap sweep. Null: go round again. */
function afterLocal(s: LinkState, gaps: () => GapScratch, m: MatchScratch): boolean | null {
  if (s.links === s.n + 1) return true;
  const matched = matchingPass(s, m);
  if (matched !== true) return matched;
  return gapPass(s, gaps);
}

/** The matching filter: false on a contradiction, null when it removed links, true when it changed nothing. */
function matchingPass(s: LinkState, m: MatchScratch): boolean | null {
  const before = s.trail.size;
  if (!filterByMatching(s, m)) return fail(s);
  return s.trail.size === before ? true : null;
}

/** A gap sweep: false on a contradiction, null when it changed something, true at the fixpoint. */
function gapPass(s: LinkState, gaps: () => GapScratch): boolean | null {
  const before = s.trail.size;
  if (!sweepGaps(s, gaps())) return false;
  return s.trail.size === before ? true : null;
}
