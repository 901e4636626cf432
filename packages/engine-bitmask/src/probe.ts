// Probing: for each unknown cell, assume it filled, propagate, take it back, assume it
// empty, propagate, take it back. A value that leads to a contradiction is impossible, so
// the cell gets the other one; cells that both assumptions set to the same value are
// forced. Passes repeat until a whole round over the unknown cells learns nothing; the
// last round's results then rank the cells for branching.
import { EMPTY_CELL, FILLED_CELL, UNKNOWN_CELL } from './lines.js';
import type { Propagator } from './propagate.js';
import type { DistinctSolutions } from '@gridrace/core';

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

export class Prober {
  /** Probes made (one assumed value each). */
  probes = 0;
  /** Cells learned by probing. */
  learned = 0;
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

  /** `checkpoint` resolves to true when the solve must stop. */
  constructor(p: Propagator, solutions: DistinctSolutions, checkpoint: () => Promise<boolean>) {
    this.#p = p;
    this.#solutions = solutions;
    this.#checkpoint = checkpoint;
    const cells = p.board.width * p.board.height;
    this.#seen = new Int32Array(cells);
    this.#forced = new Int32Array(cells);
    this.scores = new Float64Array(cells);
    this.prefer = new Uint8Array(cells);
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
    while (board.unknown > 0) {
      if (!first && cell === quietSince) break;
      first = false;
      const current = cell;
      cell++;
      if (cell === total) cell = 0;
      if (cells[current] !== UNKNOWN_CELL) continue;

      if (--untilCheckpoint === 0) {
        untilCheckpoint = PROBES_PER_CHECKPOINT;
        if (await this.#checkpoint()) return ProbeOutcome.Stopped;
      }

      // Assume filled.
      const mark = board.trailLength;
      this.probes += 2;
      const stamp = ++this.#stamp * 2;
      p.assign(current, FILLED_CELL);
      const okFilled = p.propagate();
      if (p.stopped !== null) return ProbeOutcome.Stopped;
      const countFilled = board.trailLength - mark;
      if (okFilled) {
        for (let i = mark; i < board.trailLength; i++) {
          const c = trail[i]!;
          seen[c] = stamp + cells[c]!;
        }
        if (board.unknown === 0 && this.#solutions.add(board.width, board.height, board.cells)) return ProbeOutcome.Stopped;
      }
      p.undoTo(mark);

      // Assume empty.
      p.assign(current, EMPTY_CELL);
      const okEmpty = p.propagate();
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
