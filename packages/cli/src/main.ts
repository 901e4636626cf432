#!/usr/bin/env node
import { runCli } from './program.js';

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

process.exitCode = await runCli(process.argv.slice(2));
