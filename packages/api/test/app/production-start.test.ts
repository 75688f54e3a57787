import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoAdmins } from '../../src/auth/demo-admins';
import { loadConfig } from '../../src/config';
import { migrateDb } from '../../src/db/migrate';
import { grantRuntimeRole } from '../../src/db/roles';
import { admins, users } from '../../src/db/schema/index';
import { outsideDatabase, productionEnv, run, startServer } from '../support/processes';

/**
 * The real server process with NODE_ENV=production on an empty database (a PGlite folder, or
 * a new database on TEST_DATABASE_URL), then the first administrator made by admin:create. On
 * PostgreSQL the server connects as a runtime role of its own, which the migration step (run
 * as the owner, MIGRATION_DATABASE_URL) grants what it needs, as a production deploy does.
 */
let database: Awaited<ReturnType<typeof outsideDatabase>>;
let env: NodeJS.ProcessEnv;
const PASSWORD = 'first-admin-Pass-9f3k';

beforeAll(async () => {
  database = await outsideDatabase({ runtimeRole: true });
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
  it(
    'seeds nothing and prints no secret; the admin from admin:create signs in',
    { timeout: 240_000 },
    async () => {
      if (database.role) {
        // The runtime role may not migrate: the start says how, and changes nothing.
        const refused = run(process.execPath, ['--import', 'tsx', 'src/server.ts'], env);
        refused.child.stdin!.end();
        expect(await refused.exit, refused.output()).toBe(1);
        expect(refused.output()).toContain(
          "DATABASE_URL's role may not change the schema. Run `pnpm --filter @manager/api migrate` with MIGRATION_DATABASE_URL",
        );
        // The release step, as the owner; it grants DATABASE_URL's role.
        const migrate = run('pnpm', ['-s', 'run', 'migrate'], { ...env, ...database.ownerEnv });
        migrate.child.stdin!.end();
        expect(await migrate.exit, migrate.output()).toBe(0);
        expect(migrate.output()).toContain(
          `Role ${database.role} (DATABASE_URL) may read and write the app's rows, and nothing more`,
        );
      }
      const first = await startServer(env);
      await first.stop();
      const log = first.output();
      expect(log).toContain('No administrator yet');
      for (const secret of [
        env.API_KEY!,
        env.JWT_SECRET!,
        'admin12345',
        'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
      ]) {
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
      const create = run('pnpm', ['-s', 'run', 'admin:create', '--username', 'owner'], {
        ...env,
        ADMIN_PASSWORD: PASSWORD,
      });
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
        expect(answer.data).toEqual({
          requires2FA: false,
          requires2FASetup: true,
          adminId: expect.any(Number),
          tempToken: expect.any(String),
        });
      } finally {
        await second.stop();
      }
      // Requests are logged too: never with the key header or the typed password.
      for (const secret of [PASSWORD, env.API_KEY!, env.JWT_SECRET!])
        expect(second.output()).not.toContain(secret);
    },
  );

  it(
    'refuses a database a development start seeded: its demo admins sign in with published credentials',
    { timeout: 120_000 },
    async () => {
      const seededDb = await outsideDatabase({ migrated: true, runtimeRole: true });
      try {
        const handle = await seededDb.open();
        await migrateDb(handle.db);
        await seedDemoAdmins(handle.db, loadConfig({ NODE_ENV: 'test' }));
        if (seededDb.role) await grantRuntimeRole(handle.db, seededDb.role);
        await handle.close();
        const server = run(
          process.execPath,
          ['--import', 'tsx', 'src/server.ts'],
          productionEnv(seededDb.env),
        );
        server.child.stdin!.end();
        expect(await server.exit, server.output()).toBe(1);
        expect(server.output()).toContain(
          'Refusing to start in production: administrator(s) admin, admin2fa, finance, support, content, auditor sign in with a published demo password or TOTP secret',
        );
        expect(server.output()).not.toContain('listening');
      } finally {
        await seededDb.drop();
      }
    },
  );

  it(
    "refuses MIGRATION_DATABASE_URL: the server must not hold the schema owner's password",
    { timeout: 60_000 },
    async () => {
      // Refused before any connection: nothing answers on port 9.
      const server = run(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
        ...env,
        DATABASE_URL: 'postgres://manager_app@127.0.0.1:9/manager',
        MIGRATION_DATABASE_URL: 'postgres://manager@127.0.0.1:9/manager',
      });
      server.child.stdin!.end();
      expect(await server.exit, server.output()).toBe(1);
      expect(server.output()).toContain('Refusing to start in production: MIGRATION_DATABASE_URL is set.');
    },
  );

  it.runIf(process.env.TEST_DATABASE_URL)(
    'refuses to serve as a role that could change the schema or the audit trail (PostgreSQL)',
    { timeout: 120_000 },
    async () => {
      // DATABASE_URL is the test server's own role here, the owner of everything and a superuser (as CI runs).
      const ownerDb = await outsideDatabase();
      try {
        const server = run(
          process.execPath,
          ['--import', 'tsx', 'src/server.ts'],
          productionEnv(ownerDb.env),
        );
        server.child.stdin!.end();
        expect(await server.exit, server.output()).toBe(1);
        expect(server.output()).toContain(
          "Refusing to start in production: DATABASE_URL's role can change the schema or the audit trail. It is a superuser;",
        );
        expect(server.output()).not.toContain('listening');
      } finally {
        await ownerDb.drop();
      }
    },
  );
});
