// What the race's fingerprints hash, in order: a puzzle as an engine sees it (two files with
// the same clues give the same hash; colours by value, so renaming one makes no new puzzle),
// and a solution's size and cells. corpus.ts hashes these with node:crypto; a browser page
// hashes the same bytes with SubtleCrypto, so both name puzzles and answers alike.
import type { Puzzle, Solution } from '@gridrace/core';

/** The strings whose SHA-256 (first 16 hex digits) is a puzzle's hash. */
export function puzzleHashInput(puzzle: Puzzle): string[] {
  if (puzzle.kind === 'nonogram') {
    return [JSON.stringify(['nonogram', puzzle.width, puzzle.height, puzzle.rows, puzzle.columns]), JSON.stringify([...puzzle.givens].map((g) => [g.row, g.col, g.filled]).sort())];
  }
  if (puzzle.kind === 'colour-nonogram') {
    const clue = (c: (typeof puzzle.rows)[number]) => c.map((b) => [b.length, puzzle.palette[b.colour]?.rgb]);
    return [
      JSON.stringify(['colour-nonogram', puzzle.width, puzzle.height, puzzle.palette.map((c) => c.rgb), puzzle.rows.map(clue), puzzle.columns.map(clue)]),
      JSON.stringify([...puzzle.givens].map((g) => [g.row, g.col, g.colour]).sort()),
    ];
  }
  return [JSON.stringify(['arrowpath', puzzle.width, puzzle.height, puzzle.arrows, puzzle.givens])];
}

/**
 * What one solution's SHA-256 is taken over: its size, then its cells copied into one canonical
 * typed array (so an engine's choice of array type does not matter). A list of solutions hashes
 * the sorted hex digests of its members joined with commas, so its order does not matter.
 */
export function solutionHashInput(s: Solution): [string, Uint8Array] {
  return [`${s.width}x${s.height}:`, 'cells' in s ? Uint8Array.from(s.cells) : new Uint8Array(Int32Array.from(s.numbers).buffer)];
}
