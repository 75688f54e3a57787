import { and, asc, eq, gt } from 'drizzle-orm';
import type { Db } from '../db/client';
import { mailings, users } from '../db/schema/index';
import type { MailingDelivery } from './delivery';

/** Bounded rate: at most BATCH messages every PAUSE_MS (Telegram allows about 30/s per bot; the local port is faster). */
export const DELIVERY_BATCH = 200;
export const DELIVERY_PAUSE_MS = 50;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Delivers a running mailing to every player in Telegram-id order (keyset pages on the
 * primary key, so memory stays flat at a million users), then marks it done with the count.
 */
export async function deliverMailing(db: Db, delivery: MailingDelivery, mailingId: number, isStopped: () => boolean): Promise<void> {
  const [mailing] = await db.select().from(mailings).where(eq(mailings.id, mailingId));
  if (!mailing || mailing.status !== 'running') return;
  let after = -1;
  let sent = 0;
  for (;;) {
    if (isStopped()) return;
    const page = await db
      .select({ telegramId: users.telegramId })
      .from(users)
      .where(gt(users.telegramId, after))
      .orderBy(asc(users.telegramId))
      .limit(DELIVERY_BATCH);
    if (page.length === 0) break;
    await delivery.send(
      page.map((u) => ({
        mailingId,
        telegramId: u.telegramId,
        text: mailing.message,
        buttonText: mailing.buttonText,
        buttonLink: mailing.buttonLink,
        mediaLink: mailing.mediaLink || null,
      })),
    );
    sent += page.length;
    after = page[page.length - 1]!.telegramId;
    if (page.length < DELIVERY_BATCH) break;
    await sleep(DELIVERY_PAUSE_MS);
  }
  await db.update(mailings).set({ status: 'done', recipients: sent }).where(and(eq(mailings.id, mailingId), eq(mailings.status, 'running')));
}
