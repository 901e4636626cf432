// The SAT solver's state (the public API is described in sat.ts): every field, the constants
// the parts share, the constructor and the growth of the per-variable arrays. The solver is a
// chain of classes only to split its code into files: SatState <- SatVarHeap (sat-heap.ts) <-
// SatClauseStore (sat-clauses.ts) <- SatSolver (sat.ts). All fields live here, so each one
// stays at a fixed offset of `this` (no pointer to follow in the hot loops), and no method is
// overridden (every call stays direct). Fields the subclasses use are protected.

import { fill, maxi, regrow, satAlloc } from 'solver-target';

/** Default arena size (Int32 entries) at which the clause database counts as a blow-up. */
export const MAX_ARENA: i32 = 1 << 26;

export const UNASSIGNED: i32 = 2;
/**
 * A clause in the arena: one header word, size << 2 | flags, then its literals; a learned
 * clause has one more word after them, the index of its activity and LBD (clauseAct,
 * clauseLbd). So an original clause of three literals takes 16 bytes.
 */
export const LEARNT: i32 = 1;
export const DELETED: i32 = 2;
/** Conflicts per unit of the Luby restart sequence. */
export const RESTART_UNIT: i32 = 200;
/** Conflicts between two reductions of the learned clauses (grows by 300 per reduction). */
const REDUCE_FIRST: i32 = 2000;
/** `stepsLeft` when the steps set no limit: exact as an f64 however far it is counted down. */
export const NO_STEP_LIMIT: f64 = 9007199254740991;
/** Bytes per literal in the watch table: list address, used entries, capacity, spare. */
export const WATCH_BYTES: usize = 16;

export class SatState {
  conflicts: f64 = 0;
  decisions: f64 = 0;
  propagations: f64 = 0;
  restarts: f64 = 0;
  learnedClauses: f64 = 0;
  maxDepth: i32 = 0;
  /** Clause-database reductions, and how many of them also compacted the arena. */
  reductions: i32 = 0;
  compactions: i32 = 0;
  overflow: bool = false;
  maxArena: i32 = MAX_ARENA;
  sliceEnd: f64 = Infinity;
  /** Looks at the clock left before a pause whatever the time (counted down by `solve`). */
  stepsLeft: f64 = NO_STEP_LIMIT;
  checkConflicts: i32 = 32;
  checkDecisions: i32 = 256;

  protected nVars: i32 = 0;
  /** Capacity (variables) of the per-variable arrays. */
  protected cap: i32 = 0;
  /**
   * Per literal (u8): 1 true, 0 false, UNASSIGNED; so vals[2v + 1] is the value of v. A
   * variable's two bytes are written as one u16.
   */
  protected vals: usize = 0;
  /** Per variable: decision level, reason (-1: none). */
  protected level: usize = 0;
  protected reason: usize = 0;
  /**
   * Decision values: those of the longest conflict-free trail so far (the "best phase" of
   * Kissat and CaDiCaL; on satisfiable puzzles it steers back toward near-solutions).
   */
  protected phase: usize = 0;
  protected phaseSize: i32 = 0;
  protected seen: usize = 0;
  protected levelStamp: usize = 0;
  /** Trail of literals (cap), decision level marks (cap + 1). */
  protected trail: usize = 0;
  protected trailLength: i32 = 0;
  protected trailLim: usize = 0;
  protected trailLimSize: i32 = 0;
  protected qhead: i32 = 0;
  /** Variable heap by activity. */
  protected activity: usize = 0;
  protected heapArr: usize = 0;
  protected heapIndex: usize = 0;
  protected heapSize: i32 = 0;
  protected varInc: f64 = 1;
  /** Per literal, WATCH_BYTES: address of its (ref, blocker) pairs, entries used, capacity. */
  protected watches: usize = 0;
  /** The clause arena (Int32 entries). */
  protected arena: usize = 0;
  protected arenaCap: i32 = 0;
  protected top: i32 = 0;
  /**
   * The size the TypeScript solver's arena has (4 header entries per clause, compacted when
   * over twice the live size): maxArena caps this, so both overflow at the same conflict.
   */
  protected tsTop: i32 = 0;
  /** Scratch for compaction: (old ref, new ref) of each live clause. */
  protected moves: usize = 0;
  protected movesCap: i32 = 0;
  /** Refs of the learned clauses, oldest first. */
  protected learnts: usize = 0;
  protected learntsCount: i32 = 0;
  protected learntsCap: i32 = 0;
  protected clauseAct: usize = 0;
  protected clauseActCount: i32 = 0;
  protected clauseActCap: i32 = 0;
  /** LBD of each learned clause, by its activity index. */
  protected clauseLbd: usize = 0;
  protected clauseInc: f64 = 1;
  /** False once the clauses at level 0 are contradictory. */
  protected ok: bool = true;
  protected restartIndex: i32 = 0;
  protected restartBudget: i32 = RESTART_UNIT;
  protected nextReduce: f64 = REDUCE_FIRST;
  protected reduceStep: f64 = REDUCE_FIRST;
  protected stamp: i32 = 0;
  protected conflictCountdown: i32 = 32;
  protected decisionCountdown: i32 = 256;
  /** Scratch (cap + 1 each): the learned clause, the minimisation stack, seen marks to clear, addClause. */
  protected learnt: usize = 0;
  /** Room for addUnit's literal. */
  protected unitLit: usize = 0;
  protected stack: usize = 0;
  protected toClear: usize = 0;
  protected toClearLength: i32 = 0;
  protected addBuf: usize = 0;
  /** Scratch for reductions (learntsCap each). */
  protected sortA: usize = 0;
  protected sortB: usize = 0;
  protected sortCap: i32 = 0;

  constructor() {
    this.arena = satAlloc(<usize>(1 << 16) << 2);
    this.arenaCap = 1 << 16;
    this.clauseAct = satAlloc(1024 << 3);
    this.clauseActCap = 1024;
    this.clauseLbd = satAlloc(1024 << 2);
    this.learnts = satAlloc(1024 << 2);
    this.learntsCap = 1024;
    this.watches = satAlloc(WATCH_BYTES);
    if (this.arena == 0 || this.clauseAct == 0 || this.clauseLbd == 0 || this.learnts == 0 || this.watches == 0) {
      this.overflow = true;
      this.ok = false;
    }
  }

  // ---- variables --------------------------------------------------------------------------

  protected growVars(n: i32): bool {
    const old = this.cap;
    const cap = maxi(n, maxi(old * 2, 64));
    const o = <usize>old;
    const c = <usize>cap;
    if (old == 0) {
      this.vals = satAlloc(c << 1);
      this.phase = satAlloc(c);
      this.seen = satAlloc(c);
      this.level = satAlloc(c << 2);
      this.reason = satAlloc(c << 2);
      this.trail = satAlloc(c << 2);
      this.levelStamp = satAlloc((c + 1) << 2);
      this.trailLim = satAlloc((c + 1) << 2);
      this.activity = satAlloc(c << 3);
      this.heapArr = satAlloc(c << 2);
      this.heapIndex = satAlloc(c << 2);
      this.learnt = satAlloc((c + 1) << 2);
      this.stack = satAlloc((c + 1) << 2);
      this.toClear = satAlloc((c + 1) << 2);
      this.addBuf = satAlloc((c + 1) << 2);
    } else {
      this.vals = regrow(this.vals, o << 1, c << 1);
      this.phase = regrow(this.phase, o, c);
      this.seen = regrow(this.seen, o, c);
      this.level = regrow(this.level, o << 2, c << 2);
      this.reason = regrow(this.reason, o << 2, c << 2);
      this.trail = regrow(this.trail, o << 2, c << 2);
      this.levelStamp = regrow(this.levelStamp, (o + 1) << 2, (c + 1) << 2);
      this.trailLim = regrow(this.trailLim, (o + 1) << 2, (c + 1) << 2);
      this.activity = regrow(this.activity, o << 3, c << 3);
      this.heapArr = regrow(this.heapArr, o << 2, c << 2);
      this.heapIndex = regrow(this.heapIndex, o << 2, c << 2);
      this.learnt = regrow(this.learnt, (o + 1) << 2, (c + 1) << 2);
      this.stack = regrow(this.stack, (o + 1) << 2, (c + 1) << 2);
      this.toClear = regrow(this.toClear, (o + 1) << 2, (c + 1) << 2);
      this.addBuf = regrow(this.addBuf, (o + 1) << 2, (c + 1) << 2);
    }
    this.watches = regrow(this.watches, <usize>maxi(<i32>(o << 1), 1) * WATCH_BYTES, (c << 1) * WATCH_BYTES);
    if (
      this.vals == 0 || this.phase == 0 || this.seen == 0 || this.level == 0 || this.reason == 0 ||
      this.trail == 0 || this.levelStamp == 0 || this.trailLim == 0 || this.activity == 0 ||
      this.heapArr == 0 || this.heapIndex == 0 || this.learnt == 0 || this.stack == 0 ||
      this.toClear == 0 || this.addBuf == 0 || this.watches == 0
    ) {
      this.overflow = true;
      this.ok = false;
      return false;
    }
    fill(this.vals + (o << 1), <u8>UNASSIGNED, (c - o) << 1);
    fill(this.phase + o, 0, c - o);
    fill(this.seen + o, 0, c - o);
    fill(this.level + (o << 2), 0, (c - o) << 2);
    fill(this.reason + (o << 2), 0, (c - o) << 2);
    fill(this.trail + (o << 2), 0, (c - o) << 2);
    fill(this.levelStamp + (o << 2), 0, (c - o + 1) << 2);
    fill(this.activity + (o << 3), 0, (c - o) << 3);
    fill(this.heapIndex + (o << 2), 0xff, (c - o) << 2);
    this.cap = cap;
    return true;
  }
}
