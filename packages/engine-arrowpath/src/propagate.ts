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
import { CLEAN, GapScratch, freeNumbersHeld, holdsLink, room } from './gap-cache.js';
import type { LinkState } from './links.js';
import { filterByMatching, type MatchScratch } from './matching.js';
import { PropagationStopped } from './stop.js';

export { GapScratch, type Deductions } from './gap-cache.js';

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
        s.requeue(x);
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

/**
 * The gap sweep. Returns false on a contradiction, true otherwise; anything it changed is
 * on the trail and the nodes to review are queued. Gaps of more than `deferSteps` steps that
 * need a search are left for a later sweep (g.deferred says whether any was).
 */
export function sweepGaps(s: LinkState, g: GapScratch, deferSteps = Number.POSITIVE_INFINITY): boolean {
  g.sweeps++;
  if (!g.incremental || g.seen < 0) g.reset();
  else {
    if (s.undoLow < g.seen) g.forgetAfter(s.undoLow);
    g.markChanges(s);
  }
  s.undoLow = Number.POSITIVE_INFINITY;
  // Until this sweep succeeds the cache is not trusted.
  g.seen = -1;
  const seenAt = s.trail.size;
  const { cellOf, n } = s;
  const fixes = g.fixes;
  fixes.length = 0;
  let a = 0;
  g.deferred = false;
  if (g.minGapNumber > 0) {
    // Out of reach: the gaps before the first placed number from minGapNumber on.
    a = g.minGapNumber;
    while (a <= n && cellOf[a] === -1) a++;
    g.deferred = true;
  }
  const last = Math.min(n, g.maxGapNumber);
  while (a <= last) {
    let b = a + 1;
    while (cellOf[b] === -1) b++;
    if (g.valid[a] === 1 && g.gapB[a] !== b) g.retract(a);
    else if (g.valid[a] === 1 && g.dirty[a] !== CLEAN) {
      const updated = g.update(s, a);
      if (updated === false) return fail(s);
      if (updated === null) g.retract(a);
      else g.written[a] = seenAt;
    }
    if (b > a + 1 && g.valid[a] === 0) {
      if (b - a > deferSteps) g.deferred = true;
      else if (!sweepOneGap(s, g, a, b)) return fail(s);
      else g.written[a] = seenAt;
    }
    a = b;
  }
  const { num } = s;
  // Without every gap, the totals do not say where a cell fits or which links a gap holds:
  // then only each gap's own findings (its free numbers' holders) count.
  if (!g.deferred) {
    // Every unnumbered cell must fit in some gap; one that fits in one place only gets that number.
    const { fits, loSum, hiSum, poll } = g;
    for (let x = 0; x < n; x++) {
      poll.visit();
      if (num[x]! >= 0) continue;
      const f = fits[x]!;
      if (f === 0) return fail(s);
      if (f === 1 && loSum[x] === hiSum[x]) fixes.push(x, loSum[x]!);
    }

    g.lookedAt = seenAt;
    if (!killUnsupportedLinks(s, g)) return fail(s);
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

/**
 * A candidate link with an unnumbered end that no gap can hold dies. After the totals were
 * rebuilt every link is looked at; otherwise only those whose support fell to 0 since (a
 * 100x100 solve has 254 sweeps over 470,000 candidate links, most of them held), sorted into
 * the order of the full scan so that both remove the same links in the same order. False when
 * a made link is held by no gap.
 */
function killUnsupportedLinks(s: LinkState, g: GapScratch): boolean {
  const { outStart, outEdges, outPos, succCount, from, to, alive } = s;
  const { support, poll } = g;
  if (g.checkAllLinks) {
    g.checkAllLinks = false;
    for (let x = 0; x < s.nodes; x++) {
      poll.visit();
      // Backwards over x's live links: a removal only moves links already passed.
      for (let first = outStart[x]!, i = first + succCount[x]! - 1; i >= first; i--) {
        const e = outEdges[i]!;
        if (support[e]! === 0 && !killUnheld(s, e, x, to[e]!)) return false;
      }
    }
    return true;
  }
  const { unsupported, unsupportedMark, dyingKeys } = g;
  const count = g.unsupportedCount;
  g.unsupportedCount = 0;
  // The ones still unsupported and live, by tail ascending, then from the last live slot down:
  // a key per link (its slot mirrored within its tail's range, times the link count, plus the
  // link) sorts numerically, without a comparator.
  const m = s.edgeCount;
  let kept = 0;
  for (let i = 0; i < count; i++) {
    const e = unsupported[i]!;
    unsupportedMark[e] = 0;
    if (support[e]! > 0 || alive[e] === 0) continue;
    const x = from[e]!;
    dyingKeys[kept++] = (outStart[x]! + outStart[x + 1]! - 1 - outPos[e]!) * m + e;
  }
  const keys = dyingKeys.subarray(0, kept).sort();
  for (let i = 0; i < kept; i++) {
    poll.visit();
    const e = keys[i]! % m;
    if (!killUnheld(s, e, from[e]!, to[e]!)) return false;
  }
  return true;
}

/** Link e (x -> y), held by no gap, dies unless both ends are numbered; false when it is made. */
function killUnheld(s: LinkState, e: number, x: number, y: number): boolean {
  if (s.num[x]! >= 0 && s.num[y]! >= 0) return true;
  if (s.next[x] === y) return false;
  s.remove(e);
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
  // Each side explores about half the steps in full: with r live links a cell, the search
  // costs about r^(steps - near) forward and r^near backward (at 4 steps, 2 r^2 instead of
  // r^3 + r with one step less backward: a sixth less time for the generator at 60x60). At
  // 2 steps p's links are the whole search.
  const near = steps === 2 ? 0 : steps >> 1;
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
  g.dirty[a] = CLEAN;

  if (!freeNumbersHeld(g, a, b)) return false;

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
      if (holdsLink(lx, hx, lo[y]!, hi[y]!)) {
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
 * Local propagation, gap sweeps and the matching filter (none when `m` is null) until none
 * changes anything. With a budget, throws PropagationStopped when the time limit passes (or
 * the signal is already aborted); the filter and the sweep answer to the budget their scratch
 * was made with.
 */
export function propagate(s: LinkState, gaps: () => GapScratch, m: MatchScratch | null, budget?: SolveBudget): boolean {
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
export async function propagateYielding(s: LinkState, gaps: () => GapScratch, m: MatchScratch | null, budget: SolveBudget): Promise<boolean> {
  const turn = async (): Promise<void> => {
    const stop = await budget.checkpoint();
    if (stop !== null) throw new PropagationStopped(stop);
  };
  for (;;) {
    let local: boolean | 'paused';
    while ((local = propagateLocal(s, budget, performance.now() + SolveBudget.SLICE_MS)) === 'paused') await turn();
    if (!local) return false;
    if (s.links === s.n + 1) return true;
    const swept = gapPass(s, gaps);
    if (swept === false) return false;
    await turn();
    if (swept === null) continue;
    if (m === null) return true;
    const matched = matchingPass(s, m);
    if (matched !== null) return matched;
    await turn();
  }
}

/**
 * After a local fixpoint: a gap sweep, then, once the sweeps change nothing, the matching
 * filter. Null: go round again. Both only remove links, so the fixpoint is the same in either
 * order; this one is cheaper. A sweep costs about what changed since the last (cached gaps),
 * the filter a pass over the whole graph every time, and most of what the filter would find
 * between two sweeps the next sweep finds too: a 100x100 solve runs the filter 9 times
 * instead of 87 (and sweeps 104 times instead of 60), in 13-24% less time.
 */
function afterLocal(s: LinkState, gaps: () => GapScratch, m: MatchScratch | null): boolean | null {
  if (s.links === s.n + 1) return true;
  const swept = gapPass(s, gaps);
  if (swept !== true || m === null) return swept;
  return matchingPass(s, m);
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
  const g = gaps();
  const first = g.deferBigGaps ? Math.min(DEFER_STEPS, g.maxGapSteps) : g.maxGapSteps;
  if (!sweepGaps(s, g, first)) return false;
  if (s.trail.size !== before) return null;
  if (!g.deferred || first === g.maxGapSteps) return true;
  if (!sweepGaps(s, g, g.maxGapSteps)) return false;
  return s.trail.size === before ? true : null;
}

/**
 * Gaps of more steps than this wait for a full sweep when they need a search. Within five
 * queen moves most of a big grid is reachable, so such a gap holds about every cell near it
 * (a 100x100 at 58% given: 138 gaps of 5-8 steps, 1,000 cells each, 270 of the first sweep's
 * 353 ms), while the short gaps' deductions number cells that split most of them anyway.
 */
const DEFER_STEPS = 4;
