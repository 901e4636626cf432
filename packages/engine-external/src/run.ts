// Runs one solver program and always gets it back: in a process group of its own, stopped at the
// time limit, on abort, or when its output grows past a cap; nothing it started outlives the
// run, not even a process that left the group (setsid). Node cannot read a child's resource
// usage, so a small python3 runner sits between: it forks the program, waits for it with wait4
// (CPU time to the microsecond, peak memory), and watches a lifeline pipe: when the engine
// stops the run, or its thread or process goes away, the pipe closes and the runner kills the
// program. The runner is a child subreaper, so whatever the program orphans is reparented to it;
// before it exits it kills and reaps everything below it until it has no child left. Without
// python3 the program runs directly in its own group, without CPU time, and Node kills what it
// can find (tree.ts): the group, what is below the program while it lives, and what carries the
// run's marker in its environment.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { constants } from 'node:os';
import { setLimitTimer } from '@gridrace/core';
import { findOnPath } from './discover.js';
import { RUN_MARKER_ENV, killRun, newRunMarker } from './tree.js';

// Report (fd 3, JSON): cpuMs, maxRssKb, code or signal; or cannotRun when exec failed.
const RUNNER = String.raw`
import json, os, signal, sys, threading, time
cmd = sys.argv[1:]
me = os.getpid()
# A child subreaper: orphans of the program (even in a session of their own) come to the
# runner instead of init, so they are found below it and die with the run. Linux only.
contained = False
if sys.platform.startswith("linux") and os.path.isdir("/proc/self"):
    try:
        import ctypes
        contained = ctypes.CDLL(None, use_errno=True).prctl(36, 1, 0, 0, 0) == 0
    except Exception:
        pass
def below():
    # Live processes whose parent chain leads to the runner (zombies have no children left).
    parents = {}
    for name in os.listdir("/proc"):
        if name.isdigit():
            try:
                with open("/proc/" + name + "/stat", "rb") as f:
                    stat = f.read()
            except OSError:
                continue
            fields = stat[stat.rindex(b")") + 2:].split()
            if fields[0] not in (b"Z", b"X"):
                parents[int(name)] = int(fields[1])
    found = []
    for pid, p in parents.items():
        steps = 0
        while p != me and p in parents and steps < len(parents):
            p, steps = parents[p], steps + 1
        if p == me:
            found.append(pid)
    return found
def kill_below():
    if not contained:
        # Without a subreaper or /proc, the group is what can be found: the runner goes too.
        os.killpg(0, signal.SIGKILL)
        return
    for pid in below():
        try:
            os.kill(pid, signal.SIGKILL)
        except OSError:
            pass
def sweep():
    # Reap, kill what is below, again until the runner has no child: as a subreaper, no child
    # means nothing below it. Each kill names a pid just read as below the runner.
    pause = 0.0005
    while True:
        try:
            while os.waitpid(-1, os.WNOHANG)[0]:
                pass
        except ChildProcessError:
            return
        if not contained:
            return
        kill_below()
        time.sleep(pause)
        pause = min(pause * 2, 0.05)
failed_r, failed_w = os.pipe()  # close-on-exec: stays empty when exec works
pid = os.fork()
if pid == 0:
    try:
        os.close(failed_r)
        # Python ignores SIGPIPE; the program gets the default, as if started directly.
        signal.signal(signal.SIGPIPE, signal.SIG_DFL)
        null = os.open(os.devnull, os.O_RDONLY)
        os.dup2(null, 0)
        os.close(3)
        os.execvp(cmd[0], cmd)
    except OSError as e:
        os.write(failed_w, (e.strerror or str(e)).encode())
    os._exit(127)
os.close(failed_w)
def lifeline():
    try:
        while os.read(0, 4096):
            pass
    except OSError:
        pass
    # Only kills: the main thread reaps, so wait4 below still gets the program's figures.
    kill_below()
threading.Thread(target=lifeline, daemon=True).start()
failed = b""
while True:
    chunk = os.read(failed_r, 4096)
    if not chunk:
        break
    failed += chunk
while True:
    # Orphans that end during the run are reaped as they go, not left as zombies.
    done, status, ru = os.wait4(-1, 0)
    if done == pid:
        break
sweep()
if failed:
    out = {"cannotRun": failed.decode(errors="replace")}
else:
    out = {"cpuMs": (ru.ru_utime + ru.ru_stime) * 1000, "maxRssKb": ru.ru_maxrss}
    if os.WIFSIGNALED(status):
        out["signal"] = os.WTERMSIG(status)
    else:
        out["code"] = os.WEXITSTATUS(status)
try:
    os.write(3, json.dumps(out).encode())
except OSError:
    pass  # the engine has gone away
os._exit(0)
`;

/** The most a program may print on stdout (bytes) before it is stopped (stderr is kept to its first 64 KiB). */
export const MAX_PROGRAM_OUTPUT_BYTES = 64 * 1024 * 1024;

/**
 * How long the runner has, once told to stop (its lifeline closed), to kill the program and what
 * it started and exit before Node kills the whole run itself (ms). It normally takes a few ms.
 */
const RUNNER_STOP_GRACE_MS = 2000;

export interface RunOptions {
  /** The program and its arguments. */
  readonly command: readonly string[];
  readonly cwd?: string;
  /** Stop the program after this many ms. */
  readonly timeLimitMs?: number;
  readonly signal?: AbortSignal | undefined;
  /** The most the program may print on stdout (bytes) before it is stopped; default MAX_PROGRAM_OUTPUT_BYTES. */
  readonly maxOutputBytes?: number;
  /**
   * Called with the process group id once the program runs (the race kills leftover groups, with
   * `killRun`: a plain group kill would take the runner first and leave what it would have found).
   */
  readonly onSpawn?: (pgid: number) => void;
  /** Called with the process group id once everything the program started has been killed. */
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

/** What a failed start is called, the same with or without the runner. */
const START_ERRORS: Readonly<Record<string, string>> = { ENOENT: 'No such file or directory', EACCES: 'Permission denied', ENOEXEC: 'Exec format error' };

/** Run `command` to its end (or until stopped). Rejects only when the program cannot be started. */
export function runProgram(options: RunOptions): Promise<RunResult> {
  if (pythonPath === undefined) pythonPath = findPython();
  const viaRunner = options.measureCpu !== false && pythonPath !== null;
  const [program, ...args] = options.command;
  if (program === undefined) return Promise.reject(new Error('empty command'));
  const cap = options.maxOutputBytes ?? MAX_PROGRAM_OUTPUT_BYTES;
  const marker = newRunMarker();
  const env = { ...process.env, [RUN_MARKER_ENV]: marker };
  const started = performance.now();

  return new Promise<RunResult>((resolve, reject) => {
    let child: ChildProcess;
    try {
      child = viaRunner
        ? spawn(pythonPath!, ['-S', '-c', RUNNER, program, ...args], { cwd: options.cwd, env, detached: true, stdio: ['pipe', 'pipe', 'pipe', 'pipe'] })
        : spawn(program, args, { cwd: options.cwd, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
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
    let backstop: NodeJS.Timeout | undefined;

    // Kills the whole run from Node: the group, what is below its leader, what carries the marker.
    const killAll = () => {
      if (pgid !== undefined) killRun(pgid, marker);
    };
    const stop = (why: NonNullable<RunResult['stopped']>) => {
      if (stopped !== undefined) return;
      stopped = why;
      if (!viaRunner) return killAll();
      // The runner kills from inside, where orphans come to it; killing it would free them.
      child.stdin?.destroy();
      backstop = setTimeout(killAll, RUNNER_STOP_GRACE_MS);
    };
    const timer = options.timeLimitMs === undefined ? undefined : setLimitTimer(() => stop('time-limit'), options.timeLimitMs);
    const onAbort = () => stop('aborted');
    if (options.signal?.aborted) onAbort();
    else options.signal?.addEventListener('abort', onAbort, { once: true });
    const cleanUp = () => {
      settled = true;
      if (timer) clearTimeout(timer);
      if (backstop) clearTimeout(backstop);
      options.signal?.removeEventListener('abort', onAbort);
    };

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

    child.on('error', (e: NodeJS.ErrnoException) => {
      if (settled) return;
      cleanUp();
      killAll();
      reject(new Error(START_ERRORS[e.code ?? ''] ?? e.message, { cause: e }));
    });
    child.on('exit', (code, signal) => {
      exitCode = code;
      exitSignal = signal;
      // The runner exits only once all below it is dead (where it could see: Linux), so its
      // group is a backstop. Without it, or when it was killed, what the program left behind is
      // killed now: it may hold the output pipes, and 'close' waits for them.
      if (viaRunner && code === 0) killGroup(pgid);
      else killAll();
    });
    // 'close' comes after every stream has ended, so the runner's report is complete.
    child.on('close', () => {
      if (settled) return;
      cleanUp();
      if (pgid !== undefined) options.onExit?.(pgid);
      const wallMs = performance.now() - started;
      let code: number | undefined = exitCode ?? undefined;
      let signal: string | undefined = exitSignal ?? undefined;
      let cpuMs: number | undefined;
      let maxRssMb: number | undefined;
      if (viaRunner) {
        const text = Buffer.concat(report).toString('utf8');
        if (text !== '') {
          const r = JSON.parse(text) as { cpuMs: number; maxRssKb: number; code?: number; signal?: number; cannotRun?: string };
          if (r.cannotRun !== undefined) return reject(new Error(r.cannotRun));
          cpuMs = r.cpuMs;
          maxRssMb = r.maxRssKb / 1024;
          code = r.code;
          signal = r.signal === undefined ? undefined : signalName(r.signal);
        }
        // No report: the runner itself was killed (by us, or from outside), so the program was too.
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
