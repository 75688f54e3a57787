import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { expect, inject } from 'vitest';
import { buildApp, type BuildAppOptions } from '../../src/app';
import { loadConfig, type Config } from '../../src/config';
import { createDb, withDefaultUser, type Db, type DbHandle } from '../../src/db/client';
import { migrateDb } from '../../src/db/migrate';
import { seedDemoAdmins, type DemoAdmins } from '../../src/auth/demo-admins';
import { totpAt } from '../../src/auth/totp';
import { seedAll } from '../../src/db/seed/index';
import { createRuntimeRole } from './runtime-role';

/**
 * A migrated, empty database for one test file. Embedded PGlite in memory by default; with
 * TEST_DATABASE_URL set, a new database `<that name>_t<random>` is created on that server
 * (the URL's role needs CREATEDB) and dropped again by `close`. Either is a copy of the
 * template global-setup.ts migrated once. `migrate` replaces the migration step (a test of a
 * migration applies only the ones before it); the database then starts empty instead of
 * from the template.
 */
export async function createTestDb(
  migrate: (db: Db) => Promise<void> = migrateDb,
): Promise<DbHandle & { url?: string }> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const template = migrate === migrateDb ? inject('pgliteTemplate') : '';
    const handle = await createDb({
      pgliteDir: 'memory://',
      ...(template ? { pgliteLoadDataDir: new Blob([readFileSync(template)]) } : {}),
    });
    await migrate(handle.db);
    return handle;
  }
  const { default: pg } = await import('pg');
  const url = new URL(serverUrl);
  const name = `${url.pathname.slice(1) || 'manager'}_t${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: withDefaultUser(serverUrl) });
  await admin.connect();
  const template = migrate === migrateDb ? inject('pgTemplate') : '';
  await admin.query(`CREATE DATABASE "${name}"${template ? ` TEMPLATE "${template}"` : ''}`);
  url.pathname = `/${name}`;
  const handle = await createDb({ databaseUrl: url.toString() });
  await migrate(handle.db);
  return {
    ...handle,
    url: url.toString(),
    close: async () => {
      await handle.close();
      await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await admin.end();
    },
  };
}

/** A clock tests can move: TOTP steps, token expiry and lockout windows all read it. */
export function testClock(start = new Date()) {
  let current = start.getTime();
  return {
    now: () => new Date(current),
    advance: (ms: number) => {
      current += ms;
    },
  };
}

export const DEMO_BACKUP_CODES = Array.from({ length: 10 }, (_, i) => `TEST-00${String(i).padStart(2, '0')}`);

export interface TestApp {
  app: FastifyInstance;
  config: Config;
  db: DbHandle['db'];
  /** The test database's URL on PostgreSQL (TEST_DATABASE_URL), for a second connection pool; absent on PGlite. */
  databaseUrl?: string;
  clock: ReturnType<typeof testClock>;
  demo: DemoAdmins;
  /** `app.inject` with the API key header (and a bearer token when given). */
  call(opts: InjectOptions & { token?: string }): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

/** Job workers on and polling fast, no schedules: only the jobs a test sends run. */
export const JOBS_ON = {
  JOBS_ENABLED: 'true',
  JOBS_POLLING_SECONDS: '0.5',
  WITHDRAWAL_RECONCILE_CRON: 'off',
  SESSION_CLEANUP_CRON: 'off',
  MAILING_RESUME_CRON: 'off',
  UPLOADS_CLEANUP_CRON: 'off',
  EVENTS_CLEANUP_CRON: 'off',
};

/**
 * `env` overrides configuration variables; `options` passes ports (a transfer port) or logger
 * options to `buildApp`. `runtimeRole` (PostgreSQL only): the app connects as a role of its own
 * granted what the migration step grants DATABASE_URL's role (src/db/roles.ts), as production
 * runs; `db` stays the owner's connection, for the test's own setup.
 */
export async function buildTestApp(
  env: Record<string, string> = {},
  {
    runtimeRole = false,
    ...options
  }: Pick<BuildAppOptions, 'transferPort' | 'mailingDelivery' | 'logger'> & { runtimeRole?: boolean } = {},
): Promise<TestApp> {
  const uploadsDir = mkdtempSync(join(tmpdir(), 'manager-uploads-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    UPLOADS_DIR: uploadsDir,
    DEMO_2FA_BACKUP_CODES: DEMO_BACKUP_CODES.join(','),
    // Workers and schedules only where a test asks for them: a scheduled cleanup or
    // reconciliation would act on a test's rows under its moving clock.
    JOBS_ENABLED: 'false',
    ...env,
  });
  const handle = await createTestDb();
  const demo = await seedDemoAdmins(handle.db, config);
  if (!demo) throw new Error('demo admins were not seeded into a fresh database');
  const clock = testClock();
  if (runtimeRole && !handle.url)
    throw new Error('runtimeRole needs PostgreSQL (TEST_DATABASE_URL): PGlite has one user');
  const role = runtimeRole && handle.url ? await createRuntimeRole(handle.db, handle.url) : null;
  const roleHandle = role ? await createDb({ databaseUrl: role.url }) : null;
  const app = await buildApp({ config, db: roleHandle?.db ?? handle.db, now: clock.now, ...options });
  return {
    app,
    config,
    db: handle.db,
    databaseUrl: handle.url,
    clock,
    demo,
    call: ({ token, headers, ...opts }) =>
      app.inject({
        ...opts,
        headers: {
          [config.apiKeyHeader]: config.apiKey,
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...headers,
        },
      }),
    close: async () => {
      await app.close();
      await roleHandle?.close();
      await handle.close();
      await role?.drop();
      rmSync(uploadsDir, { recursive: true, force: true });
    },
  };
}

/**
 * Signs in an admin without 2FA and returns the token pair. The session also confirms the
 * password (step-up), so calls that need one pass for the next STEP_UP_WINDOW_MINUTES of the
 * test clock; `{ stepUp: false }` leaves the new session without it, as a real sign-in does.
 */
export async function signIn(
  t: TestApp,
  identifier = t.demo.admin.username,
  password = t.demo.admin.password,
  options: { stepUp?: boolean } = {},
) {
  const res = await t.call({ method: 'POST', url: '/auth/login', payload: { identifier, password } });
  if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.body}`);
  const tokens = res.json().data.tokens as { accessToken: string; refreshToken: string };
  if (options.stepUp !== false) await stepUp(t, tokens.accessToken, { method: 'password', password });
  return tokens;
}

/**
 * POST /auth/step-up for the session of `token`, failing the test unless it is confirmed. By
 * default with `admin2fa`'s authenticator code at the test clock (a code works once: move the
 * clock a step, 30 s, before confirming again with the same admin); `'password'`: the demo
 * `admin`'s password.
 */
export async function stepUp(
  t: TestApp,
  token: string,
  body?: 'password' | { method: 'password'; password: string } | { method: 'totp'; token: string },
) {
  const payload =
    body === 'password'
      ? { method: 'password', password: t.demo.admin.password }
      : (body ?? {
          method: 'totp',
          token: totpAt(t.demo.twoFactorAdmin.secret, t.clock.now().getTime() / 1000),
        });
  const res = await t.call({ method: 'POST', url: '/auth/step-up', token, payload });
  if (res.statusCode !== 200) throw new Error(`step-up failed: ${res.body}`);
  return res.json().data as { validUntil: string };
}

/** A test file's app, signed in as the demo admin; with `users`, seeded with that many players first. */
export async function signedInApp(seed: { users?: number } = {}): Promise<{ t: TestApp; token: string }> {
  const t = await buildTestApp();
  if (seed.users) await seedAll(t.db, { users: seed.users, now: t.clock.now() });
  return { t, token: (await signIn(t)).accessToken };
}

/** The password step of `admin2fa`'s sign-in: the temp token and id for /auth/2fa/verify. */
export async function twoFactorPasswordStep(t: TestApp): Promise<{ adminId: number; tempToken: string }> {
  const res = await t.call({
    method: 'POST',
    url: '/auth/login',
    payload: { identifier: t.demo.twoFactorAdmin.username, password: t.demo.twoFactorAdmin.password },
  });
  expect(res.statusCode).toBe(200);
  const data = res.json().data;
  expect(data).toEqual({
    requires2FA: true,
    methods: ['totp'],
    adminId: expect.any(Number),
    tempToken: expect.any(String),
  });
  return data as { adminId: number; tempToken: string };
}

/** The whole form of a list answered whole or by page (asked without `page`); a page fails the test. */
export function whole<T>(data: T[] | Record<string, unknown>): T[] {
  if (!Array.isArray(data))
    throw new Error(`expected the whole list, got ${JSON.stringify(data).slice(0, 200)}`);
  return data;
}
