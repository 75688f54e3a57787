// A small static file server for the built shell and remotes (no dependencies).
// Why not `vite preview` x6: one process starts in milliseconds, sends the CORS and
// cache headers federation needs, and lets the e2e stack stop and restart one remote.
import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';

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
    res.writeHead(200, {
      'Content-Type': TYPES[path.extname(file)] ?? 'application/octet-stream',
      'Content-Length': stat.size,
      'Cache-Control': NO_CACHE.has(base) ? 'no-cache' : 'public, max-age=31536000, immutable',
    });
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
