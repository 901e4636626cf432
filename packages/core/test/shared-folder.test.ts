// The tests that read ../shared are skipped where it is missing (a clone from a public host),
// but CI (`.ci/run` sets GRIDRACE_REQUIRE_SHARED=1) must run them: there a missing folder
// fails the run (vitest.shared.ts), and scripts/test.mjs fails a run that skipped any test.
// Checked here on core's own shared-puzzles test (it needs nothing built), with the folder
// pointed somewhere empty.
import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const CORE = fileURLToPath(new URL('..', import.meta.url));
const VITEST = `${CORE}node_modules/vitest/vitest.mjs`;
const missing = `${mkdtempSync(`${tmpdir()}/gridrace-no-shared-`)}/shared`;

function vitestIn(dir: string, env: Record<string, string>) {
  const { GRIDRACE_REQUIRE_SHARED: _, ...rest } = process.env;
  return spawnSync(process.execPath, [VITEST, 'run', 'test/shared-puzzles.test.ts', '--reporter=dot', '--outputFile.json=/dev/null'], {
    cwd: dir,
    encoding: 'utf8',
    env: { ...rest, GRIDRACE_SHARED_DIR: missing, NO_COLOR: '1', ...env },
    timeout: 120_000,
  });
}

describe('the ../shared folder', () => {
  it('missing: the tests run without it and say in one line why some are skipped', () => {
    const run = vitestIn(CORE, {});
    expect(run.status, run.stdout + run.stderr).toBe(0);
    expect(run.stdout).toContain(`note: ${missing}/ is missing: the tests that read its puzzles are skipped`);
    expect(run.stdout).toMatch(/Tests\s+\d+ skipped/);
  });

  it('missing where it is required (CI): the run fails and says so', () => {
    const run = vitestIn(CORE, { GRIDRACE_REQUIRE_SHARED: '1' });
    expect(run.status).not.toBe(0);
    expect(run.stdout + run.stderr).toContain(`GRIDRACE_REQUIRE_SHARED is set but ${missing}/ is missing`);
  });

  it('this run found it, or was not asked to', () => {
    // Under CI the folder is required, so the tests of this very run read it.
    if (process.env.GRIDRACE_REQUIRE_SHARED) expect(process.env.GRIDRACE_SHARED_DIR).not.toBe('');
    else expect(process.env.GRIDRACE_SHARED_DIR).toBeDefined();
  });
});
