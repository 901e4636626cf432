import { stat } from 'node:fs/promises';
import { OutputLimitError, PuzzleFormatError, readPuzzles, type FormatName, type Puzzle } from '@gridrace/core';
import { readTextFile, readTextStream, writeFilesInPlace } from '@gridrace/core/node';
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

/**
 * Writes `text` to standard output, or to the file `path` whole: first under a temporary name
 * beside it, then renamed into place, so an interrupted or failed write never leaves a
 * truncated file where a good one was.
 */
export async function writeOutput(path: string | undefined, text: string): Promise<void> {
  if (path === undefined || path === '-') {
    process.stdout.write(text);
    return;
  }
  try {
    writeFilesInPlace([[path, text]]);
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

/** What a Tatham game ID starts with: the size, `W` or `WxH`, parameter letters, then `:`. */
const GAME_ID = /^\d+(?:x\d+)?[a-z]*:\S+$/;

/** The name a game ID given as the argument goes by in messages and --json (`file`). */
export const GAME_ID_ARGUMENT = '<game-id>';

/**
 * Reads every puzzle in a file; format errors keep their file:line message. An argument that
 * names no file but looks like a game ID (`5x5:2.2/1.1/...`, `4x4:1cb...`) is read as one, as
 * Tatham's own programs take it; a file of that name would win.
 */
export async function loadPuzzles(path: string, format?: FormatName): Promise<{ name: string; puzzles: Puzzle[] }> {
  let input: { name: string; text: string };
  let isId = false;
  try {
    input = await readInput(path);
  } catch (err) {
    if (!(path !== '-' && GAME_ID.test(path.trim()) && (await isMissing(path)))) throw err;
    input = { name: GAME_ID_ARGUMENT, text: path.trim() };
    isId = true;
  }
  const { name, text } = input;
  try {
    return { name, puzzles: readPuzzles(text, format === undefined ? { file: name } : { file: name, format }) };
  } catch (err) {
    // Said so because the user may have meant a file: a typo then reads as a bad game ID.
    if (err instanceof PuzzleFormatError) throw new CliError(isId ? `${err.message} (read as a game ID: there is no file "${path}")` : err.message, ExitCode.BAD_INPUT);
    throw err;
  }
}

async function isMissing(path: string): Promise<boolean> {
  try {
    await stat(path);
    return false;
  } catch (err) {
    return (err as { code?: string }).code === 'ENOENT' || (err as { code?: string }).code === 'ENOTDIR';
  }
}
