// The test command (scripts/test.mjs) installs missing Debian packages (Chromium, Redis) on a
// fresh machine while the build and the other tests run, and says where its progress is in a
// status file: `installing` until apt-get ends, then `done` or `failed: <why>`. A test that
// needs the package waits for it here instead of failing on a program that is still arriving.
import { existsSync, readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';

/** An install that apt-get has not finished after this long is not going to help this run. */
export const INSTALL_WAIT_MS = 5 * 60_000;

/** Waits while an install is under way; returns its last state (undefined when none was started). */
export async function aptInstallState(statusFile: string | undefined, waitMs = INSTALL_WAIT_MS): Promise<string | undefined> {
  if (!statusFile || !existsSync(statusFile)) return undefined;
  const until = Date.now() + waitMs;
  for (;;) {
    const state = readFileSync(statusFile, 'utf8').trim();
    if (state !== 'installing' || Date.now() >= until) return state;
    await sleep(250);
  }
}
