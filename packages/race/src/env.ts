// What a results file records about where it was made: machine, runtime, package versions, commit.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { arch, cpus, loadavg, platform, release, totalmem } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { RaceEnv } from './types.js';

const REPO = fileURLToPath(new URL('../../../', import.meta.url));

function readJson(path: string): { name?: string; version?: string } | undefined {
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as { name?: string; version?: string };
  } catch {
    return undefined;
  }
}

/** The version of an installed dependency, found by walking up from its entry file. */
function dependencyVersion(name: string): string | undefined {
  try {
    let dir = dirname(createRequire(import.meta.url).resolve(name));
    for (let i = 0; i < 6; i++) {
      const pkg = readJson(join(dir, 'package.json'));
      if (pkg?.name === name) return pkg.version;
      dir = dirname(dir);
    }
  } catch {
    // not installed
  }
  return undefined;
}

/** Versions of every workspace package of the repository, plus tinybench. */
export function packageVersions(): Record<string, string> {
  const versions: Record<string, string> = {};
  const dirs = [join(REPO, 'benchmarks')];
  const packages = join(REPO, 'packages');
  if (existsSync(packages)) for (const name of readdirSync(packages).sort()) dirs.push(join(packages, name));
  for (const dir of dirs) {
    const pkg = readJson(join(dir, 'package.json'));
    if (pkg?.name && pkg.version) versions[pkg.name] = pkg.version;
  }
  const tinybench = dependencyVersion('tinybench');
  if (tinybench) versions.tinybench = tinybench;
  return versions;
}

function git(args: string[]): string | undefined {
  try {
    return execFileSync('git', args, { cwd: REPO, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'], timeout: 10_000 }).trim();
  } catch {
    return undefined;
  }
}

/** The checkout's commit and whether tracked files differ from it; empty outside git. */
export function gitRevision(): Pick<RaceEnv, 'gitSha' | 'gitDirty'> {
  const sha = git(['rev-parse', 'HEAD']);
  const status = sha === undefined ? undefined : git(['status', '--porcelain', '--untracked-files=no']);
  return { ...(sha ? { gitSha: sha } : {}), ...(status !== undefined ? { gitDirty: status.length > 0 } : {}) };
}

export function collectEnv(date = new Date()): RaceEnv {
  const cpuList = cpus();
  return {
    cpu: cpuList[0]?.model.trim() ?? 'unknown',
    cores: cpuList.length,
    memoryMb: Math.round(totalmem() / 1024 / 1024),
    os: `${platform()} ${release()}`,
    arch: arch(),
    node: process.version,
    v8: process.versions.v8,
    versions: packageVersions(),
    ...gitRevision(),
    date: date.toISOString(),
    loadAverage: Math.round((loadavg()[0] ?? 0) * 100) / 100,
    ci: Boolean(process.env.CI),
  };
}
