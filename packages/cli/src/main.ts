#!/usr/bin/env node
import { runCli } from './program.js';

// A reader that stops early (`gridrace convert x | head -2`) closes the pipe: end quietly
// with the code so far, as filters do, instead of an unhandled 'error' and a stack trace.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (err: NodeJS.ErrnoException) => {
    if (err.code === 'EPIPE') process.exit(typeof process.exitCode === 'number' ? process.exitCode : 0);
    throw err;
  });
}

process.exitCode = await runCli(process.argv.slice(2));
