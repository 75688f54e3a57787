// A small static file server for the built shell and remotes (no dependencies).
// Why not `vite preview` x6: one process starts in milliseconds, sends the CORS and
// cache headers federation needs, and lets the e2e stack stop and restart one remote.
import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const TYPES = {
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
const NO_CACHE = new Set(['index.html', 'config.json', 'remotes.json', 'mf-manifest.json', 'remoteEntry.js', 'mf-stats.json']);

/** Text files are sent compressed when the browser accepts it, as any production host does. */
const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.json', '.svg', '.map']);

/**
 * Compressed bodies per file: the newest version (size, mtime) and its encodings, made once
 * and off the event loop (zlib's thread pool), so a first request never stalls the other
 * servers of the stack. Brotli at quality 9 (near 11's size, a fraction of its time).
 * @type {Map<string, { version: string, bodies: Map<string, Promise<Buffer>> }>}
 */
const compressed = new Map();

/** The best encoding the request accepts (a `q=0` refuses one), or null. */
function pickEncoding(accept = '') {
  const accepted = new Set(
    accept
      .split(',')
      .map((part) => part.trim().split(';'))
      .filter(([, ...params]) => !params.some((p) => /^\s*q=0(\.0*)?\s*$/.test(p)))
      .map(([name]) => name.trim().toLowerCase()),
  );
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return null;
}

function compressedBody(file, stat, encoding) {
  const version = `${stat.size}:${stat.mtimeMs}`;
  let entry = compressed.get(file);
  if (entry?.version !== version) {
    entry = { version, bodies: new Map() };
    compressed.set(file, entry);
  }
  let body = entry.bodies.get(encoding);
  if (!body) {
    body = fs.promises.readFile(file).then(
      (raw) =>
        new Promise((resolve, reject) => {
          const done = (error, out) => (error ? reject(error) : resolve(out));
          if (encoding === 'br') {
            const params = { [zlib.constants.BROTLI_PARAM_QUALITY]: 9, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length };
            zlib.brotliCompress(raw, { params }, done);
          } else zlib.gzip(raw, { level: 9 }, done);
        }),
    );
    body.catch(() => entry.bodies.delete(encoding));
    entry.bodies.set(encoding, body);
  }
  return body;
}

/**
 * @param {{ root: string, host: string, port: number, spa?: boolean, dynamic?: Record<string, () => unknown> }} opts
 * `dynamic` maps a path (e.g. '/config.json') to a function producing JSON, served with no-cache.
 */
export function createStaticServer({ root, host, port, spa = false, dynamic = {} }) {
  const sockets = new Set();
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    // Remotes are fetched cross-origin by the shell's page.
    res.setHeader('Access-Control-Allow-Origin', '*');
    if (req.method === 'OPTIONS') {
      res.writeHead(204, { 'Access-Control-Allow-Headers': '*', 'Access-Control-Allow-Methods': 'GET, HEAD, OPTIONS' });
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
    let rel = decodeURIComponent(url.pathname);
    let file = path.join(root, rel);
    if (!file.startsWith(root)) {
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
    const base = path.basename(file);
    const headers = {
      'Content-Type': TYPES[path.extname(file)] ?? 'application/octet-stream',
      'Cache-Control': NO_CACHE.has(base) ? 'no-cache' : 'public, max-age=31536000, immutable',
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
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  return {
    port,
    start: () =>
      new Promise((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, host, () => {
          server.off('error', reject);
          resolve(undefined);
        });
      }),
    stop: () =>
      new Promise((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve(undefined));
      }),
    get listening() {
      return server.listening;
    },
  };
}

function safeStat(file) {
  try {
    return fs.statSync(file);
  } catch {
    return null;
  }
}
