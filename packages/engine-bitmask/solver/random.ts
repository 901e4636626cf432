// The search's seeded randomness. Seed 0, the default, leaves the search as it always was;
// any other seed perturbs the choices where the search has no strong preference (branching
// scores, the learner's first order and phases), so that searches with different seeds take
// different paths through the same puzzle: what a portfolio of searches needs. Same seed,
// same path: the numbers are drawn in the order the search makes its choices, never from the
// clock. xorshift32: i32 arithmetic that means the same in AssemblyScript and JavaScript.

import { mul32 } from 'solver-target';

let state: i32 = 0;
export let randomised = false;

export function seedRandom(seed: i32): void {
  randomised = seed != 0;
  // Spread small seeds over the bits (the golden-ratio multiplier 0x9e3779b1 as an i32, wrapping the same on both targets).
  state = seed == 0 ? 0 : mul32(seed, -1640531535) | 1;
}

/** A number in [0, 1). Only called when `randomised`. */
export function randomUnit(): f64 {
  let x = state;
  x ^= x << 13;
  x ^= x >>> 17;
  x ^= x << 5;
  state = x;
  return <f64>(x >>> 8) / 16777216.0;
}
