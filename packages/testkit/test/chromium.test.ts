// The browser tests wait for the test command's install of Chromium through a status file.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { chromiumInstallState } from '../src/chromium.js';

const statusFile = (state: string) => {
  const file = join(mkdtempSync(join(tmpdir(), 'gridrace-chromium-test-')), 'status');
  writeFileSync(file, state);
  return file;
};

describe('chromiumInstallState', () => {
  it('is undefined when no install was started', async () => {
    expect(await chromiumInstallState('')).toBeUndefined();
    expect(await chromiumInstallState(join(tmpdir(), 'gridrace-no-such-status-file'))).toBeUndefined();
  });

  it('waits while the install is under way and returns how it ended', async () => {
    const file = statusFile('installing');
    setTimeout(() => writeFileSync(file, 'failed: apt-get exited 100: E: Unable to locate package chromium\n'), 400);
    const started = Date.now();
    expect(await chromiumInstallState(file)).toBe('failed: apt-get exited 100: E: Unable to locate package chromium');
    expect(Date.now() - started).toBeGreaterThanOrEqual(350);
  });

  it('stops waiting after its limit and says the install is still running', async () => {
    expect(await chromiumInstallState(statusFile('installing'), 300)).toBe('installing');
  });
});
