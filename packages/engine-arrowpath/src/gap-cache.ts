// The gap sweep's cache: per gap between two placed numbers, the cells that fit in it with
// their ranges and the links it can hold, kept from sweep to sweep and brought up to date
// where links died and cells were numbered (propagate.ts runs the sweep).
import type { SolveBudget } from '@gridrace/core';
import { T_NUMBER, T_REMOVE, type LinkState } from './links.js';
import { StopPoll } from './stop.js';

// A cached gap's state (GapScratch.dirty): up to date, or changed since (see update).
export const CLEAN = 0;
export const STALE = 1;

/**
 * Which deductions propagation makes: `all`, or `short-gaps`, the local ones: gaps of up to
 * SHORT_GAP_STEPS steps (GapScratch.maxGapSteps) and no matching filter.
 */
export type Deductions = 'all' | 'short-gaps';

/** The longest gap the `short-gaps` deductions search. */
export const SHORT_GAP_STEPS = 4;

/** update() gives up when more than this share of the gap's cells moved (see there). */
const GIVE_UP_SHARE = 0.25;

/** One direction of a gap's distances: from p along links (forward) or to q against them (backward). */
interface Direction {
  /** The distances being updated, and the other direction's. */
  readonly dist: Int32Array;
  readonly other: Int32Array;
  /** p or q, at distance 0. */
  readonly root: number;
  /** The links towards the root (a cell's predecessors going forward) and away from it, as CSR slices with live counts. */
  readonly nearStart: Int32Array;
  readonly nearCount: Int32Array;
  readonly nearEnds: Int32Array;
  readonly farStart: Int32Array;
  readonly farCount: Int32Array;
  readonly farEnds: Int32Array;
}

// What an event says about a cell of a stale gap (GapScratch.eventKind).
const NUMBERED = 0;
const FORWARD = 1;
const BACKWARD = 2;

/**
 * Can a gap hold link x -> y, with x's range [lx, hx] and y's [ly, hy] in it: some k with
 * lx <= k <= hx and ly <= k + 1 <= hy?
 */
export function holdsLink(lx: number, hx: number, ly: number, hy: number): boolean {
  return Math.max(lx, ly - 1) <= Math.min(hx, hy - 1);
}

/** Grow an Int32Array to hold at least `size` entries (contents are not kept). */
export function room(a: Int32Array, size: number): Int32Array {
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
 * searched again when its pair (a, b) changed; when a link it holds died or one of its cells
 * was numbered (read off the trail since the last sweep), its distances are updated where
 * they grew (`update`). An undo below the last sweep drops the gaps written after its mark
 * (`forgetAfter`); all are searched again when the last sweep failed. `incrementalGaps:
 * false` turns the reuse off; test/incremental.test.ts checks that the deductions are the same.
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
  /** Gaps brought up to date without a search (update). */
  gapUpdates = 0;

  // Totals over the cached gaps: in how many gaps a cell fits and the sums of its ranges'
  // ends (its range when it fits in one), and how many gaps can hold each link.
  readonly fits: Int32Array;
  readonly loSum: Int32Array;
  readonly hiSum: Int32Array;
  readonly support: Int32Array;
  /**
   * Links whose support fell to 0 since the sweep's last look at unsupported links (each once,
   * marked in unsupportedMark), so that it need not scan every link: after that look every live
   * link with an unnumbered end is held by some gap, and support only falls here.
   * `checkAllLinks`: the totals were rebuilt, so the next look scans them all.
   */
  readonly unsupported: Int32Array;
  unsupportedCount = 0;
  readonly unsupportedMark: Uint8Array;
  /** Sort keys of the unsupported links (killUnsupportedLinks in propagate.ts). */
  readonly dyingKeys: Float64Array;
  checkAllLinks = true;
  /** The trail size at the last look at unsupported links. */
  lookedAt = -1;

  // The cached gap starting at number a: valid, its end b, ends p and q, its cells with
  // their ranges, the links it holds, and whether it changed since (dirty).
  readonly valid: Uint8Array;
  readonly gapB: Int32Array;
  readonly gapP: Int32Array;
  readonly gapQ: Int32Array;
  /** CLEAN or STALE. */
  readonly dirty: Uint8Array;
  /** The trail size the gap's contents were last written at: an undo below it makes them wrong. */
  readonly written: Int32Array;
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
  /**
   * What changed in stale gaps since the last sweep, for `update`: cells numbered (they
   * leave), and cells whose distance from p (FORWARD) or to q (BACKWARD) may have grown, the
   * far end of a dead link that was its only one a step nearer. Per gap, a list through
   * eventNext from eventHead[a].
   */
  readonly eventHead: Int32Array;
  readonly eventGap: number[] = [];
  readonly eventNode: number[] = [];
  readonly eventKind: number[] = [];
  readonly eventNext: number[] = [];
  /** Cells that moved in update (numbered, left, or a range that shrank), stamped in fStamp. */
  readonly moved: number[] = [];
  /** Per distance, the cells to check at it (update's level-by-level pass). */
  readonly levels: number[][] = [];
  /** Trail size the cached gaps are up to date with; -1 forces a full sweep. */
  seen = -1;
  /** Whether sweeps may leave big gaps that need a search for a full sweep (the engine's deferBigGaps). */
  deferBigGaps = true;
  /**
   * Gaps of more steps are never searched: their cells may sit anywhere, so the whole-grid
   * checks (a cell that fits nowhere, a link no gap holds) never run while one is open. Weaker
   * deductions, but each sweep stays local (the `short-gaps` deductions).
   */
  readonly maxGapSteps: number;
  /**
   * Gaps that start below this number are never searched (see reachFrom). No cached gap
   * starts below it.
   */
  minGapNumber = 0;
  /**
   * A sweep stops at the first gap that starts above this number. Only for callers that know
   * every number above it is placed in this state and in every state until an undo takes it
   * back below (the removal checks on a whole numbering): the gaps cached up there are then
   * closed ones the walk need not visit, and an undo restores what they held.
   */
  maxGapNumber = Number.POSITIVE_INFINITY;
  /** Whether the last sweep left such a gap unsearched. */
  deferred = false;

  /** False: recompute every gap on every sweep (same deductions, for tests and measuring). */
  readonly incremental: boolean;

  /** The solve's budget, looked at while a sweep visits nodes. */
  readonly poll: StopPoll;

  constructor(nodes: number, edges: number, incremental = true, budget?: SolveBudget, deductions: Deductions = 'all') {
    this.incremental = incremental;
    this.maxGapSteps = deductions === 'short-gaps' ? SHORT_GAP_STEPS : Number.POSITIVE_INFINITY;
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
    this.unsupported = new Int32Array(edges);
    this.unsupportedMark = new Uint8Array(edges);
    this.dyingKeys = new Float64Array(edges);
    // Numbers 0..n+1 = 0..nodes-1.
    this.valid = new Uint8Array(nodes);
    this.gapB = new Int32Array(nodes);
    this.gapP = new Int32Array(nodes);
    this.gapQ = new Int32Array(nodes);
    this.dirty = new Uint8Array(nodes);
    this.written = new Int32Array(nodes);
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
    this.eventHead = new Int32Array(nodes).fill(-1);
  }

  /** Forget every cached gap. */
  reset(): void {
    this.fits.fill(0);
    this.loSum.fill(0);
    this.hiSum.fill(0);
    this.support.fill(0);
    this.unsupportedMark.fill(0);
    this.unsupportedCount = 0;
    this.checkAllLinks = true;
    this.valid.fill(0);
    this.dirty.fill(0);
    for (const list of this.memberOf) list.length = 0;
    this.#clearEvents();
  }

  /**
   * After an undo to trail size `mark` below the last sweep: forget the gaps written after it.
   * The others are still exact: every change before the last sweep that touched a gap was
   * applied to it then, which rewrote it.
   */
  forgetAfter(mark: number): void {
    const { valid, written } = this;
    for (let a = this.minGapNumber; a < valid.length; a++) {
      if (valid[a] === 1 && written[a]! > mark) this.retract(a);
    }
    this.seen = mark;
    // A look at unsupported links since the mark used up the list of links it saw, and those
    // links may be live again: look at them all next time.
    if (this.lookedAt > mark) this.#lookAtAllLinks();
  }

  /**
   * Search no gap that starts below number k from now on (the removal checks' reach): a
   * sweep then walks and searches only the stretch of the path from k on, and the
   * whole-grid checks stay off, as cells below k may sit in no searched gap. Weaker
   * deductions, never wrong ones. Raising it drops the cached gaps below k.
   */
  reachFrom(k: number): void {
    const { valid } = this;
    for (let a = this.minGapNumber, end = Math.min(k, valid.length); a < end; a++) {
      if (valid[a] === 1) this.retract(a);
    }
    this.minGapNumber = k;
  }

  #lookAtAllLinks(): void {
    for (let i = 0; i < this.unsupportedCount; i++) this.unsupportedMark[this.unsupported[i]!] = 0;
    this.unsupportedCount = 0;
    this.checkAllLinks = true;
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
    for (let i = 0, count = this.linkCount[a]!; i < count; i++) {
      const f = links[i]!;
      if (--support[f]! === 0) this.lostSupport(f);
    }
    this.valid[a] = 0;
    this.dirty[a] = CLEAN;
  }

  /** Link f is held by no gap now: the sweep looks at it. */
  lostSupport(f: number): void {
    if (this.checkAllLinks || this.unsupportedMark[f] === 1) return;
    this.unsupportedMark[f] = 1;
    this.unsupported[this.unsupportedCount++] = f;
  }

  #leave(x: number, a: number): void {
    const list = this.memberOf[x]!;
    const i = this.#indexIn(x, a);
    const last = list.length - 3;
    list[i] = list[last]!;
    list[i + 1] = list[last + 1]!;
    list[i + 2] = list[last + 2]!;
    list.length = last;
  }

  /**
   * Link x -> y died. A gap that could not hold it did not use it: it lies on no shortest
   * path from p or to q. One that held it keeps its distances unless the link was tight (y's
   * distance from p is x's plus one, or x's to q y's plus one) and the only such link left:
   * then y (or x) is a suspect of the gap, for `update`.
   */
  linkDied(s: LinkState, x: number, y: number): void {
    const mx = this.memberOf[x]!;
    const my = this.memberOf[y]!;
    if (mx.length === 0 || my.length === 0) return;
    const num = s.num;
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
      const lx = markLo[a]!;
      const hx = markHi[a]!;
      const ly = my[i + 1]!;
      const hy = my[i + 2]!;
      if (!holdsLink(lx, hx, ly, hy)) continue;
      // A numbered cell leaves the gap; update() looks at its neighbours itself.
      const p = this.gapP[a]!;
      const q = this.gapQ[a]!;
      const xLeaves = x !== p && num[x]! >= 0;
      const yLeaves = y !== q && num[y]! >= 0;
      if (ly === lx + 1 && y !== q && !xLeaves && !yLeaves && !this.#nearer(s, y, a, lx, 1)) this.#event(a, FORWARD, y);
      if (hy === hx + 1 && x !== p && !xLeaves && !yLeaves && !this.#nearer(s, x, a, hy, 2)) this.#event(a, BACKWARD, x);
    }
  }

  /** x was numbered: it leaves the gaps it is a cell of (a gap it now splits is searched again anyway). */
  numbered(x: number): void {
    const list = this.memberOf[x]!;
    for (let i = 0; i < list.length; i += 3) this.#event(list[i]!, NUMBERED, x);
  }

  /** Mark the cached gaps that the trail since the last sweep touched. */
  markChanges(s: LinkState): void {
    this.#clearEvents();
    const trail = s.trail.data;
    const { from, to } = s;
    let i = s.trail.size;
    while (i > this.seen) {
      const kind = trail[i - 1]!;
      if (kind === T_REMOVE) {
        const e = trail[i - 2]!;
        if (this.support[e]! > 0) this.linkDied(s, from[e]!, to[e]!);
        i -= 2;
      } else if (kind === T_NUMBER) {
        this.numbered(trail[i - 2]!);
        i -= 2;
      } else i -= 5; // T_LINK: its removals and numbers have their own records
    }
  }

  /**
   * The level-by-level pass of update() in one direction, from the cells queued in `levels`:
   * a cell at distance d with no live neighbour in the gap at d - 1 (the root at d = 1) moves
   * to d + 1, its neighbours at d + 1 beyond it are checked next, and it leaves the gap
   * (inGap cleared) once its two distances no longer fit. False when it gave up.
   */
  #raise(dir: Direction, steps: number, id: number, giveUp: number, move: (x: number) => void): boolean {
    const { dist, other, root, nearStart, nearCount, nearEnds, farStart, farCount, farEnds } = dir;
    const { inGap, levels, moved } = this;
    for (let d = 1; d < steps; d++) {
      const list = levels[d]!;
      for (let i = 0; i < list.length; i++) {
        const x = list[i]!;
        if (inGap[x] !== id || dist[x] !== d) continue;
        let held = false;
        for (let j = nearStart[x]!, end = j + nearCount[x]!; j < end && !held; j++) {
          const z = nearEnds[j]!;
          held = d === 1 ? z === root : inGap[z] === id && dist[z] === d - 1;
        }
        if (held) continue;
        const next = levels[d + 1]!;
        for (let j = farStart[x]!, end = j + farCount[x]!; j < end; j++) {
          const w = farEnds[j]!;
          if (inGap[w] === id && dist[w] === d + 1) next.push(w);
        }
        dist[x] = d + 1;
        move(x);
        if (moved.length > giveUp) {
          this.#giveUp(d, steps);
          return false;
        }
        if (d + 1 + other[x]! > steps) inGap[x] = 0;
        else next.push(x);
      }
      list.length = 0;
    }
    levels[steps]!.length = 0;
    return true;
  }

  /** update() stops: clear its level lists from d on (the gap is left for a new search). */
  #giveUp(d: number, steps: number): null {
    for (let k = d; k <= steps; k++) this.levels[k]!.length = 0;
    return null;
  }

  #event(a: number, kind: number, node: number): void {
    this.dirty[a] = STALE;
    this.eventGap.push(a);
    this.eventNode.push(node);
    this.eventKind.push(kind);
    this.eventNext.push(this.eventHead[a]!);
    this.eventHead[a] = this.eventNode.length - 1;
  }

  #clearEvents(): void {
    for (const a of this.eventGap) this.eventHead[a] = -1;
    this.eventGap.length = 0;
    this.eventNode.length = 0;
    this.eventKind.length = 0;
    this.eventNext.length = 0;
  }

  /**
   * Does x keep a live neighbour in gap a one step nearer an end: a predecessor whose range
   * starts at `bound` (toward p: toward = 1), or a successor whose range ends at it (toward q:
   * toward = 2)? The end itself counts when its number is `bound`.
   */
  #nearer(s: LinkState, x: number, a: number, bound: number, toward: 1 | 2): boolean {
    const num = s.num;
    const start = toward === 1 ? s.inStart : s.outStart;
    const count = toward === 1 ? s.predCount : s.succCount;
    const ends = toward === 1 ? s.inFrom : s.outTo;
    const root = toward === 1 ? this.gapP[a]! : this.gapQ[a]!;
    const rootNumber = toward === 1 ? a : this.gapB[a]!;
    for (let i = start[x]!, end = i + count[x]!; i < end; i++) {
      const z = ends[i]!;
      if (z === root) {
        if (bound === rootNumber) return true;
      } else if (num[z]! < 0 && this.#rangeIn(z, a, toward) === bound) return true;
    }
    return false;
  }

  /** Where x's triple for gap a starts in memberOf[x], or -1 when x is not in the gap. */
  #indexIn(x: number, a: number): number {
    const list = this.memberOf[x]!;
    for (let i = 0; i < list.length; i += 3) if (list[i] === a) return i;
    return -1;
  }

  /** The start (end = 1) or end (2) of x's range in gap a, or -1 when x is not in it. */
  #rangeIn(x: number, a: number, end: 1 | 2): number {
    const i = this.#indexIn(x, a);
    return i < 0 ? -1 : this.memberOf[x]![i + end]!;
  }

  /**
   * Bring stale gap a (pair unchanged) up to date without searching it again. Distances only
   * grow when links die and cells are numbered, so, as in a decremental breadth-first tree,
   * only cells that lost their last neighbour one step nearer move: level by level, a suspect
   * with no such neighbour left moves one step further, and its neighbours one step beyond it
   * become suspects. The suspects to start from: the far ends of dead links (markChanges) and
   * the neighbours of cells numbered since. Cells whose distances no longer fit in the gap
   * leave it; the others' ranges and the links they hold are adjusted, and the free numbers'
   * holders counted again. Distances are taken within the gap's old cells: a cell that still
   * fits has all its shortest paths through cells that fit, so that is exact for the cells
   * that stay, and a cell that leaves only needs to be seen not to fit. Returns false on a
   * contradiction, null (the gap untouched, for a new search) when more than a quarter of its
   * cells move: moving them a level at a time then costs more than searching again (in a
   * 100x100 solve, such updates took 316 of the 368 ms spent updating).
   */
  update(s: LinkState, a: number): boolean | null {
    const { num, outStart, succCount, outTo, inStart, predCount, inFrom } = s;
    const b = this.gapB[a]!;
    const p = this.gapP[a]!;
    const q = this.gapQ[a]!;
    const steps = b - a;
    const cells = this.cells[a]!;
    const cellLo = this.cellLo[a]!;
    const cellHi = this.cellHi[a]!;
    const count = this.cellCount[a]!;
    // pos: each cell's index in the gap's arrays.
    const { fDist, bDist, inGap, fStamp, lo: pos, moved, levels } = this;
    const id = ++this.gapId;
    const movedId = ++this.gapId;
    for (let i = 0; i < count; i++) {
      const x = cells[i]!;
      fDist[x] = cellLo[i]! - a;
      bDist[x] = b - cellHi[i]!;
      pos[x] = i;
      inGap[x] = id;
    }
    while (levels.length <= steps + 1) levels.push([]);
    moved.length = 0;
    // Past this many moved cells a new search is cheaper than moving them level by level.
    const giveUp = count * GIVE_UP_SHARE;
    const move = (x: number) => {
      if (fStamp[x] === movedId) return;
      fStamp[x] = movedId;
      moved.push(x);
    };

    // Forward: the neighbours of numbered cells (over all their links: the ones that died with
    // the numbering were left to this) and the suspects from the trail.
    for (let k = this.eventHead[a]!; k >= 0; k = this.eventNext[k]!) {
      const x = this.eventNode[k]!;
      const kind = this.eventKind[k]!;
      if (kind === NUMBERED) {
        if (inGap[x] !== id) continue; // already out (a guard: the trail numbers a cell once)
        inGap[x] = 0;
        move(x);
        for (let j = outStart[x]!, end = outStart[x + 1]!; j < end; j++) {
          const y = outTo[j]!;
          if (inGap[y] === id && fDist[y] === fDist[x]! + 1) levels[fDist[y]!]!.push(y);
        }
      } else if (kind === FORWARD && inGap[x] === id) levels[fDist[x]!]!.push(x);
    }
    if (moved.length > giveUp) return this.#giveUp(1, steps);
    const forward: Direction = { dist: fDist, other: bDist, root: p, nearStart: inStart, nearCount: predCount, nearEnds: inFrom, farStart: outStart, farCount: succCount, farEnds: outTo };
    if (!this.#raise(forward, steps, id, giveUp, move)) return null;

    // Backward, the same towards q, from the cells gone so far (numbered, or too far from p
    // now: their neighbours nearer p may have counted on them) and the suspects from the trail.
    for (let m = 0, gone = moved.length; m < gone; m++) {
      const x = moved[m]!;
      if (inGap[x] === id) continue;
      const all = num[x]! >= 0; // a numbered cell's links died with the numbering
      for (let j = inStart[x]!, end = all ? inStart[x + 1]! : j + predCount[x]!; j < end; j++) {
        const z = inFrom[j]!;
        if (inGap[z] === id && bDist[z] === bDist[x]! + 1) levels[bDist[z]!]!.push(z);
      }
    }
    for (let k = this.eventHead[a]!; k >= 0; k = this.eventNext[k]!) {
      const x = this.eventNode[k]!;
      if (this.eventKind[k] === BACKWARD && inGap[x] === id) levels[bDist[x]!]!.push(x);
    }
    const backward: Direction = { dist: bDist, other: fDist, root: q, nearStart: outStart, nearCount: succCount, nearEnds: outTo, farStart: inStart, farCount: predCount, farEnds: inFrom };
    if (!this.#raise(backward, steps, id, giveUp, move)) return null;
    this.gapUpdates++;
    this.dirty[a] = CLEAN;
    // Nothing moved: the links and the holders are the ones found before.
    if (moved.length === 0) return true;

    // The moved cells that stay take their new ranges; the others leave (the last cell takes
    // a leaving one's place).
    const { fits, loSum, hiSum, support } = this;
    let kept = count;
    for (const x of moved) {
      const i = pos[x]!;
      if (inGap[x] !== id) {
        fits[x]!--;
        loSum[x]! -= cellLo[i]!;
        hiSum[x]! -= cellHi[i]!;
        this.#leave(x, a);
        kept--;
        const last = cells[kept]!;
        cells[i] = last;
        cellLo[i] = cellLo[kept]!;
        cellHi[i] = cellHi[kept]!;
        pos[last] = i;
        continue;
      }
      const lo = a + fDist[x]!;
      const hi = b - bDist[x]!;
      loSum[x]! += lo - cellLo[i]!;
      hiSum[x]! += hi - cellHi[i]!;
      cellLo[i] = lo;
      cellHi[i] = hi;
      const list = this.memberOf[x]!;
      const m = this.#indexIn(x, a);
      list[m + 1] = lo;
      list[m + 2] = hi;
    }
    this.cellCount[a] = kept;

    // Ranges only shrink, so the links it holds are the old ones whose ends stay and fit.
    const { from, to } = s;
    const links = this.links[a]!;
    let linkCount = 0;
    for (let i = 0, n = this.linkCount[a]!; i < n; i++) {
      const f = links[i]!;
      const x = from[f]!;
      const y = to[f]!;
      if (fStamp[x] !== movedId && fStamp[y] !== movedId) {
        links[linkCount++] = f;
        continue;
      }
      let held = (x === p || inGap[x] === id) && (y === q || inGap[y] === id);
      if (held) {
        const lx = x === p ? a : a + fDist[x]!;
        const hx = x === p ? a : b - bDist[x]!;
        const ly = y === q ? b : a + fDist[y]!;
        const hy = y === q ? b : b - bDist[y]!;
        held = holdsLink(lx, hx, ly, hy);
      }
      if (held) links[linkCount++] = f;
      else if (--support[f]! === 0) this.lostSupport(f);
    }
    this.linkCount[a] = linkCount;
    return countHolders(this, a, b, cells, cellLo, cellHi, kept);
  }
}

/** Gap a's cells with their ranges: count each free number's holders again (see freeNumbersHeld). */
function countHolders(g: GapScratch, a: number, b: number, cells: Int32Array, cellLo: Int32Array, cellHi: Int32Array, count: number): boolean {
  const { holders, holderSum } = g;
  holders.fill(0, a + 1, b + 1);
  holderSum.fill(0, a + 1, b + 1);
  for (let i = 0; i < count; i++) {
    const x = cells[i]!;
    holders[cellLo[i]!]!++;
    holders[cellHi[i]! + 1]!--;
    holderSum[cellLo[i]!]! += x;
    holderSum[cellHi[i]! + 1]! -= x;
  }
  return freeNumbersHeld(g, a, b);
}

/** Each free number a+1..b-1 needs a cell that can hold it (from the holders' difference arrays); the only one is numbered. */
export function freeNumbersHeld(g: GapScratch, a: number, b: number): boolean {
  const { holders, holderSum } = g;
  let holding = 0;
  let sum = 0;
  for (let k = a + 1; k < b; k++) {
    holding += holders[k]!;
    sum += holderSum[k]!;
    if (holding === 0) return false;
    if (holding === 1) g.fixes.push(sum, k);
  }
  return true;
}

