// Time, from the host: `now()` is performance.now() in milliseconds. The wrapper runs the
// solver in slices: `sliceEnd` is when the current slice should pause at the next resumable
// point, `deadline` the time limit, past which propagation stops for good.

import { now } from 'solver-target';

export let sliceEnd: f64 = Infinity;
export let deadline: f64 = Infinity;
/**
 * Resumable steps taken (each look at the clock is one: every 16 probes or nodes, every 32
 * conflicts or 256 decisions), and the count at which to pause whatever the time: the
 * wrapper's turns between two searches are counted in steps, so they fall at the same
 * places on every run.
 */
export let steps: f64 = 0;
export let stepEnd: f64 = Infinity;

export function setClock(slice: f64, limit: f64, stepLimit: f64): void {
  sliceEnd = slice;
  deadline = limit;
  stepEnd = stepLimit;
}

export function resetSteps(): void {
  steps = 0;
}

/** Count `taken` steps made elsewhere (by the SAT solver). */
export function addSteps(taken: f64): void {
  steps += taken;
}

/** One step: true when the slice or the turn is over. */
// @ts-ignore: decorator
@inline export function sliceOver(): bool {
  steps++;
  return steps >= stepEnd || now() >= sliceEnd;
}
