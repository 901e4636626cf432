import { readFile, writeFile } from 'node:fs/promises';
import { PuzzleFormatError, readPuzzles, type FormatName, type Puzzle } from '@gridrace/core';
import { CliError, ExitCode } from './exit-codes.js';

/** Reads a file, or standard input for `-`. Errors become BAD_INPUT with the file named. */
export async function readInput(path: string): Promise<{ name: string; text: string }> {
  if (path === '-') {
    const chunks: Buffer[] = [];
    for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
    return { name: '<stdin>', text: Buffer.concat(chunks).toString('utf8') };
  }
  try {
    return { name: path, text: await readFile(path, 'utf8') };
  } catch (err) {
    throw new CliError(`${path}: cannot read file: ${describeFsError(err)}`, ExitCode.BAD_INPUT);
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
