import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyPassword } from '../../src/auth/passwords';
import { adminRoleMembers, admins, auditLog } from '../../src/db/schema/index';
import { outsideDatabase, productionEnv, run } from '../support/processes';

/** `admin:create` as an operator runs it, on a database nothing has migrated yet. */
let database: Awaited<ReturnType<typeof outsideDatabase>>;
let env: NodeJS.ProcessEnv;

beforeAll(async () => {
  database = await outsideDatabase();
  env = productionEnv(database.env);
});
afterAll(() => database.drop());

const CLI = ['--import', 'tsx', 'src/auth/admin-create-cli.ts'];

/** Without a terminal (stdin a closed pipe); resolves with the exit code and everything printed. */
async function create(args: string[], password?: string) {
  const cli = run(process.execPath, [...CLI, ...args], {
    ...env,
    ...(password === undefined ? {} : { ADMIN_PASSWORD: password }),
  });
  cli.child.stdin!.end();
  return { code: await cli.exit, output: cli.output() };
}

describe('admin:create', () => {
  it(
    'migrates an empty database and creates the admin, two-factor off, audited',
    { timeout: 120_000 },
    async () => {
      const result = await create(['--username', 'Chief', '--email', 'chief@example.org'], 'chief-pass-1234');
      expect(result).toMatchObject({ code: 0 });
      expect(result.output).toContain('Administrator "Chief" created');
      expect(result.output).not.toContain('chief-pass-1234');
    },
  );

  it(
    'refuses, with exit code 1 and a clear line: a taken username, a weak password, no password source',
    { timeout: 120_000 },
    async () => {
      expect(await create(['chief'], 'another-pass-1234')).toMatchObject({
        code: 1,
        output: expect.stringContaining('already exists; nothing was changed'),
      });
      expect(
        await create(['--username', 'other', '--email', 'CHIEF@example.org'], 'another-pass-1234'),
      ).toMatchObject({ code: 1, output: expect.stringContaining('already exists') });
      expect(await create(['--username', 'shorty'], 'elevenchars')).toMatchObject({
        code: 1,
        output: 'The password must be at least 12 characters long.\n',
      });
      expect(await create(['--username', 'longusername12'], 'LongUserName12')).toMatchObject({
        code: 1,
        output: 'The password must not be the username.\n',
      });
      expect(await create(['--username', 'a b'], 'good-pass-12345')).toMatchObject({
        code: 1,
        output: expect.stringContaining('The username must be'),
      });
      expect(await create(['--username', 'nopass'])).toMatchObject({
        code: 1,
        output: 'No terminal to ask the password on: set ADMIN_PASSWORD.\n',
      });
      expect(await create([], 'good-pass-12345')).toMatchObject({
        code: 1,
        output: 'No username: pass --username <name>.\n',
      });
    },
  );

  it('on a terminal, asks the password twice and never shows it', { timeout: 120_000 }, async () => {
    // `script` gives the command a pseudo-terminal: whatever the terminal echoes comes back as output.
    const cli = run(
      'script',
      ['-qec', `${process.execPath} ${CLI.join(' ')} --username typist`, '/dev/null'],
      env,
    );
    await cli.waitFor(/Password \(not shown\):/);
    cli.child.stdin!.write('typed-secret-4321\r');
    await cli.waitFor(/Repeat the password:/);
    cli.child.stdin!.write('typed-secret-4321\r');
    expect(await cli.exit, cli.output()).toBe(0);
    expect(cli.output()).toContain('Administrator "typist" created');
    expect(cli.output()).not.toContain('typed-secret');
  });

  it(
    'stored what it said: argon2 hashes, two-factor off, one audit row per admin',
    { timeout: 60_000 },
    async () => {
      const handle = await database.open();
      try {
        const rows = await handle.db.select().from(admins).orderBy(admins.id);
        expect(rows.map((r) => [r.username, r.email, r.twoFactorEnabled, r.totpSecret])).toEqual([
          ['Chief', 'chief@example.org', false, null],
          ['typist', null, false, null],
        ]);
        expect(rows[0]!.passwordHash).toMatch(/^\$argon2id\$/);
        // Each is an Owner: the first admin of a deployment may do everything.
        const members = await handle.db.select().from(adminRoleMembers).orderBy(adminRoleMembers.adminId);
        expect(members.map((m) => [m.adminId, m.roleId])).toEqual(rows.map((r) => [r.id, 'owner']));
        expect(await verifyPassword(rows[0]!.passwordHash, 'chief-pass-1234')).toBe(true);
        expect(await verifyPassword(rows[1]!.passwordHash, 'typed-secret-4321')).toBe(true);
        const audit = await handle.db
          .select()
          .from(auditLog)
          .where(eq(auditLog.action, 'auth.admin.create'))
          .orderBy(auditLog.id);
        expect(audit.map((a) => a.entityId)).toEqual(rows.map((r) => String(r.id)));
        // A command acted, not an admin, from no client address.
        expect(audit[0]).toMatchObject({
          adminId: null,
          adminUsername: 'system:admin-create',
          entity: 'admin',
          before: null,
          after: { username: 'Chief', email: 'chief@example.org', roles: ['owner'] },
          ip: null,
          userAgent: null,
          reason: null,
        });
      } finally {
        await handle.close();
      }
    },
  );
});
