import type { Puzzle } from '@gridrace/core';
import { CliError, ExitCode } from '../exit-codes.js';

/** Where commands write: stdout for results, stderr for notes; colour only on a TTY. */
export interface Ui {
  readonly color: boolean;
  out(text: string): void;
  info(text: string): void;
  colorVerdict(line: string, code: ExitCode): string;
}

/** The puzzles a command works on: all of them, or the one `--index` (1-based) names. */
export function pickPuzzles(puzzles: readonly Puzzle[], index: number | undefined, file: string): { puzzle: Puzzle; index: number }[] {
  if (index === undefined) return puzzles.map((puzzle, i) => ({ puzzle, index: i }));
  const puzzle = puzzles[index - 1];
  if (puzzle === undefined) {
    throw new CliError(`${file}: --index ${index} is out of range: the file holds ${puzzles.length} puzzle(s)`, ExitCode.USAGE);
  }
  return [{ puzzle, index: index - 1 }];
}

/**
 * Ctrl-C aborts `controller` until the returned function is called. The listener is `once`: a
 * second Ctrl-C finds none and ends the process, as on a terminal, for a user who will not wait.
 */
export function abortOnInterrupt(controller: AbortController): () => void {
  const onInterrupt = () => controller.abort();
  process.once('SIGINT', onInterrupt);
  return () => process.removeListener('SIGINT', onInterrupt);
}

/**
 * cli-progress, imported when a bar is first drawn: its sixteen CommonJS modules cost a run
 * that is quiet or writes to a pipe (every race in a script or CI) time for nothing.
 */
export async function loadCliProgress(): Promise<typeof import('cli-progress')> {
  // A CommonJS module: Node gives its exports as the namespace's default.
  return (await import('cli-progress')).default;
}
