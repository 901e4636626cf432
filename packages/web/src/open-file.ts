// What a file opened in the page holds: puzzles (every format core reads), a race's
// results.json, or a history database (SQLite). Errors are one line naming the file.
import { PuzzleFormatError, readPuzzles, type Puzzle } from '@gridrace/core';
import { RESULTS_FORMAT, ResultsFileError, checkResults, type RaceResults } from '@gridrace/race/report';

export type Opened =
  | { readonly type: 'puzzles'; readonly name: string; readonly text: string; readonly puzzles: readonly Puzzle[] }
  | { readonly type: 'results'; readonly name: string; readonly results: RaceResults }
  | { readonly type: 'history'; readonly name: string; readonly bytes: Uint8Array };

const SQLITE_MAGIC = 'SQLite format 3\u0000';

/** Reads a file's bytes as what it holds; throws an Error with one line naming the file. */
export function openBytes(name: string, bytes: Uint8Array): Opened {
  if (bytes.length >= 16 && new TextDecoder().decode(bytes.subarray(0, 16)) === SQLITE_MAGIC) return { type: 'history', name, bytes };
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new Error(`${name}: not a text file (nor a history database)`);
  }
  return openText(name, text);
}

export function openText(name: string, text: string): Opened {
  if (/^\s*\{/.test(text) && text.includes(`"${RESULTS_FORMAT}"`)) {
    try {
      return { type: 'results', name, results: checkResults(JSON.parse(text), name) };
    } catch (err) {
      if (err instanceof ResultsFileError) throw new Error(err.message);
      throw new Error(`${name}: not JSON: ${err instanceof Error ? err.message : String(err)}`);
    }
  }
  try {
    return { type: 'puzzles', name, text, puzzles: readPuzzles(text, { file: name }) };
  } catch (err) {
    if (err instanceof PuzzleFormatError) throw new Error(err.message.split('\n')[0]);
    throw err;
  }
}
