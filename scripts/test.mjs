#!/usr/bin/env node
// The README's test command runs this: the typecheck (one program for the whole tree) and every
// package's tests through turbo, then add up the vitest JSON reports. Quiet on success: a line
// per package and the closing `N passed, N failed`; a failing task's output is shown in full
// (turbo's errors-only logs).
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';

const root = new URL('..', import.meta.url).pathname;
const packageDirs = readdirSync(join(root, 'packages')).map((name) => join(root, 'packages', name));
const started = Date.now();

// Stale reports from an earlier run must not be counted.
for (const dir of packageDirs) rmSync(join(dir, '.vitest-results.json'), { force: true });

const env = { ...process.env, TURBO_TELEMETRY_DISABLED: '1', DO_NOT_TRACK: '1' };
// Turbo hands each task a pipe, not this terminal: say here whether colour is wanted
// (vitest.shared.ts turns it off on a pipe otherwise, and without FORCE_COLOR it would be off here too).
if (process.stdout.isTTY && env.NO_COLOR === undefined && env.FORCE_COLOR === undefined && env.TERM !== 'dumb') env.FORCE_COLOR = '1';

// The browser tests (engine-wasm's, the race report's, the workbench's) drive Debian's Chromium
// (no browser download: only the npm registry and Debian's packages are reachable), and the
// queue tests start Debian's redis-server. On a fresh machine, install what is missing when we
// can, beside the build and the other tests rather than before them: those tests wait for it
// through the status file (testkit's aptInstallState).
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const redis = process.env.REDIS_SERVER_PATH ?? '/usr/bin/redis-server';
const missing = [...(existsSync(chromium) ? [] : ['chromium']), ...(existsSync(redis) ? [] : ['redis-server'])];
let aptInstall = Promise.resolve();
if (missing.length > 0 && process.getuid?.() === 0 && existsSync('/usr/bin/apt-get')) {
  console.log(`missing: ${missing.join(', ')}: installing the Debian package(s) for the browser and queue tests while the rest runs`);
  const status = join(mkdtempSync(join(tmpdir(), 'gridrace-apt-')), 'status');
  writeFileSync(status, 'installing');
  env.GRIDRACE_CHROMIUM_INSTALL = status;
  env.GRIDRACE_REDIS_INSTALL = status;
  // redis-server's package would start a system service; the tests start their own servers.
  const apt = spawn('sh', ['-c', `apt-get update -qq && apt-get install -y -qq --no-install-recommends ${missing.join(' ')}`], {
    stdio: ['ignore', 'ignore', 'pipe'],
    env: { ...env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  let errors = '';
  apt.stderr.on('data', (chunk) => (errors += chunk));
  aptInstall = new Promise((resolve) =>
    apt.on('close', (code) => {
      const last = errors.trim().split('\n').filter((l) => !l.startsWith('debconf:')).at(-1) ?? '';
      const state = code === 0 ? 'done' : `failed: apt-get exited ${code}${last ? `: ${last}` : ''}`;
      writeFileSync(status, state);
      if (code !== 0) console.log(`could not install ${missing.join(', ')} (${state}): the tests that need them will fail and say so`);
      resolve();
    }),
  );
} else if (missing.length > 0) {
  console.log(`missing: ${missing.join(', ')}: the browser and queue tests need them (Debian packages; run the test command as root with apt-get to install them)`);
}

// The real puzzles beside the repository (vitest.shared.ts reads the same setting).
const sharedDir = process.env.GRIDRACE_SHARED_DIR || join(root, '..', 'shared');
if (!existsSync(join(sharedDir, 'puzzles'))) console.log(`note: ${sharedDir} is missing: the tests that read its puzzles are skipped`);

// Turbo's own lines (scope, cache, task counts) are left out on success; everything else,
// which with errors-only is the full log of a failing task, goes through.
const TURBO_CHROME = /^\s*($|• |Tasks:|Cached:|Time:|Failed:|turbo \d)/;
const extraArgs = process.argv.slice(2);

/** Runs turbo; resolves with its exit code and its output lines, shown as they come unless held. */
function turbo(args, { hold = false, workers } = {}) {
  const child = spawn('pnpm', ['exec', 'turbo', 'run', ...args, '--output-logs=errors-only', ...extraArgs], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
    env: workers === undefined ? env : { ...env, GRIDRACE_TEST_WORKERS: String(workers) },
  });
  const chrome = [];
  const held = [];
  createInterface({ input: child.stdout }).on('line', (line) => {
    if (TURBO_CHROME.test(line)) chrome.push(line);
    else if (hold) held.push(line);
    else console.log(line);
  });
  return new Promise((resolve) => child.on('close', (code) => resolve({ code: code ?? 1, chrome, held })));
}

// Every build first, on its own: the builds form a chain (core, then the engines, the race,
// the CLI) that takes about 25 s alone but 100 s among the tests. Then the tests, without
// their builds (--only): the CLI's, the longest, from the start in a turbo run of its own,
// beside the typecheck and the other packages' tests a few at a time. --continue: a failing
// package does not stop the others, so one run reports every failure.
// Threads per package (GRIDRACE_TEST_WORKERS, read by vitest.shared.ts): the CLI's tests
// mostly wait for the processes they start, so three at a time; the others are CPU-bound, so
// one each. Six packages with two threads each, beside the CLI, starved CPU-bound tests on
// two cores until they passed their 60 s timeouts (a 5 s change-point test, a 2 s property).
const builds = await turbo(['build', '--continue'], { hold: true });
if (builds.code !== 0) for (const line of [...builds.held, ...builds.chrome]) if (line.trim()) console.log(line);
const filtered = extraArgs.some((arg) => /^(--filter|-F)\b/.test(arg));
const LONGEST = '@gridrace/cli';
const runs = await Promise.all(
  filtered
    ? [turbo(['typecheck', 'test', '--only', '--continue'])]
    : [
        turbo(['test', '--only', `--filter=${LONGEST}`], { workers: 3 }),
        turbo(['typecheck', 'test', '--only', '--continue', '--concurrency=6', `--filter=!${LONGEST}`], { workers: 1 }),
      ],
);
await aptInstall; // never leave apt-get half done behind
const turboFailed = builds.code !== 0 || runs.some((run) => run.code !== 0);
for (const run of runs) if (run.code !== 0) for (const line of run.chrome) if (line.trim()) console.log(line);

let passed = 0;
let failed = 0;
let skipped = 0;
for (const dir of packageDirs) {
  const file = join(dir, '.vitest-results.json');
  if (!existsSync(file)) continue;
  const report = JSON.parse(readFileSync(file, 'utf8'));
  const name = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')).name;
  let failedToLoad = 0;
  for (const suite of report.testResults ?? []) {
    // A test file that failed to load has no test results of its own: count it once.
    if (suite.status === 'failed' && (suite.assertionResults ?? []).length === 0) {
      failedToLoad++;
      console.error(`failed to run: ${suite.name}: ${suite.message ?? ''}`);
    }
  }
  const p = report.numPassedTests ?? 0;
  const f = (report.numFailedTests ?? 0) + failedToLoad;
  const s = (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
  const ends = (report.testResults ?? []).map((suite) => suite.endTime ?? 0);
  const seconds = ends.length > 0 ? (Math.max(...ends) - report.startTime) / 1000 : 0;
  console.log(`${name.padEnd(28)} ${String(p).padStart(4)} passed${f ? `, ${f} FAILED` : ''}${s ? `, ${s} skipped` : ''}  (${seconds.toFixed(0)} s)`);
  passed += p;
  failed += f;
  skipped += s;
}
if (turboFailed && failed === 0) failed = 1; // a typecheck or build failure counts as a failure

// CI runs every test: a skip there (the shared folder moved, say) must not pass unseen.
if (process.env.GRIDRACE_REQUIRE_SHARED && skipped > 0) {
  console.log(`${skipped} test(s) skipped, but GRIDRACE_REQUIRE_SHARED asks for every test to run`);
  failed++;
}
const minutes = ((Date.now() - started) / 60_000).toFixed(1);
console.log(`\n${turboFailed ? 'turbo reported a failure (see above); ' : ''}${skipped ? `${skipped} skipped; ` : ''}${minutes} min`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(turboFailed || failed > 0 ? 1 : 0);
