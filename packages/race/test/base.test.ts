// The gate's accepted base (benchmarks/baselines/base.txt) follows main: it must name a commit
// of this repository's history, an ancestor of HEAD, so that a change is judged against the
// commit it starts from (packages/race/docs/comparing.md, "The base follows main"). And the
// scripts under benchmarks/ answer --help and bad flags as commands do.
import { execFileSync, spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
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

describe('the flags of the scripts under benchmarks/ (benchmarks/scripts/script-args.mjs)', () => {
  const scripts = ['.', 'scripts', 'experiments'].flatMap((dir) =>
    readdirSync(`${root}benchmarks/${dir}`)
      .filter((f) => f.endsWith('.mjs') && readFileSync(`${root}benchmarks/${dir}/${f}`, 'utf8').includes('parseScriptArgs(import.meta.url'))
      .map((f) => `benchmarks/${dir === '.' ? '' : `${dir}/`}${f}`),
  );
  const run = (script: string, ...args: string[]) => spawnSync(process.execPath, [`${root}${script}`, ...args], { cwd: root, encoding: 'utf8' });

  it('covers the gate script and the measuring scripts', () => {
    expect(scripts).toEqual(expect.arrayContaining(['benchmarks/ci-race.mjs', 'benchmarks/scripts/oneshot-solve.mjs', 'benchmarks/scripts/hard-tail.mjs']));
  });

  it.each(scripts)('%s: --help prints its header and exits 0; an unknown flag exits 5 with one line, no stack trace', (script) => {
    const help = run(script, '--help');
    expect(help.status).toBe(0);
    const header = readFileSync(`${root}${script}`, 'utf8').split('\n').find((l) => l.startsWith('// '))!.slice(3);
    expect(help.stdout.split('\n')[0]).toBe(header);
    const bad = run(script, '--bogus');
    expect(bad.status).toBe(5);
    expect(bad.stderr).toBe(`${script.split('/').at(-1)}: Unknown option '--bogus' (--help lists the flags)\n`);
  });

  it('ci-race.mjs --help lists its commands', () => {
    expect(run('benchmarks/ci-race.mjs', '--help').stdout).toContain('node benchmarks/ci-race.mjs --update-base [REF]');
  });
});
