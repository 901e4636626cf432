// Killing everything a run started, from Node. The python3 runner does this itself from inside
// (it is a child subreaper, so whatever the program orphans comes to it); this is for when there
// is no runner, when the runner was killed before it could, and for a race that kills a run from
// outside by the process group it was told of. It finds, in /proc, every live process below the
// run's root by the parent chain, and every process whose environment carries the run's marker
// (the way to find one that left the group with setsid after its parent ended, when no runner
// took it in). Linux only: without /proc only the process group is killed.
import { readdirSync, readFileSync } from 'node:fs';

/** The environment variable that marks every process of a run (inherited unless a program clears it). */
export const RUN_MARKER_ENV = 'GRIDRACE_RUN_ID';

let runs = 0;
/** A marker no other run shares. */
export function newRunMarker(): string {
  return `${process.pid}.${++runs}.${Math.random().toString(36).slice(2, 10)}`;
}

function read(path: string): Buffer | undefined {
  try {
    return readFileSync(path);
  } catch {
    return undefined;
  }
}

/** Parent of each live process (zombies have ended and have no children left, so they are skipped). */
function liveParents(): Map<number, number> {
  const parents = new Map<number, number>();
  let names: string[];
  try {
    names = readdirSync('/proc');
  } catch {
    return parents;
  }
  for (const name of names) {
    if (!/^\d+$/.test(name)) continue;
    const stat = read(`/proc/${name}/stat`)?.toString('latin1');
    if (stat === undefined) continue;
    // The name in parentheses may hold spaces and parentheses: fields start after the last ')'.
    const [state, ppid] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (state !== 'Z' && state !== 'X') parents.set(Number(name), Number(ppid));
  }
  return parents;
}

/**
 * Live processes of a run: below `root` by the parent chain, but only while `root` is our own
 * unreaped child (its pid cannot have been reused then), and, with `marker`, any carrying it.
 */
export function runProcesses(root: number, marker?: string): number[] {
  const parents = liveParents();
  const walk = parents.get(root) === process.pid;
  const needle = marker === undefined ? undefined : Buffer.from(`${RUN_MARKER_ENV}=${marker}\0`);
  const found: number[] = [];
  for (const [pid, ppid] of parents) {
    let p = ppid;
    // Bounded: a snapshot taken while pids are reused could hold a cycle.
    for (let steps = 0; walk && p !== root && parents.has(p) && steps < parents.size; steps++) p = parents.get(p)!;
    if (walk && p === root && pid !== root) found.push(pid);
    else if (needle !== undefined && pid !== process.pid && read(`/proc/${pid}/environ`)?.includes(needle)) found.push(pid);
  }
  return found;
}

function kill(pid: number): void {
  try {
    process.kill(pid, 'SIGKILL');
  } catch {
    // ESRCH: gone already; EPERM: not ours (a pid reused in between), leave it.
  }
}

const pause = new Int32Array(new SharedArrayBuffer(4));

/**
 * SIGKILL to a run: everything below `root` (a runner or a program started in a group of its
 * own, whose pid is the group id) and everything carrying `marker`, round after round until
 * nothing is left alive or `withinMs` has passed (a process forking meanwhile is caught in the
 * next round: its orphans come to the runner, or carry the marker), then the group itself and
 * `root` (which need not lead a group: a race kills any child process a task left this way). The
 * runner is killed last, so it stays the subreaper that collects orphans while the rest die.
 * Synchronous (it waits a millisecond or so between rounds), for exit paths.
 */
export function killRun(root: number, marker?: string, withinMs = 2000): void {
  const end = performance.now() + withinMs;
  for (let round = 0; ; round++) {
    const found = runProcesses(root, marker);
    if (found.length === 0) break;
    for (const pid of found) kill(pid);
    if (performance.now() > end) break;
    Atomics.wait(pause, 0, 0, Math.min(2 ** round, 20));
  }
  kill(-root);
  kill(root);
}
