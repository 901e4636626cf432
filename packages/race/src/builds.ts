// The builds an A/B race sets side by side: the working tree as it is, or any commit checked
// out in a git worktree of its own, installed (from the pnpm store, so it is quick) and
// built there. Each side's engines are then loaded from its own `@gridrace/engines` build.
import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

/** One side of an A/B race. */
export interface Build {
  /** What the user named: a git ref, or `working tree`. */
  readonly ref: string;
  /** The commit (for the working tree: its HEAD, when there is one). */
  readonly sha?: string;
  /** The working tree had uncommitted changes. */
  readonly dirty?: boolean;
  /** Folder holding the build. */
  readonly root: string;
  /** File URL of the build's `@gridrace/engines`, which the race's workers import. */
  readonly enginesModule: string;
}

/** A build could not be had: unknown ref, no git, a shallow clone, a failed install or build. */
export class BuildError extends Error {
  override readonly name = 'BuildError';
}

/** Runs a command in a folder; throws with its last output lines when it fails. */
export type Runner = (command: string, args: readonly string[], cwd: string) => void;

export interface BuildOptions {
  /** The repository the refs belong to (default: the git top level of the working directory). */
  readonly repoRoot?: string;
  /** Where worktrees are kept, one per commit, reused while their build is complete. Default `$TMPDIR/gridrace-ab`. */
  readonly cacheDir?: string;
  /** Installs and builds a checkout (default: the pinned pnpm's install, then turbo's build of `@gridrace/engines` and what it needs). */
  readonly build?: (root: string, run: Runner) => void;
  /** Progress lines ("checking out ...", "building ..."). */
  readonly log?: (line: string) => void;
}

function git(args: readonly string[], cwd: string): string {
  try {
    return execFileSync('git', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], timeout: 60_000 }).trim();
  } catch (err) {
    const e = err as { stderr?: string; code?: string; message: string };
    if (e.code === 'ENOENT') throw new BuildError('git is not installed');
    throw new BuildError((e.stderr ?? e.message).trim().split('\n').pop() ?? e.message);
  }
}

/** The git top level above `cwd`. */
export function repositoryRoot(cwd = process.cwd()): string {
  try {
    return git(['rev-parse', '--show-toplevel'], cwd);
  } catch (err) {
    throw new BuildError(`${cwd} is not in a git repository (${(err as Error).message})`);
  }
}

/** The commit a ref names, or a BuildError that says why it cannot be had (a shallow clone, say). */
export function resolveCommit(ref: string, repoRoot: string): string {
  try {
    return git(['rev-parse', '--verify', '--quiet', `${ref}^{commit}`], repoRoot);
  } catch {
    const shallow = (() => {
      try {
        return git(['rev-parse', '--is-shallow-repository'], repoRoot) === 'true';
      } catch {
        return false;
      }
    })();
    throw new BuildError(`no commit "${ref}" in ${repoRoot}${shallow ? ' (a shallow clone: fetch its history with `git fetch --unshallow`)' : ''}`);
  }
}

/** How many commits `sha` is behind HEAD, or undefined when git cannot say. */
export function commitsBehindHead(sha: string, repoRoot: string): number | undefined {
  try {
    return Number(git(['rev-list', '--count', `${sha}..HEAD`], repoRoot));
  } catch {
    return undefined;
  }
}

const runCommand: Runner = (command, args, cwd) => {
  const r = spawnSync(command, args, {
    cwd,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, TURBO_TELEMETRY_DISABLED: '1', DO_NOT_TRACK: '1', CI: process.env.CI ?? '' },
    maxBuffer: 64 * 1024 * 1024,
  });
  if (r.error) throw new BuildError(`${command}: ${r.error.message}`);
  if (r.status !== 0) {
    const tail = `${r.stdout}\n${r.stderr}`.trim().split('\n').slice(-5).join(' | ');
    throw new BuildError(`\`${command} ${args.join(' ')}\` failed in ${cwd} (exit ${r.status}): ${tail}`);
  }
};

/** The pnpm a checkout pins (`packageManager`), run through npx as the README does. */
function pnpm(root: string): string[] {
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { packageManager?: string };
  const pinned = pkg.packageManager?.startsWith('pnpm@') ? pkg.packageManager : 'pnpm';
  return ['-y', pinned];
}

/**
 * The default build: install from the store (not for the working tree), then build the engines
 * and what they depend on. The filter names `@gridrace/engines` alone: its build task depends
 * on its dependencies' builds (`^build`), which turbo runs too. `@gridrace/engines...` would
 * build all sixteen packages, the CLI and the race among them: the root package's dependency
 * on the CLI (for `npx gridrace`) makes turbo count every package as a dependency of any.
 */
export function defaultBuild(root: string, run: Runner, install = true): void {
  const pm = pnpm(root);
  if (install) run('npx', [...pm, 'install', '--frozen-lockfile', '--prefer-offline', '--reporter=silent'], root);
  run('npx', [...pm, 'exec', 'turbo', 'run', 'build', '--filter=@gridrace/engines', '--output-logs=errors-only'], root);
}

const enginesModuleOf = (root: string) => join(root, 'packages/engines/dist/index.js');

function finishedBuild(root: string, ref: string, sha: string | undefined, extra: { dirty?: boolean } = {}): Build {
  const entry = enginesModuleOf(root);
  if (!existsSync(entry)) throw new BuildError(`${ref}: the build has no ${entry}`);
  return { ref, ...(sha ? { sha } : {}), ...extra, root, enginesModule: pathToFileURL(entry).href };
}

/**
 * The working tree as a build, rebuilt first (turbo's cache makes that quick when nothing
 * changed) unless `rebuild` is false.
 */
export function workingTreeBuild(options: BuildOptions & { rebuild?: boolean } = {}): Build {
  const root = options.repoRoot ?? repositoryRoot();
  if (options.rebuild !== false) {
    options.log?.('building the working tree');
    (options.build ?? ((dir, run) => defaultBuild(dir, run, false)))(root, runCommand);
  }
  let sha: string | undefined;
  let dirty: boolean | undefined;
  try {
    sha = git(['rev-parse', 'HEAD'], root);
    dirty = git(['status', '--porcelain', '--untracked-files=no'], root).length > 0;
  } catch {
    // Not a git checkout: the working tree is still a build.
  }
  return finishedBuild(root, 'working tree', sha, dirty === undefined ? {} : { dirty });
}

/**
 * A commit as a build: checked out in a worktree of its own (detached), installed and built
 * there. A worktree whose build completed is reused; one left half-built is made again.
 */
export function commitBuild(ref: string, options: BuildOptions = {}): Build {
  const repoRoot = options.repoRoot ?? repositoryRoot();
  const sha = resolveCommit(ref, repoRoot);
  const repoKey = createHash('sha256').update(repoRoot).digest('hex').slice(0, 8);
  const root = join(options.cacheDir ?? join(tmpdir(), 'gridrace-ab'), `${repoKey}-${sha.slice(0, 12)}`);
  const marker = join(root, '.gridrace-ab-built');
  if (existsSync(marker) && readFileSync(marker, 'utf8').trim() === sha) {
    options.log?.(`${ref}: reusing the build of ${sha.slice(0, 12)} in ${root}`);
    return finishedBuild(root, ref, sha);
  }
  if (existsSync(root)) {
    try {
      git(['worktree', 'remove', '--force', root], repoRoot);
    } catch {
      // Not a worktree of this repository (any more): remove the folder itself.
    }
    rmSync(root, { recursive: true, force: true });
  }
  git(['worktree', 'prune'], repoRoot);
  options.log?.(`${ref}: checking out ${sha.slice(0, 12)} in ${root}`);
  git(['worktree', 'add', '--detach', '--force', root, sha], repoRoot);
  options.log?.(`${ref}: installing and building`);
  (options.build ?? defaultBuild)(root, runCommand);
  writeFileSync(marker, `${sha}\n`);
  return finishedBuild(root, ref, sha);
}

/** A folder that already holds an installed and built checkout (another clone, a patched worktree). */
export function folderBuild(root: string): Build {
  let sha: string | undefined;
  try {
    sha = git(['rev-parse', 'HEAD'], root);
  } catch {
    // Not a git checkout: still a build.
  }
  return finishedBuild(root, root, sha);
}

