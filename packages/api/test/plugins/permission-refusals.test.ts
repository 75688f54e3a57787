import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_DENIED_MESSAGE, profileResponseSchema } from '@manager/contract';
import { buildApp } from '../../src/app';
import { createDb } from '../../src/db/client';
import {
  adminRoleMembers,
  adminRoles,
  admins,
  auditLog,
  users,
  withdrawals,
} from '../../src/db/schema/index';
import { differences, fingerprint } from '../support/db-fingerprint';
import { buildTestApp, signIn, type TestApp } from '../support/helper';
import { multipart } from '../support/multipart';
import { tonWithdrawal, twoAdmins } from '../support/withdrawals-fixtures';

/*
 * A refusal for lack of a permission (docs/security.md, Roles and permissions): 403 before any
 * work, nothing changed but the trail, and one audit row per admin, permission and minute, also
 * when refusals race or come through two API instances. Runs on PGlite and on PostgreSQL
 * (TEST_DATABASE_URL).
 */
let t: TestApp;
const token = {} as Record<'owner' | 'owner2' | 'finance' | 'support' | 'content' | 'auditor', string>;
const ids = {} as Record<string, number>;
const PLAYER = 5_100_000_001;

beforeAll(async () => {
  t = await buildTestApp();
  [token.owner, token.owner2] = await twoAdmins(t);
  for (const role of ['finance', 'support', 'content', 'auditor'] as const)
    token[role] = (await signIn(t, role, t.demo.admin.password)).accessToken;
  for (const row of await t.db.select({ id: admins.id, username: admins.username }).from(admins))
    ids[row.username] = row.id;
  await t.db.insert(users).values({ telegramId: PLAYER, username: 'payee', tonBalance: '5' });
}, 120_000);
afterAll(() => t?.close());

const editBalances = (as: string, app = t.app) =>
  app.inject({
    method: 'PUT',
    url: `/manager/users/${PLAYER}/balances`,
    headers: { [t.config.apiKeyHeader]: t.config.apiKey, authorization: `Bearer ${as}` },
    payload: { tonBalance: '1000', reason: 'bonus' },
  });
const refusals = (adminId: number) =>
  t.db
    .select({
      after: auditLog.after,
      adminId: auditLog.adminId,
      adminUsername: auditLog.adminUsername,
      entity: auditLog.entity,
      entityId: auditLog.entityId,
    })
    .from(auditLog)
    .where(and(eq(auditLog.action, 'auth.access.denied'), eq(auditLog.adminId, adminId)));

describe('a refused call', () => {
  it('support editing a balance: 403 naming users.balances.edit; only the trail changes, once a minute', async () => {
    const before = await fingerprint(t);
    for (let i = 0; i < 3; i++) {
      const res = await editBalances(token.support);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({
        code: 403,
        message: ACCESS_DENIED_MESSAGE,
        data: { permission: 'users.balances.edit' },
      });
    }
    const after = await fingerprint(t);
    expect(differences(before, after)).toEqual([
      'public.audit_chain_head',
      'public.audit_log',
      'public.permission_refusals',
    ]);
    const [player] = await t.db.select().from(users).where(eq(users.telegramId, PLAYER));
    expect(player!.tonBalance).toBe('5.000000000');
    expect(await refusals(ids.support!)).toEqual([
      {
        adminId: ids.support,
        adminUsername: 'support',
        entity: 'admin',
        entityId: String(ids.support),
        after: { permission: 'users.balances.edit', call: 'PUT /manager/users/:telegramId/balances' },
      },
    ]);

    // The next minute, the next refusal is written again.
    t.clock.advance(60_000);
    expect((await editBalances(token.support)).statusCode).toBe(403);
    expect(await refusals(ids.support!)).toHaveLength(2);
  });

  it('is decided before the step-up: a session without one is refused 403, not asked to confirm', async () => {
    const fresh = (await signIn(t, 'support', t.demo.admin.password, { stepUp: false })).accessToken;
    const res = await editBalances(fresh);
    expect([res.statusCode, res.json().data]).toEqual([403, { permission: 'users.balances.edit' }]);
    const owner = (await signIn(t, t.demo.admin.username, t.demo.admin.password, { stepUp: false }))
      .accessToken;
    expect((await editBalances(owner)).statusCode).toBe(428);
  });

  it('racing refusals through two API instances on one database write one row', async () => {
    t.clock.advance(60_000);
    const second = t.databaseUrl ? await createDb({ databaseUrl: t.databaseUrl }) : null;
    const other = await buildApp({ config: t.config, db: second?.db ?? t.db, now: t.clock.now });
    try {
      const before = (await refusals(ids.auditor!)).length;
      const answers = await Promise.all(
        Array.from({ length: 6 }, (_, i) => editBalances(token.auditor, i % 2 ? other : t.app)),
      );
      expect(answers.map((a) => a.statusCode)).toEqual(Array(6).fill(403));
      expect(await refusals(ids.auditor!)).toHaveLength(before + 1);
    } finally {
      await other.close();
      await second?.close();
    }
  });
});

describe('what each admin holds', () => {
  it('the profile carries the roles and the union of their permissions; a custom role adds to it', async () => {
    const profile = async (as: string) =>
      profileResponseSchema.parse(
        (await t.call({ method: 'GET', url: '/auth/profile', token: as })).json().data,
      );
    expect(await profile(token.support)).toMatchObject({
      roles: [{ id: 'support', name: 'Support' }],
      permissions: [
        'dashboard.read',
        'users.read',
        'leaderboards.read',
        'games.read',
        'withdrawals.read',
        'deposits.read',
      ],
    });
    expect((await profile(token.owner)).roles).toEqual([{ id: 'owner', name: 'Owner' }]);

    // A custom role: the content admin also reads players, at their next call.
    await t.db
      .insert(adminRoles)
      .values({ id: 'player-care', name: 'Player care', permissions: ['users.read'] });
    const users = () => t.call({ method: 'GET', url: '/manager/users', token: token.content });
    expect((await users()).statusCode).toBe(403);
    await t.db.insert(adminRoleMembers).values({ adminId: ids.content!, roleId: 'player-care' });
    expect((await users()).statusCode).toBe(200);
    const content = await profile(token.content);
    expect(content.roles).toEqual([
      { id: 'content', name: 'Content' },
      { id: 'player-care', name: 'Player care' },
    ]);
    expect(content.permissions).toContain('users.read');
    expect(content.permissions).toContain('mailing.start');
  });
});

describe('both approvers of a large withdrawal hold withdrawals.decide', () => {
  const decide = (as: string, id: number) =>
    t.call({ method: 'POST', url: '/manager/withdrawals/without-transfer', token: as, payload: { id } });

  it('support cannot give the second approval; finance can', async () => {
    const { withdrawal } = await tonWithdrawal(t, '0', '25');
    expect((await decide(token.owner, withdrawal.id)).json().data).toMatchObject({ needsTwoApprovals: true });
    const held = (await t.db.select().from(withdrawals).where(eq(withdrawals.id, withdrawal.id)))[0]!;

    const refused = await decide(token.support, withdrawal.id);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().data).toEqual({ permission: 'withdrawals.decide' });
    expect((await t.db.select().from(withdrawals).where(eq(withdrawals.id, withdrawal.id)))[0]).toEqual(held);

    const approved = await decide(token.finance, withdrawal.id);
    expect(approved.statusCode).toBe(200);
    expect(approved.json().data).toMatchObject({ status: true });
  });

  it('an auditor cannot give the first approval either', async () => {
    const { withdrawal } = await tonWithdrawal(t, '0', '25');
    expect((await decide(token.auditor, withdrawal.id)).statusCode).toBe(403);
    const [row] = await t.db.select().from(withdrawals).where(eq(withdrawals.id, withdrawal.id));
    expect(row).toMatchObject({ firstApprovedBy: null, decision: null });
  });
});

describe('a settings save needs the permission of each part it changes', () => {
  const FIELDS = {
    technicalMode: 'false',
    playToStars: '0.25',
    playToRedChip: '1.5',
    bannerOneUrl: 'MarketPage',
    bannerOneStatus: 'true',
    bannerTwoUrl: 'DepositPage',
    bannerTwoStatus: 'false',
  };
  const save = (as: string, fields: Partial<typeof FIELDS> = {}) =>
    t.call({
      method: 'POST',
      url: '/manager/settings',
      token: as,
      ...multipart(Object.entries({ ...FIELDS, ...fields }).map(([name, value]) => ({ name, value }))),
    });

  it('finance changes a rate, not technical mode; content a banner, not a rate', async () => {
    expect((await save(token.owner)).statusCode).toBe(200);
    expect((await save(token.finance, { playToStars: '0.3' })).statusCode).toBe(200);
    const mode = await save(token.finance, { playToStars: '0.3', technicalMode: 'true' });
    expect([mode.statusCode, mode.json().data]).toEqual([403, { permission: 'settings.general' }]);
    expect((await save(token.content, { playToStars: '0.3', bannerOneStatus: 'false' })).statusCode).toBe(
      200,
    );
    const rate = await save(token.content, { playToStars: '0.4', bannerOneStatus: 'false' });
    expect([rate.statusCode, rate.json().data]).toEqual([403, { permission: 'settings.rates' }]);
    const stored = (await t.call({ method: 'GET', url: '/manager/settings', token: token.owner })).json()
      .data;
    expect(stored).toMatchObject({ technicalMode: false, playToStars: 0.3, bannerOneStatus: false });
  });
});
