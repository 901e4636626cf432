// A fixed CPU workload timed in the same worker as every engine task. Dividing an engine's
// median by it cancels much of what a shared machine does to both (clock changes, a busy
// sibling core), so `compare` can set runs from different hours side by side.
//
// It mimics what engines do: bit operations over typed arrays, small arrays allocated and
// sorted, function calls in a loop. Deterministic, about a millisecond on a 2020s core.

const WORDS = 2048;

function step(state: Uint32Array, out: Uint32Array): number {
  // xorshift32 fills the words; then runs of set bits are counted, like a line solver's masks.
  let x = state[0]! | 1;
  for (let i = 0; i < out.length; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    out[i] = x >>> 0;
  }
  state[0] = x;
  let runs = 0;
  for (let i = 0; i < out.length; i++) {
    const w = out[i]!;
    const starts = w & ~(w << 1);
    let c = starts;
    c = c - ((c >>> 1) & 0x55555555);
    c = (c & 0x33333333) + ((c >>> 2) & 0x33333333);
    runs += (((c + (c >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
  }
  return runs;
}

function blocks(seed: number): number {
  // Small arrays of block lengths, sorted and summed: allocation and calls, as in clue handling.
  let total = 0;
  let x = seed | 1;
  for (let line = 0; line < 64; line++) {
    const clue: number[] = [];
    for (let k = 0; k < 12; k++) {
      x = (Math.imul(x, 1103515245) + 12345) | 0;
      clue.push(((x >>> 16) % 9) + 1);
    }
    clue.sort((a, b) => a - b);
    total += clue.reduce((a, b) => a + b, 0);
  }
  return total;
}

/** The calibration workload; returns a checksum so the work cannot be optimised away. */
export function calibrationWorkload(): number {
  const state = new Uint32Array([2463534242]);
  const out = new Uint32Array(WORDS);
  let sum = 0;
  for (let round = 0; round < 120; round++) sum += step(state, out);
  return (sum + blocks(sum)) >>> 0;
}

