// Adding runs to a history file: read each document, date its commits with git when git knows
// them, and add every run in one locked change of the file.
import { execFileSync } from 'node:child_process';
import { readRuns } from './documents.js';
import { changeHistory, type WriteOptions } from './file.js';
import type { RunContext } from './records.js';
import type { RunInput } from './types.js';

/** The commit's date as git records it (ISO), or undefined when git does not know the commit. */
export function gitCommitDate(sha: string, cwd = process.cwd()): string | undefined {
  try {
    return execFileSync('git', ['show', '-s', '--format=%cI', sha], { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'], timeout: 5000 }).trim() || undefined;
  } catch {
    return undefined;
  }
}

export interface AddOutcome {
  /** Runs added. */
  readonly added: number;
  /** Runs the history already held (the same content). */
  readonly present: number;
}

/** Adds runs to the history file (created when missing). */
export async function addRuns(file: string, runs: readonly RunInput[], options: WriteOptions = {}): Promise<AddOutcome> {
  return changeHistory(
    file,
    (history) => {
      let added = 0;
      for (const run of runs) if (history.addRun(run)) added++;
      return { added, present: runs.length - added };
    },
    options,
  );
}

/** Reads each path (a results, A/B or gate file, or its folder) and adds its runs. */
export async function addFiles(file: string, paths: readonly string[], context: Omit<RunContext, 'commitDate'> = {}, options: WriteOptions = {}): Promise<AddOutcome> {
  const dates = new Map<string, string | undefined>();
  const commitDate = (sha: string) => {
    if (!dates.has(sha)) dates.set(sha, gitCommitDate(sha));
    return dates.get(sha);
  };
  const runs = paths.flatMap((path) => readRuns(path, { ...context, commitDate }));
  return addRuns(file, runs, options);
}
