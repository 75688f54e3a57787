import { AUDIT_SYSTEM_ACTORS } from '@manager/contract';
import type { Db } from '../db/client';
import { runAsSystem } from '../lib/actor';
import type { MailingDelivery } from './delivery';
import { findMailing, markMailingDone, recipientsAfter } from './repository';

/** Bounded rate: at most BATCH messages every PAUSE_MS (Telegram allows about 30/s per bot; the local port is faster). */
const DELIVERY_BATCH = 200;
const DELIVERY_PAUSE_MS = 50;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Delivers a running mailing to every player in Telegram-id order (keyset pages on the
 * primary key, so memory stays flat at a million users), then marks it done with the count.
 * It acts as `system:mailing`, also when a request started it: the request's admin started
 * the mailing (`mailing.start`), the job delivered it (`mailing.deliver`).
 */
export const deliverMailing = (db: Db, delivery: MailingDelivery, mailingId: number, isStopped: () => boolean): Promise<void> =>
  runAsSystem(AUDIT_SYSTEM_ACTORS.mailing, () => deliver(db, delivery, mailingId, isStopped));

async function deliver(db: Db, delivery: MailingDelivery, mailingId: number, isStopped: () => boolean): Promise<void> {
  const mailing = await findMailing(db, mailingId);
  if (!mailing || mailing.status !== 'running') return;
  let after = -1;
  let sent = 0;
  for (;;) {
    if (isStopped()) return;
    const page = await recipientsAfter(db, after, DELIVERY_BATCH);
    if (page.length === 0) break;
    await delivery.send(
      page.map((telegramId) => ({
        mailingId,
        telegramId,
        text: mailing.message,
        buttonText: mailing.buttonText,
        buttonLink: mailing.buttonLink,
        mediaLink: mailing.mediaLink || null,
      })),
    );
    sent += page.length;
    after = page[page.length - 1]!;
    if (page.length < DELIVERY_BATCH) break;
    await sleep(DELIVERY_PAUSE_MS);
  }
  await markMailingDone(db, mailingId, sent);
}
