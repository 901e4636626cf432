// Explanations for the learning search: why a line forced a cell, or why a line has no
// valid placement, as a small set of the line's known cells. A cell is forced exactly when
// its other value leaves the line without a placement, so both questions become "is this
// line still contradictory with fewer known cells?", which the forward pass of the line
// solver answers. Start from every cell the line knew at the time, keep only a window
// around the target that still suffices, then drop cells one by one, farthest first, as
// long as the contradiction stays (a deletion filter). The same line state keeps coming
// back during a search, so explanations are cached by clue, known cells and target.
import { LineCache } from './cache.js';
import { UNKNOWN_CELL } from './lines.js';
import type { Propagator } from './propagate.js';

/** `extra` key of a cached conflict explanation (reasons use 2 * target + value). */
const CONFLICT = -1;

export class Explainer {
  /** Explanations asked for, and how many came from the cache. */
  explanations = 0;
  cached = 0;

  readonly #p: Propagator;
  readonly #cache: LineCache;
  /** The known cells being tried, as line masks. */
  readonly #filled: Int32Array;
  readonly #empty: Int32Array;
  /** The cache key (the known cells we started from) and a cached result. */
  readonly #keyFilled: Int32Array;
  readonly #keyEmpty: Int32Array;
  /** Candidate cells (indexes along the line), ascending, and a scratch copy. */
  readonly #cand: Int32Array;
  readonly #kept: Int32Array;
  #count = 0;

  constructor(p: Propagator) {
    this.#p = p;
    const words = Math.max(p.board.rowWords, p.board.colWords);
    const longest = Math.max(p.board.width, p.board.height);
    this.#cache = new LineCache(words);
    this.#filled = new Int32Array(words);
    this.#empty = new Int32Array(words);
    this.#keyFilled = new Int32Array(words);
    this.#keyEmpty = new Int32Array(words);
    this.#cand = new Int32Array(longest);
    this.#kept = new Int32Array(longest);
  }

  /**
   * Push onto `out` true literals (2 * cell + value) of line `line` that force `cell` to its
   * value, chosen among the cells known before trail index `start`.
   */
  reason(line: number, start: number, cell: number, out: number[]): void {
    const p = this.#p;
    const board = p.board;
    const cells = board.cells;
    const posOf = p.posOf;
    const isRow = line < board.height;
    const first = isRow ? line * board.width : line - board.height;
    const step = isRow ? 1 : board.width;
    const n = isRow ? board.width : board.height;
    const target = (cell - first) / step;
    const value = cells[cell]!;
    const cand = this.#cand;
    let count = 0;
    for (let i = 0, c = first; i < n; i++, c += step) {
      if (c !== cell && cells[c] !== UNKNOWN_CELL && posOf[c]! < start) cand[count++] = i;
    }
    this.#count = count;
    if (count > 1 && !this.#fromCache(line, 2 * target + value, n, first, step)) {
      this.#shrinkReason(line, target, value, first, step);
      this.#store(line, 2 * target + value, n);
    }
    this.#emit(first, step, out);
  }

  /** Push onto `out` true literals of line `line` that leave the line without a valid placement. */
  conflict(line: number, out: number[]): void {
    const p = this.#p;
    const board = p.board;
    const cells = board.cells;
    const isRow = line < board.height;
    const first = isRow ? line * board.width : line - board.height;
    const step = isRow ? 1 : board.width;
    const n = isRow ? board.width : board.height;
    const cand = this.#cand;
    let count = 0;
    for (let i = 0, c = first; i < n; i++, c += step) if (cells[c] !== UNKNOWN_CELL) cand[count++] = i;
    this.#count = count;
    if (count > 1 && !this.#fromCache(line, CONFLICT, n, first, step)) {
      const filled = this.#filled;
      const empty = this.#empty;
      let kept = 0;
      for (let k = 0; k < count; k++) {
        const i = cand[k]!;
        const w = i >>> 5;
        const bit = 1 << (i & 31);
        const wasFilled = (filled[w]! & bit) !== 0;
        if (wasFilled) filled[w]! &= ~bit;
        else empty[w]! &= ~bit;
        if (p.consistent(line, filled, empty, 0)) {
          if (wasFilled) filled[w]! |= bit;
          else empty[w]! |= bit;
          cand[kept++] = i;
        }
      }
      this.#count = kept;
      this.#store(line, CONFLICT, n);
    }
    this.#emit(first, step, out);
  }

  /** The candidates force `target` to `value`; keep a small subset that still does. */
  #shrinkReason(line: number, target: number, value: number, first: number, step: number): void {
    const p = this.#p;
    const cells = p.board.cells;
    const filled = this.#filled;
    const empty = this.#empty;
    const cand = this.#cand;
    const count = this.#count;
    const tw = target >>> 5;
    const tbit = 1 << (target & 31);
    // The target is forced exactly when its other value leaves no placement.
    const other = value === 1 ? empty : filled;
    other[tw]! |= tbit;

    // Most explanations are local: grow a window around the target (reach 1, 2, 4, ...)
    // until its known cells alone force the target. The whole line does.
    let lo = 0; // candidates [lo, hi) lie inside the window
    let hi = 0;
    while (hi < count && cand[hi]! < target) hi++;
    lo = hi;
    filled.fill(0);
    empty.fill(0);
    other[tw]! |= tbit;
    for (let reach = 1; ; reach *= 2) {
      while (lo > 0 && target - cand[lo - 1]! <= reach) {
        lo--;
        this.#add(cand[lo]!, first, step, cells);
      }
      while (hi < count && cand[hi]! - target <= reach) {
        this.#add(cand[hi]!, first, step, cells);
        hi++;
      }
      if ((lo === 0 && hi === count) || !p.consistent(line, filled, empty, 0)) break;
    }

    // Drop cells farthest from the target first while the contradiction stays.
    const kept = this.#kept;
    let nKept = 0;
    let left = lo;
    let right = hi - 1;
    while (left <= right) {
      let i: number;
      if (target - cand[left]! >= cand[right]! - target) i = cand[left++]!;
      else i = cand[right--]!;
      const w = i >>> 5;
      const bit = 1 << (i & 31);
      const wasFilled = (filled[w]! & bit) !== 0;
      if (wasFilled) filled[w]! &= ~bit;
      else empty[w]! &= ~bit;
      if (p.consistent(line, filled, empty, 0)) {
        if (wasFilled) filled[w]! |= bit;
        else empty[w]! |= bit;
        kept[nKept++] = i;
      }
    }
    other[tw]! &= ~tbit;
    for (let k = 0; k < nKept; k++) cand[k] = kept[k]!;
    this.#count = nKept;
  }

  #add(i: number, first: number, step: number, cells: Uint8Array): void {
    const bit = 1 << (i & 31);
    if (cells[first + i * step] === 1) this.#filled[i >>> 5]! |= bit;
    else this.#empty[i >>> 5]! |= bit;
  }

  /**
   * Load the candidates into the masks and look the explanation up. On a hit the
   * candidates become the cached explanation and the result is true.
   */
  #fromCache(line: number, extra: number, n: number, first: number, step: number): boolean {
    const filled = this.#filled;
    const empty = this.#empty;
    filled.fill(0);
    empty.fill(0);
    const cells = this.#p.board.cells;
    const cand = this.#cand;
    for (let k = 0; k < this.#count; k++) this.#add(cand[k]!, first, step, cells);
    this.explanations++;
    const words = (n + 31) >>> 5;
    const id = this.#p.clues.id[line]!;
    this.#keyFilled.set(filled);
    this.#keyEmpty.set(empty);
    if (this.#cache.lookup(id, extra, words, filled, 0, empty, 0) !== 1) return false;
    this.cached++;
    this.#cache.copyResult(words, filled, empty);
    let count = 0;
    for (let w = 0; w < words; w++) {
      let bits = filled[w]! | empty[w]!;
      while (bits !== 0) {
        const bit = bits & -bits;
        bits ^= bit;
        cand[count++] = (w << 5) + 31 - Math.clz32(bit);
      }
    }
    this.#count = count;
    return true;
  }

  /** Cache the explanation (the candidates now) under the key `#fromCache` saved. */
  #store(line: number, extra: number, n: number): void {
    const words = (n + 31) >>> 5;
    const filled = this.#filled;
    const empty = this.#empty;
    filled.fill(0);
    empty.fill(0);
    const p = this.#p;
    const cand = this.#cand;
    for (let k = 0; k < this.#count; k++) {
      const i = cand[k]!;
      const bit = 1 << (i & 31);
      // Key cells keep their values: read them from the key masks.
      if ((this.#keyFilled[i >>> 5]! & bit) !== 0) filled[i >>> 5]! |= bit;
      else empty[i >>> 5]! |= bit;
    }
    this.#cache.store(p.clues.id[line]!, extra, words, this.#keyFilled, 0, this.#keyEmpty, 0, true, filled, empty);
  }

  #emit(first: number, step: number, out: number[]): void {
    const cells = this.#p.board.cells;
    const cand = this.#cand;
    for (let k = 0; k < this.#count; k++) {
      const c = first + cand[k]! * step;
      out.push(2 * c + cells[c]!);
    }
  }
}
