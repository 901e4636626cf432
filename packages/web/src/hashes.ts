// The race's puzzle and solution fingerprints computed with the browser's SubtleCrypto over the
// same input as the command line's (the race's hash-input.ts), so a results file written here
// names puzzles and answers exactly as a race does (test/hashes.test.ts compares the two).
import type { Puzzle, Solution } from '@gridrace/core';
import { puzzleHashInput, solutionHashInput } from '@gridrace/race/report';

const encoder = new TextEncoder();

async function sha256Hex(parts: readonly (string | Uint8Array)[]): Promise<string> {
  const chunks = parts.map((p) => (typeof p === 'string' ? encoder.encode(p) : p));
  const bytes = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
  let at = 0;
  for (const c of chunks) {
    bytes.set(c, at);
    at += c.length;
  }
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes));
  return Array.from(digest, (b) => b.toString(16).padStart(2, '0')).join('');
}

export async function puzzleHash(puzzle: Puzzle): Promise<string> {
  return (await sha256Hex(puzzleHashInput(puzzle))).slice(0, 16);
}

/** Fingerprint of a list of solutions, independent of their order. */
export async function solutionsHash(solutions: readonly Solution[]): Promise<string> {
  const each = await Promise.all(solutions.map((s) => sha256Hex(solutionHashInput(s))));
  return (await sha256Hex([each.sort().join(',')])).slice(0, 16);
}
