// `gridrace race --queue` and `gridrace worker`, run as users run them: worker processes on a
// real Redis (Debian's redis-server on 127.0.0.1, no persistence), killed, stopped and
// refused the way machines in a pool are.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { checkResults, type RaceResults, type TaskRecord } from '@gridrace/race';
import { startRedis, REDIS_START_TIMEOUT_MS, type RedisServer } from '@gridrace/testkit/redis';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CLI, CLI_ENV, gridrace, hasStackTrace, REPO } from './run-cli.js';

const scratch = mkdtempSync(join(tmpdir(), 'gridrace-queue-cli-'));
const out = (name: string) => join(scratch, name);
const readResults = (dir: string): RaceResults => checkResults(JSON.parse(readFileSync(join(dir, 'results.json'), 'utf8')), dir);

// Test-only engines for the workers (--load): one that marks when it starts and takes a while,
// one that kills the process running it.
const started = out('started');
const coreUrl = pathToFileURL(join(REPO, 'packages/core/dist/index.js')).href;
const engines = out('queue-test-engines.mjs');
writeFileSync(
  engines,
  `import { mkdirSync, writeFileSync } from 'node:fs';
import { getEngine, registerEngine } from '${coreUrl}';
registerEngine({ name: 'q-slow', kind: 'nonogram', description: 'bitmask after a pause', solve: async (p, o) => {
  mkdirSync(${JSON.stringify(started)}, { recursive: true });
  writeFileSync(${JSON.stringify(started)} + '/' + process.pid + '-' + Date.now(), '');
  await new Promise((r) => setTimeout(r, 1500));
  return getEngine('bitmask').solve(p, o);
} });
registerEngine({ name: 'q-kill', kind: 'nonogram', description: 'kills its process', solve: async () => { process.kill(process.pid, 'SIGKILL'); await new Promise(() => {}); } });
`,
);
const startedCount = () => (existsSync(started) ? readdirSync(started).length : 0);

let redis: RedisServer;
beforeAll(async () => {
  redis = await startRedis();
}, REDIS_START_TIMEOUT_MS);
afterAll(async () => {
  await redis?.stop();
});

interface Proc {
  child: ChildProcess;
  stdout: string;
  stderr: string;
  exit: Promise<number | null>;
}
const procs: Proc[] = [];
/** The CLI as a background process (a worker, or a race that the test acts on while it runs). */
function start(args: string[]): Proc {
  const child = spawn(process.execPath, [CLI, ...args], { cwd: REPO, env: { ...CLI_ENV, NO_COLOR: '1', FORCE_COLOR: undefined }, stdio: ['ignore', 'pipe', 'pipe'] });
  const p: Proc = { child, stdout: '', stderr: '', exit: new Promise((resolve) => child.on('exit', (code) => resolve(code))) };
  child.stdout!.on('data', (c: Buffer) => (p.stdout += c.toString()));
  child.stderr!.on('data', (c: Buffer) => (p.stderr += c.toString()));
  procs.push(p);
  return p;
}
afterEach(async () => {
  for (const p of procs.splice(0)) {
    if (p.child.exitCode === null && p.child.signalCode === null) p.child.kill('SIGKILL');
    await p.exit;
  }
});
const until = async (what: () => boolean, ms = 30_000) => {
  const end = Date.now() + ms;
  while (!what()) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 50));
  }
};
const worker = (name: string, extra: string[] = []) => start(['worker', '--queue', redis.url, '--queue-name', name, '--load', engines, '--lock', '1', ...extra]);
const once = (tasks: readonly TaskRecord[]) => new Set(tasks.map((t) => `${t.engine} ${t.puzzle}`)).size === tasks.length;

describe('gridrace race --queue with gridrace worker', () => {
  it('two workers finish a race whose verdicts and solutions equal a local race', async () => {
    const workers = [worker('equal'), worker('equal')];
    await until(() => workers.every((w) => w.stderr.includes('runs ')));
    const args = ['race', '-p', 'puzzles/seed', '-e', 'wasm,bitmask,arrowpath', '--iterations', '2', '--no-calibration', '--force'];
    const queued = await new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
      const r = start([...args, '--queue', redis.url, '--queue-name', 'equal', '-o', out('equal-queued')]);
      void r.exit.then((code) => resolve({ code, stdout: r.stdout, stderr: r.stderr }));
    });
    expect(queued.stderr).not.toSatisfy(hasStackTrace);
    expect(queued.code).toBe(0);
    expect(queued.stderr).toMatch(/^queue: \d worker\(s\) on 127\.0\.0\.1:\d+; 0 of 5 puzzle\(s\) done$/m);
    expect(queued.stderr).toMatch(/^\[1\/8\] \S+ \S+ on [^ ]+:\d+: /m);
    const local = gridrace([...args, '-o', out('equal-local')]);
    expect(local.code).toBe(0);
    const q = readResults(out('equal-queued'));
    const l = readResults(out('equal-local'));
    const outcome = (t: TaskRecord) => [t.engine, t.puzzle, t.state, t.verdict, t.verified, t.solutionHash];
    expect(q.tasks.map(outcome)).toEqual(l.tasks.map(outcome));
    for (const t of q.tasks) {
      const known = q.puzzles.find((p) => p.id === t.puzzle)?.knownSolution;
      if (known) expect(t.solutionHash).toBe(known);
    }
    // The report says how many machines took part and which engines each ran.
    const summary = readFileSync(join(out('equal-queued'), 'summary.md'), 'utf8');
    expect(summary).toMatch(new RegExp(`^ran on the queue 127\\.0\\.0\\.1:${redis.port} equal by [12] worker\\(s\\): \\S+:\\d+ \\(.+, \\d+ cores\\): `, 'm'));
    expect(q.machines!.reduce((n, m) => n + Object.values(m.tasks).reduce((a, b) => a + b, 0), 0)).toBe(8);
  }, 180_000);

  it('a worker killed with SIGKILL mid-task loses nothing: another runs the task and every task is in the results once', async () => {
    const first = worker('killed');
    const before = startedCount();
    const race = start(['race', '-p', 'puzzles/seed/gchq-2015.json', '-p', 'puzzles/seed/z3-prefix-15x15.json', '-e', 'q-slow,bitmask', '--load', engines, '--iterations', '1', '--no-calibration', '--queue', redis.url, '--queue-name', 'killed', '-o', out('killed'), '--force']);
    await until(() => startedCount() > before);
    first.child.kill('SIGKILL');
    await first.exit;
    const second = worker('killed');
    expect(await race.exit).toBe(0);
    const r = readResults(out('killed'));
    expect(r.tasks).toHaveLength(4);
    expect(once(r.tasks)).toBe(true);
    expect(r.tasks.every((t) => t.state === 'completed' && t.verdict === 'unique' && t.verified)).toBe(true);
    // What the second worker ran carries its machine; the first never finished a task.
    const secondId = second.stderr.match(/^worker (\S+) on/m)![1];
    expect(r.tasks.some((t) => t.machine === secondId)).toBe(true);
    expect(r.aborted).toBeUndefined();
  }, 120_000);

  it('a task that kills every worker ends as an error after a few tries, and its puzzle\'s finished tasks keep their records', async () => {
    const race = start(['race', '-p', 'puzzles/seed/gchq-2015.json', '-e', 'bitmask,q-kill', '--load', engines, '--iterations', '1', '--no-calibration', '--queue', redis.url, '--queue-name', 'killer', '-o', out('killer'), '--force']);
    let deaths = 0;
    // A pool that restarts its dead workers, as a supervisor would.
    while (race.child.exitCode === null) {
      const w = worker('killer', ['--max-stalls', '1']);
      const code = await Promise.race([w.exit, race.exit.then(() => 'race over' as const)]);
      if (code === 'race over') break;
      deaths++;
      expect(deaths).toBeLessThan(6);
    }
    expect(await race.exit).toBe(6); // an engine failed
    const r = readResults(out('killer'));
    expect(once(r.tasks)).toBe(true);
    const byEngine = Object.fromEntries(r.tasks.map((t) => [t.engine, t]));
    expect(byEngine.bitmask).toMatchObject({ state: 'completed', verdict: 'unique', verified: true });
    expect(byEngine['q-kill']!.state).toBe('errored');
    expect(byEngine['q-kill']!.message).toMatch(/^failed on the queue: .*stalled.*return\(s\) to the queue from a worker that died/);
    expect(deaths).toBeGreaterThanOrEqual(2);
  }, 120_000);

  it('a task naming a program or module the worker does not allow is refused, and nothing runs', () => {
    const mark = out('evil-ran');
    const program = out('evil.sh');
    writeFileSync(program, `#!/bin/sh\ntouch ${mark}\n`, { mode: 0o755 });
    const file = out('evil-engines.json');
    writeFileSync(file, JSON.stringify([{ name: 'q-evil', description: 'a program that must never run on a worker', program, args: ['{input}'], input: 'json', output: 'gridrace-json' }]));
    return (async () => {
      const w = worker('refusal');
      const race = start(['race', '-p', 'puzzles/seed/gchq-2015.json', '-e', 'q-evil,bitmask', '--engines-file', file, '--iterations', '1', '--no-calibration', '--queue', redis.url, '--queue-name', 'refusal', '-o', out('refusal'), '--force']);
      const code = await race.exit;
      expect(race.stderr).not.toSatisfy(hasStackTrace);
      expect(code).toBe(6);
      const r = readResults(out('refusal'));
      const evil = r.tasks.find((t) => t.engine === 'q-evil')!;
      expect(evil.state).toBe('errored');
      expect(evil.message).toMatch(/^refused by \S+: no engine "q-evil" for nonogram puzzles here; a worker runs only the engines its own machine registers/);
      expect(r.tasks.find((t) => t.engine === 'bitmask')).toMatchObject({ state: 'completed', verdict: 'unique' });
      expect(existsSync(mark)).toBe(false);
      expect(w.child.exitCode).toBeNull();
    })();
  }, 60_000);

  it('Redis stopped mid-race: the race and the worker stop with one line each, and the finished tasks are written as an interrupted race', async () => {
    const own = await startRedis();
    try {
      const w = start(['worker', '--queue', own.url, '--load', engines, '--lock', '1', '--reconnect', '1']);
      const before = startedCount();
      const race = start(['race', '-p', 'puzzles/seed', '-k', 'nonogram', '-e', 'q-slow', '--load', engines, '--iterations', '1', '--no-calibration', '--queue', own.url, '-o', out('lost'), '--force']);
      await until(() => startedCount() > before);
      await own.stop();
      expect(await w.exit).toBe(3);
      expect(w.stderr).toMatch(new RegExp(`^gridrace: worker: lost Redis at 127\\.0\\.0\\.1:${own.port} \\(.+; retried for 1 s\\); stopping`, 'm'));
      expect(await race.exit).toBe(3);
      expect(race.stdout).toMatch(new RegExp(`^race interrupted \\(lost Redis at 127\\.0\\.0\\.1:${own.port} .*\\): \\d of 3 tasks finished; their results are in `, 'm'));
      for (const p of [w, race]) expect(p.stderr).not.toSatisfy(hasStackTrace);
      const r = readResults(out('lost'));
      expect(r.aborted).toBe(true);
      expect(r.tasks.length).toBeLessThan(3);
      expect(once(r.tasks)).toBe(true);
    } finally {
      await own.stop();
    }
  }, 90_000);

  it('refuses a queue URL that is not Redis with one line and exit 5', () => {
    for (const cmd of [['worker', '--queue', 'http://localhost:6379'], ['race', '-p', 'puzzles/seed/gchq-2015.json', '--queue', 'localhost:6379']]) {
      const r = gridrace(cmd);
      expect(r.code).toBe(5);
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
      expect(r.stderr).toMatch(/^gridrace: --queue: .* (is not a Redis URL|is not a URL)/);
    }
  });
});
