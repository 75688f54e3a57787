import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENROLMENT_GONE_MESSAGE } from '@manager/contract';
import { totpAt } from '../../../src/auth/totp';
import { adminInvites } from '../../../src/db/schema/admins';
import { admins } from '../../../src/db/schema/auth';
import { api, auditRows, decide, extraAdmin, OTHER_PASSWORD, rolesOf } from '../../support/admins-support';
import { buildTestApp, signIn, type TestApp } from '../../support/helper';

/*
 * An invitation end to end through the API (docs/api.md, Administrators): the link, the
 * password and authenticator set by the new admin, the grant a second Owner approves.
 */
let t: TestApp;
let owner: string;
let owner2: { id: number; token: string };
const PASSWORD = 'a passphrase of my own';

beforeAll(async () => {
  t = await buildTestApp();
  owner = (await signIn(t)).accessToken;
  owner2 = await extraAdmin(t, 'owner2');
}, 60_000);
afterAll(() => t?.close());

const tokenOf = (link: string) => link.replace(/^\/enrol\//, '');
const enrolment = (token: string) => t.call({ method: 'GET', url: `/manager/enrolment/${token}` });
const enrol = (token: string, payload: object) =>
  t.call({ method: 'POST', url: `/manager/enrolment/${token}`, payload });
const login = (identifier: string, password: string) =>
  t.call({ method: 'POST', url: '/auth/login', payload: { identifier, password } });

describe('an invite', () => {
  it('creates an invited admin with no roles and a pending grant; enrolment activates them', async () => {
    const res = await api(t, owner, 'POST', '/admins/invites', {
      login: 'Nina@example.com',
      roles: ['support'],
    });
    expect(res.status).toBe(200);
    const { admin, link, expiresAt } = res.body.data;
    expect(admin).toMatchObject({
      username: 'Nina',
      email: 'Nina@example.com',
      roles: [],
      status: 'invited',
    });
    expect(admin.inviteExpiresAt).toBe(expiresAt);
    expect(new Date(expiresAt).getTime() - t.clock.now().getTime()).toBe(24 * 3600 * 1000);
    expect(link).toMatch(/^\/enrol\/[A-Za-z0-9_-]{43}$/);
    const token = tokenOf(link);
    // Only the hash is stored.
    const [stored] = await t.db.select().from(adminInvites).where(eq(adminInvites.adminId, admin.id));
    expect(stored!.tokenHash).not.toContain(token);
    expect(await rolesOf(t, admin.id)).toEqual([]);
    const requests = (await api(t, owner, 'GET', '/admins/requests')).body.data.items;
    const grant = requests.find((r: { admin: { id: number } }) => r.admin.id === admin.id);
    expect(grant).toMatchObject({
      kind: 'grant',
      status: 'pending',
      roles: [{ id: 'support', name: 'Support' }],
    });

    // Before enrolment the admin cannot sign in (no password; the usual answer).
    expect((await login('Nina', '')).statusCode).toBe(400);
    const early = await login('Nina', PASSWORD);
    expect(early.statusCode).toBe(401);
    expect(early.json().message).toBe('Invalid credentials');

    const page = await enrolment(token);
    expect(page.statusCode).toBe(200);
    const { secret, username, otpauthUrl } = page.json().data;
    expect(username).toBe('Nina');
    expect(otpauthUrl).toContain(secret);
    expect((await enrolment(token)).json().data.secret).toBe(secret);

    // A wrong code or a short password changes nothing.
    const rowBefore = await t.db.select().from(admins).where(eq(admins.id, admin.id));
    const wrong = await enrol(token, {
      password: PASSWORD,
      code: '000000' === totpAt(secret, t.clock.now().getTime() / 1000) ? '111111' : '000000',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toMatch(/^code: /);
    const short = await enrol(token, {
      password: 'short',
      code: totpAt(secret, t.clock.now().getTime() / 1000),
    });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toMatch(/^password: /);
    expect(await t.db.select().from(admins).where(eq(admins.id, admin.id))).toEqual(rowBefore);
    expect(await auditRows(t, 'admin.enrolled')).toHaveLength(0);

    const done = await enrol(token, {
      password: PASSWORD,
      code: totpAt(secret, t.clock.now().getTime() / 1000),
    });
    expect(done.statusCode).toBe(200);
    expect(done.json().data).toEqual({ username: 'Nina' });
    expect((await enrolment(token)).statusCode).toBe(410);
    const reused = await enrol(token, {
      password: PASSWORD,
      code: totpAt(secret, t.clock.now().getTime() / 1000 + 30),
    });
    expect(reused.statusCode).toBe(410);
    expect(reused.json().message).toBe(ENROLMENT_GONE_MESSAGE);

    // First sign-in: password, then the authenticator; no roles until the grant is approved.
    t.clock.advance(30_000);
    const first = await login('nina@example.com', PASSWORD);
    expect(first.json().data).toMatchObject({ requires2FA: true, methods: ['totp'] });
    const verified = await t.call({
      method: 'POST',
      url: '/auth/2fa/verify',
      payload: {
        adminId: first.json().data.adminId,
        tempToken: first.json().data.tempToken,
        token: totpAt(secret, t.clock.now().getTime() / 1000),
      },
    });
    expect(verified.statusCode).toBe(200);
    const session = verified.json().data.tokens.accessToken;
    expect((await api(t, session, 'GET', '/users')).status).toBe(403);

    const own = await api(t, owner, 'POST', `/admins/requests/${grant.id}/approve`);
    expect(own.status).toBe(409);
    await decide(t, owner2.token, grant.id, 'approve');
    expect((await api(t, session, 'GET', '/users')).status).toBe(200);
    const listed = (await api(t, owner, 'GET', '/admins')).body.data.items.find(
      (a: { id: number }) => a.id === admin.id,
    );
    expect(listed).toMatchObject({
      status: 'active',
      roles: [{ id: 'support', name: 'Support' }],
      secondFactors: { authenticator: true, passkeys: 0 },
      inviteExpiresAt: null,
    });
    expect(listed.lastActiveAt).not.toBeNull();
    expect((await auditRows(t, 'admin.invited')).at(-1)).toMatchObject({ entityId: String(admin.id) });
  });

  it('a link past its 24 hours answers 410 and writes nothing', async () => {
    const res = await api(t, owner, 'POST', '/admins/invites', { login: 'late', roles: ['auditor'] });
    const token = tokenOf(res.body.data.link);
    t.clock.advance(24 * 3600 * 1000 + 1);
    const page = await enrolment(token);
    expect(page.statusCode).toBe(410);
    expect(page.json().message).toBe(ENROLMENT_GONE_MESSAGE);
    const [stored] = await t.db
      .select()
      .from(adminInvites)
      .where(eq(adminInvites.adminId, res.body.data.admin.id));
    expect(stored!.totpSecret).toBeNull();
    // The day also ended the test's sessions: sign in again for the next tests.
    owner = (await signIn(t)).accessToken;
    owner2.token = (await signIn(t, 'owner2', OTHER_PASSWORD)).accessToken;
  });

  it('refuses a taken username (409), an unknown role or bad login (400 naming the field)', async () => {
    expect(
      (await api(t, owner, 'POST', '/admins/invites', { login: 'FINANCE', roles: ['support'] })).status,
    ).toBe(409);
    for (const [payload, field] of [
      [{ login: 'x', roles: ['support'] }, 'login'],
      [{ login: 'a b@example.com', roles: ['support'] }, 'login'],
      [{ login: 'fresh', roles: [] }, 'roles'],
      [{ login: 'fresh', roles: ['nobody'] }, 'roles'],
      [{ roles: ['support'] }, 'login'],
    ] as const) {
      const res = await api(t, owner, 'POST', '/admins/invites', payload);
      expect(res.status, JSON.stringify(payload)).toBe(400);
      expect(res.body.message.startsWith(`${field}:`), res.body.message).toBe(true);
    }
    expect(await t.db.select().from(admins).where(eq(admins.username, 'fresh'))).toEqual([]);
  });

  it('nobody asks for or approves a permission they do not hold (403 naming it)', async () => {
    const role = await api(t, owner, 'POST', '/admins/roles', {
      name: 'Support desk',
      permissions: ['admins.manage', 'users.read', 'dashboard.read'],
    });
    expect(role.status).toBe(200);
    const desk = await extraAdmin(t, 'desk', []);
    await t.db.execute(
      `insert into admin_role_members (admin_id, role_id) values (${desk.id}, '${role.body.data.role.id}')`,
    );
    const invite = await api(t, desk.token, 'POST', '/admins/invites', {
      login: 'helper',
      roles: ['finance'],
    });
    expect(invite.status).toBe(403);
    expect(invite.body.data).toEqual({ permission: 'users.balances.edit' });
    const custom = await api(t, desk.token, 'POST', '/admins/roles', {
      name: 'Money',
      permissions: ['withdrawals.decide'],
    });
    expect(custom.status).toBe(403);
    expect(custom.body.data).toEqual({ permission: 'withdrawals.decide' });

    // A grant asked by an Owner, which the desk (no users.balances.edit) may not approve.
    const asked = await api(t, owner, 'POST', '/admins/invites', { login: 'helper', roles: ['finance'] });
    const grant = (await api(t, owner, 'GET', '/admins/requests')).body.data.items.find(
      (r: { admin: { id: number } }) => r.admin.id === asked.body.data.admin.id,
    );
    const refused = await api(t, desk.token, 'POST', `/admins/requests/${grant.id}/approve`);
    expect(refused.status).toBe(403);
    expect(refused.body.data).toEqual({ permission: 'users.balances.edit' });
    expect((await api(t, owner, 'GET', '/admins/requests')).body.data.items[0]).toMatchObject({
      status: 'pending',
    });
  });

  it('custom roles: 400 naming the field, 409 for a name taken', async () => {
    for (const [payload, field] of [
      [{ name: '', permissions: ['users.read'] }, 'name'],
      [{ name: 'X', permissions: ['users.fly'] }, 'permissions.0'],
      [{ name: 'X', permissions: [] }, 'permissions'],
    ] as const) {
      const res = await api(t, owner, 'POST', '/admins/roles', payload);
      expect(res.status, JSON.stringify(payload)).toBe(400);
      expect(res.body.message.startsWith(`${field}:`), res.body.message).toBe(true);
    }
    expect(
      (await api(t, owner, 'POST', '/admins/roles', { name: 'owner', permissions: ['users.read'] })).status,
    ).toBe(409);
    const roles = (await api(t, owner, 'GET', '/admins/roles')).body.data.items;
    expect(roles.slice(0, 5).map((r: { id: string }) => r.id)).toEqual([
      'owner',
      'finance',
      'support',
      'content',
      'auditor',
    ]);
    expect(roles.find((r: { name: string }) => r.name === 'Support desk')).toMatchObject({ builtIn: false });
  });
});
