// The race's puzzle and solution fingerprints (race/src/corpus.ts: puzzleHash, solutionsHash),
// computed with the browser's SubtleCrypto, so a results file written here names puzzles and
// answers exactly as the command line does (test/hashes.test.ts compares the two).
import type { Puzzle, Solution } from '@gridrace/core';

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

/** What an engine sees of a puzzle, hashed: two files with the same clues give the same hash. */
export async function puzzleHash(puzzle: Puzzle): Promise<string> {
  let parts: string[];
  if (puzzle.kind === 'nonogram') {
    parts = [JSON.stringify(['nonogram', puzzle.width, puzzle.height, puzzle.rows, puzzle.columns]), JSON.stringify([...puzzle.givens].map((g) => [g.row, g.col, g.filled]).sort())];
  } else if (puzzle.kind === 'colour-nonogram') {
    const clue = (c: (typeof puzzle.rows)[number]) => c.map((b) => [b.length, puzzle.palette[b.colour]?.rgb]);
    parts = [
      JSON.stringify(['colour-nonogram', puzzle.width, puzzle.height, puzzle.palette.map((c) => c.rgb), puzzle.rows.map(clue), puzzle.columns.map(clue)]),
      JSON.stringify([...puzzle.givens].map((g) => [g.row, g.col, g.colour]).sort()),
    ];
  } else {
    parts = [JSON.stringify(['arrowpath', puzzle.width, puzzle.height, puzzle.arrows, puzzle.givens])];
  }
  return (await sha256Hex(parts)).slice(0, 16);
}

/** Fingerprint of a list of solutions, independent of their order. */
export async function solutionsHash(solutions: readonly Solution[]): Promise<string> {
  const each = await Promise.all(
    solutions.map((s) => sha256Hex([`${s.width}x${s.height}:`, 'cells' in s ? Uint8Array.from(s.cells) : new Uint8Array(Int32Array.from(s.numbers).buffer)])),
  );
  return (await sha256Hex([each.sort().join(',')])).slice(0, 16);
}
