import { writeFile } from 'node:fs/promises';
import { OutputLimitError, PuzzleFormatError, readPuzzles, type FormatName, type Puzzle } from '@gridrace/core';
import { readTextFile, readTextStream } from '@gridrace/core/node';
import { CliError, ExitCode } from './exit-codes.js';

/**
 * Reads a file, or standard input for `-`, up to core's MAX_INPUT_BYTES (64 MiB): a larger
 * file, or a pipe or device that does not end by then, is refused. Errors become BAD_INPUT
 * with the file named.
 */
export async function readInput(path: string): Promise<{ name: string; text: string }> {
  const name = path === '-' ? '<stdin>' : path;
  try {
    const text = path === '-' ? await readTextStream(process.stdin, name) : await readTextFile(path);
    return { name, text };
  } catch (err) {
    if (err instanceof PuzzleFormatError) throw new CliError(err.message, ExitCode.BAD_INPUT);
    throw new CliError(`${path}: cannot read file: ${describeFsError(err)}`, ExitCode.BAD_INPUT);
  }
}

/** Builds an output (a rendering, a conversion); past core's output cap it ends with BAD_INPUT. */
export function buildOutput<T>(name: string, build: () => T): T {
  try {
    return build();
  } catch (err) {
    if (err instanceof OutputLimitError) throw new CliError(`${name}: ${err.message}`, ExitCode.BAD_INPUT);
    throw err;
  }
}

export async function writeOutput(path: string | undefined, text: string): Promise<void> {
  if (path === undefined || path === '-') {
    process.stdout.write(text);
    return;
  }
  try {
    await writeFile(path, text, 'utf8');
  } catch (err) {
    throw new CliError(`${path}: cannot write file: ${describeFsError(err)}`, ExitCode.BAD_INPUT);
  }
}

function describeFsError(err: unknown): string {
  const code = (err as { code?: string }).code;
  if (code === 'ENOENT') return 'no such file';
  if (code === 'EISDIR') return 'is a directory';
  if (code === 'EACCES') return 'permission denied';
  return err instanceof Error ? err.message : String(err);
}

/** Reads every puzzle in a file; format errors keep their file:line message. */
export async function loadPuzzles(path: string, format?: FormatName): Promise<{ name: string; puzzles: Puzzle[] }> {
  const { name, text } = await readInput(path);
  try {
    return { name, puzzles: readPuzzles(text, format === undefined ? { file: name } : { file: name, format }) };
  } catch (err) {
    if (err instanceof PuzzleFormatError) throw new CliError(err.message, ExitCode.BAD_INPUT);
    throw err;
  }
}
