// Runs one solver program and always gets it back: in a process group of its own, killed as a
// group at the time limit, on abort, or when its output grows past a cap; nothing it started
// outlives the run. Node cannot read a child's resource usage, so a small python3 runner sits
// between: it forks the program, waits for it with wait4 (CPU time to the microsecond, peak
// memory), and watches a lifeline pipe: when the engine's thread or process goes away the pipe
// closes and the runner kills the group, so a terminated race worker leaves no solver behind.
// Without python3 the program runs directly in its own group, without CPU time.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { constants } from 'node:os';
import { findOnPath } from './discover.js';

const RUNNER = String.raw`
import json, os, signal, sys, threading
cmd = sys.argv[1:]
pid = os.fork()
if pid == 0:
    try:
        null = os.open(os.devnull, os.O_RDONLY)
        os.dup2(null, 0)
        os.close(3)
        os.execvp(cmd[0], cmd)
    except OSError as e:
        os.write(2, ("cannot run %s: %s\n" % (cmd[0], e.strerror)).encode())
    os._exit(127)
def lifeline():
    try:
        while os.read(0, 4096):
            pass
    except OSError:
        pass
    os.killpg(0, signal.SIGKILL)
threading.Thread(target=lifeline, daemon=True).start()
_, status, ru = os.wait4(pid, 0)
out = {"cpuMs": (ru.ru_utime + ru.ru_stime) * 1000, "maxRssKb": ru.ru_maxrss}
if os.WIFSIGNALED(status):
    out["signal"] = os.WTERMSIG(status)
else:
    out["code"] = os.WEXITSTATUS(status)
os.write(3, json.dumps(out).encode())
os._exit(0)
`;

/** The most a program may print on stdout or stderr (bytes) before it is stopped. */
export const MAX_PROGRAM_OUTPUT_BYTES = 64 * 1024 * 1024;

export interface RunOptions {
  /** The program and its arguments. */
  readonly command: readonly string[];
  readonly cwd?: string;
  /** Kill the group after this many ms. */
  readonly timeLimitMs?: number;
  readonly signal?: AbortSignal | undefined;
  /** Output cap per stream (bytes); default MAX_PROGRAM_OUTPUT_BYTES. */
  readonly maxOutputBytes?: number;
  /** Called with the process group id once the program runs (the race kills leftover groups). */
  readonly onSpawn?: (pgid: number) => void;
  /** Called with the process group id once the group has been killed after the program ended. */
  readonly onExit?: (pgid: number) => void;
  /** Use the python3 runner when python3 is on the PATH (default true). */
  readonly measureCpu?: boolean;
}

export interface RunResult {
  readonly stdout: string;
  readonly stderr: string;
  /** Exit code of the program, when it exited by itself. */
  readonly code?: number;
  /** The signal that ended the program (e.g. SIGILL), when one did. */
  readonly signal?: string;
  readonly cpuMs?: number;
  readonly maxRssMb?: number;
  readonly wallMs: number;
  /** Why the run was cut short by us, if it was. */
  readonly stopped?: 'time-limit' | 'aborted' | 'output-limit';
}

let pythonPath: string | null | undefined;
const MAX_TIMER_MS = 2 ** 31 - 1;

/** The python3 interpreter itself: PATH entries are often shims (pyenv) that cost 200 ms a start. */
function findPython(): string | null {
  const onPath = findOnPath('python3');
  if (onPath === undefined) return null;
  const probe = spawnSync(onPath, ['-c', 'import sys; print(sys.executable)'], { encoding: 'utf8', timeout: 10_000 });
  const real = probe.status === 0 ? probe.stdout.trim() : '';
  return real !== '' ? real : probe.status === 0 ? onPath : null;
}

function signalName(n: number): string {
  return Object.entries(constants.signals).find(([, v]) => v === n)?.[0] ?? `signal ${n}`;
}

function killGroup(pgid: number | undefined): void {
  if (pgid === undefined) return;
  try {
    process.kill(-pgid, 'SIGKILL');
  } catch {
    // ESRCH: the group is already gone.
  }
}

/** Run `command` to its end (or until stopped). Rejects only when the program cannot be started. */
export function runProgram(options: RunOptions): Promise<RunResult> {
  if (pythonPath === undefined) pythonPath = findPython();
  const viaRunner = options.measureCpu !== false && pythonPath !== null;
  const [program, ...args] = options.command;
  if (program === undefined) return Promise.reject(new Error('empty command'));
  const cap = options.maxOutputBytes ?? MAX_PROGRAM_OUTPUT_BYTES;
  const started = performance.now();

  return new Promise<RunResult>((resolve, reject) => {
    let child: ChildProcess;
    try {
      child = viaRunner
        ? spawn(pythonPath!, ['-S', '-c', RUNNER, program, ...args], { cwd: options.cwd, detached: true, stdio: ['pipe', 'pipe', 'pipe', 'pipe'] })
        : spawn(program, args, { cwd: options.cwd, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    } catch (err) {
      reject(err);
      return;
    }
    const pgid = child.pid;
    if (pgid !== undefined) options.onSpawn?.(pgid);
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    const report: Buffer[] = [];
    let outBytes = 0;
    let errBytes = 0;
    let stopped: RunResult['stopped'];
    let exitCode: number | null = null;
    let exitSignal: NodeJS.Signals | null = null;
    let settled = false;

    const stop = (why: NonNullable<RunResult['stopped']>) => {
      stopped ??= why;
      killGroup(pgid);
    };
    // A limit past setTimeout's range (about 24.8 days) would fire at once; it is no limit at all.
    const limited = options.timeLimitMs !== undefined && options.timeLimitMs <= MAX_TIMER_MS;
    const timer = limited ? setTimeout(() => stop('time-limit'), Math.max(0, options.timeLimitMs!)) : undefined;
    const onAbort = () => stop('aborted');
    if (options.signal?.aborted) onAbort();
    else options.signal?.addEventListener('abort', onAbort, { once: true });

    child.stdout!.on('data', (chunk: Buffer) => {
      outBytes += chunk.length;
      if (outBytes > cap) return stop('output-limit');
      out.push(chunk);
    });
    child.stderr!.on('data', (chunk: Buffer) => {
      errBytes += chunk.length;
      // Keep only the start of a chatty stderr: it is for error messages.
      if (errBytes <= 64 * 1024) err.push(chunk);
    });
    if (viaRunner) (child.stdio[3] as NodeJS.ReadableStream).on('data', (chunk: Buffer) => report.push(chunk));

    child.on('error', (e) => {
      if (settled) return;
      settled = true;
      if (timer) clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
      killGroup(pgid);
      reject(e);
    });
    child.on('exit', (code, signal) => {
      exitCode = code;
      exitSignal = signal;
    });
    // 'close' comes after every stream has ended, so the runner's report is complete.
    child.on('close', () => {
      if (settled) return;
      settled = true;
      if (timer) clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
      // Whatever the program left running in its group goes with it.
      killGroup(pgid);
      if (pgid !== undefined) options.onExit?.(pgid);
      const wallMs = performance.now() - started;
      let code: number | undefined = exitCode ?? undefined;
      let signal: string | undefined = exitSignal ?? undefined;
      let cpuMs: number | undefined;
      let maxRssMb: number | undefined;
      if (viaRunner) {
        const text = Buffer.concat(report).toString('utf8');
        if (text !== '') {
          const r = JSON.parse(text) as { cpuMs: number; maxRssKb: number; code?: number; signal?: number };
          cpuMs = r.cpuMs;
          maxRssMb = r.maxRssKb / 1024;
          code = r.code;
          signal = r.signal === undefined ? undefined : signalName(r.signal);
        }
        // No report: the runner itself was killed (by us, or its lifeline), so the program was too.
        else if (exitSignal !== null) signal = 'SIGKILL';
      }
      resolve({
        stdout: Buffer.concat(out).toString('utf8'),
        stderr: Buffer.concat(err).toString('utf8'),
        ...(code !== undefined ? { code } : {}),
        ...(signal !== undefined ? { signal } : {}),
        ...(cpuMs !== undefined ? { cpuMs } : {}),
        ...(maxRssMb !== undefined ? { maxRssMb } : {}),
        wallMs,
        ...(stopped ? { stopped } : {}),
      });
    });
  });
}

/** Why a signal ended a program, for an error message. */
export function signalMeaning(signal: string): string {
  switch (signal) {
    case 'SIGILL':
      return 'illegal instruction: the program was built for CPU features this machine lacks';
    case 'SIGSEGV':
      return 'segmentation fault';
    case 'SIGABRT':
      return 'aborted (often out of memory or a failed assertion)';
    case 'SIGKILL':
      return 'killed';
    default:
      return signal;
  }
}
