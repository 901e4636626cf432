// Finding solver programs: in folders named by the caller (a flag, GRIDRACE_PEERS), then on
// the PATH. A program that is not found is not an error here: its engine is simply not offered.
import { accessSync, constants, statSync } from 'node:fs';
import { delimiter, isAbsolute, join, resolve } from 'node:path';

/** The environment variable naming folders (PATH-style list) to look for solver programs in. */
export const PEERS_ENV = 'GRIDRACE_PEERS';

function isExecutable(path: string): boolean {
  try {
    if (!statSync(path).isFile()) return false;
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** `name` on the PATH, or undefined. */
export function findOnPath(name: string, path = process.env.PATH ?? ''): string | undefined {
  for (const dir of path.split(delimiter)) {
    if (dir === '') continue;
    const candidate = resolve(dir, name);
    if (isExecutable(candidate)) return candidate;
  }
  return undefined;
}

/**
 * Where the program `name` is: an absolute or relative path is taken as is (when executable);
 * a bare name is looked up in each of `dirs` and in each folder of a folder's `bin/`, then on the PATH.
 */
export function findProgram(name: string, dirs: readonly string[] = peerDirs()): string | undefined {
  if (name.includes('/')) return isExecutable(name) ? (isAbsolute(name) ? name : join(process.cwd(), name)) : undefined;
  for (const dir of dirs) {
    for (const candidate of [resolve(dir, name), resolve(dir, 'bin', name)]) if (isExecutable(candidate)) return candidate;
  }
  return findOnPath(name);
}

/** The folders of GRIDRACE_PEERS, in order. */
export function peerDirs(env: NodeJS.ProcessEnv = process.env): string[] {
  return (env[PEERS_ENV] ?? '').split(delimiter).filter((d) => d !== '');
}
