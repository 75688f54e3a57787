import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLEANUP_GRACE_MS, CLEANUP_SESSIONS_JOB } from '../../src/auth/session-cleanup-job';
import { executeRows, type Db } from '../../src/db/client';
import { runtimeRoleProblems } from '../../src/db/roles';
import { adminSessions, admins, users } from '../../src/db/schema/index';
import { verifyCall } from '../support/audit-chain-support';
import { JOBS_ON, buildTestApp, signIn, type TestApp } from '../support/helper';
import { giftWithdrawal, ledgerOf } from '../support/withdrawals-fixtures';

/**
 * The API as production runs it on PostgreSQL: connected as the runtime role that the migration
 * step grants (src/db/roles.ts), not as the schema's owner. Through the app's own connection,
 * what a compromised API holds, the audit trail's guards cannot be switched off and the schema
 * cannot change, while every kind of work the API does still works through it.
 */
describe.runIf(process.env.TEST_DATABASE_URL)("the API's database role (PostgreSQL)", () => {
  let t: TestApp;
  let role = '';
  beforeAll(async () => {
    t = await buildTestApp(JOBS_ON, { runtimeRole: true });
    role = (await executeRows<{ role: string }>(t.app.db, sql`select current_user as role`))[0]!.role;
  });
  afterAll(() => t?.close());

  /**
   * Runs `statement` through `db` in a transaction that is always rolled back, so a statement
   * that is wrongly allowed changes nothing; answers its refusal (SQLSTATE and message), or
   * 'accepted'.
   */
  async function attempt(db: Db, statement: string): Promise<string> {
    const accepted = new Error('accepted');
    try {
      await db.transaction(async (tx) => {
        await tx.execute(sql.raw(statement));
        throw accepted;
      });
    } catch (error) {
      if (error === accepted) return 'accepted';
      const cause =
        (error as { cause?: { code?: string; message?: string } }).cause ??
        (error as { code?: string; message?: string });
      return `${cause.code}: ${cause.message}`;
    }
    return 'accepted';
  }

  it('is not the owner: the app connects as a role of its own', async () => {
    const [owner] = await executeRows<{ role: string }>(
      t.db,
      sql`select tableowner as role from pg_tables where tablename = 'audit_log'`,
    );
    expect(role).toMatch(/^manager_app_/);
    expect(role).not.toBe(owner!.role);
  });

  it.each([
    [
      'switch the audit triggers off',
      'alter table audit_log disable trigger all',
      /^42501: must be owner of table audit_log/,
    ],
    [
      'switch the sealing off',
      'alter table audit_log disable trigger audit_log_seal',
      /^42501: must be owner of table audit_log/,
    ],
    [
      'drop a guard',
      'drop trigger audit_log_append_only_row on audit_log',
      /^42501: must be owner of (table|relation) audit_log/,
    ],
    [
      "replace a guard's function",
      'create or replace function audit_log_append_only() returns trigger language plpgsql as $$ begin return new; end $$',
      /^42501: (must be owner of function audit_log_append_only|permission denied for schema public)/,
    ],
    [
      'turn triggers off for the session',
      'set session_replication_role = replica',
      /^42501: permission denied to set parameter "session_replication_role"/,
    ],
    [
      'update an audit row',
      "update audit_log set reason = 'rewritten' where id = (select max(id) from audit_log)",
      /^42501: permission denied for table audit_log/,
    ],
    ['delete audit rows', 'delete from audit_log', /^42501: permission denied for table audit_log/],
    ['empty the audit log', 'truncate audit_log', /^42501: permission denied for table audit_log/],
    [
      'move the chain head',
      'update audit_chain_head set seq = 0',
      /^42501: permission denied for table audit_chain_head/,
    ],
    [
      'seal rows by hand',
      'select audit_chain_seal_unsealed()',
      /^42501: permission denied for function audit_chain_seal_unsealed/,
    ],
    ['drop a table', 'drop table audit_log', /^42501: must be owner of table audit_log/],
    ['create a table', 'create table intruder (id int)', /^42501: permission denied for schema public/],
    [
      'create a table among the jobs',
      'create table pgboss.intruder (id int)',
      /^42501: permission denied for schema pgboss/,
    ],
    ['alter a table', 'alter table users add column intruder int', /^42501: must be owner of table users/],
    ['empty a table', 'truncate users cascade', /^42501: permission denied for table users/],
    ['create a schema', 'create schema intruder', /^42501: permission denied for database/],
  ])('may not %s', async (_what, statement, refusal) => {
    expect(await attempt(t.app.db, statement)).toMatch(refusal);
  });

  it('passes the production start check, which refuses the owner and a role granted too much', async () => {
    expect(await runtimeRoleProblems(t.app.db)).toEqual([]);
    // The test server's own role, as CI runs it: a superuser owning everything.
    expect(await runtimeRoleProblems(t.db)).toEqual(expect.arrayContaining(['is a superuser']));
    const [owner] = await executeRows<{ role: string }>(
      t.db,
      sql`select tableowner as role from pg_tables where tablename = 'audit_log'`,
    );
    const misgrants: Array<[string, string, RegExp]> = [
      [
        `grant update on audit_log to ${role}`,
        `revoke update on audit_log from ${role}`,
        /^may update, delete, truncate or add triggers to audit_log$/,
      ],
      [
        `grant truncate on audit_log to ${role}`,
        `revoke truncate on audit_log from ${role}`,
        /^may update, delete, truncate or add triggers to audit_log$/,
      ],
      [
        `grant update on audit_chain_head to ${role}`,
        `revoke update on audit_chain_head from ${role}`,
        /^may write to audit_chain_head$/,
      ],
      [
        `grant create on schema public to ${role}`,
        `revoke create on schema public from ${role}`,
        /^owns or may create objects in schema public$/,
      ],
      [`alter role ${role} createrole`, `alter role ${role} nocreaterole`, /^may create roles/],
      [`alter role ${role} bypassrls`, `alter role ${role} nobypassrls`, /^bypasses row security/],
      [
        `grant "${owner!.role}" to ${role}`,
        `revoke "${owner!.role}" from ${role}`,
        /^owns .+ \(or is a member of their owner\)$/,
      ],
    ];
    for (const [grant, revoke, problem] of misgrants) {
      await t.db.execute(sql.raw(grant));
      try {
        expect(await runtimeRoleProblems(t.app.db), grant).toEqual(
          expect.arrayContaining([expect.stringMatching(problem)]),
        );
      } finally {
        await t.db.execute(sql.raw(revoke));
      }
    }
    expect(await runtimeRoleProblems(t.app.db)).toEqual([]);
  });

  it('serves as it: sign-in, a balance edit with step-up, a withdrawal decision, a job; the audit chain verifies', async () => {
    const { accessToken: token } = await signIn(t);
    const telegramId = 7_100_000_001;
    await t.db.insert(users).values({ telegramId, username: 'role_case', tonBalance: '1.5' });

    const detail = await t.call({ method: 'GET', url: `/manager/users/${telegramId}`, token });
    expect(detail.statusCode, detail.body).toBe(200);
    const seen = detail.json().data as Record<string, unknown>;
    const expected = Object.fromEntries(
      ['tonBalance', 'starsBalance', 'redChipBalance', 'playBalance', 'refNormal', 'refPremium'].map((k) => [
        k,
        seen[k],
      ]),
    );
    const edit = await t.call({
      method: 'PUT',
      url: `/manager/users/${telegramId}/balances`,
      token,
      payload: { ...expected, tonBalance: 12.5, expected, reason: 'Support ticket 7' },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    const [stored] = await t.db
      .select({ ton: users.tonBalance })
      .from(users)
      .where(eq(users.telegramId, telegramId));
    expect(Number(stored!.ton)).toBe(12.5);

    const { withdrawal } = await giftWithdrawal(t);
    const decided = await t.call({
      method: 'POST',
      url: '/manager/withdrawals/with-transfer',
      token,
      payload: { id: withdrawal.id },
    });
    expect(decided.statusCode, decided.body).toBe(200);
    expect(await ledgerOf(t, withdrawal.id)).toHaveLength(1);

    // The session cleanup job, sent and worked by the app's pg-boss as the runtime role, deletes a long-ended session.
    const [admin] = await t.db
      .select({ id: admins.id })
      .from(admins)
      .where(eq(admins.username, t.demo.admin.username));
    const longAgo = new Date(t.clock.now().getTime() - CLEANUP_GRACE_MS - 3_600_000);
    const ended = randomUUID();
    await t.db.insert(adminSessions).values({
      id: ended,
      adminId: admin!.id,
      signedInAt: longAgo,
      lastActiveAt: longAgo,
      endedAt: longAgo,
    });
    const jobId = await t.app.jobs.send(CLEANUP_SESSIONS_JOB, {});
    expect(jobId).toEqual(expect.any(String));
    const stateOf = async () =>
      (
        await executeRows<{ state: string }>(
          t.db,
          sql`select state::text from pgboss.job where id = ${jobId}::uuid`,
        )
      )[0]?.state;
    for (let waited = 0; (await stateOf()) !== 'completed' && waited < 20_000; waited += 200)
      await new Promise((r) => setTimeout(r, 200));
    expect(await stateOf()).toBe('completed');
    expect(
      await t.db.select({ id: adminSessions.id }).from(adminSessions).where(eq(adminSessions.id, ended)),
    ).toEqual([]);

    // Every audit row the runtime role wrote was sealed at its commit (the sealing runs as the owner).
    const [unsealed] = await executeRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from audit_log where hash is null`,
    );
    expect(unsealed!.n).toBe(0);
    const verified = await verifyCall(t, token);
    expect(verified).toMatchObject({ valid: true, firstBroken: null });
    expect(verified.checked).toBeGreaterThanOrEqual(3);
  }, 60_000);
});
