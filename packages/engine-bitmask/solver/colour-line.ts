// The colour line solver: given a line's cells as masks of the colours each may still take
// (bit 0 the background) and its clue (blocks of a length and a colour; blocks of one colour
// need a cell between them, blocks of different colours may touch), the masks narrowed to
// the colours some placement of the whole clue gives each cell. Dynamic programming over
// (blocks placed, cells covered), forwards and backwards, O(cells x blocks) per line:
//   ENDS at (i, j)   the first i cells hold exactly blocks 0..j-1;
//   BLANK at (i, j)  the same, and cell i-1 is background (or i == 0 and j == 0);
// and from the right, the same flags for the cells from i holding blocks j..k-1. A block j fits at [s, s+len) when its cells may take its colour, the left part
// fits (ending in background when block j-1 has the same colour) and so does the right.
// Scratch lives in the arena, sized by `setupColourLine` for the longest line and clue.
import { fill, load32At, load8, store32At, store8, tryAlloc } from 'solver-target';

/** Per colour, per cell: how many cells from here on may take that colour (i32[colours * (maxLength + 1)]). */
let runs: usize = 0;
/** The tables above, a byte per (i, j) with the two flags below: (maxLength + 1) * (maxBlocks + 1) each. */
let forward: usize = 0;
let backward: usize = 0;
const ENDS: i32 = 1;
const BLANK: i32 = 2;
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
  forward = tryAlloc(table);
  backward = tryAlloc(table);
  found = tryAlloc(<usize>length << 2);
  pre = tryAlloc(<usize>(blocks + 1) << 2);
  suf = tryAlloc(<usize>(blocks + 1) << 2);
  cover = tryAlloc(<usize>(length + 1) << 2);
  return cover != 0;
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
  // Known cells at the ends that hold whole blocks (or background) are settled: the DP runs on
  // what is between. A block is taken from an end when its first cell is known, all its cells
  // are known in its colour, and the cell after it is known to be something else.
  let from: i32 = 0;
  let first: i32 = 0;
  while (from < n) {
    const m = load32At(masks, from);
    if ((m & (m - 1)) != 0) break;
    if (m == 1) {
      from++;
      continue;
    }
    if (first >= k || m != 1 << load32At(colours, first)) return false;
    const len = load32At(lengths, first);
    const end = from + len;
    if (end > n) return false;
    let whole = true;
    for (let i = from + 1; i < end && whole; i++) whole = load32At(masks, i) == m;
    if (!whole) break;
    if (end < n) {
      const after = load32At(masks, end);
      // The cell after must be known, and not this colour (the block would be longer).
      if ((after & (after - 1)) != 0) break;
      if (after == m) return false;
    }
    from = end;
    first++;
  }
  let to: i32 = n;
  let last: i32 = k;
  while (to > from) {
    const m = load32At(masks, to - 1);
    if ((m & (m - 1)) != 0) break;
    if (m == 1) {
      to--;
      continue;
    }
    if (last <= first || m != 1 << load32At(colours, last - 1)) return false;
    const len = load32At(lengths, last - 1);
    const start = to - len;
    if (start < from) return false;
    let whole = true;
    for (let i = start; i < to - 1 && whole; i++) whole = load32At(masks, i) == m;
    if (!whole) break;
    if (start > from) {
      const before = load32At(masks, start - 1);
      if ((before & (before - 1)) != 0) break;
      if (before == m) return false;
    }
    to = start;
    last--;
  }
  for (let i: i32 = 0; i < from; i++) store32At(out, i, load32At(masks, i));
  for (let i: i32 = to; i < n; i++) store32At(out, i, load32At(masks, i));
  const at = <usize>from << 2;
  return solveSpan(lengths + (<usize>first << 2), colours + (<usize>first << 2), last - first, to - from, masks + at, out + at);
}

/** The DP on one span of a line (the whole line, or what trimming left of it). */
function solveSpan(lengths: usize, colours: usize, k: i32, n: i32, masks: usize, out: usize): bool {
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
  fill(forward, 0, table);
  fill(backward, 0, table);

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

  // Forwards. forward[i][j] (row i of k + 1 bytes): ENDS when the first i cells hold exactly
  // blocks 0..j-1, and BLANK too when cell i-1 is background (or i == 0, j == 0).
  const stride = k + 1;
  store8(forward, ENDS | BLANK);
  let lo: i32 = 0;
  let hi: i32 = 0;
  for (let i: i32 = 1; i <= n; i++) {
    const bg = (load32At(masks, i - 1) & 1) != 0;
    while (hi < k && load32At(pre, hi + 1) <= i) hi++;
    while (lo <= k && load32At(suf, lo) > n - i) lo++;
    const row = forward + <usize>(i * stride);
    const previous = row - <usize>stride;
    for (let j: i32 = lo; j <= hi; j++) {
      let flags: i32 = 0;
      if (bg && (load8(previous + <usize>j) & ENDS) != 0) flags = ENDS | BLANK;
      else if (j > 0) {
        const len = load32At(lengths, j - 1);
        const c = load32At(colours, j - 1);
        const s = i - len;
        if (s >= 0 && fits(c, s, len, n)) {
          const need = j >= 2 && load32At(colours, j - 2) == c ? BLANK : ENDS;
          if ((load8(forward + <usize>(s * stride + j - 1)) & need) != 0) flags = ENDS;
        }
      }
      if (flags != 0) store8(row + <usize>j, flags);
    }
  }
  if ((load8(forward + <usize>(n * stride + k)) & ENDS) == 0) return false;

  // Backwards. backward[i][j]: ENDS when the cells from i hold exactly blocks j..k-1, and
  // BLANK too when cell i is background (or i == n, j == k).
  store8(backward + <usize>(n * stride + k), ENDS | BLANK);
  hi = k;
  lo = k;
  for (let i: i32 = n - 1; i >= 0; i--) {
    const bg = (load32At(masks, i) & 1) != 0;
    while (lo > 0 && load32At(suf, lo - 1) <= n - i) lo--;
    while (hi >= 0 && load32At(pre, hi) > i) hi--;
    const row = backward + <usize>(i * stride);
    const next = row + <usize>stride;
    for (let j: i32 = hi; j >= lo; j--) {
      let flags: i32 = 0;
      if (bg && (load8(next + <usize>j) & ENDS) != 0) flags = ENDS | BLANK;
      else if (j < k) {
        const len = load32At(lengths, j);
        const c = load32At(colours, j);
        const end = i + len;
        if (end <= n && fits(c, i, len, n)) {
          const need = j + 1 < k && load32At(colours, j + 1) == c ? BLANK : ENDS;
          if ((load8(backward + <usize>(end * stride + j + 1)) & need) != 0) flags = ENDS;
        }
      }
      if (flags != 0) store8(row + <usize>j, flags);
    }
  }

  // The background where some split leaves cell i empty: blocks 0..j-1 before it, j..k-1 after.
  lo = 0;
  for (let i: i32 = 0; i < n; i++) {
    let m: i32 = 0;
    while (lo <= k && load32At(suf, lo) > n - i - 1) lo++;
    if ((load32At(masks, i) & 1) != 0) {
      const before = forward + <usize>(i * stride);
      const after = backward + <usize>((i + 1) * stride);
      for (let j: i32 = lo; j <= k; j++) {
        if (load32At(pre, j) > i) break;
        if ((load8(before + <usize>j) & load8(after + <usize>j) & ENDS) != 0) {
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
      if ((load8(forward + <usize>(s * (k + 1) + j)) & (sameBefore ? BLANK : ENDS)) == 0) continue;
      if ((load8(backward + <usize>((s + len) * (k + 1) + j + 1)) & (sameAfter ? BLANK : ENDS)) == 0) continue;
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
