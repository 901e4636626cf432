// Probing: for each unknown cell, assume it filled, propagate, take it back, assume it
// empty, propagate, take it back. A value that leads to a contradiction is impossible, so
// the cell gets the other one; cells that both assumptions set to the same value are
// forced. Passes repeat until a whole round over the unknown cells learns nothing; the
// last round's results then rank the cells for branching.
//
// Probes are not repeated when their outcome cannot have changed: a quiet probe (both values
// possible, nothing forced) remembers the lines its two propagations looked at. While the
// board only grows, a later probe of that cell looks at the same lines in the same states
// and ends the same way, unless one of those lines gained a cell since; so the cell is
// re-probed only then. Taking cells back (backtracking) forgets every record.
import { EMPTY_CELL, FILLED_CELL, UNKNOWN_CELL } from './lines.js';
import { LineVisits, type Propagator } from './propagate.js';
import type { DistinctSolutions } from './host/index.js';

export const enum ProbeOutcome {
  /** Probing finished; `bestCell` is the cell to branch on (-1 if the grid is complete). */
  Open,
  /** No value fits some cell: this node has no solution. */
  Contradiction,
  /** The budget ran out or enough solutions were found. */
  Stopped,
}

/** How many probes may pass between two `checkpoint` calls. */
const PROBES_PER_CHECKPOINT = 64;
/** Lines a probe record may list; a probe that looks at more is always repeated. */
const RECORD_LINES = 24;
/** Larger grids repeat every probe (their records would take more than 25 MB). */
const RECORD_MAX_CELLS = 1 << 19;

export class Prober {
  /** Probes made (one assumed value each). */
  probes = 0;
  /** Cells learned by probing. */
  learned = 0;
  /** Probes not repeated because their recorded outcome still held (one per value). */
  reused = 0;
  /** After `Open`: the cell to branch on and the value to try first. */
  bestCell = -1;
  bestValue = FILLED_CELL;
  /** Per cell, from the last round that probed it: a branching score and the value to try first. */
  readonly scores: Float64Array;
  readonly prefer: Uint8Array;

  readonly #p: Propagator;
  readonly #solutions: DistinctSolutions;
  readonly #checkpoint: () => Promise<boolean>;
  /** `seen[cell] = 2 * stamp + value` for cells set by the filled probe of the current cell. */
  readonly #seen: Int32Array;
  #stamp = 0;
  readonly #forced: Int32Array;
  // Probe records. `recorded[cell]`: the clock when the cell's last quiet probe ended (-1:
  // none); its lines are `recordLines[cell * RECORD_LINES ..]`, `recordCount[cell]` of them.
  // `lineClock[line]`: when the line last gained a cell that stays.
  readonly #visits: LineVisits | null;
  readonly #recorded: Int32Array;
  readonly #recordLines: Uint16Array;
  readonly #recordCount: Uint8Array;
  /** Cells each value of the recorded probe set (with the cell itself), filled then empty. */
  readonly #recordSets: Int32Array;
  readonly #lineClock: Int32Array;
  #clock = 0;
  /** Trail length up to which lasting cells were stamped into `lineClock`. */
  #accounted = 0;

  /** `checkpoint` resolves to true when the solve must stop. */
  constructor(p: Propagator, solutions: DistinctSolutions, checkpoint: () => Promise<boolean>, reuse = true) {
    this.#p = p;
    this.#solutions = solutions;
    this.#checkpoint = checkpoint;
    const cells = p.board.width * p.board.height;
    this.#seen = new Int32Array(cells);
    this.#forced = new Int32Array(cells);
    this.scores = new Float64Array(cells);
    this.prefer = new Uint8Array(cells);
    const lines = p.board.width + p.board.height;
    // Line numbers are kept in 16 bits; grids with more lines simply repeat every probe.
    const recording = reuse && lines <= 0xffff && cells <= RECORD_MAX_CELLS;
    this.#visits = recording ? new LineVisits(lines, RECORD_LINES) : null;
    this.#recorded = new Int32Array(recording ? cells : 0).fill(-1);
    this.#recordLines = new Uint16Array(recording ? cells * RECORD_LINES : 0);
    this.#recordCount = new Uint8Array(recording ? cells : 0);
    this.#recordSets = new Int32Array(recording ? 2 * cells : 0);
    this.#lineClock = new Int32Array(recording ? lines : 0);
  }

  /**
   * Account for cells that became known (for good, at this level) since the last call:
   * stamp their lines with a new clock. If cells were taken back instead, forget every record.
   */
  #sync(): void {
    if (this.#visits === null) return;
    const board = this.#p.board;
    const end = board.trailLength;
    if (board.lowWater < this.#accounted) {
      this.#recorded.fill(-1);
    } else if (end > this.#accounted) {
      const clock = ++this.#clock;
      const lineClock = this.#lineClock;
      const trail = board.trail;
      const width = board.width;
      const height = board.height;
      for (let i = this.#accounted; i < end; i++) {
        const cell = trail[i]!;
        const row = (cell / width) | 0;
        lineClock[row] = clock;
        lineClock[height + cell - row * width] = clock;
      }
    }
    this.#accounted = end;
    board.lowWater = end;
  }

  /**
   * Whether the cell's last quiet probe is still its outcome. Not when one of its values
   * would now complete the grid: that probe has a solution to count.
   */
  #stillHolds(cell: number): boolean {
    const at = this.#recorded[cell]!;
    if (at < 0) return false;
    const unknown = this.#p.board.unknown;
    if (this.#recordSets[2 * cell] === unknown || this.#recordSets[2 * cell + 1] === unknown) return false;
    const lines = this.#recordLines;
    const lineClock = this.#lineClock;
    const from = cell * RECORD_LINES;
    const to = from + this.#recordCount[cell]!;
    for (let i = from; i < to; i++) if (lineClock[lines[i]!]! > at) return false;
    return true;
  }

  /**
   * Probe the unknown cells of the current (propagated, consistent) board until a round
   * learns nothing. Learned cells stay set at the current trail level.
   */
  async run(): Promise<ProbeOutcome> {
    const p = this.#p;
    const board = p.board;
    const cells = board.cells;
    const trail = board.trail;
    const seen = this.#seen;
    const forced = this.#forced;
    const total = cells.length;
    let bestScore = -1;
    let untilCheckpoint = PROBES_PER_CHECKPOINT;
    // Walk the cells in a circle; stop after a full turn without learning anything.
    let cell = 0;
    let quietSince = 0;
    let first = true;
    const visits = this.#visits;
    const recorded = this.#recorded;
    this.#sync();
    while (board.unknown > 0) {
      if (!first && cell === quietSince) break;
      first = false;
      const current = cell;
      cell++;
      if (cell === total) cell = 0;
      if (cells[current] !== UNKNOWN_CELL) continue;

      if (visits !== null && this.#stillHolds(current)) {
        // Same outcome as last time: quiet, with the score it had.
        this.reused += 2;
        const score = this.scores[current]!;
        if (score > bestScore) {
          bestScore = score;
          this.bestCell = current;
          this.bestValue = this.prefer[current]!;
        }
        continue;
      }

      if (--untilCheckpoint === 0) {
        untilCheckpoint = PROBES_PER_CHECKPOINT;
        if (await this.#checkpoint()) return ProbeOutcome.Stopped;
      }

      // Assume filled.
      const mark = board.trailLength;
      this.probes += 2;
      const stamp = ++this.#stamp * 2;
      if (visits !== null) {
        visits.start();
        p.visits = visits;
      }
      p.assign(current, FILLED_CELL);
      const okFilled = p.propagate();
      if (p.stopped !== null) {
        p.visits = null;
        return ProbeOutcome.Stopped;
      }
      const countFilled = board.trailLength - mark;
      let completed = board.unknown === 0;
      if (okFilled) {
        for (let i = mark; i < board.trailLength; i++) {
          const c = trail[i]!;
          seen[c] = stamp + cells[c]!;
        }
        if (board.unknown === 0 && this.#solutions.add(board.width, board.height, board.cells)) {
          p.visits = null;
          return ProbeOutcome.Stopped;
        }
      }
      p.undoTo(mark);

      // Assume empty.
      p.assign(current, EMPTY_CELL);
      const okEmpty = p.propagate();
      p.visits = null;
      if (p.stopped !== null) return ProbeOutcome.Stopped;
      const countEmpty = board.trailLength - mark;
      let nForced = 0;
      if (okEmpty) {
        if (okFilled) {
          for (let i = mark + 1; i < board.trailLength; i++) {
            const c = trail[i]!;
            if (seen[c] === stamp + cells[c]!) forced[nForced++] = c;
          }
          // Record values before undoing (the cells array is cleared by undo).
          for (let i = 0; i < nForced; i++) forced[i] = forced[i]! * 2 + cells[forced[i]!]!;
        }
        if (board.unknown === 0 && this.#solutions.add(board.width, board.height, board.cells)) return ProbeOutcome.Stopped;
      }
      if (board.unknown === 0) completed = true;
      p.undoTo(mark);

      if (!okFilled && !okEmpty) return ProbeOutcome.Contradiction;
      if (!okFilled || !okEmpty || nForced > 0) {
        if (!okFilled) {
          p.assign(current, EMPTY_CELL);
          this.learned++;
        } else if (!okEmpty) {
          p.assign(current, FILLED_CELL);
          this.learned++;
        } else {
          for (let i = 0; i < nForced; i++) {
            const c = forced[i]! >> 1;
            if (cells[c] === UNKNOWN_CELL) {
              p.assign(c, forced[i]! & 1);
              this.learned++;
            }
          }
        }
        if (!p.propagate()) return p.stopped !== null ? ProbeOutcome.Stopped : ProbeOutcome.Contradiction;
        this.#sync();
        quietSince = current;
        bestScore = -1;
        this.bestCell = -1;
        continue;
      }

      // Both values possible and nothing common: rank the cell for branching by how much
      // both of its probes set (the product favours cells that decide a lot either way),
      // and try first the value that sets less (it more often leads to a solution).
      const score = (countFilled + 1) * (countEmpty + 1);
      const prefer = countFilled < countEmpty ? FILLED_CELL : EMPTY_CELL;
      this.scores[current] = score;
      this.prefer[current] = prefer;
      if (visits !== null) {
        // A probe that completed the grid is not recorded (its solution was just counted).
        if (visits.overflow || completed) recorded[current] = -1;
        else {
          recorded[current] = this.#clock;
          this.#recordLines.set(visits.lines.subarray(0, visits.count), current * RECORD_LINES);
          this.#recordCount[current] = visits.count;
          this.#recordSets[2 * current] = countFilled;
          this.#recordSets[2 * current + 1] = countEmpty;
        }
      }
      if (score > bestScore) {
        bestScore = score;
        this.bestCell = current;
        this.bestValue = prefer;
      }
    }
    if (board.unknown === 0) this.bestCell = -1;
    return ProbeOutcome.Open;
  }
}
