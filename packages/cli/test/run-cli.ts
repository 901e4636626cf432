import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The built CLI, run as a user runs it: `node dist/main.js ...` (turbo builds it before tests). */
export const CLI = fileURLToPath(new URL('../dist/main.js', import.meta.url));
export const REPO = fileURLToPath(new URL('../../../', import.meta.url));

/**
 * The environment the CLI runs in here: this one without NODE_EXTRA_CA_CERTS. Where the
 * machine sets it (a CA bundle for a TLS proxy), every Node start reads the bundle, about 40 ms
 * of CPU; the CLI opens no TLS connection, and the tests start it hundreds of times.
 */
export const CLI_ENV: NodeJS.ProcessEnv = { ...process.env, NODE_EXTRA_CA_CERTS: undefined };

export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

export function gridrace(args: string[], input?: string): CliRun {
  const run = spawnSync(process.execPath, [CLI, ...args], {
    cwd: REPO,
    encoding: 'utf8',
    input: input ?? '',
    env: { ...CLI_ENV, NO_COLOR: '1', FORCE_COLOR: undefined },
    timeout: 120_000,
  });
  return { code: run.status, stdout: run.stdout, stderr: run.stderr };
}

let scratch: string | undefined;
/** Writes `text` to a fresh temp file with the given name and returns its path. */
export function tempFile(name: string, text: string): string {
  scratch ??= mkdtempSync(join(tmpdir(), 'gridrace-cli-'));
  const path = join(scratch, name);
  writeFileSync(path, text);
  return path;
}

/** True when stderr holds something that looks like a JavaScript stack trace. */
export const hasStackTrace = (text: string) => /^\s+at .+\(.+:\d+:\d+\)$/m.test(text) || /^\s+at .+:\d+:\d+$/m.test(text);
