// Processes a task's worker started. A terminated worker thread does not take its child
// processes with it, so the parent kills them when the task ends: the process groups an external
// engine reports (and counts their memory in its watch), and any other child process that
// appeared during the task (tasks run one at a time, so every new child is the task's).
import { readdirSync, readFileSync } from 'node:fs';
import { killRun } from '@gridrace/engine-external';

const PAGE_MB = 4096 / (1024 * 1024);

function read(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return undefined;
  }
}

/** The pids listed in a /proc `children` file (empty when it is gone). */
function pidsIn(path: string): number[] {
  return (read(path) ?? '').split(' ').filter((p) => p.trim() !== '').map(Number);
}

/** Resident memory (MB) of `pid` and its descendants, from /proc (0 where /proc is missing). */
export function treeRssMb(pid: number, depth = 0): number {
  const statm = read(`/proc/${pid}/statm`);
  if (statm === undefined) return 0;
  let mb = Number(statm.split(' ')[1] ?? 0) * PAGE_MB;
  if (depth < 4) {
    for (const child of pidsIn(`/proc/${pid}/task/${pid}/children`)) mb += treeRssMb(child, depth + 1);
  }
  return mb;
}

/**
 * SIGKILL to each run an external engine reported (its process group id), with everything below
 * the group's leader first: the leader is the python3 runner, a subreaper holding whatever the
 * program orphaned (even in a session of its own); a plain group kill would take it first and
 * set those free. Runs already gone are skipped.
 */
export function killGroups(pgids: Iterable<number>): void {
  for (const pgid of pgids) killRun(pgid);
}

/** Direct children of this process, started by any of its threads (Linux; empty without /proc). */
export function childPids(): Set<number> {
  const out = new Set<number>();
  let tids: string[];
  try {
    tids = readdirSync('/proc/self/task');
  } catch {
    return out;
  }
  for (const tid of tids) {
    for (const pid of pidsIn(`/proc/self/task/${tid}/children`)) out.add(pid);
  }
  return out;
}
