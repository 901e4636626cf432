/// <reference types="node" />
// Node-only file helpers (`@gridrace/core/node`): input readers with a size cap, and the
// whole-file writer; kept out of the main entry so core stays loadable in browsers. Used by
// the CLI and the race (its corpus loader and its output files).
import { closeSync, fstatSync, openSync, readSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { PuzzleFormatError } from './formats/errors.js';
import { MAX_INPUT_BYTES } from './limits.js';

export interface ReadCappedOptions {
  /** Most bytes accepted; default MAX_INPUT_BYTES (64 MiB). */
  readonly maxBytes?: number;
}

const CHUNK = 1 << 20;

function tooLarge(name: string, maxBytes: number, regular: boolean): PuzzleFormatError {
  const what = regular ? 'the file is' : 'the input is not a regular file and did not end within';
  const mib = `${Math.round(maxBytes / (1024 * 1024))} MiB`;
  return new PuzzleFormatError('input-too-large', regular ? `${what} larger than the input limit of ${mib}` : `${what} the input limit of ${mib}`, name);
}

/**
 * Read a text file (UTF-8), refusing one over `maxBytes`: a regular file by its size before
 * reading, anything else (a pipe, a device such as /dev/zero) by stopping at the cap.
 * Throws PuzzleFormatError `input-too-large` naming the file; fs errors pass through.
 */
export async function readTextFile(path: string, options: ReadCappedOptions = {}): Promise<string> {
  const maxBytes = options.maxBytes ?? MAX_INPUT_BYTES;
  const handle = await open(path, 'r');
  try {
    const stat = await handle.stat();
    if (stat.isDirectory()) throw Object.assign(new Error(`EISDIR: illegal operation on a directory, read`), { code: 'EISDIR' });
    if (stat.isFile() && stat.size > maxBytes) throw tooLarge(path, maxBytes, true);
    const chunks: Buffer[] = [];
    let total = 0;
    for (;;) {
      const buffer = Buffer.allocUnsafe(CHUNK);
      const { bytesRead } = await handle.read(buffer, 0, CHUNK, null);
      if (bytesRead === 0) break;
      total += bytesRead;
      // A regular file can grow while it is read: the cap holds for every kind of file.
      if (total > maxBytes) throw tooLarge(path, maxBytes, stat.isFile());
      chunks.push(buffer.subarray(0, bytesRead));
    }
    return Buffer.concat(chunks, total).toString('utf8');
  } finally {
    await handle.close();
  }
}

/** `readTextFile`, synchronously (the race's corpus walk is synchronous). */
export function readTextFileSync(path: string, options: ReadCappedOptions = {}): string {
  const maxBytes = options.maxBytes ?? MAX_INPUT_BYTES;
  const fd = openSync(path, 'r');
  try {
    const stat = fstatSync(fd);
    if (stat.isDirectory()) throw Object.assign(new Error(`EISDIR: illegal operation on a directory, read`), { code: 'EISDIR' });
    if (stat.isFile() && stat.size > maxBytes) throw tooLarge(path, maxBytes, true);
    const chunks: Buffer[] = [];
    let total = 0;
    for (;;) {
      const buffer = Buffer.allocUnsafe(CHUNK);
      const bytesRead = readSync(fd, buffer, 0, CHUNK, null);
      if (bytesRead === 0) break;
      total += bytesRead;
      if (total > maxBytes) throw tooLarge(path, maxBytes, stat.isFile());
      chunks.push(buffer.subarray(0, bytesRead));
    }
    return Buffer.concat(chunks, total).toString('utf8');
  } finally {
    closeSync(fd);
  }
}

/**
 * Read a stream (standard input) to the end as UTF-8, stopping at `maxBytes`: then the
 * stream is destroyed and PuzzleFormatError `input-too-large` names it as `name`.
 */
export async function readTextStream(stream: AsyncIterable<unknown> & { destroy?: () => void }, name: string, options: ReadCappedOptions = {}): Promise<string> {
  const maxBytes = options.maxBytes ?? MAX_INPUT_BYTES;
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of stream) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : Buffer.from(chunk as Uint8Array);
    total += buffer.length;
    if (total > maxBytes) {
      // Leaving the loop closes the iterator; destroy in case the stream ignores that.
      stream.destroy?.();
      throw new PuzzleFormatError('input-too-large', `the input did not end within the input limit of ${Math.round(maxBytes / (1024 * 1024))} MiB`, name);
    }
    chunks.push(buffer);
  }
  return Buffer.concat(chunks, total).toString('utf8');
}

/**
 * Writes each file whole: all of them under hidden temporary names beside them first, then
 * renamed into place once every one is written. A failure part way (a full disk) removes the
 * temporary files and leaves the earlier files as they were: never a truncated one, never a
 * mix of new and old from a write that failed. fs errors pass through.
 */
export function writeFilesInPlace(files: readonly (readonly [path: string, text: string])[]): void {
  const temporary = (path: string) => join(dirname(path), `.${basename(path)}.${process.pid}.tmp`);
  try {
    for (const [path, text] of files) writeFileSync(temporary(path), text);
  } catch (err) {
    for (const [path] of files) rmSync(temporary(path), { force: true });
    throw err;
  }
  for (const [path] of files) renameSync(temporary(path), path);
}
