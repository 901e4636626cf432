// nonosolve for the benchmark scripts: finding a build that runs on this machine, and a
// child process's CPU time and peak memory from the kernel.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * nonosolve's path, or null: looked up in `given` (a file or folder), GRIDRACE_PEERS,
 * `root`/../shared/peers, then the PATH. A build for CPU features this machine lacks dies on
 * a 1x1 puzzle (SIGILL), so each candidate solves one first; `name` prefixes the line said
 * when one does not run.
 */
export function findNonosolve(given, root, name) {
  const dir = mkdtempSync(join(tmpdir(), 'nonosolve-probe-'));
  const probe = join(dir, 'one.non');
  writeFileSync(probe, 'width 1\nheight 1\nrows\n1\ncolumns\n1\n');
  try {
    const dirs = [given, ...(process.env.GRIDRACE_PEERS ?? '').split(':'), join(root, '../shared/peers')].filter(Boolean);
    for (const d of dirs) {
      for (const p of [d, join(d, 'nonosolve'), join(d, 'bin/nonosolve')]) {
        if (!existsSync(p) || !p.endsWith('nonosolve')) continue;
        const run = spawnSync(p, ['-q', probe], { encoding: 'utf8' });
        if (run.status === 0) return p;
        console.error(`${name}: ${p} does not run here (${run.signal ?? `exit ${run.status}`}); trying the next`);
      }
    }
    const which = spawnSync('sh', ['-c', 'command -v nonosolve'], { encoding: 'utf8' });
    return which.status === 0 ? which.stdout.trim() : null;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Run a command; its exit code, CPU seconds (user + system) and peak memory (MB) from python3's rusage, and its output. */
export function childUsage(args) {
  const script = 'import resource,subprocess,sys\nr=subprocess.run(sys.argv[1:],stdout=subprocess.PIPE,stderr=subprocess.STDOUT)\nu=resource.getrusage(resource.RUSAGE_CHILDREN)\nsys.stdout.write("%d %.6f %d\\n" % (r.returncode,u.ru_utime+u.ru_stime,u.ru_maxrss))\nsys.stdout.buffer.write(r.stdout)';
  const out = execFileSync('python3', ['-c', script, ...args], { encoding: 'utf8', maxBuffer: 1 << 28 });
  const newline = out.indexOf('\n');
  const [code, cpu, rssKb] = out.slice(0, newline).split(' ');
  return { code: Number(code), cpuS: Number(cpu), peakMb: Number(rssKb) / 1024, output: out.slice(newline + 1) };
}

/** nonosolve's result words, as core's verdicts. */
export const NONOSOLVE_VERDICT = { UNIQUE: 'unique', MULTIPLE: 'multiple', NONE: 'none', FOUND: 'incomplete (solution-limit)', TIMEOUT: 'incomplete (time-limit)' };

/** The verdict in a `nonosolve -q` run's output ('error' when it names none). */
export const nonosolveVerdict = (output) => NONOSOLVE_VERDICT[output.match(/\b(UNIQUE|MULTIPLE|NONE|FOUND|TIMEOUT|ERROR)\b/)?.[1]] ?? 'error';
