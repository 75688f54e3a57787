import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoAdmins } from '../src/auth/demo-admins';
import { loadConfig } from '../src/config';
import { migrateDb } from '../src/db/migrate';
import { admins, users } from '../src/db/schema/index';
import { outsideDatabase, productionEnv, run, startServer } from './processes';

/**
 * The real server process with NODE_ENV=production on an empty database (a PGlite folder, or
 * a new database on TEST_DATABASE_URL), then the first administrator made by admin:create.
 */
let database: Awaited<ReturnType<typeof outsideDatabase>>;
let env: NodeJS.ProcessEnv;
const PASSWORD = 'first-admin-Pass-9f3k';

beforeAll(async () => {
  database = await outsideDatabase();
  env = productionEnv(database.env);
});
afterAll(() => database.drop());

const signIn = (url: string, password: string) =>
  fetch(`${url}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': env.API_KEY! },
    body: JSON.stringify({ identifier: 'owner', password }),
  });

describe('production start', () => {
  it('seeds nothing and prints no secret; the admin from admin:create signs in', { timeout: 240_000 }, async () => {
    const first = await startServer(env);
    await first.stop();
    const log = first.output();
    expect(log).toContain('No administrator yet');
    for (const secret of [env.API_KEY!, env.JWT_SECRET!, 'admin12345', 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP']) {
      expect(log).not.toContain(secret);
    }
    expect(log).not.toMatch(/otpauth|backup codes|password|\b[A-Z0-9]{4}-[A-Z0-9]{4}\b/i);

    const handle = await database.open();
    try {
      const [adminCount] = await handle.db.select({ n: count() }).from(admins);
      const [userCount] = await handle.db.select({ n: count() }).from(users);
      expect({ admins: adminCount!.n, users: userCount!.n }).toEqual({ admins: 0, users: 0 });
    } finally {
      await handle.close();
    }

    // The documented command, without a terminal: the password comes from the environment.
    const create = run('pnpm', ['-s', 'run', 'admin:create', '--username', 'owner'], { ...env, ADMIN_PASSWORD: PASSWORD });
    create.child.stdin!.end();
    expect(await create.exit, create.output()).toBe(0);
    expect(create.output()).toContain('Administrator "owner" created');
    expect(create.output()).not.toContain(PASSWORD);

    const second = await startServer(env);
    try {
      expect(second.output()).not.toContain('No administrator yet');
      const wrong = await signIn(second.url, `${PASSWORD}x`);
      expect(wrong.status).toBe(401);
      // Production requires two-factor: the password alone opens no session, it asks to enrol.
      const right = await signIn(second.url, PASSWORD);
      expect(right.status, await right.clone().text()).toBe(200);
      const answer = (await right.json()) as { code: number; data: Record<string, unknown> };
      expect(answer.code).toBe(200);
      expect(answer.data).toEqual({ requires2FA: false, requires2FASetup: true, adminId: expect.any(Number), tempToken: expect.any(String) });
    } finally {
      await second.stop();
    }
    // Requests are logged too: never with the key header or the typed password.
    for (const secret of [PASSWORD, env.API_KEY!, env.JWT_SECRET!]) expect(second.output()).not.toContain(secret);
  });

  it('refuses a database a development start seeded: its demo admins sign in with published credentials', { timeout: 120_000 }, async () => {
    const seededDb = await outsideDatabase({ migrated: true });
    try {
      const handle = await seededDb.open();
      await migrateDb(handle.db);
      await seedDemoAdmins(handle.db, loadConfig({ NODE_ENV: 'test' }));
      await handle.close();
      const server = run(process.execPath, ['--import', 'tsx', 'src/server.ts'], productionEnv(seededDb.env));
      server.child.stdin!.end();
      expect(await server.exit, server.output()).toBe(1);
      expect(server.output()).toContain('Refusing to start in production: administrator(s) admin, admin2fa sign in with a published demo password or TOTP secret');
      expect(server.output()).not.toContain('listening');
    } finally {
      await seededDb.drop();
    }
  });
});
