// The local server behind `gridrace serve`: the built workbench page and the files named on
// the command line, nothing else of the machine. Paths that climb out (`..`, encoded or not),
// absolute or backslashed paths, and symlinks that lead outside the page's folder are refused;
// every answer carries a content security policy that allows no remote scripts.
import { createReadStream } from 'node:fs';
import { realpath, stat } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { basename, extname, join, sep } from 'node:path';

/** The policy of every answer (and of the page's own meta tag, which cannot carry frame-ancestors). */
export const CONTENT_SECURITY_POLICY =
  "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; worker-src 'self' blob:; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

const TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.wasm': 'application/wasm',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.map': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
};

const HEADERS = {
  'content-security-policy': CONTENT_SECURITY_POLICY,
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'cache-control': 'no-cache',
};

export interface StaticServerOptions {
  /** The built page's folder (holds index.html). */
  readonly root: string;
  readonly host: string;
  /** 0 picks a free port. */
  readonly port: number;
  /** Files served at /open/<n>/<basename>, n their position. */
  readonly files?: readonly string[];
}

export interface StaticServer {
  /** http://host:port/ */
  readonly url: string;
  /** The path that serves each named file. */
  readonly openPaths: readonly string[];
  close(): Promise<void>;
}

/** Why a request path is refused before touching the disk, or undefined when it may be looked up. */
function unsafe(path: string): string | undefined {
  if (path.includes('\0') || path.includes('\\')) return 'bad characters';
  if (path.startsWith('//')) return 'absolute';
  if (path.split('/').some((part) => part === '..' || part === '.')) return 'climbs';
  return undefined;
}

export async function startStaticServer(options: StaticServerOptions): Promise<StaticServer> {
  const root = await realpath(options.root);
  const files = options.files ?? [];
  const openPaths = files.map((file, i) => `/open/${i}/${encodeURIComponent(basename(file))}`);

  const send = (res: ServerResponse, status: number, text: string) => {
    res.writeHead(status, { ...HEADERS, 'content-type': 'text/plain; charset=utf-8' }).end(`${text}\n`);
  };

  async function answer(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.setHeader('allow', 'GET, HEAD');
      return send(res, 405, 'only GET and HEAD');
    }
    const raw = (req.url ?? '/').split('?')[0]!.split('#')[0]!;
    let path: string;
    try {
      path = decodeURIComponent(raw);
    } catch {
      return send(res, 400, 'bad path');
    }
    if (!path.startsWith('/') || unsafe(path)) return send(res, 403, 'refused');

    let file: string | undefined;
    const opened = openPaths.indexOf(raw);
    if (opened >= 0) file = files[opened];
    else if (path.startsWith('/open/')) return send(res, 404, 'not found');
    else {
      const wanted = join(root, path.endsWith('/') ? `${path}index.html` : path);
      try {
        // The real path must stay inside the page's folder: a symlink out of it is refused.
        file = await realpath(wanted);
      } catch {
        return send(res, 404, 'not found');
      }
      if (file !== root && !file.startsWith(root + sep)) return send(res, 403, 'refused');
    }
    let info;
    try {
      info = await stat(file!);
    } catch {
      return send(res, 404, 'not found');
    }
    if (!info.isFile()) return send(res, 404, 'not found');
    res.writeHead(200, { ...HEADERS, 'content-type': TYPES[extname(file!).toLowerCase()] ?? 'application/octet-stream', 'content-length': info.size });
    if (req.method === 'HEAD') return void res.end();
    createReadStream(file!).on('error', () => res.destroy()).pipe(res);
  }

  const server = createServer((req, res) => {
    answer(req, res).catch(() => send(res, 500, 'internal error'));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  const host = options.host.includes(':') ? `[${options.host}]` : options.host;
  return {
    url: `http://${host}:${port}/`,
    openPaths,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
