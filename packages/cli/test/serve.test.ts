// `gridrace serve` serves the built page and the files it was given, and nothing else: paths
// that climb out (plain or percent-encoded), absolute and backslashed paths and a symlink out
// of the folder are refused without their content; every answer carries the content security
// policy; a Host header that is not a loopback name is refused (a DNS name turned into
// 127.0.0.1); bad flags and busy ports end with one line and the documented codes.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTENT_SECURITY_POLICY } from '../src/static-server.js';
import { CLI, REPO, gridrace, hasStackTrace } from './run-cli.js';

const dir = mkdtempSync(join(tmpdir(), 'gridrace-serve-'));
const root = join(dir, 'page');
const SECRET = 'secret-outside-the-page';
// A name with what URLs and queries treat apart: the printed link must still open it.
const AWKWARD = 'run #2 & 100%.sqlite';
let child: ChildProcess;
let base = '';
let lines: string[] = [];

/** GET (or another method) of a raw path, never normalised by a URL parser. */
function get(path: string, method = 'GET', headers: Record<string, string> = {}): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const req = request({ host: hostname, port, path, method, headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

beforeAll(async () => {
  mkdirSync(join(root, 'assets'), { recursive: true });
  writeFileSync(join(root, 'index.html'), '<!doctype html><title>page</title>');
  writeFileSync(join(root, 'assets', 'app.js'), 'console.log(1)');
  writeFileSync(join(root, 'assets', 'solver.wasm'), Buffer.from([0, 97, 115, 109, 1, 0, 0, 0]));
  writeFileSync(join(dir, 'secret.txt'), SECRET);
  symlinkSync(join(dir, 'secret.txt'), join(root, 'link.txt'));
  writeFileSync(join(dir, 'results.json'), '{"offered": true}');
  writeFileSync(join(dir, AWKWARD), 'SQLite format 3');
  child = spawn(process.execPath, [CLI, 'serve', '--root', root, '--port', '0', join(dir, 'results.json'), join(dir, AWKWARD)], { cwd: REPO, stdio: ['ignore', 'pipe', 'pipe'] });
  const out = createInterface({ input: child.stdout! });
  await new Promise<void>((resolve) => {
    out.on('line', (line) => {
      lines.push(line);
      if (lines.length === 3) resolve();
    });
  });
  base = /http:\/\/\S+/.exec(lines[0]!)![0];
}, 30_000);

afterAll(() => {
  child?.kill('SIGTERM');
});

describe('gridrace serve', () => {
  it('listens on 127.0.0.1 by default and prints the page and each file it offers', () => {
    expect(lines[0]).toMatch(/^serving the gridrace workbench at http:\/\/127\.0\.0\.1:\d+\/$/);
    expect(lines[1]).toBe(`${base}?open=/open/0/results.json`);
    expect(lines[2]).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/\?open=\/open\/1\/\S+$/);
  });

  it('opens a named file by its printed link, read as the page reads it, whatever its name holds', async () => {
    // The page: URLSearchParams.get('open'), new URL against the page, fetch.
    const link = new URL(lines[2]!);
    const url = new URL(new URLSearchParams(link.search).get('open')!, link);
    expect(url.origin).toBe(link.origin);
    const r = await get(url.pathname + url.search);
    expect(r.status).toBe(200);
    expect(r.body).toBe('SQLite format 3');
    expect(r.headers['content-type']).toBe('application/octet-stream');
    expect(decodeURIComponent(url.pathname.split('/').pop()!)).toBe(AWKWARD);
  });

  it('serves the page with the content security policy, and wasm as application/wasm', async () => {
    const page = await get('/');
    expect(page.status).toBe(200);
    expect(page.body).toContain('<title>page</title>');
    expect(page.headers['content-security-policy']).toBe(CONTENT_SECURITY_POLICY);
    expect(CONTENT_SECURITY_POLICY).toMatch(/script-src 'self' 'wasm-unsafe-eval';/);
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    expect((await get('/assets/app.js')).headers['content-type']).toMatch(/^text\/javascript/);
    expect((await get('/assets/solver.wasm')).headers['content-type']).toBe('application/wasm');
    expect((await get('/open/0/results.json')).body).toBe('{"offered": true}');
  });

  it('refuses every way out of the page folder, and never shows what lies there', async () => {
    for (const path of ['/../secret.txt', '/%2e%2e/secret.txt', '/assets/..%2f..%2fsecret.txt', '/..%2f..%2f..%2fetc/passwd', '//etc/passwd', '/assets\\..\\..\\secret.txt', '/link.txt', '/open/0/../../secret.txt', '/%00']) {
      const r = await get(path);
      expect([403, 404], path).toContain(r.status);
      expect(r.body, path).not.toContain(SECRET);
      expect(r.body, path).not.toContain('root:');
      expect(r.headers['content-security-policy']).toBe(CONTENT_SECURITY_POLICY);
    }
    expect((await get('/open/1/results.json')).status).toBe(404);
    expect((await get('/nothing-here.js')).status).toBe(404);
    expect((await get('/', 'POST')).status).toBe(405);
    const head = await get('/', 'HEAD');
    expect([head.status, head.body, head.headers['content-security-policy']]).toEqual([200, '', CONTENT_SECURITY_POLICY]);
  });

  it('answers only to loopback host names: a DNS name turned into 127.0.0.1 reads nothing', async () => {
    const { port } = new URL(base);
    const refused = await get('/open/0/results.json', 'GET', { host: `attacker.example:${port}` });
    expect(refused.status).toBe(403);
    expect(refused.body).not.toContain('offered');
    for (const host of [`localhost:${port}`, `127.0.0.1:${port}`, `[::1]:${port}`]) expect((await get('/', 'GET', { host })).status, host).toBe(200);
  });

  it('ends with one line and the documented code for a missing page, bad files, bad ports and a busy port', async () => {
    const cases: [string[], number, RegExp][] = [
      [['serve', '--root', join(dir, 'nowhere')], 4, /^gridrace: serve: .*nowhere: no index\.html there/],
      [['serve', '--root', root, join(dir, 'missing.json')], 4, /^gridrace: serve: .*missing\.json: no such file$/],
      [['serve', '--root', root, dir], 4, /^gridrace: serve: .*: not a file$/],
      [['serve', '--root', root, '--port', '70000'], 5, /port number from 0 to 65535/],
      [['serve', '--root', root, '--port', 'http'], 5, /port number from 0 to 65535/],
    ];
    for (const [args, code, message] of cases) {
      const r = gridrace(args);
      expect(r.code, args.join(' ')).toBe(code);
      expect(r.stderr.trim().split('\n')[0], args.join(' ')).toMatch(message);
      expect(hasStackTrace(r.stderr)).toBe(false);
    }
    const busy = createServer();
    await new Promise<void>((done) => busy.listen(0, '127.0.0.1', done));
    const port = (busy.address() as { port: number }).port;
    const r = gridrace(['serve', '--root', root, '--port', String(port)]);
    busy.close();
    expect(r.code).toBe(5);
    expect(r.stderr.trim()).toBe(`gridrace: serve: 127.0.0.1:${port} is in use: pick another with --port`);
  });

  it('serves the workbench whose own meta tag holds the same policy (but frame-ancestors, which a meta tag cannot set)', () => {
    const page = readFileSync(join(REPO, 'packages/web/dist/index.html'), 'utf8');
    const meta = /http-equiv="Content-Security-Policy" content="([^"]+)"/.exec(page)![1];
    expect(meta).toBe(CONTENT_SECURITY_POLICY.replace(/; frame-ancestors 'none'$/, ''));
  });

  it('stops on SIGTERM with code 0', async () => {
    const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
  });
});
