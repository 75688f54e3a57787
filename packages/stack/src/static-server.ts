// A small static file server for the built shell and remotes (no dependencies).
// Why not `vite preview` x6: one process starts in milliseconds, sends the CORS and
// cache headers federation needs, and lets the e2e stack stop and restart one remote.
import http from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import fs from 'node:fs';
import type { Socket } from 'node:net';
import path from 'node:path';
import zlib from 'node:zlib';
import { EVERY_ANSWER_HEADERS, contentSecurityPolicy, pageHeaders } from './page-policy';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.map': 'application/json; charset=utf-8',
};

/** Entry points whose names never change: they must be revalidated on every load. */
const NO_CACHE = new Set([
  'index.html',
  'config.json',
  'remotes.json',
  'mf-manifest.json',
  'remoteEntry.js',
  'mf-stats.json',
  'build.json',
  // The shell's theme script (shell/public), loaded by name from index.html.
  'theme-before-paint.js',
]);

/** Under a mount everything is immutable: a release folder never changes once written. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Text files are sent compressed when the browser accepts it, as any production host does. */
const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.json', '.svg', '.map']);

/**
 * Compressed bodies per file: the newest version (size, mtime) and its encodings, made once
 * and off the event loop (zlib's thread pool), so a first request never stalls the other
 * servers of the stack. Brotli at quality 9 (near 11's size, a fraction of its time).
 */
const compressed = new Map<string, { version: string; bodies: Map<Encoding, Promise<Buffer>> }>();
/**
 * Files whose compressed bodies are kept, the least recently served dropped first: every
 * release adds files under `/releases/`, and old ones are rarely asked for again.
 */
const COMPRESSED_FILES_MAX = 400;

type Encoding = 'br' | 'gzip';

/** The best encoding the request accepts (a `q=0` refuses one), or null. */
function pickEncoding(accept = ''): Encoding | null {
  const accepted = new Set(
    accept
      .split(',')
      .map((part) => part.trim().split(';'))
      .filter(([, ...params]) => !params.some((p) => /^\s*q=0(\.0*)?\s*$/.test(p)))
      .map(([name]) => (name ?? '').trim().toLowerCase()),
  );
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return null;
}

function compressedBody(file: string, stat: fs.Stats, encoding: Encoding): Promise<Buffer> {
  const version = `${stat.size}:${stat.mtimeMs}`;
  let entry = compressed.get(file);
  if (entry?.version !== version) entry = { version, bodies: new Map() };
  // Re-inserted on every use: the Map's first key is the least recently served file.
  compressed.delete(file);
  compressed.set(file, entry);
  const oldest = compressed.keys().next().value;
  if (compressed.size > COMPRESSED_FILES_MAX && oldest !== undefined) compressed.delete(oldest);
  let body = entry.bodies.get(encoding);
  if (!body) {
    body = fs.promises.readFile(file).then(
      (raw) =>
        new Promise<Buffer>((resolve, reject) => {
          const done = (error: Error | null, out: Buffer) => (error ? reject(error) : resolve(out));
          if (encoding === 'br') {
            const params = {
              [zlib.constants.BROTLI_PARAM_QUALITY]: 9,
              [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
            };
            zlib.brotliCompress(raw, { params }, done);
          } else zlib.gzip(raw, { level: 9 }, done);
        }),
    );
    body.catch(() => entry.bodies.delete(encoding));
    entry.bodies.set(encoding, body);
  }
  return body;
}

/** With no `pagePolicy`: a page may load from its own origin only. */
const SELF_ONLY = () => contentSecurityPolicy();

export interface StaticServerOptions {
  root: string;
  host: string;
  port: number;
  spa?: boolean;
  dynamic?: Record<string, () => unknown>;
  mounts?: Record<string, string>;
  pagePolicy?: () => string;
}

/** A server of the stack: started, stopped and started again (the stack's control port). */
export interface StaticServer {
  readonly port: number;
  readonly listening: boolean;
  start(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * `dynamic` maps a path (e.g. '/config.json') to a function producing JSON, served with no-cache.
 * `mounts` maps a path prefix (e.g. '/releases/') to a folder of immutable releases: only
 * `<prefix><remote>/<version>/<file>` is served from it (never the live pointer or history
 * kept at its top, nor dot-names such as the lock or a release being built), with a year's
 * cache, and a miss is a 404 (never the SPA's index.html).
 * `pagePolicy` gives the Content-Security-Policy of an HTML answer, asked at each one (so a
 * release promoted to a new origin is allowed from the next page load); every HTML answer
 * also gets `pageHeaders`, every answer `nosniff` (./page-policy.ts).
 */
export function createStaticServer({
  root,
  host,
  port,
  spa = false,
  dynamic = {},
  mounts = {},
  pagePolicy = SELF_ONLY,
}: StaticServerOptions): StaticServer {
  const sockets = new Set<Socket>();
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    for (const [name, value] of Object.entries(EVERY_ANSWER_HEADERS)) res.setHeader(name, value);
    // Remotes are fetched cross-origin by the shell's page.
    res.setHeader('Access-Control-Allow-Origin', '*');
    if (req.method === 'OPTIONS') {
      res.writeHead(204, {
        'Access-Control-Allow-Headers': '*',
        'Access-Control-Allow-Methods': 'GET, HEAD, OPTIONS',
      });
      res.end();
      return;
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405).end();
      return;
    }
    const make = dynamic[url.pathname];
    if (make) {
      res.writeHead(200, { 'Content-Type': TYPES['.json'], 'Cache-Control': 'no-cache' });
      res.end(JSON.stringify(make(), null, 2));
      return;
    }
    const mount = Object.keys(mounts).find((prefix) => url.pathname.startsWith(prefix));
    const mountDir = mount === undefined ? undefined : mounts[mount];
    if (mount !== undefined && mountDir !== undefined) {
      const file = releaseFile(mountDir, url.pathname.slice(mount.length));
      const stat = file ? safeStat(file) : null;
      if (!file || !stat?.isFile()) {
        res.writeHead(404, { 'Content-Type': 'text/plain' }).end('Not found');
        return;
      }
      sendFile(req, res, file, stat, IMMUTABLE, pagePolicy);
      return;
    }
    let rel: string;
    try {
      rel = decodeURIComponent(url.pathname);
    } catch {
      res.writeHead(400).end();
      return;
    }
    let file = path.join(root, rel);
    if (file !== root && !file.startsWith(root + path.sep)) {
      res.writeHead(403).end();
      return;
    }
    let stat = safeStat(file);
    if (stat?.isDirectory()) {
      file = path.join(file, 'index.html');
      stat = safeStat(file);
    }
    if (!stat && spa && !path.extname(rel)) {
      file = path.join(root, 'index.html');
      stat = safeStat(file);
    }
    if (!stat) {
      res.writeHead(404, { 'Content-Type': 'text/plain' }).end('Not found');
      return;
    }
    sendFile(req, res, file, stat, NO_CACHE.has(path.basename(file)) ? 'no-cache' : IMMUTABLE, pagePolicy);
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  return {
    /** The port asked for, or the one the system chose for port 0 once listening. */
    get port() {
      const address = server.address();
      return address && typeof address === 'object' ? address.port : port;
    },
    start: () =>
      new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, host, () => {
          server.off('error', reject);
          resolve();
        });
      }),
    stop: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
    get listening() {
      return server.listening;
    },
  };
}

function sendFile(
  req: IncomingMessage,
  res: ServerResponse,
  file: string,
  stat: fs.Stats,
  cacheControl: string,
  pagePolicy: () => string,
) {
  const type = TYPES[path.extname(file)] ?? 'application/octet-stream';
  const headers: Record<string, string | number> = {
    'Content-Type': type,
    'Cache-Control': cacheControl,
    ...(type.startsWith('text/html') ? pageHeaders(pagePolicy()) : {}),
  };
  const compressible = COMPRESSIBLE.has(path.extname(file));
  if (compressible) headers.Vary = 'Accept-Encoding';
  const encoding = compressible ? pickEncoding(req.headers['accept-encoding']) : null;
  if (encoding) {
    compressedBody(file, stat, encoding).then(
      (body) => {
        res.writeHead(200, { ...headers, 'Content-Encoding': encoding, 'Content-Length': body.length });
        res.end(req.method === 'HEAD' ? undefined : body);
      },
      () => res.writeHead(500).end(),
    );
    return;
  }
  res.writeHead(200, { ...headers, 'Content-Length': stat.size });
  if (req.method === 'HEAD') res.end();
  else fs.createReadStream(file).pipe(res);
}

/**
 * The file of `<remote>/<version>/<path>` (URL-encoded, as after the mount's prefix) inside
 * `dir`, or null: fewer than three segments, an empty, `.`-leading or undecodable segment.
 */
function releaseFile(dir: string, encoded: string): string | null {
  let segments: string[];
  try {
    segments = encoded.split('/').map(decodeURIComponent);
  } catch {
    return null;
  }
  if (segments.length < 3 || segments.some((s) => !s || s.startsWith('.') || /[\\/\0]/.test(s))) return null;
  return path.join(dir, ...segments);
}

function safeStat(file: string): fs.Stats | null {
  try {
    return fs.statSync(file);
  } catch {
    return null;
  }
}
