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
import type { LinkState } from './links.js';
import { filterByMatching, type MatchScratch } from './matching.js';

/** Scratch arrays for the gap sweep, allocated once per solve. */
export class GapScratch {
  readonly fDist: Int32Array;
  readonly fStamp: Int32Array;
  readonly bDist: Int32Array;
  readonly bStamp: Int32Array;
  readonly inGap: Int32Array;
  readonly lo: Int32Array;
  readonly hi: Int32Array;
  /** Per sweep: in how many gaps a cell fits, and its range when it is one. */
  readonly fits: Int32Array;
  readonly fitsStamp: Int32Array;
  readonly onlyLo: Int32Array;
  readonly onlyHi: Int32Array;
  readonly supported: Int32Array;
  /** Per number (difference arrays): how many cells may hold it, and the sum of their ids. */
  readonly holders: Int32Array;
  readonly holderSum: Float64Array;
  /** Pairs (node, number) that the sweep found forced. */
  readonly fixes: number[] = [];
  readonly queue: Int32Array;
  gapId = 0;
  sweepId = 0;
  sweeps = 0;

  constructor(nodes: number, edges: number) {
    this.fDist = new Int32Array(nodes);
    this.fStamp = new Int32Array(nodes);
    this.bDist = new Int32Array(nodes);
    this.bStamp = new Int32Array(nodes);
    this.inGap = new Int32Array(nodes);
    this.lo = new Int32Array(nodes);
    this.hi = new Int32Array(nodes);
    this.fits = new Int32Array(nodes);
    this.fitsStamp = new Int32Array(nodes);
    this.onlyLo = new Int32Array(nodes);
    this.onlyHi = new Int32Array(nodes);
    this.supported = new Int32Array(edges);
    this.holders = new Int32Array(nodes + 1);
    this.holderSum = new Float64Array(nodes + 1);
    this.queue = new Int32Array(nodes);
  }
}

/** Check every live candidate of tail x against the chains; kill the ones that cannot be. */
function reviewTail(s: LinkState, x: number): void {
  const { outStart, outEdges, alive, to, num, len, other, cellOf } = s;
  const nx = num[x]!;
  if (nx >= 0) {
    // Free numbers right after nx: an unnumbered chain longer than that cannot follow.
    let room = 0;
    while (cellOf[nx + 1 + room] === -1) room++;
    for (let i = outStart[x]!, end = outStart[x + 1]!; i < end; i++) {
      const f = outEdges[i]!;
      if (alive[f] === 0) continue;
      const y = to[f]!;
      const ny = num[y]!;
      const ok = ny >= 0 ? ny === nx + 1 : len[y]! <= room && other[y] !== x;
      if (!ok) s.remove(f);
    }
    return;
  }
  for (let i = outStart[x]!, end = outStart[x + 1]!; i < end; i++) {
    const f = outEdges[i]!;
    if (alive[f] === 1 && !s.compatible(x, to[f]!)) s.remove(f);
  }
}

/** The mirror image of reviewTail for head x. */
function reviewHead(s: LinkState, x: number): void {
  const { inStart, inEdges, alive, from, num, len, other, cellOf } = s;
  const nx = num[x]!;
  if (nx >= 0) {
    let room = 0;
    while (nx - 1 - room >= 0 && cellOf[nx - 1 - room] === -1) room++;
    for (let i = inStart[x]!, end = inStart[x + 1]!; i < end; i++) {
      const f = inEdges[i]!;
      if (alive[f] === 0) continue;
      const y = from[f]!;
      const ny = num[y]!;
      const ok = ny >= 0 ? ny === nx - 1 : len[y]! <= room && other[y] !== x;
      if (!ok) s.remove(f);
    }
    return;
  }
  for (let i = inStart[x]!, end = inStart[x + 1]!; i < end; i++) {
    const f = inEdges[i]!;
    if (alive[f] === 1 && !s.compatible(from[f]!, x)) s.remove(f);
  }
}

/** Run the queue to a fixpoint. False on a contradiction (the queue is then cleared). */
export function propagateLocal(s: LinkState): boolean {
  const { next, prev, succCount, predCount } = s;
  for (let x = s.dequeue(); x !== -1; x = s.dequeue()) {
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

/**
 * The gap sweep. Returns false on a contradiction, true otherwise; anything it changed is
 * on the trail and the nodes to review are queued.
 */
export function sweepGaps(s: LinkState, g: GapScratch): boolean {
  g.sweeps++;
  const sweep = ++g.sweepId;
  const { cellOf, n } = s;
  const fixes = g.fixes;
  fixes.length = 0;
  let a = 0;
  while (a <= n) {
    let b = a + 1;
    while (cellOf[b] === -1) b++;
    if (b > a + 1 && !sweepOneGap(s, g, a, b, sweep)) return fail(s);
    a = b;
  }

  // Every unnumbered cell must fit in some gap; one that fits in one place only gets that number.
  const { num } = s;
  for (let x = 0; x < n; x++) {
    if (num[x]! >= 0) continue;
    if (g.fitsStamp[x] !== sweep) return fail(s);
    if (g.fits[x] === 1 && g.onlyLo[x] === g.onlyHi[x]) fixes.push(x, g.onlyLo[x]!);
  }

  // A candidate link with an unnumbered end that no gap can hold dies.
  const { from, to, alive, next } = s;
  const m = s.edgeCount;
  for (let e = 0; e < m; e++) {
    if (alive[e] === 0 || g.supported[e] === sweep) continue;
    const x = from[e]!;
    const y = to[e]!;
    if (num[x]! >= 0 && num[y]! >= 0) continue;
    if (next[x] === y) return fail(s);
    s.remove(e);
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
  return true;
}

/**
 * Breadth-first distances from `root` over live links, through unnumbered nodes only, up
 * to `depth` steps. `forward`
 * follows links, otherwise they are followed backwards. With `filter`, a node is only
 * entered when its forward distance plus this distance stays within `steps`. Returns the
 * number of nodes reached (root excluded); they are queue[1..count].
 */
function distances(
  s: LinkState,
  g: GapScratch,
  root: number,
  forward: boolean,
  depth: number,
  gap: number,
  filter: boolean,
  steps: number,
): number {
  const { num, alive } = s;
  const start = forward ? s.outStart : s.inStart;
  const list = forward ? s.outEdges : s.inEdges;
  const other = forward ? s.to : s.from;
  const dist = forward ? g.fDist : g.bDist;
  const stamp = forward ? g.fStamp : g.bStamp;
  const { queue, fStamp, fDist } = g;
  let head = 0;
  let tail = 0;
  queue[tail++] = root;
  stamp[root] = gap;
  dist[root] = 0;
  while (head < tail) {
    const x = queue[head++]!;
    const dx = dist[x]!;
    if (dx >= depth) continue;
    for (let i = start[x]!, end = start[x + 1]!; i < end; i++) {
      const f = list[i]!;
      if (alive[f] === 0) continue;
      const y = other[f]!;
      if (num[y]! >= 0 || stamp[y] === gap) continue;
      if (filter && (fStamp[y] !== gap || fDist[y]! + dx + 1 > steps)) continue;
      stamp[y] = gap;
      dist[y] = dx + 1;
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
function sweepOneGap(s: LinkState, g: GapScratch, a: number, b: number, sweep: number): boolean {
  const p = s.cellOf[a]!;
  const q = s.cellOf[b]!;
  const steps = b - a;
  const { alive, outStart, outEdges, to } = s;
  const { fDist, bDist, bStamp, queue, inGap, lo, hi } = g;

  const gap = ++g.gapId;
  distances(s, g, p, true, steps - 1, gap, false, steps);
  // Backward from q: only through cells the forward pass reached, within steps in total.
  const count = distances(s, g, q, false, steps - 1, gap, true, steps);
  // The path must exist: p links to a cell that reaches q in time.
  let reached = false;
  for (let i = outStart[p]!, end = outStart[p + 1]!; i < end && !reached; i++) {
    const f = outEdges[i]!;
    if (alive[f] === 1 && bStamp[to[f]!] === gap && to[f] !== q) reached = true;
  }
  if (!reached) return false;

  // Cells in the gap: queue[1..count]. Record their ranges.
  const { fits, fitsStamp, onlyLo, onlyHi, supported, holders, holderSum } = g;
  holders.fill(0, a + 1, b + 1);
  holderSum.fill(0, a + 1, b + 1);
  for (let i = 1; i <= count; i++) {
    const x = queue[i]!;
    const l = a + fDist[x]!;
    const h = b - bDist[x]!;
    lo[x] = l;
    hi[x] = h;
    inGap[x] = gap;
    if (fitsStamp[x] !== sweep) {
      fitsStamp[x] = sweep;
      fits[x] = 1;
      onlyLo[x] = l;
      onlyHi[x] = h;
    } else fits[x]!++;
    holders[l]!++;
    holders[h + 1]!--;
    holderSum[l]! += x;
    holderSum[h + 1]! -= x;
  }

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
  for (let i = 0; i <= count; i++) {
    const x = queue[i]!;
    const lx = lo[x]!;
    const hx = hi[x]!;
    for (let j = outStart[x]!, end = outStart[x + 1]!; j < end; j++) {
      const f = outEdges[j]!;
      if (alive[f] === 0) continue;
      const y = to[f]!;
      if (inGap[y] !== gap) continue;
      // Some k with lx <= k <= hx and lo[y] <= k + 1 <= hi[y].
      if (Math.max(lx, lo[y]! - 1) <= Math.min(hx, hi[y]! - 1)) supported[f] = sweep;
    }
  }
  return true;
}

/** Local propagation, the matching filter and gap sweeps until none changes anything. */
export function propagate(s: LinkState, g: GapScratch, m: MatchScratch): boolean {
  for (;;) {
    if (!propagateLocal(s)) return false;
    if (s.links === s.n + 1) return true;
    let before = s.trail.size;
    if (!filterByMatching(s, m)) return fail(s);
    if (s.trail.size !== before) continue;
    before = s.trail.size;
    if (!sweepGaps(s, g)) return false;
    if (s.trail.size === before) return true;
  }
}
