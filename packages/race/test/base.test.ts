// The gate's accepted base (benchmarks/baselines/base.txt) follows main: it must name a commit
// of this repository's history, an ancestor of HEAD, so that a change is judged against the
// commit it starts from (packages/race/docs/comparing.md, "The base follows main").
import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const root = new URL('../../..', import.meta.url).pathname;
const git = (...args: string[]) => execFileSync('git', args, { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();

describe('benchmarks/baselines/base.txt', () => {
  const lines = readFileSync(new URL('../../../benchmarks/baselines/base.txt', import.meta.url), 'utf8')
    .split('\n')
    .map((l) => l.replace(/#.*$/, '').trim())
    .filter((l) => l.length > 0);

  it('names one full commit id', () => {
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^[0-9a-f]{40}$/);
  });

  it('names an ancestor of HEAD (checked where the history is here: not in a shallow clone or an export)', () => {
    let shallow: boolean;
    try {
      shallow = git('rev-parse', '--is-shallow-repository') === 'true';
    } catch {
      // Not a git checkout (an unpacked archive): there is no history to check against.
      expect(lines[0]).toMatch(/^[0-9a-f]{40}$/);
      return;
    }
    if (shallow) return expect(lines[0]).toMatch(/^[0-9a-f]{40}$/);
    const base = lines[0]!;
    expect(git('cat-file', '-t', base), `${base} is not a commit of this repository`).toBe('commit');
    // merge-base --is-ancestor exits 0 when base is an ancestor of HEAD (or HEAD itself).
    let ancestor = true;
    try {
      git('merge-base', '--is-ancestor', base, 'HEAD');
    } catch {
      ancestor = false;
    }
    expect(ancestor, `${base} is not an ancestor of HEAD: move the base with node benchmarks/ci-race.mjs --update-base`).toBe(true);
  });
});

describe('benchmarks/ci-race.mjs flags', () => {
  const run = (...args: string[]) => spawnSync(process.execPath, [`${root}benchmarks/ci-race.mjs`, ...args], { cwd: root, encoding: 'utf8' });

  it('--help lists the commands and exits 0, before building anything', () => {
    const r = run('--help');
    expect(r.status).toBe(0);
    expect(r.stdout).toContain('node benchmarks/ci-race.mjs --update-base [REF]');
  });

  it('an unknown flag exits 5 with one line naming it and the usage, no stack trace', () => {
    const r = run('--bogus');
    expect(r.status).toBe(5);
    expect(r.stderr.split('\n')[0]).toBe("ci-race: Unknown option '--bogus'");
    expect(r.stderr).toContain('--update-base [REF]');
    expect(r.stderr).not.toMatch(/^\s+at /m);
  });
});
