// Time, from the host: `now()` is performance.now() in milliseconds. The wrapper runs the
// solver in slices: `sliceEnd` is when the current slice should pause at the next resumable
// point, `deadline` the time limit, past which propagation stops for good.

@external("env", "now")
export declare function now(): f64;

export let sliceEnd: f64 = Infinity;
export let deadline: f64 = Infinity;

export function setClock(slice: f64, limit: f64): void {
  sliceEnd = slice;
  deadline = limit;
}

/** True when the slice is over (called every few dozen resumable steps). */
// @ts-ignore: decorator
@inline export function sliceOver(): bool {
  return now() >= sliceEnd;
}
