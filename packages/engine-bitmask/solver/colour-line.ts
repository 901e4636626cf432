// The colour line solver: given a line's cells as masks of the colours each may still take
// (bit 0 the background) and its clue (blocks of a length and a colour; blocks of one colour
// need a cell between them, blocks of different colours may touch), the masks narrowed to
// the colours some placement of the whole clue gives each cell. Dynamic programming over
// (blocks placed, cells covered), forwards and backwards, O(cells x blocks) per line:
//   ends[j][i]   the first i cells hold exactly blocks 0..j-1;
//   blank[j][i]  the same, and cell i-1 is background (or i == 0 and j == 0);
// and from the right, starts[j][i] / blankR[j][i] for the last cells from i holding blocks
// j..k-1. A block j fits at [s, s+len) when its cells may take its colour, the left part
// fits (ending in background when block j-1 has the same colour) and so does the right.
// Scratch lives in the arena, sized by `setupColourLine` for the longest line and clue.
import { fill, load32At, load8, store32At, store8, tryAlloc } from 'solver-target';

/** Per colour, per cell: how many cells from here on may take that colour (i32[colours * (maxLength + 1)]). */
let runs: usize = 0;
/** The four tables above, a byte per (j, i): (maxBlocks + 1) * (maxLength + 1) each. */
let ends: usize = 0;
let blank: usize = 0;
let startsR: usize = 0;
let blankR: usize = 0;
/** Per cell: the colours some placement gives it (i32[maxLength]); and the cover count of one block (i32[maxLength + 1]). */
let found: usize = 0;
let cover: usize = 0;
/** The fewest cells blocks 0..j-1 take (pre) and blocks j..k-1 take (suf), i32[maxBlocks + 1] each. */
let pre: usize = 0;
let suf: usize = 0;
let colourCount: i32 = 0;

/** Room for lines up to `length` cells and clues up to `blocks` blocks in `colours` colours; false when the memory cannot hold it. */
export function setupColourLine(length: i32, blocks: i32, colours: i32): bool {
  colourCount = colours;
  const table = <usize>(blocks + 1) * <usize>(length + 1);
  runs = tryAlloc(<usize>colours * <usize>(length + 1) << 2);
  ends = tryAlloc(table);
  blank = tryAlloc(table);
  startsR = tryAlloc(table);
  blankR = tryAlloc(table);
  found = tryAlloc(<usize>length << 2);
  pre = tryAlloc(<usize>(blocks + 1) << 2);
  suf = tryAlloc(<usize>(blocks + 1) << 2);
  cover = tryAlloc(<usize>(length + 1) << 2);
  return cover != 0;
}

// @ts-ignore: decorator
@inline function at(j: i32, i: i32, n: i32): usize {
  return <usize>j * <usize>(n + 1) + <usize>i;
}

/** Whether `len` cells from `s` may all take colour `c`. */
// @ts-ignore: decorator
@inline function fits(c: i32, s: i32, len: i32, n: i32): bool {
  return load32At(runs, c * (n + 1) + s) >= len;
}

/**
 * Narrow the masks of one line: `masks` holds `n` i32 cell masks, `lengths` and `colours` the
 * clue's `k` blocks (i32 each). On success the narrowed masks are in `out` (i32[n]) and the
 * result is true; false when no placement fits (the line contradicts its cells).
 */
export function solveColourLine(lengths: usize, colours: usize, k: i32, n: i32, masks: usize, out: usize): bool {
  // Runs per colour of the clue, from the right: runs[c][i] = cells from i that may be c.
  let present: i32 = 0;
  for (let j: i32 = 0; j < k; j++) present |= 1 << load32At(colours, j);
  for (let c: i32 = 1; c < colourCount; c++) {
    if ((present & (1 << c)) == 0) continue;
    const base = c * (n + 1);
    store32At(runs, base + n, 0);
    for (let i: i32 = n - 1; i >= 0; i--) {
      store32At(runs, base + i, (load32At(masks, i) & (1 << c)) != 0 ? load32At(runs, base + i + 1) + 1 : 0);
    }
  }
  const table = <usize>(k + 1) * <usize>(n + 1);
  fill(ends, 0, table);
  fill(blank, 0, table);
  fill(startsR, 0, table);
  fill(blankR, 0, table);

  // Only (j, i) with pre[j] <= i <= n - suf[j] can hold: blocks 0..j-1 fit before i and
  // blocks j..k-1 after it. Both bounds grow with i, so each pass keeps a window of j.
  store32At(pre, 0, 0);
  for (let j: i32 = 1; j <= k; j++) {
    const same = j >= 2 && load32At(colours, j - 2) == load32At(colours, j - 1);
    store32At(pre, j, load32At(pre, j - 1) + load32At(lengths, j - 1) + (same ? 1 : 0));
  }
  store32At(suf, k, 0);
  for (let j: i32 = k - 1; j >= 0; j--) {
    const same = j + 1 < k && load32At(colours, j + 1) == load32At(colours, j);
    store32At(suf, j, load32At(suf, j + 1) + load32At(lengths, j) + (same ? 1 : 0));
  }

  // Forwards.
  store8(ends + at(0, 0, n), 1);
  store8(blank + at(0, 0, n), 1);
  let lo: i32 = 0;
  let hi: i32 = 0;
  for (let i: i32 = 1; i <= n; i++) {
    const bg = (load32At(masks, i - 1) & 1) != 0;
    while (hi < k && load32At(pre, hi + 1) <= i) hi++;
    while (lo <= k && load32At(suf, lo) > n - i) lo++;
    for (let j: i32 = lo; j <= hi; j++) {
      let e: i32 = 0;
      if (bg && load8(ends + at(j, i - 1, n)) != 0) {
        store8(blank + at(j, i, n), 1);
        e = 1;
      }
      if (e == 0 && j > 0) {
        const len = load32At(lengths, j - 1);
        const c = load32At(colours, j - 1);
        const s = i - len;
        if (s >= 0 && fits(c, s, len, n)) {
          const same = j >= 2 && load32At(colours, j - 2) == c;
          if (load8((same ? blank : ends) + at(j - 1, s, n)) != 0) e = 1;
        }
      }
      if (e != 0) store8(ends + at(j, i, n), 1);
    }
  }
  if (load8(ends + at(k, n, n)) == 0) return false;

  // Backwards: startsR[j][i] = the cells from i hold exactly blocks j..k-1.
  store8(startsR + at(k, n, n), 1);
  store8(blankR + at(k, n, n), 1);
  hi = k;
  lo = k;
  for (let i: i32 = n - 1; i >= 0; i--) {
    const bg = (load32At(masks, i) & 1) != 0;
    while (lo > 0 && load32At(suf, lo - 1) <= n - i) lo--;
    while (hi >= 0 && load32At(pre, hi) > i) hi--;
    for (let j: i32 = hi; j >= lo; j--) {
      let e: i32 = 0;
      if (bg && load8(startsR + at(j, i + 1, n)) != 0) {
        store8(blankR + at(j, i, n), 1);
        e = 1;
      }
      if (e == 0 && j < k) {
        const len = load32At(lengths, j);
        const c = load32At(colours, j);
        const end = i + len;
        if (end <= n && fits(c, i, len, n)) {
          const same = j + 1 < k && load32At(colours, j + 1) == c;
          if (load8((same ? blankR : startsR) + at(j + 1, end, n)) != 0) e = 1;
        }
      }
      if (e != 0) store8(startsR + at(j, i, n), 1);
    }
  }

  // The background where some split leaves cell i empty: blocks 0..j-1 before it, j..k-1 after.
  lo = 0;
  for (let i: i32 = 0; i < n; i++) {
    let m: i32 = 0;
    while (lo <= k && load32At(suf, lo) > n - i - 1) lo++;
    if ((load32At(masks, i) & 1) != 0) {
      for (let j: i32 = lo; j <= k; j++) {
        if (load32At(pre, j) > i) break;
        if (load8(ends + at(j, i, n)) != 0 && load8(startsR + at(j, i + 1, n)) != 0) {
          m = 1;
          break;
        }
      }
    }
    store32At(found, i, m);
  }
  // Each block's colour over every place it fits: cover counts by a difference array.
  for (let j: i32 = 0; j < k; j++) {
    const len = load32At(lengths, j);
    const c = load32At(colours, j);
    const sameBefore = j >= 1 && load32At(colours, j - 1) == c;
    const sameAfter = j + 1 < k && load32At(colours, j + 1) == c;
    const first = load32At(pre, j);
    const last = n - load32At(suf, j);
    fill(cover + (<usize>first << 2), 0, <usize>(last + len - first + 1) << 2);
    let any: i32 = 0;
    for (let s: i32 = first; s <= last; s++) {
      if (!fits(c, s, len, n)) continue;
      if (load8((sameBefore ? blank : ends) + at(j, s, n)) == 0) continue;
      if (load8((sameAfter ? blankR : startsR) + at(j + 1, s + len, n)) == 0) continue;
      store32At(cover, s, load32At(cover, s) + 1);
      store32At(cover, s + len, load32At(cover, s + len) - 1);
      any = 1;
    }
    if (any == 0) return false;
    let running: i32 = 0;
    const bit = 1 << c;
    for (let i: i32 = first; i < last + len; i++) {
      running += load32At(cover, i);
      if (running > 0) store32At(found, i, load32At(found, i) | bit);
    }
  }
  for (let i: i32 = 0; i < n; i++) {
    const m = load32At(found, i) & load32At(masks, i);
    if (m == 0) return false;
    store32At(out, i, m);
  }
  return true;
}
