#!/usr/bin/env node
// The README's test command runs this: typecheck and test every package through turbo,
// then add up the vitest JSON reports into one closing line, `N passed, N failed`.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const packageDirs = [...readdirSync(join(root, 'packages')).map((name) => join(root, 'packages', name)), join(root, 'benchmarks')];
const reports = packageDirs.map((dir) => join(dir, '.vitest-results.json'));

// Stale reports from an earlier run must not be counted.
for (const file of reports) rmSync(file, { force: true });

const env = { ...process.env, TURBO_TELEMETRY_DISABLED: '1', DO_NOT_TRACK: '1' };
// Turbo hands each task a pipe, not this terminal: say here whether colour is wanted
// (vitest.shared.ts turns it off on a pipe otherwise, and without FORCE_COLOR it would be off here too).
if (process.stdout.isTTY && env.NO_COLOR === undefined && env.FORCE_COLOR === undefined && env.TERM !== 'dumb') env.FORCE_COLOR = '1';

// The WASM engine's browser test drives Debian's Chromium (no browser download: only the npm
// registry and Debian's packages are reachable). On a fresh machine, install it when we can.
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(chromium) && process.getuid?.() === 0 && existsSync('/usr/bin/apt-get')) {
  console.log('Chromium is missing: installing the Debian package for the browser test');
  const apt = (...args) => spawnSync('apt-get', args, { stdio: ['ignore', 'ignore', 'inherit'], env: { ...env, DEBIAN_FRONTEND: 'noninteractive' } }).status;
  if (apt('update', '-qq') !== 0 || apt('install', '-y', '-qq', '--no-install-recommends', 'chromium') !== 0) {
    console.log('could not install Chromium: the browser test will fail and say so');
  }
}
const turboArgs = ['exec', 'turbo', 'run', 'typecheck', 'test', '--output-logs=new-only', ...process.argv.slice(2)];
const run = spawnSync('pnpm', turboArgs, { cwd: root, stdio: 'inherit', env });

let passed = 0;
let failed = 0;
let files = 0;
for (const file of reports) {
  if (!existsSync(file)) continue;
  const report = JSON.parse(readFileSync(file, 'utf8'));
  files++;
  passed += report.numPassedTests ?? 0;
  failed += report.numFailedTests ?? 0;
  for (const suite of report.testResults ?? []) {
    // A test file that failed to load has no test results of its own: count it once.
    if (suite.status === 'failed' && (suite.assertionResults ?? []).length === 0) {
      failed++;
      console.error(`failed to run: ${suite.name}: ${suite.message ?? ''}`);
    }
  }
}
const turboFailed = run.status !== 0;
if (turboFailed && failed === 0) failed = 1; // a typecheck or build failure counts as a failure
console.log(`\n${files} test reports read${turboFailed ? '; turbo reported a failure (see above)' : ''}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(turboFailed || failed > 0 ? 1 : 0);
