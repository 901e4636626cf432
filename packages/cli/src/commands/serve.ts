// `gridrace serve`: the web workbench (packages/web's built page) on a local address, and the
// files named on the command line for the page to open.
import { accessSync, constants, existsSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { CliError, ExitCode } from '../exit-codes.js';
import { hostAndPort, isLoopback, startStaticServer } from '../static-server.js';
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

export async function serveCommand(files: readonly string[], flags: ServeFlags, ui: Ui): Promise<ExitCode> {
  const root = flags.root === undefined ? webRoot() : resolve(flags.root);
  if (root === undefined || !existsSync(join(root, 'index.html'))) {
    throw new CliError(flags.root === undefined ? `serve: ${NOT_BUILT}` : `serve: ${flags.root}: no index.html there (not a built page)`, ExitCode.BAD_INPUT);
  }
  // Checked now rather than when the page asks: a file the server cannot send would only
  // show as a failed fetch in the browser.
  for (const file of files) {
    let regular = false;
    try {
      regular = statSync(file).isFile();
      if (regular) accessSync(file, constants.R_OK);
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      throw new CliError(`serve: ${file}: ${code === 'ENOENT' || code === 'ENOTDIR' ? 'no such file' : `cannot be read (${code ?? String(err)})`}`, ExitCode.BAD_INPUT);
    }
    if (!regular) throw new CliError(`serve: ${file}: not a file`, ExitCode.BAD_INPUT);
  }
  let server;
  try {
    server = await startStaticServer({ root, host: flags.host, port: flags.port, files: files.map((f) => resolve(f)) });
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    const at = hostAndPort(flags.host, flags.port);
    if (code === 'EADDRINUSE') throw new CliError(`serve: ${at} is in use: pick another with --port`, ExitCode.USAGE);
    if (code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND') throw new CliError(`serve: cannot listen on ${flags.host}: no such address on this machine`, ExitCode.USAGE);
    if (code === 'EACCES') throw new CliError(`serve: not allowed to listen on ${at}: pick a port above 1023`, ExitCode.USAGE);
    throw err;
  }
  ui.out(`serving the gridrace workbench at ${server.url}`);
  for (const url of server.openUrls) ui.out(url);
  if (!isLoopback(flags.host)) ui.info(`warning: ${flags.host} is not a loopback address: the page and the named files are visible to anyone who can reach it`);
  ui.info('press Ctrl-C to stop');
  await new Promise<void>((done) => {
    process.once('SIGINT', done);
    process.once('SIGTERM', done);
  });
  await server.close();
  return ExitCode.OK;
}
