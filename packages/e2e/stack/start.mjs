#!/usr/bin/env node
// `pnpm start` and the Playwright stack: builds what is stale, starts the reference API
// (migrating + seeding an empty database), serves the shell and the five remotes, and
// prints the console URL and the demo credentials. Every port is an environment variable.
import path from 'node:path';
import http from 'node:http';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { buildStale } from './build.mjs';
import { runtimeConfig, servedRemotes } from './served.mjs';
import { createStaticServer } from './static-server.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const env = process.env;
const host = env.STACK_HOST ?? '127.0.0.1';
const publicHost = env.STACK_PUBLIC_HOST ?? 'localhost';
const num = (name, dflt) => Number(env[name] ?? dflt);
const ports = {
  console: num('CONSOLE_PORT', 4173),
  users: num('USERS_PORT', 4174),
  commerce: num('COMMERCE_PORT', 4175),
  transactions: num('TRANSACTIONS_PORT', 4176),
  engagement: num('ENGAGEMENT_PORT', 4177),
  settings: num('SETTINGS_PORT', 4178),
  api: num('API_PORT', 3000),
};
const REMOTES = ['users', 'commerce', 'transactions', 'engagement', 'settings'];
const origin = (port) => `http://${publicHost}:${port}`;
const apiKey = env.API_KEY ?? 'local-dev-key';
// Releases made by `pnpm release` and the live pointer `pnpm promote` writes (packages/releases).
const releasesDir = path.resolve(root, env.RELEASES_DIR || 'releases');
const totpSecret = env.DEMO_2FA_SECRET ?? 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

const config = () =>
  runtimeConfig({ env, apiOrigin: origin(ports.api), consoleOrigin: origin(ports.console), apiKey });
const remotesManifest = () =>
  servedRemotes({
    releasesDir,
    workingTree: Object.fromEntries(
      REMOTES.map((r) => [r, { origin: origin(ports[r]), dist: path.join(root, `mf-${r}/dist`) }]),
    ),
  });

async function waitFor(url, timeoutMs, child) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the API exited with code ${child.exitCode}`);
    const ok = await new Promise((resolve) => {
      http.get(url, (res) => { res.resume(); resolve(res.statusCode === 200); }).on('error', () => resolve(false));
    });
    if (ok) return;
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`timed out waiting for ${url}`);
}

async function main() {
  if (env.SKIP_BUILD !== '1') buildStale(root);

  const consoleOrigins = [ports.console, ...REMOTES.map((r) => ports[r])]
    .flatMap((p) => [`http://localhost:${p}`, `http://127.0.0.1:${p}`])
    .join(',');
  const api = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: path.join(root, 'packages/api'),
    stdio: ['ignore', 'inherit', 'inherit'],
    env: {
      ...env,
      API_PORT: String(ports.api),
      API_HOST: host,
      DEMO_2FA_SECRET: totpSecret,
      CORS_ORIGINS: env.CORS_ORIGINS ?? consoleOrigins,
      // `pnpm start` looks like a live platform (packages/api/src/dev/activity-simulator.ts);
      // the Playwright run and the bench turn it off: their figures and rows must hold still.
      SIMULATE_ACTIVITY_MS: env.SIMULATE_ACTIVITY_MS ?? '3000',
    },
  });
  const servers = [];
  const shell = createStaticServer({
    root: path.join(root, 'shell/dist'), host, port: ports.console, spa: true,
    dynamic: { '/config.json': config, '/remotes.json': remotesManifest },
    mounts: { '/releases/': releasesDir },
  });
  const remoteServers = Object.fromEntries(
    REMOTES.map((r) => [r, createStaticServer({ root: path.join(root, `mf-${r}/dist`), host, port: ports[r] })]),
  );
  servers.push(shell, ...Object.values(remoteServers));
  let shuttingDown = false;
  const stopAll = async (code) => {
    shuttingDown = true;
    api.kill('SIGTERM');
    await Promise.all(servers.map((s) => s.stop()));
    process.exit(code);
  };
  process.on('SIGINT', () => stopAll(0));
  process.on('SIGTERM', () => stopAll(0));
  process.on('exit', () => api.kill('SIGTERM'));
  api.on('exit', (code) => {
    if (shuttingDown) return;
    console.error(`API exited (${code})`);
    stopAll(1);
  });
  await Promise.all(servers.map((s) => s.start()));
  await waitFor(`http://127.0.0.1:${ports.api}/health`, num('API_START_TIMEOUT_MS', 300_000), api);

  if (env.STACK_CONTROL_PORT) startControl(num('STACK_CONTROL_PORT', 0), remoteServers);

  // A production start has no demo admins and prints no key or password.
  const production = env.NODE_ENV === 'production';
  const keyNote = production ? '' : `   (API key header ${config().apiKeyHeader}: ${apiKey})`;
  const signIn = production
    ? 'as an administrator made by `pnpm --filter @manager/api admin:create`'
    : `admin / ${env.DEMO_ADMIN_PASSWORD ?? 'admin12345'}  (no 2FA)
                 admin2fa / ${env.DEMO_ADMIN_PASSWORD ?? 'admin12345'}  (TOTP secret ${totpSecret})`;
  console.log(`
Manager console: ${origin(ports.console)}
  API:           ${origin(ports.api)}${keyNote}
  Remotes:       ${REMOTES.map((r) => `${r} ${ports[r]}`).join(', ')}
  Sign in:       ${signIn}
Press Ctrl+C to stop.`);
}

/** Test-only control port (loopback): stop and start one remote's server to prove isolation. */
function startControl(port, remoteServers) {
  http
    .createServer(async (req, res) => {
      const m = /^\/remotes\/(\w+)\/(stop|start)$/.exec(req.url ?? '');
      const server = m && remoteServers[m[1]];
      if (req.method !== 'POST' || !server) return res.writeHead(404).end();
      if (m[2] === 'stop' && server.listening) await server.stop();
      if (m[2] === 'start' && !server.listening) await server.start();
      res.writeHead(200).end('ok');
    })
    .listen(port, '127.0.0.1');
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
