import { eq, sql } from 'drizzle-orm';
import { inventories, transferLedger, users, withdrawals } from '../../src/db/schema/index';
import { DEMO_BACKUP_CODES, signIn, stepUp, type TestApp } from './helper';

/** Tokens of the two demo admins (the second signs in with a backup code), both stepped up. */
export async function twoAdmins(t: TestApp): Promise<[string, string]> {
  const first = (await signIn(t)).accessToken;
  const { identifier, password } = {
    identifier: t.demo.twoFactorAdmin.username,
    password: t.demo.twoFactorAdmin.password,
  };
  const login = (
    await t.call({ method: 'POST', url: '/auth/login', payload: { identifier, password } })
  ).json().data;
  const res = await t.call({
    method: 'POST',
    url: '/auth/2fa/verify',
    payload: { adminId: login.adminId, tempToken: login.tempToken, token: DEMO_BACKUP_CODES[0] },
  });
  if (res.statusCode !== 200) throw new Error(`2FA sign-in failed: ${res.body}`);
  const second = res.json().data.tokens.accessToken as string;
  await stepUp(t, second);
  return [first, second];
}

let nextTelegramId = 7_000_000_000;

/** A player with `ton` TON left after requesting a TON withdrawal of `amount` (deducted already). */
export async function tonWithdrawal(t: Pick<TestApp, 'db'>, ton: string, amount: string) {
  const telegramId = nextTelegramId++;
  await t.db.insert(users).values({ telegramId, username: `payee${telegramId}`, tonBalance: ton });
  const [w] = await t.db
    .insert(withdrawals)
    .values({ telegramId, currency: 'TON', price: amount, wallet: 'UQtestwallet' })
    .returning();
  return { telegramId, withdrawal: w! };
}

/** Another pending TON withdrawal of `amount` by the same player. */
export async function moreTonWithdrawal(t: Pick<TestApp, 'db'>, telegramId: number, amount: string) {
  const [w] = await t.db
    .insert(withdrawals)
    .values({ telegramId, currency: 'TON', price: amount, wallet: 'UQtestwallet' })
    .returning();
  return w!;
}

/**
 * A player's gift held by a pending gift withdrawal. The default price is below
 * DUAL_APPROVAL_MIN_TON's default (10), so one admin decides it; dual approval tests pass theirs.
 */
export async function giftWithdrawal(t: Pick<TestApp, 'db'>, price = '2.5') {
  const telegramId = nextTelegramId++;
  await t.db.insert(users).values({ telegramId, username: `giftee${telegramId}` });
  const [gift] = await t.db
    .insert(inventories)
    .values({
      telegramId,
      name: `PlushPepe-${telegramId % 10000}`,
      baseName: 'PlushPepe',
      price,
      status: 'withdrawing',
    })
    .returning();
  const [w] = await t.db
    .insert(withdrawals)
    .values({ telegramId, currency: 'NFT', price, inventoryId: gift!.id })
    .returning();
  return { telegramId, gift: gift!, withdrawal: w! };
}

export async function rows(
  t: Pick<TestApp, 'db'>,
  query: ReturnType<typeof sql>,
): Promise<Record<string, unknown>[]> {
  return ((await t.db.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows;
}

export const auditCount = async (t: Pick<TestApp, 'db'>, id: number, action = 'withdrawal.%') =>
  Number(
    (
      await rows(
        t,
        sql`select count(*) as n from audit_log where entity = 'withdrawal' and entity_id = ${String(id)} and action like ${action}`,
      )
    )[0]!.n,
  );

/** What the reference provider recorded for a withdrawal (transfer_ledger): one row per transfer. */
export const ledgerOf = (t: Pick<TestApp, 'db'>, withdrawalId: number) =>
  t.db.select().from(transferLedger).where(eq(transferLedger.withdrawalId, withdrawalId));
