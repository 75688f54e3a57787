import { eq } from 'drizzle-orm';
import type { PiiKind, PiiRevealDetails, PiiRevealResponse } from '@manager/contract';
import type { Db, Tx } from '../db/client';
import { writeAudit } from '../db/audit';
import { tonPayments, withdrawals } from '../db/schema/index';
import { notFound } from '../lib/envelope';

/** What a reveal reads: the whole value (and a transaction id's link), null when the row has none. */
async function readWhole(tx: Tx, kind: PiiKind, id: number) {
  if (kind === 'withdrawal.wallet') {
    const [row] = await tx
      .select({ value: withdrawals.wallet, telegramId: withdrawals.telegramId })
      .from(withdrawals)
      .where(eq(withdrawals.id, id));
    return row && { value: row.value, link: null, telegramId: row.telegramId };
  }
  const [row] = await tx
    .select({
      wallet: tonPayments.wallet,
      transactionId: tonPayments.transactionId,
      link: tonPayments.link,
      telegramId: tonPayments.telegramId,
    })
    .from(tonPayments)
    .where(eq(tonPayments.id, id));
  if (!row) return undefined;
  return kind === 'payment.wallet'
    ? { value: row.wallet, link: null, telegramId: row.telegramId }
    : { value: row.transactionId, link: row.link, telegramId: row.telegramId };
}

/**
 * One masked value, whole, with its audit row (`pii.revealed`: kind and id, never the value) in
 * the same transaction: the value leaves only once the row is committed. A row that does not
 * exist, or holds no such value, is a 404 and writes nothing.
 */
export async function revealValue(db: Db, kind: PiiKind, id: number): Promise<PiiRevealResponse> {
  return db.transaction(async (tx) => {
    const whole = await readWhole(tx, kind, id);
    if (!whole || whole.value === null) throw notFound('Nothing to reveal');
    await writeAudit(tx, {
      action: 'pii.revealed',
      entity: kind === 'withdrawal.wallet' ? 'withdrawal' : 'payment',
      entityId: id,
      after: { kind, id } satisfies PiiRevealDetails,
      userTelegramId: whole.telegramId,
    });
    return { value: whole.value, link: whole.link };
  });
}
