// The one-shot commands run from dist/bundle (scripts/bundle.mjs), the others from the modules
// tsc wrote. A load hook, registered with --import, lists every module a run loads (resolving
// a package to see whether it is installed loads nothing, and is not listed).
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { CLI, CLI_ENV, REPO, tempFile } from './run-cli.js';

const BUNDLE = join(dirname(CLI), 'bundle');

/** Runs the CLI and returns its exit code, its output and the files it loaded, in order. */
function loadedBy(args: string[]): { code: number | null; stdout: string; files: string[] } {
  const log = tempFile(`loaded-${args[0]}-${Math.random().toString(36).slice(2)}.txt`, '');
  const hooks = `import { appendFileSync } from 'node:fs';
export async function load(url, context, next) {
  if (url.startsWith('file:')) appendFileSync(${JSON.stringify(log)}, url + '\\n');
  return next(url, context);
}`;
  const register = `import { register } from 'node:module'; register(${JSON.stringify(`data:text/javascript,${encodeURIComponent(hooks)}`)});`;
  const run = spawnSync(process.execPath, ['--import', `data:text/javascript,${encodeURIComponent(register)}`, CLI, ...args], { cwd: REPO, encoding: 'utf8', env: { ...CLI_ENV, NO_COLOR: '1' } });
  const files = readFileSync(log, 'utf8').split('\n').filter(Boolean).map((url) => fileURLToPath(url));
  return { code: run.status, stdout: run.stdout, files };
}

describe('the one-shot bundle', () => {
  it('solves a puzzle loading only main.js and files of the bundle, a dozen or so', () => {
    const { code, stdout, files } = loadedBy(['solve', 'puzzles/seed/gchq-2015.json']);
    expect(code).toBe(0);
    expect(stdout).toMatch(/unique/);
    expect(files[0]).toBe(CLI);
    expect(files.slice(1).filter((f) => !f.startsWith(`${BUNDLE}/`))).toEqual([]);
    expect(files.length).toBeLessThan(20);
  });

  it('runs race from the modules tsc wrote, with the race harness from its package', () => {
    const { files } = loadedBy(['race', '--help']);
    expect(files.some((f) => f.startsWith(`${BUNDLE}/`))).toBe(false);
    expect(files).toContain(join(dirname(CLI), 'program.js'));
    expect(files.some((f) => /[/\\]race[/\\]dist[/\\]index\.js$/.test(f))).toBe(true);
  });
});
