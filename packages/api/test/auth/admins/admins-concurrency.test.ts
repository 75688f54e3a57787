import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REQUEST_DECIDED_MESSAGE } from '@manager/contract';
import { adminRequests } from '../../../src/db/schema/admins';
import { adminIdOf, api, auditRows, extraAdmin, OTHER_PASSWORD, rolesOf } from '../../support/admins-support';
import { buildTestApp, signIn, type TestApp } from '../../support/helper';

/*
 * Two Owners approving one request at the same moment: Promise.all over app.inject runs the
 * two calls at once (on PostgreSQL, TEST_DATABASE_URL, on separate pooled connections that
 * race; PGlite serialises the statements). One grant, one 409, one approval in the trail.
 */
let t: TestApp;
let owner: string;

beforeAll(async () => {
  t = await buildTestApp();
  owner = (await signIn(t)).accessToken;
}, 60_000);
afterAll(() => t?.close());

describe('deciding a request', () => {
  it('two Owners approving at once: one grant, the other answers 409', async () => {
    const second = await extraAdmin(t, 'owner2');
    const third = await extraAdmin(t, 'owner3');
    const rounds = 5;
    for (let round = 0; round < rounds; round++) {
      const id = await adminIdOf(t, 'support');
      const roles = round % 2 === 0 ? ['support', 'auditor'] : ['support'];
      if (round % 2 === 1) await api(t, owner, 'PUT', `/admins/${id}/roles`, { roles });
      const asked = await api(t, owner, 'PUT', `/admins/${id}/roles`, { roles: ['support', 'auditor'] });
      const requestId = asked.body.data.request.id as number;
      const answers = await Promise.all(
        [second, third].map((o) => api(t, o.token, 'POST', `/admins/requests/${requestId}/approve`)),
      );
      expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
      expect(answers.find((a) => a.status === 409)!.body.message).toBe(REQUEST_DECIDED_MESSAGE);
      const winner = answers.find((a) => a.status === 200)!.body.data.request;
      const [stored] = await t.db.select().from(adminRequests).where(eq(adminRequests.id, requestId));
      expect(stored).toMatchObject({ status: 'approved', decidedBy: winner.decidedBy.id });
      expect(await rolesOf(t, id)).toEqual(['auditor', 'support']);
      const approvals = (await auditRows(t, 'admin.request.approved')).filter(
        (r) => r.entityId === String(requestId),
      );
      expect(approvals).toHaveLength(1);
      // Take auditor away again (at once) for the next round.
      await api(t, owner, 'PUT', `/admins/${id}/roles`, { roles: ['support'] });
    }
  });

  it('approving and rejecting at once: one decision stands', async () => {
    const [second, third] = [
      { token: (await signIn(t, 'owner2', OTHER_PASSWORD)).accessToken },
      { token: (await signIn(t, 'owner3', OTHER_PASSWORD)).accessToken },
    ];
    const id = await adminIdOf(t, 'content');
    const asked = await api(t, owner, 'PUT', `/admins/${id}/roles`, { roles: ['content', 'auditor'] });
    const requestId = asked.body.data.request.id as number;
    const [approve, reject] = await Promise.all([
      api(t, second.token, 'POST', `/admins/requests/${requestId}/approve`),
      api(t, third.token, 'POST', `/admins/requests/${requestId}/reject`),
    ]);
    expect([approve.status, reject.status].sort()).toEqual([200, 409]);
    const [stored] = await t.db.select().from(adminRequests).where(eq(adminRequests.id, requestId));
    expect(await rolesOf(t, id)).toEqual(
      stored!.status === 'approved' ? ['auditor', 'content'] : ['content'],
    );
  });
});
