// Shared pieces of `pnpm bench`: the stack (the same launcher as `pnpm start` and the e2e
// run, on its own ports and an in-memory database), the API sign-in, Chromium options,
// resident memory of a process, percentiles and a plain-text table.
import fs from 'node:fs';
import path from 'node:path';
import { spawn, spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import os from 'node:os';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { APPS } from '@manager/stack/build';
import { stackPorts } from '@manager/stack/ports';

export const BENCH_DIR = path.dirname(fileURLToPath(import.meta.url));
export const ROOT = path.resolve(BENCH_DIR, '../..');

/**
 * A path given by the caller (BENCH_OUT, BENCH_PGLITE_DIR, an argument), from the directory the
 * command was typed in: `pnpm bench` runs the scripts from this package's folder (INIT_CWD).
 */
export const fromCaller = (p) => path.resolve(process.env.INIT_CWD ?? process.cwd(), p);
export const API_DIR = path.join(ROOT, 'packages/api');

/** node-postgres, as the API has it: no dependency of the bench's own. */
export const pg = createRequire(path.join(API_DIR, 'package.json'))('pg');
/** The PostgreSQL server the parts keep their databases on. */
export const PG_SERVER = process.env.BENCH_PG_SERVER ?? 'postgres:///postgres?host=/var/run/postgresql';
/** A connection string naming the OS user when it names none (the local server's peer sign-in). */
export const withUser = (url) => {
  const u = new URL(url);
  if (!u.username && !u.searchParams.has('user') && !process.env.PGUSER)
    u.searchParams.set('user', os.userInfo().username);
  return u.toString();
};

/**
 * The URL of a part's own database `name` on PG_SERVER, kept between runs. Missing, it is
 * created (`create`) or the part is not measured (`missing`: what to say, e.g. how to make it).
 * Null when no server answers or the database is missing; `part` prefixes the messages.
 */
export async function benchDatabase({ part, name, create = true, missing = '' }) {
  const server = new pg.Client({ connectionString: withUser(PG_SERVER) });
  try {
    await server.connect();
  } catch (error) {
    console.error(`[${part}] no PostgreSQL server at ${PG_SERVER} (${error.message}): not measured`);
    return null;
  }
  try {
    const { rowCount } = await server.query('select 1 from pg_database where datname = $1', [name]);
    if (!rowCount) {
      if (!create) {
        console.error(`[${part}] no ${name} database: not measured. ${missing}`);
        return null;
      }
      await server.query(`create database ${name}`);
    }
  } finally {
    await server.end();
  }
  const url = new URL(PG_SERVER);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * Ports: the e2e layout (4273-4278, 3100) shifted by BENCH_PORT_OFFSET (default 700:
 * console 4973, remotes 4974-4978, API 3800), so a bench never meets `pnpm start` (4173..,
 * 3000) nor a Playwright run (4273.., 3100).
 */
export function benchPorts(offset = Number(process.env.BENCH_PORT_OFFSET ?? 700)) {
  return {
    ...stackPorts(offset),
    /** A second API (PostgreSQL runs, BENCH_DATABASE_URL). */
    apiPg: 3101 + offset,
    /** The single-app baseline build (bench/single-app), served beside the federated console. */
    singleApp: 4279 + offset,
  };
}

export const API_KEY = process.env.API_KEY ?? 'local-dev-key';
export const ADMIN = { username: 'admin', password: 'admin12345' };

export const CHROMIUM = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-quic',
    '--no-first-run',
    '--disable-component-update',
    '--disable-sync',
  ],
};

/** True when the module at `url` is the script node was started with. */
export const isMain = (url) =>
  process.argv[1] !== undefined && url === pathToFileURL(path.resolve(process.argv[1])).href;

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** VmRSS and VmHWM of a process in MB (Linux /proc), or null when it is gone. */
export function readMemory(pid) {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (key) => Number(new RegExp(`^${key}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
    return { rssMB: Math.round(kb('VmRSS') / 1024), peakMB: Math.round(kb('VmHWM') / 1024) };
  } catch {
    return null;
  }
}

/** Direct children of a process (Linux). */
export function childPids(pid) {
  try {
    return fs
      .readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8')
      .trim()
      .split(/\s+/)
      .filter(Boolean)
      .map(Number);
  } catch {
    return [];
  }
}

async function waitForHealth(url, child, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${url}: the process exited with code ${child.exitCode}`);
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await sleep(300);
  }
  throw new Error(`timed out waiting for ${url}`);
}

function collectOutput(child, sink) {
  const onData = (chunk) => {
    sink.text += chunk.toString();
    if (process.env.BENCH_VERBOSE === '1') process.stderr.write(chunk);
  };
  child.stdout?.on('data', onData);
  child.stderr?.on('data', onData);
}

/**
 * Starts the stack's launcher (@manager/stack, start.ts, through tsx) with SKIP_BUILD=1 (the existing dist folders), the
 * bench ports and PGLITE_DIR (default memory://). Resolves once the API answers /health.
 */
export async function startStack({
  ports = benchPorts(),
  pgliteDir = process.env.BENCH_PGLITE_DIR ?? 'memory://',
} = {}) {
  for (const app of APPS) {
    if (!fs.existsSync(path.join(ROOT, app, 'dist/index.html')))
      throw new Error(`${app}/dist is missing: run \`pnpm build\` first`);
  }
  const startedAt = performance.now();
  const env = {
    ...process.env,
    SKIP_BUILD: '1',
    CONSOLE_PORT: String(ports.console),
    USERS_PORT: String(ports.users),
    COMMERCE_PORT: String(ports.commerce),
    TRANSACTIONS_PORT: String(ports.transactions),
    ENGAGEMENT_PORT: String(ports.engagement),
    SETTINGS_PORT: String(ports.settings),
    API_PORT: String(ports.api),
    // A folder given on the command line is taken from the caller's directory.
    PGLITE_DIR: pgliteDir.startsWith('memory://') ? pgliteDir : fromCaller(pgliteDir),
    LOG_LEVEL: process.env.BENCH_API_LOG_LEVEL ?? 'warn',
    UPLOADS_DIR: `/tmp/manager-bench-uploads-${ports.offset}`,
    // The bench measures the working tree's builds, never releases promoted in <repo>/releases.
    RELEASES_DIR: `/tmp/manager-bench-releases-${ports.offset}`,
    // The figures are of a database that holds still.
    SIMULATE_ACTIVITY_MS: '0',
    // The single-app baseline is another origin calling the same API.
    CORS_ORIGINS: [
      ports.console,
      ports.users,
      ports.commerce,
      ports.transactions,
      ports.engagement,
      ports.settings,
      ports.singleApp,
    ]
      .flatMap((p) => [`http://localhost:${p}`, `http://127.0.0.1:${p}`])
      .join(','),
  };
  delete env.DATABASE_URL;
  delete env.STACK_CONTROL_PORT;
  const launcher = [import.meta.resolve('tsx'), fileURLToPath(import.meta.resolve('@manager/stack/start'))];
  const child = spawn(process.execPath, ['--import', launcher[0], launcher[1]], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output = { text: '' };
  collectOutput(child, output);
  let singleApp = null;
  const stop = async () => {
    await singleApp?.stop();
    await stopProcess(child);
  };
  process.once('exit', () => child.kill('SIGTERM'));
  try {
    await waitForHealth(`http://127.0.0.1:${ports.api}/health`, child, 600_000);
    // The static servers listen before the API is healthy; the banner follows /health.
    const deadline = Date.now() + 10_000;
    while (!output.text.includes('Manager console:') && Date.now() < deadline) await sleep(100);
  } catch (error) {
    await stop();
    throw new Error(`${error instanceof Error ? error.message : error}\n${output.text.slice(-2000)}`, {
      cause: error,
    });
  }
  const readyMs = Math.round(performance.now() - startedAt);
  singleApp = await serveSingleApp(ports);
  const apiPid = childPids(child.pid)[0] ?? null;
  const seeded = /Demo data seeded in ([\d.]+) s/.exec(output.text);
  return {
    ports,
    pgliteDir,
    consoleUrl: `http://localhost:${ports.console}`,
    /** null when the single-app baseline was not built (BENCH_SINGLE_APP=0). */
    singleAppUrl: singleApp ? `http://localhost:${ports.singleApp}` : null,
    apiUrl: `http://127.0.0.1:${ports.api}`,
    apiPid,
    readyMs,
    seedSeconds: seeded ? Number(seeded[1]) : null,
    output,
    stop,
  };
}

export const SINGLE_APP_DIST = path.join(BENCH_DIR, 'single-app/dist');

/**
 * Builds the single-app baseline (single-app/vite.config.ts: the shell with the
 * remotes' routes linked in, no federation) from the current sources, a few seconds.
 * BENCH_SINGLE_APP=0 skips it (and every single-app measurement).
 */
export function buildSingleApp() {
  if (process.env.BENCH_SINGLE_APP === '0') return false;
  const r = spawnSync('pnpm', ['--filter', '@manager/bench', 'build:single-app'], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  if (r.status !== 0) throw new Error(`single-app build failed\n${(r.stdout + r.stderr).slice(-2000)}`);
  return true;
}

/** Serves the single-app build with the same runtime config as the stack's console. */
async function serveSingleApp(ports) {
  if (process.env.BENCH_SINGLE_APP === '0' || !fs.existsSync(path.join(SINGLE_APP_DIST, 'index.html')))
    return null;
  const { createStaticServer } = await import('@manager/stack/static-server');
  const { contentSecurityPolicy } = await import('@manager/stack/page-policy');
  const api = `http://localhost:${ports.api}`;
  const config = () => ({
    apiBaseUrl: api,
    apiKey: API_KEY,
    apiKeyHeader: 'x-api-key',
    remotesManifestUrl: '/remotes.json',
    uploadsBaseUrl: `${api}/uploads/`,
    nftImageBaseUrl: 'https://nft.fragment.com/gift/',
  });
  const server = createStaticServer({
    root: SINGLE_APP_DIST,
    host: '127.0.0.1',
    port: ports.singleApp,
    spa: true,
    dynamic: { '/config.json': config, '/remotes.json': () => ({}) },
    // The console's policy, as the federated console is served with it.
    pagePolicy: () => contentSecurityPolicy({ config: config() }),
  });
  await server.start();
  return server;
}

/**
 * Starts the API alone (packages/api/src/server.ts through tsx) with `env` on `port`:
 * used for PostgreSQL runs (DATABASE_URL). It migrates and seeds an empty database.
 */
export async function startApi({ port, env: extra }) {
  const startedAt = performance.now();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: API_DIR,
    env: { ...process.env, API_PORT: String(port), API_HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...extra },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output = { text: '' };
  collectOutput(child, output);
  process.once('exit', () => child.kill('SIGTERM'));
  const stop = () => stopProcess(child);
  try {
    await waitForHealth(`http://127.0.0.1:${port}/health`, child, 1_800_000);
  } catch (error) {
    await stop();
    throw new Error(`${error instanceof Error ? error.message : error}\n${output.text.slice(-2000)}`, {
      cause: error,
    });
  }
  const seeded = /Demo data seeded in ([\d.]+) s/.exec(output.text);
  return {
    apiUrl: `http://127.0.0.1:${port}`,
    apiPid: child.pid,
    readyMs: Math.round(performance.now() - startedAt),
    seedSeconds: seeded ? Number(seeded[1]) : null,
    output,
    stop,
  };
}

/** SIGTERM, then SIGKILL after 10 s; resolves when the process has exited. */
export function stopProcess(child) {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve(undefined);
    });
    child.kill('SIGTERM');
  });
}

/** Signs in through the API; returns the access token. */
export async function apiLogin(apiUrl, who = ADMIN) {
  const res = await fetch(`${apiUrl}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': API_KEY },
    body: JSON.stringify({ identifier: who.username, password: who.password }),
  });
  const body = await res.json();
  const token = body?.data?.tokens?.accessToken;
  if (!token) throw new Error(`sign-in failed: ${res.status} ${JSON.stringify(body).slice(0, 200)}`);
  return token;
}

/** Confirms the session of `token` with the password (step-up), as the calls that need one ask. */
export async function apiStepUp(apiUrl, token, who = ADMIN) {
  const res = await fetch(`${apiUrl}/auth/step-up`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': API_KEY, authorization: `Bearer ${token}` },
    body: JSON.stringify({ method: 'password', password: who.password }),
  });
  if (!res.ok) throw new Error(`step-up failed: ${res.status} ${(await res.text()).slice(0, 200)}`);
}

export async function apiGet(apiUrl, token, pathAndQuery) {
  const res = await fetch(`${apiUrl}${pathAndQuery}`, {
    headers: { 'x-api-key': API_KEY, authorization: `Bearer ${token}` },
  });
  if (!res.ok) throw new Error(`GET ${pathAndQuery}: ${res.status}`);
  return (await res.json()).data;
}

/** Nearest-rank percentile of sorted numbers. */
export function percentile(sorted, p) {
  if (sorted.length === 0) return null;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i];
}

/** A plain-text table: `rows` are arrays of cells; numbers are right-aligned. */
export function formatTable(header, rows) {
  const all = [header, ...rows].map((r) => r.map((c) => (c === null || c === undefined ? '-' : String(c))));
  const widths = header.map((_, i) => Math.max(...all.map((r) => r[i]?.length ?? 0)));
  const numeric = header.map((_, i) =>
    rows.every(
      (r) =>
        r[i] === null ||
        r[i] === undefined ||
        typeof r[i] === 'number' ||
        /^[\d.,x%-]+( ?[A-Za-z]+)?$/.test(String(r[i])),
    ),
  );
  const line = (r) =>
    r.map((c, i) => (numeric[i] && i > 0 ? c.padStart(widths[i]) : c.padEnd(widths[i]))).join('  ');
  return [line(all[0]), widths.map((w) => '-'.repeat(w)).join('  '), ...all.slice(1).map(line)].join('\n');
}

export const kb = (bytes) => Math.round(bytes / 102.4) / 10;
