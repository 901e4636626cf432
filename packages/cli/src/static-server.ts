// The local server behind `gridrace serve`: the built workbench page and the files named on
// the command line, nothing else of the machine. Paths that climb out (`..`, encoded or not),
// absolute or backslashed paths, and symlinks that lead outside the page's folder are refused;
// every answer carries a content security policy that allows no remote scripts.
//
// Answers: 405 for a method other than GET and HEAD; 400 for a path whose percent-encoding is
// broken; 403 for a path refused by its shape (`..` or `.` segments, backslash, NUL, `//`) or
// because its real path leaves the page's folder, and, on a loopback address, for a Host header
// that names another machine; 404 for anything else that is not a file of the page or a named
// file (a folder without index.html, an /open/ path that names no file).
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
  // History databases: the page reads their bytes, no browser should render them.
  '.sqlite': 'application/octet-stream',
  '.db': 'application/octet-stream',
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
  /** The page's link that opens each named file (`?open=` and its path, encoded for a query). */
  readonly openUrls: readonly string[];
  close(): Promise<void>;
}

/** 127.x.x.x, ::1 and localhost: addresses no other machine can reach. */
export function isLoopback(host: string): boolean {
  return /^(127\.\d+\.\d+\.\d+|::1|\[::1\]|localhost)$/i.test(host);
}

/** host:port as a URL writes it (an IPv6 address in brackets). */
export function hostAndPort(host: string, port: number): string {
  return `${host.includes(':') ? `[${host}]` : host}:${port}`;
}

/** The host name of a Host header, without its port. */
function hostName(header: string): string {
  return header.startsWith('[') ? header.slice(0, header.indexOf(']') + 1) : header.replace(/:\d*$/, '');
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
  // Compared after decoding: a browser may send a name's `&` or `+` as they are or encoded.
  const openDecoded = files.map((file, i) => `/open/${i}/${basename(file)}`);
  // A web page on another name that its DNS turns into 127.0.0.1 would be "same origin" with
  // this server and could read the named files: on a loopback address only loopback names.
  const checkHost = isLoopback(options.host);

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
    const host = req.headers.host;
    if (checkHost && host !== undefined && !isLoopback(hostName(host))) return send(res, 403, 'refused: not a loopback host name');

    let file: string | undefined;
    const opened = openDecoded.indexOf(path);
    if (opened >= 0) file = files[opened];
    else if (!path.startsWith('/') || unsafe(path)) return send(res, 403, 'refused');
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
  const url = `http://${hostAndPort(options.host, port)}/`;
  return {
    url,
    // The page reads ?open= with URLSearchParams, which decodes once: the path's own
    // percent-escapes are escaped again so that it gets the path back as it is.
    openUrls: openPaths.map((path) => `${url}?open=${path.replaceAll('%', '%25')}`),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
