#!/usr/bin/env node
import type * as Program from './program.js';

/**
 * The commands that never reach the race harness run from the bundle (scripts/bundle.mjs:
 * the same program in a dozen files instead of sixty, which a one-shot `gridrace solve` feels);
 * the others, and a build without the bundle, from the modules tsc wrote.
 */
// program.ts's WITHOUT_RACE is this list and `engines`: kept in two places on purpose (see there).
const BUNDLED = new Set(['solve', 'verify', 'convert', 'show', 'generate', '-V', '--version']);
const BUNDLE = './bundle/program.js';

async function loadProgram(first: string | undefined): Promise<typeof Program> {
  if (BUNDLED.has(first ?? '')) {
    try {
      return (await import(BUNDLE)) as typeof Program;
    } catch (err) {
      const missing = (err as NodeJS.ErrnoException).code === 'ERR_MODULE_NOT_FOUND' && String((err as Error).message).includes('bundle/program.js');
      if (!missing) throw err;
    }
  }
  return import('./program.js');
}

// A reader that stops early (`gridrace solve many.txt | head -1`) closes the pipe. The output
// stops there, quietly (no EPIPE stack trace), but the run does not: it goes on without
// output, so the exit code is the one the full run would have had (a `multiple` among the
// puzzles still gives 1), whatever the reader kept.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (err: NodeJS.ErrnoException) => {
    if (err.code !== 'EPIPE') throw err;
    stream.write = ((_chunk: unknown, ...rest: unknown[]) => {
      const callback = rest.find((arg) => typeof arg === 'function') as (() => void) | undefined;
      callback?.();
      return true;
    }) as typeof stream.write;
  });
}

const { runCli } = await loadProgram(process.argv[2]);
process.exitCode = await runCli(process.argv.slice(2));
