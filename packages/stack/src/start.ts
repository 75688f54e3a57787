// `pnpm start` and the Playwright stack: builds what is stale, starts the reference API
// (migrating + seeding an empty database), serves the shell and the five remotes, and
// prints the console URL and the demo credentials. Every port is an environment variable.
// `pnpm start:cluster` (start-cluster.ts) reuses the exported pieces: the API process, the
// console's servers and the banner.
import path from 'node:path';
import http from 'node:http';
import { spawn, type ChildProcess, type StdioOptions } from 'node:child_process';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { BUILT_IN_ROLES } from '@manager/contract';
import { REMOTES, apps, type RemoteName } from './apps';
import { buildStale } from './build';
import { startDataDir, startPorts } from './ports';
import { contentSecurityPolicy } from './page-policy';
import { runtimeConfig, servedRemotes } from './served';
import { createStaticServer, type StaticServer } from './static-server';

export { REMOTES };

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const root = ROOT;
const env = process.env;
const host = env.STACK_HOST ?? '127.0.0.1';
const publicHost = env.STACK_PUBLIC_HOST ?? 'localhost';
const num = (name: string, dflt: number) => Number(env[name] ?? dflt);

/** The console's port and each remote's, by name: what the console's servers listen on. */
export type ConsolePorts = { console: number } & Record<RemoteName, number>;

/** Each port from its variable (`CONSOLE_PORT`, `USERS_PORT`, ...), else the list's shifted by PORT_OFFSET. */
const ports: ConsolePorts & { api: number } = startPorts(env);
const origin = (port: number) => `http://${publicHost}:${port}`;
const apiKey = env.API_KEY ?? 'local-dev-key';
// Releases made by `pnpm release` and the live pointer `pnpm promote` writes (packages/releases).
const releasesDir = path.resolve(root, env.RELEASES_DIR || 'releases');
export const TOTP_SECRET = env.DEMO_2FA_SECRET ?? 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const totpSecret = TOTP_SECRET;

/** The origins the console and the remotes are served from (the API's CORS_ORIGINS). */
export const consoleOrigins = (consolePorts: ConsolePorts): string =>
  [consolePorts.console, ...REMOTES.map((r) => consolePorts[r])]
    .flatMap((p) => [`http://localhost:${p}`, `http://127.0.0.1:${p}`])
    .join(',');

/**
 * The shell (with its `config.json` naming `apiOrigin`) and the five remotes, each on its
 * port of `consolePorts`. Returns the servers (`start`/`stop`) and the remotes' by name.
 */
export function consoleServers({
  consolePorts,
  apiOrigin,
}: {
  consolePorts: ConsolePorts;
  apiOrigin: string;
}): {
  servers: StaticServer[];
  remoteServers: Record<RemoteName, StaticServer>;
  apiKeyHeader: string;
} {
  const config = () => runtimeConfig({ env, apiOrigin, consoleOrigin: origin(consolePorts.console), apiKey });
  const remotesManifest = () =>
    servedRemotes({
      releasesDir,
      workingTree: Object.fromEntries(
        REMOTES.map((r) => [
          r,
          { origin: origin(consolePorts[r]), dist: path.join(root, apps.remotes[r].folder, 'dist') },
        ]),
      ),
    });
  const shell = createStaticServer({
    root: path.join(root, 'shell/dist'),
    host,
    port: consolePorts.console,
    spa: true,
    dynamic: { '/config.json': config, '/remotes.json': remotesManifest },
    mounts: { '/releases/': releasesDir },
    // From the files as they are now: the next page load allows a newly promoted origin.
    pagePolicy: () => contentSecurityPolicy({ config: config(), remotes: remotesManifest() }),
  });
  // A remote's own page is its dev harness: it reads the console's config.json, served here too.
  const remoteServers = Object.fromEntries(
    REMOTES.map((r) => {
      const dist = path.join(root, apps.remotes[r].folder, 'dist');
      const pagePolicy = () => contentSecurityPolicy({ config: config() });
      return [
        r,
        createStaticServer({
          root: dist,
          host,
          port: consolePorts[r],
          dynamic: { '/config.json': config },
          pagePolicy,
        }),
      ];
    }),
  ) as Record<RemoteName, StaticServer>;
  return {
    servers: [shell, ...Object.values(remoteServers)],
    remoteServers,
    apiKeyHeader: config().apiKeyHeader,
  };
}

/** The reference API (packages/api/src/server.ts through tsx) with `extraEnv` over this process's environment. */
export function spawnApi(
  extraEnv: Record<string, string | undefined>,
  stdio: StdioOptions = ['ignore', 'inherit', 'inherit'],
): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: path.join(root, 'packages/api'),
    stdio,
    env: { ...env, DEMO_2FA_SECRET: totpSecret, ...extraEnv },
  });
}

/** How to sign in, as the banner says it (a production start prints no key or password). */
export function signInLines(apiKeyHeader: string): { keyNote: string; signIn: string } {
  const production = env.NODE_ENV === 'production';
  const password = env.DEMO_ADMIN_PASSWORD ?? 'admin12345';
  const keyNote = production ? '' : `   (API key header ${apiKeyHeader}: ${apiKey})`;
  const signIn = production
    ? 'as an administrator made by `pnpm --filter @manager/api admin:create`'
    : [
        `admin / ${password}  (Owner, no 2FA)`,
        `admin2fa / ${password}  (Owner, TOTP secret ${totpSecret})`,
        // One per built-in role but Owner (the API's demo seed, `DEMO_ROLE_ADMINS`).
        ...(['finance', 'support', 'content', 'auditor'] as const).map(
          (role) => `${role} / ${password}  (${BUILT_IN_ROLES[role].name}, no 2FA)`,
        ),
      ].join('\n                 ');
  return { keyNote, signIn };
}

/** Resolves once `url` answers 200; fails when `child` exits first or at the deadline. */
export async function waitFor(url: string, timeoutMs: number, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the API exited with code ${child.exitCode}`);
    const ok = await new Promise<boolean>((resolve) => {
      http
        .get(url, (res) => {
          res.resume();
          resolve(res.statusCode === 200);
        })
        .on('error', () => resolve(false));
    });
    if (ok) return;
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`timed out waiting for ${url}`);
}

async function main() {
  if (env.SKIP_BUILD !== '1') buildStale(root);

  const api = spawnApi({
    API_PORT: String(ports.api),
    API_HOST: host,
    CORS_ORIGINS: env.CORS_ORIGINS ?? consoleOrigins(ports),
    // `pnpm start` looks like a live platform (packages/api/src/dev/activity-simulator.ts);
    // the Playwright run and the bench turn it off: their figures and rows must hold still.
    SIMULATE_ACTIVITY_MS: env.SIMULATE_ACTIVITY_MS ?? '3000',
    // A second console (PORT_OFFSET) gets a database of its own.
    PGLITE_DIR: startDataDir(env) ?? env.PGLITE_DIR,
  });
  const { servers, remoteServers, apiKeyHeader } = consoleServers({
    consolePorts: ports,
    apiOrigin: origin(ports.api),
  });
  let shuttingDown = false;
  const stopAll = async (code: number) => {
    shuttingDown = true;
    api.kill('SIGTERM');
    await Promise.all(servers.map((s) => s.stop()));
    process.exit(code);
  };
  process.on('SIGINT', () => void stopAll(0));
  process.on('SIGTERM', () => void stopAll(0));
  process.on('exit', () => api.kill('SIGTERM'));
  api.on('exit', (code) => {
    if (shuttingDown) return;
    console.error(`API exited (${code})`);
    void stopAll(1);
  });
  await Promise.all(servers.map((s) => s.start()));
  await waitFor(`http://127.0.0.1:${ports.api}/health`, num('API_START_TIMEOUT_MS', 300_000), api);

  if (env.STACK_CONTROL_PORT) startControl(num('STACK_CONTROL_PORT', 0), remoteServers);

  const { keyNote, signIn } = signInLines(apiKeyHeader);
  console.log(`
Manager console: ${origin(ports.console)}
  API:           ${origin(ports.api)}${keyNote}
  Remotes:       ${REMOTES.map((r) => `${r} ${ports[r]}`).join(', ')}
  Sign in:       ${signIn}
Press Ctrl+C to stop.`);
}

/** Test-only control port (loopback): stop and start one remote's server to prove isolation. */
function startControl(port: number, remoteServers: Record<RemoteName, StaticServer>) {
  http
    .createServer(async (req, res) => {
      const m = /^\/remotes\/(\w+)\/(stop|start)$/.exec(req.url ?? '');
      const server = m && (remoteServers as Record<string, StaticServer | undefined>)[m[1] ?? ''];
      if (req.method !== 'POST' || !server) return res.writeHead(404).end();
      if (m[2] === 'stop' && server.listening) await server.stop();
      if (m[2] === 'start' && !server.listening) await server.start();
      res.writeHead(200).end('ok');
    })
    .listen(port, '127.0.0.1');
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  main().catch((err) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  });
}
