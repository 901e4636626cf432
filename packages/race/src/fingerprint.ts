// What an engine's timing can depend on in a build: the built files of its package and of the
// workspace packages it depends on, and the lockfile (third-party code), hashed. Two builds
// whose engine has the same fingerprint run the same code, so any time difference between them
// is the machine's, not the change's; the gate does not time such an engine (its counters are
// still compared).
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { Build } from './builds.js';

interface WorkspacePackage {
  readonly name: string;
  readonly dir: string;
  readonly deps: readonly string[];
  /** The built entry (`main`), absolute. */
  readonly entry?: string;
}

// Files that say nothing about the code that runs: type declarations, source maps, build info.
const IGNORED = /\.(d\.ts|d\.ts\.map|js\.map|map|tsbuildinfo)$/;

function workspacePackages(root: string): Map<string, WorkspacePackage> {
  const found = new Map<string, WorkspacePackage>();
  const dir = join(root, 'packages');
  if (!existsSync(dir)) return found;
  for (const name of readdirSync(dir)) {
    const file = join(dir, name, 'package.json');
    if (!existsSync(file)) continue;
    const pkg = JSON.parse(readFileSync(file, 'utf8')) as { name?: string; main?: string; dependencies?: Record<string, string>; peerDependencies?: Record<string, string>; optionalDependencies?: Record<string, string> };
    if (!pkg.name) continue;
    const deps = Object.keys({ ...pkg.dependencies, ...pkg.peerDependencies, ...pkg.optionalDependencies });
    found.set(pkg.name, { name: pkg.name, dir: join(dir, name), deps, ...(pkg.main ? { entry: join(dir, name, pkg.main) } : {}) });
  }
  return found;
}

/** Hash of every built file under `dir/dist` (paths and contents), in a fixed order. */
function hashDist(dir: string, hash: ReturnType<typeof createHash>): void {
  const walk = (folder: string, rel: string) => {
    for (const name of readdirSync(folder).sort()) {
      const path = join(folder, name);
      const relPath = `${rel}/${name}`;
      if (statSync(path).isDirectory()) walk(path, relPath);
      else if (!IGNORED.test(name)) hash.update(relPath).update('\0').update(readFileSync(path)).update('\0');
    }
  };
  const dist = join(dir, 'dist');
  if (existsSync(dist)) walk(dist, 'dist');
}

/** Fingerprint of a workspace package: its built files and those of its workspace dependencies, transitively. */
export function packageFingerprint(packages: ReadonlyMap<string, WorkspacePackage>, name: string, salt = ''): string {
  const hash = createHash('sha256').update(salt).update('\0');
  const seen = new Set<string>();
  const visit = (pkgName: string) => {
    const pkg = packages.get(pkgName);
    if (!pkg || seen.has(pkgName)) return;
    seen.add(pkgName);
    hash.update(pkgName).update('\0');
    hashDist(pkg.dir, hash);
    for (const dep of [...pkg.deps].sort()) visit(dep);
  };
  visit(name);
  return hash.digest('hex').slice(0, 16);
}

/**
 * Which workspace package registers each engine: every package's built entry is imported in a
 * worker of its own (core's registry is one per thread) and its exported engines listed.
 */
function enginePackages(packages: ReadonlyMap<string, WorkspacePackage>): Promise<Record<string, string>> {
  const entries = [...packages.values()].filter((p) => p.entry !== undefined && existsSync(p.entry) && p.name !== '@gridrace/engines').map((p) => [p.name, pathToFileURL(p.entry!).href]);
  const code = `const { parentPort, workerData } = require('node:worker_threads');
(async () => {
  const owner = {};
  for (const [name, url] of workerData) {
    let m;
    try { m = await import(url); } catch { continue; }
    for (const value of Object.values(m)) {
      if (value && typeof value === 'object' && typeof value.name === 'string' && typeof value.kind === 'string' && typeof value.solve === 'function' && !(value.name in owner)) owner[value.name] = name;
    }
  }
  parentPort.postMessage(owner);
})();`;
  return new Promise((resolve) => {
    const worker = new Worker(code, { eval: true, workerData: entries, execArgv: [], stdout: true, stderr: true });
    worker.once('message', (owner: Record<string, string>) => {
      resolve(owner);
      void worker.terminate();
    });
    worker.once('error', () => resolve({}));
    worker.once('exit', () => resolve({}));
  });
}

/**
 * Each engine's fingerprint in a build (engine name to hash). An engine whose package cannot be
 * found (one loaded from elsewhere) has none: the gate then treats it as changed.
 */
export async function engineFingerprints(build: Build): Promise<Map<string, string>> {
  const packages = workspacePackages(build.root);
  const owners = await enginePackages(packages);
  // Third-party code (z3-solver, say) is not in the workspace: the lockfile stands for it.
  const lockfile = join(build.root, 'pnpm-lock.yaml');
  const salt = existsSync(lockfile) ? createHash('sha256').update(readFileSync(lockfile)).digest('hex') : '';
  return new Map(Object.entries(owners).map(([engine, pkg]) => [engine, packageFingerprint(packages, pkg, salt)]));
}
