// The exact line solver: for one clue and the known cells of a line, the cells that are
// filled in every valid placement, the cells empty in every valid placement, or a
// contradiction. Dynamic programming over block positions, done on bit sets so that one
// machine word handles 32 positions at once: O(blocks x words x log(block length)).
//
// Positions. A line of n cells gets a virtual empty cell n after its end. Position p in
// 0..n+1 stands for "the cells [0, p) are settled". Forward set A[j] holds the positions
// p at which the first j blocks, each followed by one separating empty cell, and any
// number of further empty cells fit into [0, p) without disagreeing with a known cell.
// The line is consistent when n+1 is in A[k]. The same pass over the reversed line and
// reversed clue gives, for every m, where the last m blocks fit into a suffix. A block j
// may start at s when s is in A[j-1], its cells may all be filled, the cell after it may be
// empty, and the rest of the line can hold the blocks after j. A cell c may be empty when
// for some m the first m blocks fit before c with c empty (c+1 in A[m]) and the other
// blocks fit after c with c empty. Everything else is forced.

/** Reverse the 32 bits of a word. */
function reverse32(x: number): number {
  x = ((x >>> 1) & 0x55555555) | ((x & 0x55555555) << 1);
  x = ((x >>> 2) & 0x33333333) | ((x & 0x33333333) << 2);
  x = ((x >>> 4) & 0x0f0f0f0f) | ((x & 0x0f0f0f0f) << 4);
  x = ((x >>> 8) & 0x00ff00ff) | ((x & 0x00ff00ff) << 8);
  return (x >>> 16) | (x << 16);
}

/** The level l with 2^l <= b < 2^(l+1), for b >= 1. */
function log2Floor(b: number): number {
  return 31 - Math.clz32(b);
}

/**
 * Positions reachable from the seeds X by stepping over cells that may be empty:
 * p is in the result when some seed q <= p exists and every step q -> q+1 -> ... -> p is
 * allowed by T (bit i of T: the step into position i is allowed). One word.
 */
function floodWord(x: number, t: number): number {
  const m = t | x;
  const free = m & ~x;
  const starts = m & ~(m << 1);
  // Adding the first bit of every run carries up to the run's first seed; the bits it
  // clears are the positions no seed reaches.
  const unreached = ((free + starts) ^ free) & free;
  return m & ~unreached;
}

/**
 * Scratch space and the two solving routines. One instance per solve, sized for the
 * longest line and the longest clue of the puzzle; not re-entrant.
 */
export class LineSolver {
  /** Results of the last successful `solveWord`: forced filled and forced empty cells. */
  outFilled = 0;
  outEmpty = 0;

  readonly #maxBlocks: number;
  readonly #maxLength: number;
  // One-word scratch.
  readonly #fwd: Int32Array;
  readonly #bwd: Int32Array;
  readonly #runs: Int32Array;
  readonly #reversedClue: Int32Array;
  // Multi-word scratch (PW words per position set).
  readonly #fwdW: Int32Array;
  readonly #bwdW: Int32Array;
  readonly #runsW: Int32Array;
  readonly #tmp: Int32Array[];
  readonly #subClue: Int32Array;
  readonly #subFilled: Int32Array;
  readonly #subEmpty: Int32Array;

  constructor(maxLength: number, maxBlocks: number) {
    this.#maxLength = maxLength;
    this.#maxBlocks = maxBlocks;
    this.#fwd = new Int32Array(maxBlocks + 1);
    this.#bwd = new Int32Array(maxBlocks + 1);
    this.#runs = new Int32Array(32);
    this.#reversedClue = new Int32Array(Math.max(1, maxBlocks));
    this.#subClue = new Int32Array(Math.max(1, maxBlocks));
    this.#subFilled = new Int32Array(((maxLength + 31) >>> 5) + 1);
    this.#subEmpty = new Int32Array(((maxLength + 31) >>> 5) + 1);
    const pw = (maxLength + 2 + 31) >>> 5;
    if (maxLength + 2 > 32) {
      this.#fwdW = new Int32Array((maxBlocks + 1) * pw);
      this.#bwdW = new Int32Array((maxBlocks + 1) * pw);
      this.#runsW = new Int32Array((log2Floor(Math.max(1, maxLength)) + 1) * pw);
      this.#tmp = Array.from({ length: 9 }, () => new Int32Array(pw));
    } else {
      this.#fwdW = new Int32Array(0);
      this.#bwdW = new Int32Array(0);
      this.#runsW = new Int32Array(0);
      this.#tmp = [];
    }
  }

  /** Longest line this instance handles in one word. */
  static readonly WORD_LIMIT = 30;

  /**
   * Solve a line of n <= 30 cells. `filled` and `empty` hold the known cells (bit i =
   * cell i). Returns false for a contradiction; otherwise `outFilled` and `outEmpty` hold
   * every cell forced filled / empty (the known ones included).
   */
  solveWord(clue: Int32Array, k: number, n: number, filled: number, empty: number): boolean {
    const real = (1 << n) - 1;
    const canFill = ~empty & real;
    const canEmpty = (~filled & real) | (1 << n);
    const fwd = this.#fwd;
    if (!this.#forwardWord(clue, k, n, canFill, canEmpty, fwd)) return false;

    const rev = this.#reversedClue;
    for (let j = 0; j < k; j++) rev[j] = clue[k - 1 - j]!;
    const shift = 32 - n;
    const canFillR = reverse32(canFill) >>> shift;
    const canEmptyR = (reverse32(canEmpty & real) >>> shift) | (1 << n);
    const bwd = this.#bwd;
    this.#forwardWord(rev, k, n, canFillR, canEmptyR, bwd);

    // canFill runs were overwritten by the reversed pass: rebuild for the forward line.
    const runs = this.#runs;
    this.#buildRunsWord(canFill, clue, k);
    const posShift = 31 - n;
    let mayEmpty = 0;
    let mayFill = 0;
    // B_m = positions q where the suffix from q holds the last k-m blocks.
    mayEmpty |= (fwd[0]! >>> 1) & (reverse32(bwd[k]!) >>> posShift); // B_0
    for (let j = 1; j <= k; j++) {
      const b = clue[j - 1]!;
      const bj = reverse32(bwd[k - j]!) >>> posShift;
      const level = log2Floor(b);
      let fit = runs[level]!;
      const extra = b - (1 << level);
      if (extra > 0) fit &= fit >>> extra;
      fit &= canEmpty >>> b;
      let starts = fwd[j - 1]! & fit & (bj >>> b);
      // Smear each start over the b cells of its block.
      let len = 1;
      while (len * 2 <= b) {
        starts |= starts << len;
        len *= 2;
      }
      if (b > len) starts |= starts << (b - len);
      mayFill |= starts;
      mayEmpty |= (fwd[j]! >>> 1) & bj;
    }
    this.outFilled = real & ~mayEmpty;
    this.outEmpty = real & ~mayFill;
    return true;
  }

  #buildRunsWord(canFill: number, clue: Int32Array, k: number): void {
    let maxBlock = 1;
    for (let j = 0; j < k; j++) if (clue[j]! > maxBlock) maxBlock = clue[j]!;
    const runs = this.#runs;
    runs[0] = canFill;
    const top = log2Floor(maxBlock);
    for (let l = 1; l <= top; l++) {
      const prev = runs[l - 1]!;
      runs[l] = prev & (prev >>> (1 << (l - 1)));
    }
  }

  #forwardWord(clue: Int32Array, k: number, n: number, canFill: number, canEmpty: number, out: Int32Array): boolean {
    this.#buildRunsWord(canFill, clue, k);
    const runs = this.#runs;
    const t = canEmpty << 1;
    let a = floodWord(1, t);
    out[0] = a;
    for (let j = 0; j < k; j++) {
      const b = clue[j]!;
      const level = log2Floor(b);
      let fit = runs[level]!;
      const extra = b - (1 << level);
      if (extra > 0) fit &= fit >>> extra;
      fit &= canEmpty >>> b;
      const placed = a & fit;
      if (placed === 0) {
        for (let r = j + 1; r <= k; r++) out[r] = 0;
        return false;
      }
      a = floodWord(placed << (b + 1), t);
      out[j + 1] = a;
    }
    return ((a >>> (n + 1)) & 1) === 1;
  }

  // ---------------------------------------------------------------------------------
  // Lines longer than 30 cells: the same algorithm on arrays of words.

  /**
   * Solve a line of any length up to the instance's maximum. Known cells are read from
   * `filled[fOff..]` and `empty[eOff..]` (ceil(n/32) words each); forced cells are written
   * to `outFilled` and `outEmpty` (same word count). Returns false for a contradiction.
   */
  solveWords(
    clue: Int32Array,
    k: number,
    n: number,
    filled: Int32Array,
    fOff: number,
    empty: Int32Array,
    eOff: number,
    outFilled: Int32Array,
    outEmpty: Int32Array,
  ): boolean {
    if (n > this.#maxLength || k > this.#maxBlocks) throw new RangeError('line longer than the solver was sized for');
    const pw = (n + 2 + 31) >>> 5;
    const lw = (n + 31) >>> 5;
    const tmp = this.#tmp;
    const canFill = tmp[0]!;
    const canEmpty = tmp[1]!;
    const canFillR = tmp[2]!;
    const canEmptyR = tmp[3]!;
    const real = tmp[4]!;
    for (let i = 0; i < pw; i++) {
      const bits = n - 32 * i;
      real[i] = bits >= 32 ? -1 : bits <= 0 ? 0 : (1 << bits) - 1;
    }
    for (let i = 0; i < pw; i++) {
      const f = i < lw ? filled[fOff + i]! : 0;
      const e = i < lw ? empty[eOff + i]! : 0;
      canFill[i] = ~e & real[i]!;
      canEmpty[i] = ~f & real[i]!;
    }
    // canEmpty without the virtual cell, reversed over n bits; then add the virtual cells.
    reverseBits(canFillR, canFill, 0, pw, n);
    reverseBits(canEmptyR, canEmpty, 0, pw, n);
    canEmpty[n >>> 5]! |= 1 << (n & 31);
    canEmptyR[n >>> 5]! |= 1 << (n & 31);

    const fwd = this.#fwdW;
    if (!this.#forwardWords(clue, k, n, pw, canFill, canEmpty, fwd)) return false;
    const rev = this.#reversedClue;
    for (let j = 0; j < k; j++) rev[j] = clue[k - 1 - j]!;
    const bwd = this.#bwdW;
    this.#forwardWords(rev, k, n, pw, canFillR, canEmptyR, bwd);
    this.#buildRunsWords(canFill, clue, k, pw);

    const mayEmpty = tmp[5]!;
    const mayFill = tmp[6]!;
    const bj = tmp[7]!;
    const work = tmp[8]!;
    mayEmpty.fill(0, 0, pw);
    mayFill.fill(0, 0, pw);
    // B_0 and the "all blocks before" case.
    reverseBits(bj, bwd, k * pw, pw, n + 1);
    shiftRight(work, fwd, 0, 1, pw);
    for (let i = 0; i < pw; i++) mayEmpty[i]! |= work[i]! & bj[i]!;
    const t0 = canFillR; // free now: reuse as scratch
    const t1 = canEmptyR;
    for (let j = 1; j <= k; j++) {
      const b = clue[j - 1]!;
      reverseBits(bj, bwd, (k - j) * pw, pw, n + 1);
      this.#fitWords(b, canEmpty, pw, work, t0);
      // starts = fwd[j-1] & fit & (bj >>> b)
      shiftRight(t1, bj, 0, b, pw);
      const base = (j - 1) * pw;
      for (let i = 0; i < pw; i++) work[i] = fwd[base + i]! & work[i]! & t1[i]!;
      // smear over b cells
      let len = 1;
      while (len * 2 <= b) {
        shiftLeft(t1, work, len, pw);
        for (let i = 0; i < pw; i++) work[i]! |= t1[i]!;
        len *= 2;
      }
      if (b > len) {
        shiftLeft(t1, work, b - len, pw);
        for (let i = 0; i < pw; i++) work[i]! |= t1[i]!;
      }
      for (let i = 0; i < pw; i++) mayFill[i]! |= work[i]!;
      shiftRight(work, fwd, j * pw, 1, pw);
      for (let i = 0; i < pw; i++) mayEmpty[i]! |= work[i]! & bj[i]!;
    }
    for (let i = 0; i < lw; i++) {
      outFilled[i] = real[i]! & ~mayEmpty[i]!;
      outEmpty[i] = real[i]! & ~mayFill[i]!;
    }
    return true;
  }

  /**
   * `solveWords` on the part of a long line that is still open. Known cells up to the last empty cell before the first unknown cell
   * hold complete blocks: they must be the clue's first blocks and can be cut off; the same
   * from the end. Nearly finished lines (most re-solves of a large puzzle) become short.
   */
  solveTrimmed(
    clue: Int32Array,
    k: number,
    n: number,
    filled: Int32Array,
    fOff: number,
    empty: Int32Array,
    eOff: number,
    outFilled: Int32Array,
    outEmpty: Int32Array,
  ): boolean {
    const lw = (n + 31) >>> 5;
    let anyKnown = 0;
    for (let w = 0; w < lw; w++) anyKnown |= filled[fOff + w]! | empty[eOff + w]!;
    if (anyKnown === 0) return this.#solveBlank(clue, k, n, outFilled, outEmpty);
    // First and last unknown cells.
    let u0 = n;
    for (let w = 0; w < lw; w++) {
      const bits = n - 32 * w;
      const real = bits >= 32 ? -1 : (1 << bits) - 1;
      const unknown = ~(filled[fOff + w]! | empty[eOff + w]!) & real;
      if (unknown !== 0) {
        u0 = 32 * w + 31 - Math.clz32(unknown & -unknown);
        break;
      }
    }
    let u1 = -1;
    if (u0 < n) {
      for (let w = lw - 1; w >= 0; w--) {
        const bits = n - 32 * w;
        const real = bits >= 32 ? -1 : (1 << bits) - 1;
        const unknown = ~(filled[fOff + w]! | empty[eOff + w]!) & real;
        if (unknown !== 0) {
          u1 = 32 * w + 31 - Math.clz32(unknown);
          break;
        }
      }
    }
    if (u0 === n) {
      // Everything is known: the runs must be the clue.
      let m = 0;
      let run = 0;
      for (let i = 0; i <= n; i++) {
        if (i < n && bitAt(filled, fOff, i) === 1) run++;
        else if (run > 0) {
          if (m >= k || clue[m] !== run) return false;
          m++;
          run = 0;
        }
      }
      if (m !== k) return false;
      for (let w = 0; w < lw; w++) {
        outFilled[w] = filled[fOff + w]!;
        outEmpty[w] = empty[eOff + w]!;
      }
      return true;
    }
    // Cut points: [0, a) ends with an empty cell (or is empty); cell c is empty (or c = n)
    // and everything after it is known.
    let a = 0;
    for (let i = u0 - 1; i >= 0; i--) {
      if (bitAt(empty, eOff, i) === 1) {
        a = i + 1;
        break;
      }
    }
    let c = n;
    for (let i = u1 + 1; i < n; i++) {
      if (bitAt(empty, eOff, i) === 1) {
        c = i;
        break;
      }
    }
    // Blocks of the prefix must be the first blocks of the clue.
    let m = 0;
    let run = 0;
    for (let i = 0; i < a; i++) {
      if (bitAt(filled, fOff, i) === 1) run++;
      else if (run > 0) {
        if (m >= k || clue[m] !== run) return false;
        m++;
        run = 0;
      }
    }
    // Blocks of the suffix (after cell c) must be the last blocks.
    let mEnd = 0;
    run = 0;
    if (c < n) {
      for (let i = n - 1; i > c; i--) {
        if (bitAt(filled, fOff, i) === 1) run++;
        else if (run > 0) {
          if (m + mEnd >= k || clue[k - 1 - mEnd] !== run) return false;
          mEnd++;
          run = 0;
        }
      }
      if (run > 0) {
        if (m + mEnd >= k || clue[k - 1 - mEnd] !== run) return false;
        mEnd++;
      }
    }
    if (m + mEnd > k) return false;
    const sub = this.#subClue;
    const kk = k - m - mEnd;
    let need = kk > 0 ? kk - 1 : 0;
    for (let j = 0; j < kk; j++) {
      sub[j] = clue[m + j]!;
      need += sub[j]!;
    }
    const len = Math.max(0, c - a);
    if (need > len) return false;
    for (let w = 0; w < lw; w++) {
      outFilled[w] = filled[fOff + w]!;
      outEmpty[w] = empty[eOff + w]!;
    }
    if (len === 0) return kk === 0;
    const subF = this.#subFilled;
    const subE = this.#subEmpty;
    extractBits(subF, filled, fOff, a, len);
    extractBits(subE, empty, eOff, a, len);
    if (len <= LineSolver.WORD_LIMIT) {
      if (!this.solveWord(sub, kk, len, subF[0]!, subE[0]!)) return false;
      subF[0] = this.outFilled;
      subE[0] = this.outEmpty;
    } else if (!this.solveWords(sub, kk, len, subF, 0, subE, 0, subF, subE)) {
      return false;
    }
    depositBits(outFilled, subF, a, len);
    depositBits(outEmpty, subE, a, len);
    return true;
  }

  /**
   * A line with no known cell: block j can start anywhere from its leftmost start (all
   * blocks packed left) to its rightmost start (packed right). A cell is forced filled when
   * some block covers it in both extremes, forced empty when no block can reach it.
   */
  #solveBlank(clue: Int32Array, k: number, n: number, outFilled: Int32Array, outEmpty: Int32Array): boolean {
    let need = k > 0 ? k - 1 : 0;
    for (let j = 0; j < k; j++) need += clue[j]!;
    if (need > n) return false;
    const lw = (n + 31) >>> 5;
    outFilled.fill(0, 0, lw);
    outEmpty.fill(0, 0, lw);
    const slack = n - need;
    let left = 0; // leftmost start of block j
    let reach = 0; // cells [0, reach) can be covered by some block
    for (let j = 0; j < k; j++) {
      const b = clue[j]!;
      // Cells between the previous block's reach and this block's leftmost start: empty.
      markRange(outEmpty, reach, left);
      // Overlap of the two extremes: [left + slack, left + b).
      if (b > slack) markRange(outFilled, left + slack, left + b);
      reach = left + b + slack;
      left += b + 1;
    }
    markRange(outEmpty, reach, n);
    return true;
  }

  #buildRunsWords(canFill: Int32Array, clue: Int32Array, k: number, pw: number): void {
    let maxBlock = 1;
    for (let j = 0; j < k; j++) if (clue[j]! > maxBlock) maxBlock = clue[j]!;
    const runs = this.#runsW;
    for (let i = 0; i < pw; i++) runs[i] = canFill[i]!;
    const top = log2Floor(maxBlock);
    const t = this.#tmp[8]!;
    for (let l = 1; l <= top; l++) {
      const prev = (l - 1) * pw;
      shiftRight(t, runs, prev, 1 << (l - 1), pw);
      const base = l * pw;
      for (let i = 0; i < pw; i++) runs[base + i] = runs[prev + i]! & t[i]!;
    }
  }

  /** out = starts s where cells [s, s+b) may be filled and cell s+b may be empty. */
  #fitWords(b: number, canEmpty: Int32Array, pw: number, out: Int32Array, scratch: Int32Array): void {
    const level = log2Floor(b);
    const runs = this.#runsW;
    const base = level * pw;
    const extra = b - (1 << level);
    if (extra > 0) {
      shiftRight(scratch, runs, base, extra, pw);
      for (let i = 0; i < pw; i++) out[i] = runs[base + i]! & scratch[i]!;
    } else {
      for (let i = 0; i < pw; i++) out[i] = runs[base + i]!;
    }
    shiftRight(scratch, canEmpty, 0, b, pw);
    for (let i = 0; i < pw; i++) out[i]! &= scratch[i]!;
  }

  #forwardWords(
    clue: Int32Array,
    k: number,
    n: number,
    pw: number,
    canFill: Int32Array,
    canEmpty: Int32Array,
    out: Int32Array,
  ): boolean {
    this.#buildRunsWords(canFill, clue, k, pw);
    const t = this.#tmp[5]!;
    shiftLeft(t, canEmpty, 1, pw);
    const fit = this.#tmp[6]!;
    const scratch = this.#tmp[7]!;
    const placed = this.#tmp[8]!;
    // A[0] = flood({0})
    placed.fill(0, 0, pw);
    placed[0] = 1;
    floodWords(out, 0, placed, t, pw);
    for (let j = 0; j < k; j++) {
      const b = clue[j]!;
      this.#fitWords(b, canEmpty, pw, fit, scratch);
      const base = j * pw;
      let any = 0;
      for (let i = 0; i < pw; i++) {
        const v = out[base + i]! & fit[i]!;
        fit[i] = v;
        any |= v;
      }
      if (any === 0) {
        out.fill(0, (j + 1) * pw, (k + 1) * pw);
        return false;
      }
      shiftLeft(placed, fit, b + 1, pw);
      floodWords(out, (j + 1) * pw, placed, t, pw);
    }
    return ((out[k * pw + ((n + 1) >>> 5)]! >>> ((n + 1) & 31)) & 1) === 1;
  }
}

/** Bit i of the mask starting at src[off]. */
function bitAt(arr: Int32Array, off: number, i: number): number {
  return (arr[off + (i >>> 5)]! >>> (i & 31)) & 1;
}

/** Set bits [from, to) of a mask. */
function markRange(arr: Int32Array, from: number, to: number): void {
  for (let i = from; i < to; i++) arr[i >>> 5]! |= 1 << (i & 31);
}

/** dst[0..] = bits [from, from + len) of src[off..], other bits of the last word cleared. */
function extractBits(dst: Int32Array, src: Int32Array, off: number, from: number, len: number): void {
  const words = (len + 31) >>> 5;
  const q = from >>> 5;
  const r = from & 31;
  const srcWords = src.length - off;
  for (let i = 0; i < words; i++) {
    const j = q + i;
    let v = j < srcWords ? src[off + j]! >>> r : 0;
    if (r !== 0 && j + 1 < srcWords) v |= src[off + j + 1]! << (32 - r);
    dst[i] = v;
  }
  const tail = len & 31;
  if (tail !== 0) dst[words - 1]! &= (1 << tail) - 1;
}

/** dst |= src (len bits) shifted up to bit `at`. */
function depositBits(dst: Int32Array, src: Int32Array, at: number, len: number): void {
  const words = (len + 31) >>> 5;
  const q = at >>> 5;
  const r = at & 31;
  for (let i = 0; i < words; i++) {
    let v = src[i]!;
    if (i === words - 1 && (len & 31) !== 0) v &= (1 << (len & 31)) - 1;
    if (q + i < dst.length) dst[q + i]! |= v << r;
    if (r !== 0 && q + i + 1 < dst.length) dst[q + i + 1]! |= v >>> (32 - r);
  }
}

/** dst = src << s over pw words (bit i -> bit i+s). dst and src must differ. */
function shiftLeft(dst: Int32Array, src: Int32Array, s: number, pw: number): void {
  const q = s >>> 5;
  const r = s & 31;
  for (let i = pw - 1; i >= 0; i--) {
    const j = i - q;
    if (j < 0) {
      dst[i] = 0;
      continue;
    }
    let v = src[j]! << r;
    if (r !== 0 && j > 0) v |= src[j - 1]! >>> (32 - r);
    dst[i] = v;
  }
}

/** dst = src[off..] >>> s over pw words (bit i -> bit i-s). dst and src must differ. */
function shiftRight(dst: Int32Array, src: Int32Array, off: number, s: number, pw: number): void {
  const q = s >>> 5;
  const r = s & 31;
  for (let i = 0; i < pw; i++) {
    const j = i + q;
    if (j >= pw) {
      dst[i] = 0;
      continue;
    }
    let v = src[off + j]! >>> r;
    if (r !== 0 && j + 1 < pw) v |= src[off + j + 1]! << (32 - r);
    dst[i] = v;
  }
}

/** Multi-word `floodWord`: the addition carries from word to word. */
function floodWords(out: Int32Array, off: number, x: Int32Array, t: Int32Array, pw: number): void {
  let carry = 0;
  let prevTop = 0;
  for (let i = 0; i < pw; i++) {
    const xi = x[i]!;
    const m = t[i]! | xi;
    const free = m & ~xi;
    const starts = m & ~((m << 1) | prevTop);
    prevTop = m >>> 31;
    const sum = (free >>> 0) + (starts >>> 0) + carry;
    carry = sum > 0xffffffff ? 1 : 0;
    const unreached = (sum ^ free) & free;
    out[off + i] = m & ~unreached;
  }
}

/**
 * dst = bits 0..len-1 of src[off..off+pw) reversed (bit p -> bit len-1-p); bits of src at
 * len or above are dropped. dst and src must differ.
 */
function reverseBits(dst: Int32Array, src: Int32Array, off: number, pw: number, len: number): void {
  // Reverse all 32*pw bits, then shift right by 32*pw - len.
  const total = pw * 32;
  const s = total - len;
  const q = s >>> 5;
  const r = s & 31;
  // Full reversal: word i of the result is reverse32(src[pw-1-i]).
  // Then shift right by s: result[i] = full[i+q] >>> r | full[i+q+1] << (32-r).
  for (let i = 0; i < pw; i++) {
    const j = i + q;
    if (j >= pw) {
      dst[i] = 0;
      continue;
    }
    let v = reverse32(src[off + pw - 1 - j]!) >>> r;
    if (r !== 0 && j + 1 < pw) v |= reverse32(src[off + pw - 2 - j]!) << (32 - r);
    dst[i] = v;
  }
}
