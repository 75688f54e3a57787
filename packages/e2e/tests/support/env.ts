import type { Page } from '@playwright/test';
import { testAdminNames } from '@manager/contract';
import { E2E } from '@manager/stack/ports';

/**
 * Where the suite runs and as whom, all from the environment (README, "Any environment"). With
 * nothing set it is the stack Playwright starts itself (`playwright.config.ts`), whose seed
 * holds the defaults below; with `E2E_BASE_URL` and `E2E_API_URL` it is a console already
 * deployed, and the credentials are that environment's.
 */
const env = process.env;

/** The console under test (the pages) and its API. */
export const CONSOLE_URL = (env.E2E_BASE_URL ?? `http://localhost:${E2E.console}`).replace(/\/$/, '');
export const API = (env.E2E_API_URL ?? `http://127.0.0.1:${E2E.api}`).replace(/\/$/, '');
/** A deployed console (E2E_BASE_URL): the stack's own machinery (control port, releases folder, private APIs) is not there. */
export const EXTERNAL = Boolean(env.E2E_BASE_URL);
/** Whether specs may write: always on the suite's own stack, on a deployed one only when marked disposable. */
export const WRITES_ALLOWED = !EXTERNAL || env.E2E_ALLOW_WRITES === '1';

export const API_KEY_HEADERS = { 'x-api-key': env.E2E_API_KEY ?? env.API_KEY ?? 'local-dev-key' };
export const CONTROL = `http://127.0.0.1:${E2E.control}`;

/** The parallel worker this process is (Playwright sets it; 0 outside a worker). */
export const WORKER_INDEX = Number(env.TEST_PARALLEL_INDEX ?? 0);

/**
 * The test administrators, one per worker: Owners without a second factor. The stack seeds
 * `qa-1` ... `qa-<n>` (DEMO_TEST_ADMINS); elsewhere `E2E_ADMIN_USERNAMES` names them.
 */
export const TEST_ADMIN_USERNAMES = env.E2E_ADMIN_USERNAMES
  ? env.E2E_ADMIN_USERNAMES.split(',')
      .map((s) => s.trim())
      .filter(Boolean)
  : Array.from({ length: 8 }, (_, i) => testAdminNames(i + 1).plain);
const TEST_ADMIN_PASSWORD = env.E2E_ADMIN_PASSWORD ?? 'admin12345';

/** The administrator test admin `index` (a worker's parallel index). */
export function testAdmin(index: number) {
  const username = TEST_ADMIN_USERNAMES[index];
  if (!username)
    throw new Error(
      `worker ${index} has no test admin: E2E_ADMIN_USERNAMES names ${TEST_ADMIN_USERNAMES.length}; ` +
        'run fewer workers (E2E_WORKERS) or name more admins',
    );
  return { username, password: TEST_ADMIN_PASSWORD };
}

/** This worker's administrator: every spec signs in as it unless it needs another one. */
export const ADMIN = testAdmin(WORKER_INDEX);

/**
 * The demo Owner without a second factor of a fresh database: what an API of a spec's own
 * (support/private-api.ts) seeds, for specs whose subject is that admin's own security.
 */
export const DEMO_ADMIN = {
  username: env.E2E_DEMO_ADMIN_USERNAME ?? 'admin',
  password: env.E2E_DEMO_ADMIN_PASSWORD ?? 'admin12345',
};

/**
 * This worker's second Owner, with an authenticator: approvals that need another admin and the
 * second-factor specs. The stack seeds `qa-<n>-totp` with the demo admin2fa's password, secret
 * and backup codes; elsewhere `E2E_2FA_USERNAMES` (one per worker), `E2E_2FA_PASSWORD`,
 * `E2E_2FA_SECRET` and `E2E_2FA_BACKUP_CODES` describe them.
 */
export const ADMIN_2FA = {
  username:
    env.E2E_2FA_USERNAMES?.split(',').map((s) => s.trim())[WORKER_INDEX] ??
    testAdminNames(WORKER_INDEX + 1).totp,
  password: env.E2E_2FA_PASSWORD ?? 'admin12345',
  secret: env.E2E_2FA_SECRET ?? env.DEMO_2FA_SECRET ?? 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
  backupCodes: (env.E2E_2FA_BACKUP_CODES ?? 'AAAA-1111,BBBB-2222,CCCC-3333,DDDD-4444,EEEE-5555')
    .split(',')
    .map((s) => s.trim()),
};

export async function fillLogin(page: Page, identifier: string, password: string) {
  await page.getByLabel('Username or Email').fill(identifier);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}
