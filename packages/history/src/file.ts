// The history file on disk. Writers take a lock (proper-lockfile: a lock directory beside the
// file, refreshed while held, taken over when stale), read the file, change it in memory and
// write it whole to a temporary file renamed over the old one: two processes adding at once
// both keep their rows, and a crash mid-write leaves the old file. A file that cannot be opened
// as a history is never written.
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, dirname, join } from 'node:path';
import lockfile from 'proper-lockfile';
import initSqlJs from 'sql.js';
import type { SqlJsStatic } from 'sql.js';
import { History, HistoryError } from './database.js';

let sqlJs: Promise<SqlJsStatic> | undefined;

/** sql.js, loaded once (its WebAssembly module from the installed package). */
export function loadSqlJs(): Promise<SqlJsStatic> {
  sqlJs ??= initSqlJs({ locateFile: (file: string) => join(dirname(createRequire(import.meta.url).resolve('sql.js')), file) });
  return sqlJs;
}

/** The history file could not be used: the message names the file and the problem. */
export class HistoryFileError extends Error {}

async function openBytes(file: string, bytes: Uint8Array | undefined): Promise<History> {
  try {
    return History.open(await loadSqlJs(), bytes);
  } catch (err) {
    if (err instanceof HistoryError) throw new HistoryFileError(`${file}: ${err.message}; the file is left as it is`);
    throw err;
  }
}

/** Reads a history (no lock: a reader sees the last whole file a writer renamed in). */
export async function readHistory(file: string): Promise<History> {
  if (!existsSync(file)) throw new HistoryFileError(`${file}: no history there (add runs with \`gridrace history add\` or \`race --history\`)`);
  return openBytes(file, readFileSync(file));
}

export interface WriteOptions {
  /** How long to wait for another writer's lock (ms). Default 60 s. */
  readonly waitMs?: number;
}

/**
 * Opens the history for a change (a new file when there is none), runs `change` and writes the
 * result back when it changed anything, all under the file's lock. Resolves to what `change`
 * returned.
 */
export async function changeHistory<T>(file: string, change: (history: History) => T, options: WriteOptions = {}): Promise<T> {
  mkdirSync(dirname(file) || '.', { recursive: true });
  const waitMs = options.waitMs ?? 60_000;
  let release: () => Promise<void>;
  try {
    release = await lockfile.lock(file, {
      realpath: false,
      stale: 10_000,
      update: 2_000,
      retries: { retries: Math.ceil(waitMs / 100), factor: 1, minTimeout: 50, maxTimeout: 100, randomize: true },
    });
  } catch (err) {
    throw new HistoryFileError(`${file}: could not take the lock (${(err as Error).message})`);
  }
  try {
    const history = await openBytes(file, existsSync(file) ? readFileSync(file) : undefined);
    try {
      const result = change(history);
      // Runs that were all there already: the file stays as it is (no 30 MB rewrite for nothing).
      if (!history.changed) return result;
      const temporary = join(dirname(file), `.${basename(file)}.${process.pid}.tmp`);
      try {
        writeFileSync(temporary, history.export());
        renameSync(temporary, file);
      } catch (err) {
        rmSync(temporary, { force: true });
        throw new HistoryFileError(`${file}: could not write (${(err as Error).message})`);
      }
      return result;
    } finally {
      history.close();
    }
  } finally {
    await release();
  }
}
