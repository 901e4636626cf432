// Engine packages are optional peers: an app installs only those it wants. Loading one must
// tell "not installed" apart from "installed but broken"; only the first is swallowed.

/**
 * True when `error` says that package `name` itself cannot be found. Node and vitest both say
 * `Cannot find package '<name>' imported from ...` (ERR_MODULE_NOT_FOUND); a missing file
 * inside the package, or a missing dependency of it, names something else and is not matched.
 * CommonJS loaders (and bundles built to CommonJS) say `Cannot find module '<name>'`.
 */
export function isNotInstalled(error: unknown, name: string): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (code !== 'ERR_MODULE_NOT_FOUND' && code !== 'MODULE_NOT_FOUND') return false;
  const message = error.message.split('\n', 1)[0]!;
  return message.startsWith(`Cannot find package '${name}'`) || message.startsWith(`Cannot find module '${name}'`);
}

/**
 * `load()`'s module, or undefined when package `name` is not installed. Every other failure
 * (a broken install, a missing dependency, an error while the module runs) is thrown.
 * `load` is `() => import('<name>')` with a literal specifier, so bundlers and TypeScript see it.
 */
export async function importIfInstalled<M>(name: string, load: () => Promise<M>): Promise<M | undefined> {
  try {
    return await load();
  } catch (error) {
    if (isNotInstalled(error, name)) return undefined;
    throw error;
  }
}
