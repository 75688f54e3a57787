import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEV_RELEASES_TOKEN, envelope, inboxResponseSchema, RELEASE_NOTICES_PATH } from '@manager/contract';
import { adminRoleMembers } from '../../src/db/schema/roles';
import { api, extraAdmin } from '../support/admins-support';
import { buildTestApp, signIn, type TestApp } from '../support/helper';
import { tonWithdrawal, twoAdmins } from '../support/withdrawals-fixtures';

/**
 * The inbox: what waits for each admin, written with the change that makes it wait, cleared by
 * the change that ends it, marked read by its admin only. `admin` and `admin2fa` are Owners.
 */
let t: TestApp;
let owner: string;
let owner2fa: string;
const token = {} as Record<'finance' | 'support' | 'auditor', string>;

beforeAll(async () => {
  t = await buildTestApp({ DUAL_APPROVAL_MIN_TON: '10', RELEASES_TOKEN: DEV_RELEASES_TOKEN });
  [owner, owner2fa] = await twoAdmins(t);
  for (const name of ['finance', 'support', 'auditor'] as const)
    token[name] = (await signIn(t, name, t.demo.admin.password)).accessToken;
}, 60_000);
afterAll(() => t?.close());

const inbox = async (as: string) => {
  const res = await t.call({ method: 'GET', url: '/manager/inbox', token: as });
  expect(res.statusCode, res.body).toBe(200);
  return envelope(inboxResponseSchema).parse(res.json()).data;
};
const about = async (as: string, subject: RegExp) =>
  (await inbox(as)).items.filter((i) => subject.test(i.text));
const decide = (action: string, id: number, as: string) =>
  t.call({ method: 'POST', url: `/manager/withdrawals/${action}`, payload: { id }, token: as });

describe('the inbox', () => {
  it('holds a withdrawal awaiting a second approval for those who may give it, until it is given', async () => {
    const { withdrawal } = await tonWithdrawal(t, '100', '25');
    const subject = new RegExp(`Withdrawal #${withdrawal.id} `);
    expect((await decide('without-transfer', withdrawal.id, owner)).statusCode).toBe(200);

    const [waiting] = await about(owner2fa, subject);
    expect(waiting).toMatchObject({
      kind: 'withdrawal.second_approval',
      text: `Withdrawal #${withdrawal.id} (25 TON) awaits a second approval`,
      link: '/transactions/withdrawals',
      read: false,
    });
    expect(await about(token.finance, subject)).toHaveLength(1);
    // The first approver, and those who may not decide, are not asked.
    expect(await about(owner, subject)).toHaveLength(0);
    expect(await about(token.support, subject)).toHaveLength(0);
    expect(await about(token.auditor, subject)).toHaveLength(0);

    const unreadBefore = (await inbox(owner2fa)).unread;
    expect((await decide('without-transfer', withdrawal.id, owner2fa)).statusCode).toBe(200);
    expect((await about(owner2fa, subject))[0]!.read).toBe(true);
    expect((await about(token.finance, subject))[0]!.read).toBe(true);
    expect((await inbox(owner2fa)).unread).toBe(unreadBefore - 1);
  });

  it('is cleared by a rejection too', async () => {
    const { withdrawal } = await tonWithdrawal(t, '100', '30');
    await decide('without-transfer', withdrawal.id, owner2fa);
    const subject = new RegExp(`Withdrawal #${withdrawal.id} `);
    expect((await about(owner, subject))[0]!.read).toBe(false);
    await decide('reject', withdrawal.id, token.finance);
    expect((await about(owner, subject))[0]!.read).toBe(true);
  });

  it('marks one item read, or all, for its admin only', async () => {
    const { withdrawal } = await tonWithdrawal(t, '100', '40');
    await decide('without-transfer', withdrawal.id, owner);
    const [item] = await about(owner2fa, new RegExp(`Withdrawal #${withdrawal.id} `));

    const foreign = await t.call({
      method: 'POST',
      url: `/manager/inbox/${item!.id}/read`,
      token: token.finance,
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe('Notification not found');
    expect((await about(owner2fa, new RegExp(`#${withdrawal.id} `)))[0]!.read).toBe(false);

    const mine = await t.call({ method: 'POST', url: `/manager/inbox/${item!.id}/read`, token: owner2fa });
    expect(mine.statusCode).toBe(200);
    expect((await about(owner2fa, new RegExp(`#${withdrawal.id} `)))[0]!.read).toBe(true);
    // Finance's copy of the same wait is theirs to read.
    expect((await about(token.finance, new RegExp(`#${withdrawal.id} `)))[0]!.read).toBe(false);

    const all = await t.call({ method: 'POST', url: '/manager/inbox/read-all', token: token.finance });
    expect(all.statusCode).toBe(200);
    expect(all.json().data.read).toBeGreaterThan(0);
    expect((await inbox(token.finance)).unread).toBe(0);
    expect((await t.call({ method: 'POST', url: '/manager/inbox/x/read', token: owner })).statusCode).toBe(
      400,
    );
  });

  it('holds an administrator request for the Owners who may decide it', async () => {
    const owner3 = await extraAdmin(t, 'owner3');
    // An admin who manages admins but does not hold what the grant gives could not approve it.
    const manager = await extraAdmin(t, 'manager1', []);
    const role = await api(t, owner, 'POST', '/admins/roles', {
      name: 'Admins only',
      permissions: ['admins.manage'],
    });
    expect(role.status, JSON.stringify(role.body)).toBe(200);
    await t.db.insert(adminRoleMembers).values({ adminId: manager.id, roleId: role.body.data.role.id });
    const support = (await api(t, owner, 'GET', '/admins')).body.data.items.find(
      (a: { username: string }) => a.username === 'support',
    );
    const res = await api(t, owner, 'PUT', `/admins/${support.id}/roles`, { roles: ['support', 'finance'] });
    const request = res.body.data.request;
    const text = 'Approval requested: grant finance to support';
    expect((await about(owner3.token, /Approval requested/))[0]).toMatchObject({
      text,
      link: '/admins',
      read: false,
    });
    expect(await about(owner, /Approval requested/)).toHaveLength(0);
    expect(await about(token.finance, /Approval requested/)).toHaveLength(0);
    expect(await about(manager.token, /Approval requested/)).toHaveLength(0);

    expect((await api(t, owner3.token, 'POST', `/admins/requests/${request.id}/reject`)).status).toBe(200);
    expect((await about(owner3.token, /Approval requested/))[0]!.read).toBe(true);
  });

  it("tells everyone of a release, a canary's admins only of theirs", async () => {
    const notice = (body: unknown, auth = `Bearer ${DEV_RELEASES_TOKEN}`) =>
      t.call({
        method: 'POST',
        url: RELEASE_NOTICES_PATH,
        payload: body as object,
        headers: { authorization: auth },
      });
    expect(
      (await notice({ area: 'users', version: '1.4.0', change: 'promoted' }, 'Bearer nope')).statusCode,
    ).toBe(401);
    expect((await notice({ area: 'users', version: '1.4.0', change: 'shipped' })).statusCode).toBe(400);

    expect((await notice({ area: 'users', version: '1.4.0', change: 'promoted' })).statusCode).toBe(200);
    expect((await about(token.support, /users 1\.4\.0 is live/))[0]).toMatchObject({
      kind: 'release',
      link: null,
    });
    expect(await about(owner, /users 1\.4\.0 is live/)).toHaveLength(1);

    await notice({ area: 'commerce', version: '2.0.0', change: 'promoted', canary: ['finance'] });
    expect(await about(token.finance, /commerce 2\.0\.0 is live for you/)).toHaveLength(1);
    expect(await about(token.support, /commerce/)).toHaveLength(0);

    await notice({ area: 'users', version: '1.3.9', change: 'rolled-back' });
    expect(await about(token.auditor, /users was rolled back to 1\.3\.9/)).toHaveLength(1);
    await notice({ area: 'settings', version: 'built-in', change: 'rolled-back' });
    expect(await about(token.auditor, /settings was rolled back to the console's own build/)).toHaveLength(1);
    await notice({ area: 'outside', version: 'none', change: 'rolled-back' });
    expect(
      await about(token.auditor, /outside was taken down: the console has no outside area now/),
    ).toHaveLength(1);

    // Shown to every admin: never free text.
    const before = (await inbox(token.auditor)).items.length;
    for (const body of [
      { area: 'Users <b>', version: '1.0.0', change: 'promoted' },
      { area: 'users', version: 'click https://evil.example', change: 'promoted' },
    ]) {
      const res = await notice(body);
      expect(res.statusCode).toBe(400);
    }
    expect((await inbox(token.auditor)).items.length).toBe(before);
  });
});
