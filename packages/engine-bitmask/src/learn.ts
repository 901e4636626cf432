// The learning search, for puzzles where plain backtracking thrashes (Knotty, Faase, the
// hard tournament puzzles): conflict-driven clause learning with the exact line solver as
// the propagator. A contradiction is explained by a few known cells of the line (see
// explain.ts); the explanation graph is cut at the first unique implication point, the
// cut becomes a clause, and the search jumps back to where that clause forces a cell.
// Decisions follow variable activity (VSIDS) with saved phases; restarts follow the Luby
// sequence. Each solution found is blocked by a clause of its decisions, so the search
// ends either with enough solutions or with a proof that there are no more.
import type { StopReason } from '@gridrace/core';
import { ClauseDb, HEADER, PERMANENT } from './clauses.js';
import { Explainer } from './explain.js';
import { UNKNOWN_CELL } from './lines.js';
import { NO_REASON, type Propagator } from './propagate.js';
import type { Solutions } from './solutions.js';

/** Conflicts per unit of the Luby restart sequence. */
const RESTART_UNIT = 100;
/** Conflicts between two `checkpoint` calls. */
const CONFLICTS_PER_CHECKPOINT = 64;
const DECISIONS_PER_CHECKPOINT = 256;
const VAR_DECAY = 0.95;
/** Arena size (Int32 entries) at which the clause database counts as a memory blow-up. */
const MAX_ARENA = 1 << 26;

/** Conflicts between two reductions of the learned clauses (plus 300 per restart). */
const REDUCE_EVERY = 2000;

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

/** A max-heap of cells by activity. */
class VarHeap {
  readonly activity: Float64Array;
  readonly #heap: Int32Array;
  readonly #index: Int32Array;
  #size = 0;
  increment = 1;

  constructor(cells: number) {
    this.activity = new Float64Array(cells);
    this.#heap = new Int32Array(cells);
    this.#index = new Int32Array(cells).fill(-1);
  }

  get size(): number {
    return this.#size;
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

  decay(): void {
    this.increment /= VAR_DECAY;
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

export interface LearnerCounters {
  conflicts: number;
  decisions: number;
  restarts: number;
  learnedClauses: number;
  explanations: number;
  explanationsCached: number;
  maxDepth: number;
}

export class Learner {
  readonly counters: LearnerCounters = { conflicts: 0, decisions: 0, restarts: 0, learnedClauses: 0, explanations: 0, explanationsCached: 0, maxDepth: 0 };
  /** Literals and LBD summed over the learned clauses (for average sizes). */
  learnedLiterals = 0;
  learnedLbd = 0;
  /** Why the search stopped early, when it did. */
  stopped: StopReason | null = null;
  /** Set when the clause database outgrew its cap. */
  limitMessage: string | null = null;

  readonly #p: Propagator;
  readonly #solutions: Solutions;
  readonly #checkpoint: () => Promise<StopReason | null>;
  readonly #db: ClauseDb;
  readonly #explainer: Explainer;
  readonly #heap: VarHeap;
  readonly #phase: Uint8Array;
  readonly #seen: Uint8Array;
  readonly #levelStamp: Int32Array;
  #stamp = 0;
  readonly #trailLim: number[] = [];
  readonly #lits: number[] = [];
  readonly #learnt: number[] = [];
  #restartIndex = 0;
  #restartBudget = RESTART_UNIT;
  #nextReduce = REDUCE_EVERY;

  /**
   * `hints` (optional) seed the decision order and phases: a score per cell (higher is
   * decided first) and a preferred value per cell.
   */
  constructor(
    p: Propagator,
    solutions: Solutions,
    checkpoint: () => Promise<StopReason | null>,
    hints?: { score: Float64Array; value: Uint8Array },
  ) {
    this.#p = p;
    this.#solutions = solutions;
    this.#checkpoint = checkpoint;
    const cells = p.board.width * p.board.height;
    this.#db = new ClauseDb(cells);
    p.clauses = this.#db;
    this.#explainer = new Explainer(p);
    this.#heap = new VarHeap(cells);
    this.#phase = new Uint8Array(cells);
    this.#seen = new Uint8Array(cells);
    this.#levelStamp = new Int32Array(cells + 2);
    if (hints !== undefined) {
      let max = 0;
      for (let c = 0; c < cells; c++) max = Math.max(max, hints.score[c]!);
      for (let c = 0; c < cells; c++) {
        this.#heap.activity[c] = max > 0 ? (0.5 * hints.score[c]!) / max : 0;
        this.#phase[c] = hints.value[c]!;
      }
    }
  }

  /**
   * Search from the current board (level 0) for at most `budget` more conflicts. Returns
   * `exhausted` when no further solution exists, `budget` when the budget ran out (the board
   * is then back at level 0, with every fact learned so far set), `stopped` when the solve
   * must end (`stopped` says why).
   */
  async run(budget: number): Promise<'exhausted' | 'budget' | 'stopped'> {
    const p = this.#p;
    const board = p.board;
    const counters = this.counters;
    p.level = 0;
    this.#trailLim.length = 0;
    p.qhead = 0; // visit the clause watches of every known cell once
    for (let c = 0; c < board.cells.length; c++) if (board.cells[c] === UNKNOWN_CELL) this.#heap.insert(c);
    const stopAt = counters.conflicts + budget;
    let untilCheckpoint = DECISIONS_PER_CHECKPOINT;
    for (;;) {
      const ok = p.propagate();
      if (p.stopped !== null) {
        this.stopped = p.stopped;
        return 'stopped';
      }
      if (!ok) {
        counters.conflicts++;
        if (p.level === 0) return 'exhausted'; // no (further) solution
        this.#conflict();
        if (counters.conflicts % CONFLICTS_PER_CHECKPOINT === 0 && (await this.#stop())) return 'stopped';
        if (--this.#restartBudget <= 0) {
          counters.restarts++;
          this.#restartBudget = luby(++this.#restartIndex) * RESTART_UNIT;
          this.#backjump(0);
        }
        if (counters.conflicts >= this.#nextReduce) {
          this.#nextReduce = counters.conflicts + REDUCE_EVERY + 300 * counters.restarts;
          this.#reduce();
        }
        if (this.#db.arena.length > MAX_ARENA) {
          this.stopped = 'limit';
          this.limitMessage = `the learned clauses outgrew ${MAX_ARENA} entries`;
          return 'stopped';
        }
        if (counters.conflicts >= stopAt) {
          this.#backjump(0);
          return 'budget';
        }
        continue;
      }
      if (board.unknown === 0) {
        if (this.#solutions.add(board)) {
          this.stopped = 'solution-limit';
          return 'stopped';
        }
        if (p.level === 0) return 'exhausted';
        this.#block();
        continue;
      }
      if (--untilCheckpoint === 0) {
        untilCheckpoint = DECISIONS_PER_CHECKPOINT;
        if (await this.#stop()) return 'stopped';
      }
      this.#decide();
    }
  }

  async #stop(): Promise<boolean> {
    const reason = await this.#checkpoint();
    if (reason !== null) this.stopped = reason;
    return reason !== null;
  }

  #decide(): void {
    const p = this.#p;
    const cells = p.board.cells;
    const heap = this.#heap;
    let cell = -1;
    while (heap.size > 0) {
      const v = heap.pop();
      if (cells[v] === UNKNOWN_CELL) {
        cell = v;
        break;
      }
    }
    if (cell < 0) throw new Error('bitmask engine: no unknown cell left to decide');
    this.counters.decisions++;
    this.#trailLim.push(p.board.trailLength);
    p.level++;
    if (p.level > this.counters.maxDepth) this.counters.maxDepth = p.level;
    p.assign(cell, this.#phase[cell]!);
  }

  /** Undo every level above `level`, saving phases and returning cells to the heap. */
  #backjump(level: number): void {
    const p = this.#p;
    if (p.level <= level) return;
    const board = p.board;
    const mark = this.#trailLim[level]!;
    const trail = board.trail;
    const cells = board.cells;
    const phase = this.#phase;
    const heap = this.#heap;
    for (let i = mark; i < board.trailLength; i++) {
      const c = trail[i]!;
      phase[c] = cells[c]!;
      heap.insert(c);
    }
    p.undoTo(mark);
    this.#trailLim.length = level;
    p.level = level;
  }

  /** Push the true literals that forced `cell` onto `out`. */
  #reasonOf(cell: number, out: number[]): void {
    const p = this.#p;
    const r = p.reason[cell]!;
    if (r > 0) {
      const a = this.#db.arena;
      const ref = r - 1;
      this.#db.bump(ref);
      const size = a[ref]!;
      for (let k = 0; k < size; k++) {
        const lit = a[ref + HEADER + k]!;
        if (lit >> 1 !== cell) out.push(lit ^ 1);
      }
    } else if (r < 0) {
      this.#explainer.reason(-r - 1, p.reasonStart[cell]!, cell, out);
    } else {
      throw new Error('bitmask engine: a cell without a reason above level 0');
    }
  }

  /** Analyse the conflict of the last `propagate`, learn a clause and jump back. */
  #conflict(): void {
    const p = this.#p;
    const board = p.board;
    const trail = board.trail;
    const levelOf = p.levelOf;
    const seen = this.#seen;
    const heap = this.#heap;
    const lits = this.#lits;
    const learnt = this.#learnt;
    lits.length = 0;
    if (p.conflictLine >= 0) this.#explainer.conflict(p.conflictLine, lits);
    else {
      const a = this.#db.arena;
      const ref = p.conflictClause;
      this.#db.bump(ref);
      const size = a[ref]!;
      for (let k = 0; k < size; k++) lits.push(a[ref + HEADER + k]! ^ 1);
    }
    learnt.length = 0;
    learnt.push(-1);
    const level = p.level;
    let pathC = 0;
    let index = board.trailLength - 1;
    let uip = -1;
    for (;;) {
      for (const q of lits) {
        const v = q >> 1;
        if (seen[v] === 1 || levelOf[v] === 0) continue;
        seen[v] = 1;
        heap.bump(v);
        if (levelOf[v]! >= level) pathC++;
        else learnt.push(q ^ 1);
      }
      while (seen[trail[index]!] !== 1) index--;
      uip = trail[index]!;
      index--;
      seen[uip] = 0;
      pathC--;
      if (pathC <= 0) break;
      lits.length = 0;
      this.#reasonOf(uip, lits);
    }
    learnt[0] = (2 * uip + board.cells[uip]!) ^ 1;
    for (let k = 1; k < learnt.length; k++) seen[learnt[k]! >> 1] = 0;
    this.counters.explanations = this.#explainer.explanations;
    this.counters.explanationsCached = this.#explainer.cached;

    // Jump back to the second-highest level in the clause; watch that literal.
    let back = 0;
    let at = 1;
    for (let k = 1; k < learnt.length; k++) {
      const l = levelOf[learnt[k]! >> 1]!;
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
    const lbd = this.#lbd(learnt);
    this.learnedLiterals += learnt.length;
    this.learnedLbd += lbd;
    heap.decay();
    this.#db.decay();
    this.#backjump(back);
    this.#assert(learnt, lbd, 0);
  }

  /** Add `clause` (its first literal unassigned, the rest false) and imply its first literal. */
  #assert(clause: number[], lbd: number, flags: number): void {
    const p = this.#p;
    const lit = clause[0]!;
    if (clause.length === 1) {
      p.imply(lit >> 1, lit & 1, NO_REASON, 0); // a fact at level 0
      return;
    }
    const ref = this.#db.add(clause, clause.length, lbd, flags);
    this.counters.learnedClauses++;
    p.imply(lit >> 1, lit & 1, ref + 1, 0);
  }

  #lbd(clause: readonly number[]): number {
    const stamp = ++this.#stamp;
    const levelOf = this.#p.levelOf;
    let count = 0;
    for (const lit of clause) {
      const l = levelOf[lit >> 1]!;
      if (this.#levelStamp[l] !== stamp) {
        this.#levelStamp[l] = stamp;
        count++;
      }
    }
    return count;
  }

  /**
   * The board holds a solution. Forbid it with the clause "not all of these decisions",
   * latest first, and jump back one level: the clause then forces the last decision's
   * other value.
   */
  #block(): void {
    const p = this.#p;
    const board = p.board;
    const clause: number[] = [];
    for (let l = p.level; l >= 1; l--) {
      const d = board.trail[this.#trailLim[l - 1]!]!;
      clause.push((2 * d + board.cells[d]!) ^ 1);
    }
    this.#backjump(p.level - 1);
    this.#assert(clause, clause.length, PERMANENT);
  }

  #reduce(): void {
    const p = this.#p;
    const a = this.#db.arena;
    const cells = p.board.cells;
    this.#db.reduce((ref) => {
      const lit = a[ref + HEADER]!;
      const cell = lit >> 1;
      return cells[cell] !== UNKNOWN_CELL && p.reason[cell] === ref + 1;
    });
  }
}
