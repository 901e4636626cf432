// A results folder belongs to one race at a time, and a race does not replace another race's
// results unless asked to. The claim is a lock file made with O_EXCL (so two races that start
// together cannot both get it) holding the claimant's process id; a lock whose process is gone
// (a race killed with SIGKILL) is taken over.
import { existsSync, mkdirSync, openSync, readFileSync, unlinkSync, writeSync, closeSync } from 'node:fs';
import { join } from 'node:path';
import { OUTPUT_FILES } from './outputs.js';

export class ResultsFolderError extends Error {
  override readonly name = 'ResultsFolderError';
}

export const LOCK_FILE = '.race.lock';

export interface ClaimOptions {
  /** Replace the results a folder already holds (`--force`) instead of refusing. */
  readonly replace?: boolean;
}

/** True while process `pid` exists (EPERM: it exists but is someone else's). */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function takeLock(lock: string): boolean {
  try {
    const fd = openSync(lock, 'wx');
    writeSync(fd, `${process.pid}\n`);
    closeSync(fd);
    return true;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw err;
  }
}

/**
 * Claims `dir` (made if missing) for this process's race: refused with a ResultsFolderError when
 * another running race holds it, or when it holds a race's results and `replace` is not set.
 * Returns the release function (safe to call more than once).
 */
export function claimResultsFolder(dir: string, options: ClaimOptions = {}): () => void {
  mkdirSync(dir, { recursive: true });
  const lock = join(dir, LOCK_FILE);
  if (!takeLock(lock)) {
    const holder = Number.parseInt(readFileSync(lock, 'utf8'), 10);
    if (Number.isInteger(holder) && holder !== process.pid && alive(holder)) {
      throw new ResultsFolderError(`${dir}: another race (process ${holder}) is writing its results there; wait for it to end, or give another --out`);
    }
    // Left by a race that died without releasing it.
    unlinkSync(lock);
    if (!takeLock(lock)) throw new ResultsFolderError(`${dir}: another race claimed this folder at the same moment; give another --out`);
  }
  let held = true;
  const release = () => {
    if (!held) return;
    held = false;
    try {
      if (Number.parseInt(readFileSync(lock, 'utf8'), 10) === process.pid) unlinkSync(lock);
    } catch {
      // already gone
    }
  };
  if (!options.replace && existsSync(join(dir, OUTPUT_FILES.results))) {
    release();
    throw new ResultsFolderError(`${dir} holds another race's results (${OUTPUT_FILES.results}); give another --out, or --force to replace them`);
  }
  return release;
}
