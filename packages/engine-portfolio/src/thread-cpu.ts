// The CPU time of the calling thread, where the platform tells it: Linux's
// /proc/thread-self/stat (user + system ticks of this thread alone; Node 20 has no per-thread
// CPU call). Elsewhere, and in browsers, undefined: the caller counts busy time instead.

import { nodeBuiltin } from './node-builtin.js';

/** Linux's USER_HZ: the stat file counts in hundredths of a second. */
const TICK_MS = 10;

type ReadFile = (path: string, encoding: 'utf8') => string;

const readFileSync: ReadFile | undefined =
  nodeBuiltin<{ platform: string }>('node:process')?.platform === 'linux' ? nodeBuiltin<{ readFileSync: ReadFile }>('node:fs')?.readFileSync : undefined;

/** This thread's CPU time in ms (10 ms resolution), or undefined where it cannot be read. */
export function threadCpuMs(): number | undefined {
  if (readFileSync === undefined) return undefined;
  try {
    const stat = readFileSync('/proc/thread-self/stat', 'utf8');
    // Fields after the command name (which may hold spaces), from field 3: utime is field 14, stime 15.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
  } catch {
    return undefined;
  }
}

/**
 * A clock of this thread's CPU time from now: read it when the work is done. Past 100 ms it
 * reads the thread's own CPU time where the platform tells it; below that (the ticks are
 * 10 ms) or elsewhere, the time the work took, which for a search that holds its thread is
 * its CPU time.
 */
export function startCpuClock(): () => number {
  const cpuBefore = threadCpuMs();
  const busyBefore = performance.now();
  return () => {
    const busy = performance.now() - busyBefore;
    const cpuAfter = busy < 100 || cpuBefore === undefined ? undefined : threadCpuMs();
    return cpuAfter === undefined ? busy : cpuAfter - cpuBefore!;
  };
}
