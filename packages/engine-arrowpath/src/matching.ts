// Global deductions from graph structure, run with the gap sweep.
//
// Successors are all different: every node but END takes one successor, every node but
// START one predecessor, so the live candidate links must hold a perfect matching between
// them. A link that lies in no perfect matching is dead: with a matching M in hand, an
// unmatched link x -> y lies in some perfect matching exactly when x and the node matched
// to y sit on a common alternating cycle, i.e. in one strongly connected component of the
// graph with an arc x -> owner(y) per unmatched link (Régin's filter for all-different).
//
// One path through all nodes: with the closing link END -> START added, the live links
// must form a strongly connected graph (one Hamiltonian cycle runs through every node).
//
// The matching is kept between calls; after a backtrack its links are alive again, so it
// stays a matching, and links killed since are repaired by augmenting paths.
import type { SolveBudget } from '@gridrace/core';
import type { LinkState } from './links.js';
import { StopPoll } from './stop.js';

export class MatchScratch {
  /** mateOut[x]: matched link out of x, or -1; mateIn[y]: matched link into y, or -1. */
  readonly mateOut: Int32Array;
  readonly mateIn: Int32Array;
  // Tarjan's algorithm, iterative.
  readonly index: Int32Array;
  readonly low: Int32Array;
  readonly comp: Int32Array;
  readonly stack: Int32Array;
  readonly onStack: Uint8Array;
  readonly callNode: Int32Array;
  readonly callPos: Int32Array;
  // Augmenting paths.
  readonly seen: Int32Array;
  readonly parentEdge: Int32Array;
  readonly bfs: Int32Array;
  stamp = 0;
  runs = 0;
  /**
   * Skip the check that the live links are strongly connected. It only ever finds a
   * contradiction, so a caller that knows the state has a solution (the generator's removal
   * pass: every given comes from one numbering) saves half the filter's time.
   */
  solvable = false;
  /** The solve's budget, looked at while the filter visits nodes. */
  readonly poll: StopPoll;

  constructor(nodes: number, budget?: SolveBudget) {
    this.poll = new StopPoll(budget);
    this.mateOut = new Int32Array(nodes).fill(-1);
    this.mateIn = new Int32Array(nodes).fill(-1);
    this.index = new Int32Array(nodes);
    this.low = new Int32Array(nodes);
    this.comp = new Int32Array(nodes);
    this.stack = new Int32Array(nodes);
    this.onStack = new Uint8Array(nodes);
    this.callNode = new Int32Array(nodes);
    this.callPos = new Int32Array(nodes);
    this.seen = new Int32Array(nodes);
    this.parentEdge = new Int32Array(nodes);
    this.bfs = new Int32Array(nodes);
  }
}

/** Repair the matching; false when no perfect matching exists. */
function repairMatching(s: LinkState, m: MatchScratch): boolean {
  const { mateOut, mateIn } = m;
  const { alive, to } = s;
  for (let x = 0; x < s.nodes; x++) {
    const e = mateOut[x]!;
    if (e !== -1 && alive[e] === 0) {
      mateOut[x] = -1;
      mateIn[to[e]!] = -1;
    }
  }
  for (let x = 0; x < s.nodes; x++) {
    if (x === s.end || mateOut[x] !== -1) continue;
    if (!augment(s, m, x)) return false;
  }
  return true;
}

/**
 * Breadth-first search for an augmenting path from the unmatched node x: x -> y over a
 * live link; if y is free, done; else continue from y's current owner.
 */
function augment(s: LinkState, m: MatchScratch, root: number): boolean {
  const { outStart, outEdges, succCount, to, from } = s;
  const { mateOut, mateIn, seen, parentEdge, bfs } = m;
  const stamp = ++m.stamp;
  let head = 0;
  let tail = 0;
  bfs[tail++] = root;
  // seen[] marks right-side nodes (targets) already reached.
  while (head < tail) {
    m.poll.visit();
    const x = bfs[head++]!;
    for (let i = outStart[x]!, end = i + succCount[x]!; i < end; i++) {
      const e = outEdges[i]!;
      const y = to[e]!;
      if (seen[y] === stamp) continue;
      seen[y] = stamp;
      parentEdge[y] = e;
      const owner = mateIn[y]!;
      if (owner === -1) {
        // Flip the path back to the root.
        let cur = y;
        for (;;) {
          const f = parentEdge[cur]!;
          const px = from[f]!;
          const previous = mateOut[px]!;
          mateOut[px] = f;
          mateIn[cur] = f;
          if (px === root) return true;
          cur = to[previous]!;
        }
      }
      bfs[tail++] = from[owner]!;
    }
  }
  return false;
}

/**
 * Run both filters. False on a contradiction; killed links are on the trail and their ends queued.
 */
export function filterByMatching(s: LinkState, m: MatchScratch): boolean {
  m.runs++;
  if (!repairMatching(s, m)) return false;
  if (!m.solvable && tarjan(s, m, GRAPH) !== 1) return false;

  // Régin: components of x -> owner(y) over unmatched live links.
  tarjan(s, m, RESIDUAL);
  const { outStart, outEdges, succCount, to, from } = s;
  const { mateOut, mateIn, comp, poll } = m;
  for (let x = 0; x < s.nodes; x++) {
    poll.visit();
    // Backwards over x's live links: a removal only moves links already passed.
    for (let first = outStart[x]!, i = first + succCount[x]! - 1; i >= first; i--) {
      const e = outEdges[i]!;
      if (mateOut[x] === e) continue;
      if (comp[x] !== comp[from[mateIn[to[e]!]!]!]) s.remove(e);
    }
  }
  return true;
}

/** The live links plus END -> START. */
const GRAPH = 0;
/** x -> owner(y) for each unmatched live link x -> y; END left out. */
const RESIDUAL = 1;

/**
 * Tarjan's strongly connected components, iterative. Fills m.comp and returns the number
 * of components.
 */
function tarjan(s: LinkState, m: MatchScratch, mode: typeof GRAPH | typeof RESIDUAL): number {
  const { outStart, outEdges, succCount, to, from } = s;
  const { index, low, comp, stack, onStack, callNode, callPos, mateOut, mateIn } = m;
  const nodes = s.nodes;
  const endNode = s.end;
  index.fill(-1, 0, nodes);
  let counter = 0;
  let components = 0;
  let sp = 0;
  let top = 0;
  for (let root = 0; root < nodes; root++) {
    if (index[root] !== -1 || (root === endNode && mode === RESIDUAL)) continue;
    index[root] = low[root] = counter++;
    stack[sp++] = root;
    onStack[root] = 1;
    callNode[0] = root;
    // END's only arc is the virtual one to START, marked by position -1.
    callPos[0] = root === endNode ? -1 : outStart[root]!;
    top = 1;
    while (top > 0) {
      const x = callNode[top - 1]!;
      let pos = callPos[top - 1]!;
      let y = -1;
      if (pos === -1) {
        y = s.start;
        pos = 0;
      } else {
        // Live links only (they come first).
        const limit = x === endNode ? pos : outStart[x]! + succCount[x]!;
        while (pos < limit) {
          const e = outEdges[pos++]!;
          if (mode === GRAPH) {
            y = to[e]!;
            break;
          }
          if (mateOut[x] === e) continue;
          y = from[mateIn[to[e]!]!]!;
          break;
        }
      }
      callPos[top - 1] = pos;
      if (y !== -1) {
        if (index[y] === -1) {
          m.poll.visit();
          index[y] = low[y] = counter++;
          stack[sp++] = y;
          onStack[y] = 1;
          callNode[top] = y;
          callPos[top] = y === endNode ? (mode === GRAPH ? -1 : 0) : outStart[y]!;
          top++;
        } else if (onStack[y] === 1 && index[y]! < low[x]!) low[x] = index[y]!;
        continue;
      }
      // Leave x.
      if (low[x] === index[x]) {
        for (;;) {
          const z = stack[--sp]!;
          onStack[z] = 0;
          comp[z] = components;
          if (z === x) break;
        }
        components++;
      }
      top--;
      if (top > 0) {
        const parent = callNode[top - 1]!;
        if (low[x]! < low[parent]!) low[parent] = low[x]!;
      }
    }
  }
  return components;
}
