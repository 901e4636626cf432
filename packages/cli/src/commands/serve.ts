// `gridrace serve`: the web workbench (packages/web's built page) on a local address, and the
// files named on the command line for the page to open.
import { existsSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { CliError, ExitCode } from '../exit-codes.js';
import { startStaticServer } from '../static-server.js';
import type { Ui } from './shared.js';

export interface ServeFlags {
  host: string;
  port: number;
  root?: string;
}

const NOT_BUILT = 'the web page is not built: run `npx -y pnpm@12.4.2 build` (or give --root DIR)';

/** The built page of @gridrace/web, or undefined when that package is not installed. */
function webRoot(): string | undefined {
  try {
    return join(dirname(createRequire(import.meta.url).resolve('@gridrace/web/package.json')), 'dist');
  } catch {
    return undefined;
  }
}

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|localhost)$/;

export async function serveCommand(files: readonly string[], flags: ServeFlags, ui: Ui): Promise<ExitCode> {
  const root = flags.root === undefined ? webRoot() : resolve(flags.root);
  if (root === undefined || !existsSync(join(root, 'index.html'))) {
    throw new CliError(flags.root === undefined ? `serve: ${NOT_BUILT}` : `serve: ${flags.root}: no index.html there (not a built page)`, ExitCode.BAD_INPUT);
  }
  for (const file of files) {
    let regular = false;
    try {
      regular = statSync(file).isFile();
    } catch {
      throw new CliError(`serve: ${file}: no such file`, ExitCode.BAD_INPUT);
    }
    if (!regular) throw new CliError(`serve: ${file}: not a file`, ExitCode.BAD_INPUT);
  }
  let server;
  try {
    server = await startStaticServer({ root, host: flags.host, port: flags.port, files: files.map((f) => resolve(f)) });
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE') throw new CliError(`serve: ${flags.host}:${flags.port} is in use: pick another with --port`, ExitCode.USAGE);
    if (code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND') throw new CliError(`serve: cannot listen on ${flags.host}: no such address on this machine`, ExitCode.USAGE);
    if (code === 'EACCES') throw new CliError(`serve: not allowed to listen on ${flags.host}:${flags.port}: pick a port above 1023`, ExitCode.USAGE);
    throw err;
  }
  ui.out(`serving the gridrace workbench at ${server.url}`);
  for (const path of server.openPaths) ui.out(`${server.url}?open=${path}`);
  if (!LOOPBACK.test(flags.host)) ui.info(`warning: ${flags.host} is not a loopback address: the page and the named files are visible to anyone who can reach it`);
  ui.info('press Ctrl-C to stop');
  await new Promise<void>((done) => {
    process.once('SIGINT', done);
    process.once('SIGTERM', done);
  });
  await server.close();
  return ExitCode.OK;
}
