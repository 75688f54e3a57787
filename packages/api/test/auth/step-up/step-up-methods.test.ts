import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { envelope, stepUpStatusResponseSchema, type StepUpMethod } from '@manager/contract';
import { createAdmin } from '../../../src/auth/admin-repository';
import { hashPassword } from '../../../src/auth/passwords';
import { stepUpMethods } from '../../../src/auth/step-up-repository';
import { adminPasskeys, admins } from '../../../src/db/schema/auth';
import { buildTestApp, signIn, type TestApp } from '../../support/helper';

/**
 * Which second factor a step-up asks for, on one database with an admin of every combination
 * (none, TOTP, passkey, both). Passkey ids are far from admin ids, and then one passkey's id
 * equals its admin's id: a check that compared the two columns of admin_passkeys instead of
 * the admin asked about would offer the password beside a passkey, or a passkey to an admin
 * who has none.
 */

const PASSWORD = 'step-up-methods-pw';
const KINDS = ['none', 'totp', 'passkey', 'both'] as const;
type Kind = (typeof KINDS)[number];
const EXPECTED: Record<Kind, StepUpMethod[]> = {
  none: ['password'],
  totp: ['totp'],
  passkey: ['passkey'],
  both: ['totp', 'passkey'],
};

let t: TestApp;
const ids = {} as Record<Kind, number>;
const tokens = {} as Record<Kind, string>;

beforeAll(async () => {
  t = await buildTestApp();
  const passwordHash = await hashPassword(PASSWORD);
  for (const kind of KINDS) {
    const admin = await createAdmin(t.db, { username: `methods_${kind}`, email: null, passwordHash }, [
      'owner',
    ]);
    if (!admin) throw new Error(`admin methods_${kind} was not created`);
    ids[kind] = admin.id;
    // Signed in before any factor is added: with one, the sign-in itself would ask for it.
    tokens[kind] = (await signIn(t, `methods_${kind}`, PASSWORD, { stepUp: false })).accessToken;
  }
  for (const kind of ['totp', 'both'] as const) {
    await t.db
      .update(admins)
      .set({ twoFactorEnabled: true, totpSecret: 'JBSWY3DPEHPK3PXP' })
      .where(eq(admins.id, ids[kind]));
  }
  const passkey = { name: 'Key', publicKey: 'AQ', counter: 0 };
  await t.db.insert(adminPasskeys).values([
    { ...passkey, id: 9001, adminId: ids.passkey, credentialId: 'cred-passkey' },
    { ...passkey, id: 9002, adminId: ids.both, credentialId: 'cred-both' },
  ]);
});
afterAll(() => t?.close());

async function offered(kind: Kind): Promise<StepUpMethod[]> {
  const res = await t.call({ method: 'GET', url: '/auth/step-up', token: tokens[kind] });
  expect(res.statusCode, res.body).toBe(200);
  return envelope(stepUpStatusResponseSchema).parse(res.json()).data.methods;
}

async function expectEveryAdminOffered(): Promise<void> {
  for (const kind of KINDS) {
    expect(await stepUpMethods(t.db, ids[kind]), kind).toEqual(EXPECTED[kind]);
    expect(await offered(kind), kind).toEqual(EXPECTED[kind]);
  }
}

describe('the methods a step-up offers each admin', () => {
  it('passkey ids unlike any admin id: each admin is offered exactly their own factors', async () => {
    const [{ n }] = (await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(adminPasskeys)
      .where(sql`${adminPasskeys.id} = ${adminPasskeys.adminId}`)) as [{ n: number }];
    expect(n).toBe(0);
    await expectEveryAdminOffered();
  });

  it('one passkey whose id equals its admin id changes nobody else', async () => {
    await t.db.insert(adminPasskeys).values({
      id: ids.passkey,
      adminId: ids.passkey,
      name: 'Second key',
      publicKey: 'AQ',
      counter: 0,
      credentialId: 'cred-same-id',
    });
    await expectEveryAdminOffered();
  });

  it('an admin who does not exist is offered nothing', async () => {
    expect(await stepUpMethods(t.db, 2_000_000_000)).toEqual([]);
  });
});
