// Nothing a program starts may outlive its run, not even a process that left the run's process
// group with setsid (a group kill misses it): after a normal exit, at the time limit, on abort,
// in init(), without the python3 runner, when a race kills the run from outside, and when the
// engine's thread goes away.
import { chmodSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { fileURLToPath } from 'node:url';
import type { NonogramPuzzle } from '@gridrace/core';
import { afterAll, describe, expect, it } from 'vitest';
import { createExternalEngine, killRun, runProgram, type ExternalEngineDefinition } from '../src/index.js';
import { alive, gone, pidFrom, sessionOf } from './helpers.js';

const scratch = mkdtempSync(join(tmpdir(), 'gridrace-escape-test-'));
const ESCAPE = join(scratch, 'escape.sh');
// MODE PIDFILE: starts `sleep 300` in a session of its own, writes its pid to PIDFILE, then
//   answer   prints the answer to the 2x2 corner puzzle (init() takes it too) and exits;
//   holding  the same, but the escaped sleep is a double fork (setsid -f) that keeps the
//            program's stdout open, so the run cannot end before it does;
//   hang     never answers.
writeFileSync(
  ESCAPE,
  `#!/bin/sh
mode=$1 pidfile=$2
if [ "$mode" = holding ]; then
  setsid -f sh -c 'echo $$ > "$0.tmp" && mv "$0.tmp" "$0" && exec sleep 300' "$pidfile"
  while [ ! -s "$pidfile" ]; do sleep 0.01; done
else
  setsid sleep 300 </dev/null >/dev/null 2>&1 &
  pid=$!
  # It leaves the group when setsid runs, just before it becomes the sleep: wait for that.
  while [ "$(cat /proc/$pid/comm 2>/dev/null)" != sleep ]; do sleep 0.01; done
  echo $pid > "$pidfile.tmp" && mv "$pidfile.tmp" "$pidfile"
fi
if [ "$mode" = hang ]; then exec sleep 1000; fi
printf 'unique\\n##\\n#.\\n'
`,
);
chmodSync(ESCAPE, 0o755);

/** Every escaped pid seen, killed after the tests whatever they found, so a failure leaves nothing behind. */
const seen: number[] = [];
afterAll(() => {
  for (const pid of seen) if (alive(pid)) process.kill(pid, 'SIGKILL');
  rmSync(scratch, { recursive: true, force: true });
});

let files = 0;
const pidFile = () => join(scratch, `escaped-${++files}.pid`);

/** The pid of the escaped sleep, once it is in a session of its own (so out of the run's group). */
async function escaped(file: string): Promise<number> {
  const pid = await pidFrom(file);
  seen.push(pid);
  return pid;
}

function engine(mode: string, file: string) {
  const definition: ExternalEngineDefinition = { name: `escape-${mode}`, program: ESCAPE, args: [mode, file, '{input}'], input: 'nin', output: 'grids' };
  return createExternalEngine(definition, ESCAPE);
}

const corner: NonogramPuzzle = { kind: 'nonogram', width: 2, height: 2, rows: [[2], [1]], columns: [[2], [1]], givens: [], meta: {} };

describe('a process started with setsid dies with its run', () => {
  it('after a normal exit', async () => {
    const file = pidFile();
    const result = await engine('answer', file).solve(corner);
    expect(result.verdict).toBe('unique');
    const pid = await escaped(file);
    expect(sessionOf(pid) ?? pid).toBe(pid);
    expect(await gone(pid)).toBe(true);
  });

  it('after a normal exit, when it is a double fork that keeps the output pipe open (the run still ends)', async () => {
    const file = pidFile();
    const result = await engine('holding', file).solve(corner);
    expect(result.verdict).toBe('unique');
    expect(await gone(await escaped(file))).toBe(true);
  }, 20_000);

  it('at the time limit', async () => {
    const file = pidFile();
    const solving = engine('hang', file).solve(corner, { timeLimitMs: 4000 });
    const pid = await escaped(file);
    expect(alive(pid)).toBe(true);
    expect(sessionOf(pid)).toBe(pid);
    const result = await solving;
    expect(result.verdict === 'incomplete' && result.reason).toBe('time-limit');
    expect(await gone(pid)).toBe(true);
  });

  it('on abort', async () => {
    const file = pidFile();
    const controller = new AbortController();
    const solving = engine('hang', file).solve(corner, { signal: controller.signal });
    const pid = await escaped(file);
    expect(alive(pid)).toBe(true);
    controller.abort();
    const result = await solving;
    expect(result.verdict === 'incomplete' && result.reason).toBe('aborted');
    expect(await gone(pid)).toBe(true);
  });

  it('in init()', async () => {
    const file = pidFile();
    await engine('answer', file).init!();
    expect(await gone(await escaped(file))).toBe(true);
  });

  it('without the python3 runner: after a normal exit (found by its marker) and at the time limit (found below the program)', async () => {
    const file = pidFile();
    const done = await runProgram({ command: [ESCAPE, 'holding', file], measureCpu: false });
    expect(done.code).toBe(0);
    expect(done.cpuMs).toBeUndefined();
    expect(await gone(await escaped(file))).toBe(true);

    const hangFile = pidFile();
    const hanging = runProgram({ command: [ESCAPE, 'hang', hangFile], measureCpu: false, timeLimitMs: 4000 });
    const pid = await escaped(hangFile);
    expect(alive(pid)).toBe(true);
    expect((await hanging).stopped).toBe('time-limit');
    expect(await gone(pid)).toBe(true);
  }, 20_000);

  it('when a race kills the run from outside by the group it was told of (killRun)', async () => {
    const file = pidFile();
    let group: number | undefined;
    const running = runProgram({ command: [ESCAPE, 'hang', file], onSpawn: (pgid) => (group = pgid) });
    const pid = await escaped(file);
    expect(group).toBeGreaterThan(0);
    killRun(group!);
    expect(alive(pid)).toBe(false);
    const result = await running;
    expect(result.signal).toBe('SIGKILL');
  });

  it("when the engine's worker thread is terminated mid-solve (the lifeline)", async () => {
    const file = pidFile();
    // A thread needs plain JS: the worker imports the built module, and runs without the test
    // run's `source` export condition (execArgv), so that its imports resolve to built code too.
    const built = new URL('../dist/run.js', import.meta.url);
    expect(existsSync(fileURLToPath(built)), 'the package is built').toBe(true);
    const worker = new Worker(`import { runProgram } from ${JSON.stringify(built.href)}; runProgram({ command: ${JSON.stringify([ESCAPE, 'hang', file])} });`, { eval: true, execArgv: [] });
    const pid = await escaped(file);
    expect(alive(pid)).toBe(true);
    await worker.terminate();
    expect(await gone(pid)).toBe(true);
  });
});
