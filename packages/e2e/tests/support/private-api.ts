import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BrowserContext } from '@playwright/test';
import { test } from './test';
import { contentSecurityPolicy } from '@manager/stack/page-policy';
import { E2E } from '@manager/stack/ports';
import { API_KEY_HEADERS, EXTERNAL, WORKER_INDEX } from './env';

const API_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../api');
const START_TIMEOUT_MS = 240_000;
const CONSOLE_ORIGIN = `http://localhost:${E2E.console}`;

export interface PrivateApi {
  url: string;
  stop(): Promise<void>;
}

/**
 * A reference API of a spec's own, with a fresh in-memory database (demo admins and data, as
 * the stack's) and its own environment: for what must not touch the run's shared API, such
 * as two-factor changes of `admin` (each signs out its other sessions, the run's shared
 * signed-in state included) or a setting the rest of the suite runs without (REQUIRE_2FA).
 * The console is the stack's own build, pointed at this API by `useApi`.
 */
export async function startPrivateApi(env: Record<string, string> = {}): Promise<PrivateApi> {
  // One port per worker: two specs on two workers may each have one at the same time.
  const port = E2E.privateApi + WORKER_INDEX;
  const consoleOrigins = [`http://localhost:${E2E.console}`, `http://127.0.0.1:${E2E.console}`];
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: API_DIR,
    stdio: ['ignore', 'ignore', 'pipe'],
    env: {
      ...process.env,
      NODE_ENV: 'development',
      API_PORT: String(port),
      API_HOST: '127.0.0.1',
      API_KEY: API_KEY_HEADERS['x-api-key'],
      CORS_ORIGINS: consoleOrigins.join(','),
      PGLITE_DIR: 'memory://',
      UPLOADS_DIR: `/tmp/manager-e2e-private-uploads-${E2E.offset}-${WORKER_INDEX}`,
      // Its seed holds this worker's test admin (qa-<n>), so ADMIN signs in here too.
      DEMO_TEST_ADMINS: String(WORKER_INDEX + 1),
      LOG_LEVEL: 'warn',
      ...env,
    },
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
  });
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitForHealth(url, child);
  } catch (error) {
    await stop(child);
    throw new Error(`${(error as Error).message}\n${stderr}`, { cause: error });
  }
  return { url, stop: () => stop(child) };
}

async function waitForHealth(url: string, child: ChildProcess) {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the private API exited with code ${child.exitCode}`);
    const up = await fetch(`${url}/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) return;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`the private API did not answer ${url}/health in time`);
}

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

/**
 * The console in this context calls `api` instead of the stack's API: its config.json says so,
 * and its pages come with the policy a console serving that config.json sends (the stack's own
 * names the stack's API only, and would refuse the calls).
 */
export async function useApi(context: BrowserContext, api: string) {
  const withApi = (config: Record<string, unknown>) => ({
    ...config,
    apiBaseUrl: api,
    uploadsBaseUrl: `${api}/uploads/`,
  });
  await context.route('**/config.json', async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, json: withApi((await response.json()) as Record<string, unknown>) });
  });
  const consolePage = (url: URL) => url.origin === CONSOLE_ORIGIN && !/\.[a-z0-9]+$/i.test(url.pathname);
  await context.route(consolePage, async (route) => {
    if (route.request().resourceType() !== 'document') return route.fallback();
    const response = await route.fetch();
    const [config, remotes] = await Promise.all(
      ['config.json', 'remotes.json'].map(
        async (file) => (await fetch(`${CONSOLE_ORIGIN}/${file}`)).json() as Promise<Record<string, unknown>>,
      ),
    );
    const policy = contentSecurityPolicy({ config: withApi(config!), remotes });
    await route.fulfill({ response, headers: { ...response.headers(), 'content-security-policy': policy } });
  });
  // A page the test answered itself has, to Chromium, no address of its own, so its calls to an
  // API on loopback need the local-network permission that the page served from localhost has.
  // (Granted for every origin, so it adds to the permissions the test gave, never replaces them.)
  await context.grantPermissions(['local-network-access']);
}

/**
 * Runs the calling spec against an API of its own (`startPrivateApi(env)`): started before its
 * tests, stopped after them, and every test's console pointed at it. `url` is there once the
 * API is up.
 */
export function usePrivateApi(env: Record<string, string> = {}): { readonly url: string } {
  let api: PrivateApi | undefined;
  const handle = {
    get url() {
      if (!api) throw new Error('the private API has not started');
      return api.url;
    },
  };
  test.beforeAll(async () => {
    // Against a deployed console the `environment` fixture refuses these @stack tests: nothing to start.
    if (EXTERNAL) return;
    test.setTimeout(300_000);
    api = await startPrivateApi(env);
  });
  test.afterAll(async () => {
    await api?.stop();
  });
  test.beforeEach(async ({ context }) => useApi(context, handle.url));
  return handle;
}
