// A/B experiments load the same packages from two checkouts (each installed and built). They
// take them by package name through the checkout's own resolution (its exports, as an app
// would), never by a path into another package's dist/.
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

/** `import(specifier)` as code in `dir`'s benchmarks/ folder would do it. */
export function importFromCheckout(dir, specifier) {
  const require = createRequire(join(resolve(dir), 'benchmarks', 'package.json'));
  return import(pathToFileURL(require.resolve(specifier)).href);
}
