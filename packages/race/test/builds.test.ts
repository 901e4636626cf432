// Builds for A/B races, on a scratch git repository with a stand-in build step: a commit is
// checked out in a worktree of its own at the right commit, built once and reused, and refs
// that cannot be had (unknown, or missing from a shallow clone) fail with a message that says why.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { BuildError, commitBuild, resolveCommit, workingTreeBuild } from '../src/index.js';

const scratch = mkdtempSync(join(tmpdir(), 'gridrace-builds-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
const git = (cwd: string, ...args: string[]) => execFileSync('git', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();

function repository(): { repo: string; first: string; second: string } {
  const repo = join(scratch, 'repo');
  mkdirSync(repo);
  git(repo, 'init', '-q');
  git(repo, 'config', 'user.email', 'test@example.org');
  git(repo, 'config', 'user.name', 'test');
  writeFileSync(join(repo, 'version.txt'), 'one\n');
  git(repo, 'add', '.');
  git(repo, 'commit', '-q', '-m', 'one');
  const first = git(repo, 'rev-parse', 'HEAD');
  writeFileSync(join(repo, 'version.txt'), 'two\n');
  git(repo, 'commit', '-q', '-am', 'two');
  return { repo, first, second: git(repo, 'rev-parse', 'HEAD') };
}

const { repo, first, second } = repository();

/** A build step that writes the engines entry point and counts its calls. */
function fakeBuild() {
  const calls: string[] = [];
  return {
    calls,
    build: (root: string) => {
      calls.push(readFileSync(join(root, 'version.txt'), 'utf8').trim());
      mkdirSync(join(root, 'packages/engines/dist'), { recursive: true });
      writeFileSync(join(root, 'packages/engines/dist/index.js'), 'export {};\n');
    },
  };
}

describe('commitBuild', () => {
  it('checks the commit out in its own worktree, builds it once and reuses the build', () => {
    const cacheDir = join(scratch, 'cache');
    const fake = fakeBuild();
    const a = commitBuild('HEAD~1', { repoRoot: repo, cacheDir, build: fake.build });
    expect(a.sha).toBe(first);
    expect(readFileSync(join(a.root, 'version.txt'), 'utf8')).toBe('one\n');
    expect(a.enginesModule).toMatch(/^file:.*\/packages\/engines\/dist\/index\.js$/);
    const again = commitBuild(first, { repoRoot: repo, cacheDir, build: fake.build });
    expect(again.root).toBe(a.root);
    const b = commitBuild('HEAD', { repoRoot: repo, cacheDir, build: fake.build });
    expect(b.sha).toBe(second);
    expect(fake.calls).toEqual(['one', 'two']);
    // The repository's own working tree is untouched.
    expect(readFileSync(join(repo, 'version.txt'), 'utf8')).toBe('two\n');
  });

  it('builds again when an earlier build did not finish', () => {
    const cacheDir = join(scratch, 'cache-half');
    const failing = () => {
      throw new BuildError('the build broke');
    };
    expect(() => commitBuild('HEAD', { repoRoot: repo, cacheDir, build: failing })).toThrow('the build broke');
    const fake = fakeBuild();
    const b = commitBuild('HEAD', { repoRoot: repo, cacheDir, build: fake.build });
    expect(fake.calls).toEqual(['two']);
    expect(existsSync(join(b.root, '.gridrace-ab-built'))).toBe(true);
  });

  it('says why a ref cannot be had: unknown, or beyond a shallow clone', () => {
    expect(() => resolveCommit('no-such-branch', repo)).toThrow(/no commit "no-such-branch"/);
    const shallow = join(scratch, 'shallow');
    execFileSync('git', ['clone', '-q', '--depth', '1', `file://${repo}`, shallow]);
    expect(() => resolveCommit(first, shallow)).toThrow(/shallow clone/);
    expect(resolveCommit('HEAD', shallow)).toBe(second);
  });
});

describe('workingTreeBuild', () => {
  it('takes the working tree as it is, with its commit and whether it has changes', () => {
    const fake = fakeBuild();
    const w = workingTreeBuild({ repoRoot: repo, build: fake.build });
    expect(w).toMatchObject({ ref: 'working tree', sha: second, dirty: false, root: repo });
    writeFileSync(join(repo, 'version.txt'), 'three\n');
    expect(workingTreeBuild({ repoRoot: repo, rebuild: false }).dirty).toBe(true);
    expect(fake.calls).toEqual(['two']);
  });
});
