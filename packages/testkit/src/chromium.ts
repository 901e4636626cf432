// Headless Chromium for the browser tests: Debian's package, driven by playwright-core (no
// browser download: only the npm registry and Debian's packages are reachable here).
//
// The test command (scripts/test.mjs) installs the package on a fresh machine while the build
// and the other tests run, and says where its progress is in GRIDRACE_CHROMIUM_INSTALL: a file
// that reads `installing` until apt-get ends, then `done` or `failed: <why>`. A browser test
// that starts first waits for it here instead of failing on a browser that is still arriving.
import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';
import { aptInstallState, INSTALL_WAIT_MS } from './apt-install.js';

export type { Browser, Page } from 'playwright-core';

/** Where the browser is: CHROMIUM_PATH, else Debian's /usr/bin/chromium. */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** The flags of a quiet headless start on a closed network: no sandbox (root), no GPU, no background connections. */
const ARGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

/** Time for a `beforeAll` that calls launchChromium: the wait for an install, then a minute to start. */
export const LAUNCH_TIMEOUT_MS = INSTALL_WAIT_MS + 60_000;

/** Waits while the test command's install of Chromium is under way; returns its last state (undefined when none was started). */
export function chromiumInstallState(statusFile = process.env.GRIDRACE_CHROMIUM_INSTALL, waitMs = INSTALL_WAIT_MS): Promise<string | undefined> {
  return aptInstallState(statusFile, waitMs);
}

/** Launches headless Chromium, or throws one line that says what is missing and why. */
export async function launchChromium(): Promise<Browser> {
  const install = await chromiumInstallState();
  if (!existsSync(CHROMIUM)) {
    const why = install === undefined ? 'the README test command installs it when it runs as root with apt-get' : `the test command's install: ${install}`;
    throw new Error(`the browser tests need Chromium at ${CHROMIUM} (Debian package chromium; ${why})`);
  }
  return chromium.launch({ executablePath: CHROMIUM, args: ARGS });
}
