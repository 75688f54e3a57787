import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LAST_OWNER_MESSAGE, OWN_REQUEST_MESSAGE, REQUEST_DECIDED_MESSAGE } from '@manager/contract';
import { adminIdOf, api, auditRows, decide, extraAdmin, rolesOf } from '../../support/admins-support';
import { buildTestApp, signIn, type TestApp } from '../../support/helper';

/*
 * Roles, disabling and the four-eyes requests of /admins (docs/security.md, Administrators and
 * four eyes), on one database: `admin` (Owner) asks, `owner2` (a second Owner) decides.
 */
let t: TestApp;
let owner: string;
let owner2: { id: number; token: string };

beforeAll(async () => {
  t = await buildTestApp();
  owner = (await signIn(t)).accessToken;
  owner2 = await extraAdmin(t, 'owner2');
}, 60_000);
afterAll(() => t?.close());

describe('changing roles', () => {
  it('narrowing applies at once: the admin is refused at their next call', async () => {
    const support = await signIn(t, 'support', t.demo.admin.password);
    const id = await adminIdOf(t, 'support');
    expect((await api(t, support.accessToken, 'GET', '/users')).status).toBe(200);
    const res = await api(t, owner, 'PUT', `/admins/${id}/roles`, { roles: [] });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ admin: { id, roles: [] }, request: null });
    expect(await rolesOf(t, id)).toEqual([]);
    const refused = await api(t, support.accessToken, 'GET', '/users');
    expect(refused.status).toBe(403);
    expect(refused.body.data).toEqual({ permission: 'users.read' });
    expect((await auditRows(t, 'admin.roles.changed')).at(-1)).toMatchObject({
      entityId: String(id),
      before: { roles: ['support'] },
      after: { roles: [] },
    });
  });

  it('widening is a request: nothing changes until a second Owner approves', async () => {
    const auditor = await signIn(t, 'auditor', t.demo.admin.password);
    const id = await adminIdOf(t, 'auditor');
    const res = await api(t, owner, 'PUT', `/admins/${id}/roles`, { roles: ['auditor', 'finance'] });
    expect(res.status).toBe(200);
    const request = res.body.data.request;
    expect(request).toMatchObject({
      kind: 'grant',
      status: 'pending',
      admin: { id, username: 'auditor' },
      roles: [{ id: 'finance', name: 'Finance' }],
      requestedBy: { username: t.demo.admin.username },
      decidedBy: null,
    });
    expect(await rolesOf(t, id)).toEqual(['auditor']);
    expect((await api(t, auditor.accessToken, 'PUT', '/users/1/balances', {})).status).toBe(403);

    const own = await api(t, owner, 'POST', `/admins/requests/${request.id}/approve`);
    expect(own.status).toBe(409);
    expect(own.body.message).toBe(OWN_REQUEST_MESSAGE);
    expect(await rolesOf(t, id)).toEqual(['auditor']);

    const approved = await decide(t, owner2.token, request.id, 'approve');
    expect(approved).toMatchObject({ status: 'approved', decidedBy: { id: owner2.id, username: 'owner2' } });
    expect(await rolesOf(t, id)).toEqual(['auditor', 'finance']);
    // The balance edit now passes the permission check (and fails on its empty body).
    expect((await api(t, auditor.accessToken, 'PUT', '/users/1/balances', {})).status).not.toBe(403);

    const again = await api(t, owner2.token, 'POST', `/admins/requests/${request.id}/reject`);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(REQUEST_DECIDED_MESSAGE);
    expect(await auditRows(t, 'admin.request.approved')).toHaveLength(1);
  });

  it('a rejected grant gives nothing', async () => {
    const id = await adminIdOf(t, 'content');
    const res = await api(t, owner, 'PUT', `/admins/${id}/roles`, { roles: ['content', 'owner'] });
    const rejected = await decide(t, owner2.token, res.body.data.request.id, 'reject');
    expect(rejected.status).toBe('rejected');
    expect(await rolesOf(t, id)).toEqual(['content']);
    const listed = await api(t, owner, 'GET', '/admins/requests');
    expect(listed.body.data.items.find((r: { id: number }) => r.id === rejected.id)).toMatchObject({
      status: 'rejected',
    });
    // The request and its rejection are in the trail: the kind, whom it is about, the roles asked.
    const asked = { kind: 'grant', adminId: id, roles: ['owner'] };
    expect(await auditRows(t, 'admin.request.created')).toContainEqual(
      expect.objectContaining({ entityId: String(rejected.id), after: asked }),
    );
    expect(await auditRows(t, 'admin.request.rejected')).toContainEqual(
      expect.objectContaining({ entityId: String(rejected.id), after: asked }),
    );
  });

  it('nobody changes their own roles or disables themself (400 naming id)', async () => {
    const me = await adminIdOf(t, t.demo.admin.username);
    const roles = await api(t, owner, 'PUT', `/admins/${me}/roles`, { roles: [] });
    expect(roles.status).toBe(400);
    expect(roles.body.message).toMatch(/^id: /);
    const disable = await api(t, owner, 'POST', `/admins/${me}/disable`);
    expect(disable.status).toBe(400);
    expect(disable.body.message).toMatch(/^id: /);
    expect(await rolesOf(t, me)).toEqual(['owner']);
  });

  it('bad input answers 400 naming the field and writes nothing', async () => {
    const id = await adminIdOf(t, 'content');
    const before = await auditRows(t);
    for (const [payload, field] of [
      [{ roles: ['nobody'] }, 'roles'],
      [{ roles: 'owner' }, 'roles'],
      [{ roles: ['content', 'content'] }, 'roles'],
      [{}, 'roles'],
    ] as const) {
      const res = await api(t, owner, 'PUT', `/admins/${id}/roles`, payload);
      expect(res.status, JSON.stringify(payload)).toBe(400);
      expect(res.body.message.startsWith(`${field}:`), res.body.message).toBe(true);
    }
    expect(await auditRows(t)).toHaveLength(before.length);
    expect(await rolesOf(t, id)).toEqual(['content']);
  });
});

describe('disabling and enabling', () => {
  it("ends the admin's sessions at once and refuses their sign-in; enabling is a request", async () => {
    const finance = await signIn(t, 'finance', t.demo.admin.password);
    const id = await adminIdOf(t, 'finance');
    const res = await api(t, owner, 'POST', `/admins/${id}/disable`);
    expect(res.status).toBe(200);
    expect(res.body.data.admin).toMatchObject({ id, status: 'disabled' });
    expect((await api(t, finance.accessToken, 'GET', '/withdrawals')).status).toBe(401);
    const refresh = await t.call({
      method: 'POST',
      url: '/auth/refresh-token',
      payload: { refreshToken: finance.refreshToken },
    });
    expect(refresh.statusCode).toBe(401);
    const login = await t.call({
      method: 'POST',
      url: '/auth/login',
      payload: { identifier: 'finance', password: t.demo.admin.password },
    });
    expect(login.statusCode).toBe(401);
    expect(login.json().message).toBe('Invalid credentials');

    const enable = await api(t, owner, 'POST', `/admins/${id}/enable`);
    expect(enable.status).toBe(200);
    expect(enable.body.data.request).toMatchObject({ kind: 'enable', status: 'pending', roles: [] });
    expect((await api(t, owner, 'POST', `/admins/${id}/enable`)).body.data.request.id).toBe(
      enable.body.data.request.id,
    );
    await decide(t, owner2.token, enable.body.data.request.id, 'approve');
    expect((await signIn(t, 'finance', t.demo.admin.password)).accessToken).toEqual(expect.any(String));
    // Both changes of status are in the trail, the disabling with the sessions it ended.
    expect(await auditRows(t, 'admin.disabled')).toContainEqual(
      expect.objectContaining({
        entityId: String(id),
        before: { status: 'active' },
        after: { status: 'disabled', sessionsEnded: expect.any(Number) },
      }),
    );
    expect(await auditRows(t, 'admin.enabled')).toContainEqual(
      expect.objectContaining({
        entityId: String(id),
        before: { status: 'disabled' },
        after: { status: 'active' },
      }),
    );
  });

  it('the last active Owner can be neither disabled nor demoted', async () => {
    // A manager of admins who is no Owner: a custom role holding admins.manage only.
    const role = await api(t, owner, 'POST', '/admins/roles', {
      name: 'Admin desk',
      permissions: ['admins.manage'],
    });
    expect(role.status).toBe(200);
    expect(await auditRows(t, 'admin.role.created')).toContainEqual(
      expect.objectContaining({
        entityId: String(role.body.data.role.id),
        after: { name: 'Admin desk', permissions: ['admins.manage'] },
      }),
    );
    const desk = await extraAdmin(t, 'desk', []);
    await t.db.execute(
      `insert into admin_role_members (admin_id, role_id) values (${desk.id}, '${role.body.data.role.id}')`,
    );
    const twoFa = await adminIdOf(t, t.demo.twoFactorAdmin.username);
    const first = await adminIdOf(t, t.demo.admin.username);
    expect((await api(t, desk.token, 'POST', `/admins/${twoFa}/disable`)).status).toBe(200);
    expect((await api(t, desk.token, 'POST', `/admins/${first}/disable`)).status).toBe(200);
    // owner2 is now the only active Owner.
    for (const [method, path, payload] of [
      ['POST', `/admins/${owner2.id}/disable`, undefined],
      ['PUT', `/admins/${owner2.id}/roles`, { roles: [] }],
    ] as const) {
      const res = await api(t, desk.token, method, path, payload);
      expect(res.status).toBe(409);
      expect(res.body.message).toBe(LAST_OWNER_MESSAGE);
    }
    expect(await rolesOf(t, owner2.id)).toEqual(['owner']);
    const list = await api(t, owner2.token, 'GET', '/admins');
    expect(list.body.data.items.find((a: { id: number }) => a.id === owner2.id)).toMatchObject({
      status: 'active',
      roles: [{ id: 'owner', name: 'Owner' }],
    });
  });
});
