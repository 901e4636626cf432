// A real Redis server for the queue tests: Debian's redis-server on 127.0.0.1, a free port,
// no persistence (nothing written to disk), stopped when the test is done. The test command
// installs the package when it is missing and it can (root with apt-get); otherwise the tests
// that need it fail with one line that says how to get it.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { aptInstallState, INSTALL_WAIT_MS } from './apt-install.js';

/** Where the server program is: REDIS_SERVER_PATH, else Debian's /usr/bin/redis-server. */
export const REDIS_SERVER = process.env.REDIS_SERVER_PATH ?? '/usr/bin/redis-server';

/** Time for a `beforeAll` that starts Redis: the wait for an install, then a little to start. */
export const REDIS_START_TIMEOUT_MS = INSTALL_WAIT_MS + 30_000;

export interface RedisServer {
  /** redis://127.0.0.1:PORT (with the password when one was set). */
  readonly url: string;
  readonly port: number;
  /** Stops the server (SIGTERM) and waits for it to exit. */
  stop(): Promise<void>;
}

/** A free TCP port on 127.0.0.1. */
async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** Starts a Redis server, or throws one line that says what is missing and why. */
export async function startRedis(options: { readonly password?: string; readonly port?: number } = {}): Promise<RedisServer> {
  const install = await aptInstallState(process.env.GRIDRACE_REDIS_INSTALL);
  if (!existsSync(REDIS_SERVER)) {
    const why = install === undefined ? 'the README test command installs it when it runs as root with apt-get' : `the test command's install: ${install}`;
    throw new Error(`the queue tests need redis-server at ${REDIS_SERVER} (Debian package redis-server; ${why})`);
  }
  const port = options.port ?? (await freePort());
  const args = ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--daemonize', 'no', '--loglevel', 'warning', '--dir', '/tmp'];
  if (options.password) args.push('--requirepass', options.password);
  const child: ChildProcess = spawn(REDIS_SERVER, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const collect = (chunk: Buffer) => (output = (output + chunk.toString('utf8')).slice(-4000));
  child.stdout!.on('data', collect);
  child.stderr!.on('data', collect);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  // Ready when the port answers; the server logs little at this level.
  const until = Date.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`redis-server exited at start (code ${child.exitCode}): ${output.trim().split('\n').at(-1) ?? ''}`);
    if (await answers(port)) break;
    if (Date.now() > until) {
      child.kill('SIGKILL');
      throw new Error(`redis-server did not answer on 127.0.0.1:${port} within 10 s`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    url: `redis://${options.password ? `:${encodeURIComponent(options.password)}@` : ''}127.0.0.1:${port}`,
    port,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

/** The port takes a connection. */
function answers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}
