// Watching processes from a test: whether one is still alive, waiting for it to go, and the pid
// a program wrote to a file.
import { existsSync, readFileSync } from 'node:fs';

/** Alive and not a zombie (a zombie has ended; only its parent's wait is missing). */
export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return !/^\d+ \(.*\) Z/.test(stat);
  } catch {
    return false;
  }
}

export async function gone(pid: number, withinMs = 10_000): Promise<boolean> {
  const end = performance.now() + withinMs;
  while (performance.now() < end) {
    if (!alive(pid)) return true;
    await new Promise((r) => setTimeout(r, 20));
  }
  return false;
}

/** The session a process is in (field 6 of /proc/PID/stat), or undefined when it is gone. */
export function sessionOf(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[3]);
  } catch {
    return undefined;
  }
}

/** The pid a program wrote to `file`; waits for it generously, since a loaded CI machine starts processes slowly. */
export async function pidFrom(file: string, withinMs = 15_000): Promise<number> {
  const end = performance.now() + withinMs;
  // The file can exist before its content is written: wait for a whole number.
  const read = () => (existsSync(file) ? Number.parseInt(readFileSync(file, 'utf8'), 10) : NaN);
  while (!(read() > 0) && performance.now() < end) await new Promise((r) => setTimeout(r, 20));
  const pid = read();
  if (!(pid > 0)) throw new Error(`the program did not write its pid to ${file} within ${withinMs} ms`);
  return pid;
}
