// A Node built-in module where the platform has one (Node 20.16 and later), without an
// import statement: the package also runs in browsers, and their bundlers must not see
// `node:` imports. Undefined elsewhere.

const proc = (globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } }).process;

export function nodeBuiltin<T>(id: `node:${string}`): T | undefined {
  return proc?.getBuiltinModule?.(id) as T | undefined;
}
