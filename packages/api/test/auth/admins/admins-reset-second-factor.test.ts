import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { admins, backupCodes } from '../../../src/db/schema/auth';
import { adminIdOf, api, auditRows, decide, extraAdmin } from '../../support/admins-support';
import { buildTestApp, signIn, twoFactorPasswordStep, type TestApp } from '../../support/helper';
import { totpAt } from '../../../src/auth/totp';

/*
 * "Reset second factor" (docs/security.md, Administrators and four eyes): a request; on a
 * second Owner's approval the authenticator, backup codes and passkeys go and every session
 * ends, so the admin signs in with the password alone and enrols again.
 */
let t: TestApp;
let owner: string;

beforeAll(async () => {
  t = await buildTestApp();
  owner = (await signIn(t)).accessToken;
}, 60_000);
afterAll(() => t?.close());

describe('resetting a second factor', () => {
  it('changes nothing until approved; then the admin signs in again without one', async () => {
    const second = await extraAdmin(t, 'owner2');
    const id = await adminIdOf(t, t.demo.twoFactorAdmin.username);
    const step = await twoFactorPasswordStep(t);
    const verified = await t.call({
      method: 'POST',
      url: '/auth/2fa/verify',
      payload: { ...step, token: totpAt(t.demo.twoFactorAdmin.secret, t.clock.now().getTime() / 1000) },
    });
    const session = verified.json().data.tokens.accessToken as string;

    const asked = await api(t, owner, 'POST', `/admins/${id}/reset-second-factor`);
    expect(asked.status).toBe(200);
    expect(asked.body.data.request).toMatchObject({ kind: 'reset-second-factor', status: 'pending' });
    const [before] = await t.db.select().from(admins).where(eq(admins.id, id));
    expect(before!.twoFactorEnabled).toBe(true);
    expect((await api(t, session, 'GET', '/admins')).status).toBe(200);

    await decide(t, second.token, asked.body.data.request.id, 'approve');
    const [after] = await t.db.select().from(admins).where(eq(admins.id, id));
    expect(after).toMatchObject({ twoFactorEnabled: false, totpSecret: null, totpPendingSecret: null });
    expect(await t.db.select().from(backupCodes).where(eq(backupCodes.adminId, id))).toEqual([]);
    expect((await api(t, session, 'GET', '/admins')).status).toBe(401);
    const login = await t.call({
      method: 'POST',
      url: '/auth/login',
      payload: { identifier: t.demo.twoFactorAdmin.username, password: t.demo.twoFactorAdmin.password },
    });
    expect(login.json().data).toMatchObject({ requires2FA: false, tokens: expect.any(Object) });
    expect((await auditRows(t, 'admin.second_factor.reset')).at(-1)).toMatchObject({
      entityId: String(id),
      after: { authenticator: false, passkeysRemoved: 0, sessionsEnded: 1 },
    });
  });

  it('the admin it is about cannot decide it', async () => {
    const third = await extraAdmin(t, 'owner3');
    const asked = await api(t, owner, 'POST', `/admins/${third.id}/reset-second-factor`);
    const res = await api(t, third.token, 'POST', `/admins/requests/${asked.body.data.request.id}/approve`);
    expect(res.status).toBe(409);
    expect((await api(t, owner, 'GET', '/admins/requests')).body.data.items[0]).toMatchObject({
      id: asked.body.data.request.id,
      status: 'pending',
    });
  });
});
