import { eq } from 'drizzle-orm';
import { writeAudit } from '../db/audit';
import type { Db } from '../db/client';
import { mailings } from '../db/schema/index';
import { AppError, notFound } from '../lib/envelope';
import { DELIVERY_SEND_TIMEOUT_MS, withTimeout } from './delivery-job';
import type { MailingDelivery } from './delivery';

/**
 * "Send test": the mailing's message, as a player receives it, to one Telegram id, through the
 * delivery port the real sending uses. It leaves the mailing as it was: no status, no counts,
 * and no delivery row (that row would keep the real delivery from that player later).
 * Audited `mailing.test` with the id and the port's answer, in a transaction that commits only
 * once the port has answered: a port that throws or does not answer in time leaves no row and
 * is a 502, and so is a refusal (a player who blocked the bot), which is audited.
 */
export async function sendTestMessage(
  db: Db,
  delivery: MailingDelivery,
  adminId: number,
  id: number,
  telegramId: number,
  sendTimeoutMs = DELIVERY_SEND_TIMEOUT_MS,
): Promise<{ telegramId: number }> {
  const refusal = await db.transaction(async (tx) => {
    const [mailing] = await tx.select().from(mailings).where(eq(mailings.id, id));
    if (!mailing) throw notFound('Mailing not found');
    let failures;
    try {
      failures = await withTimeout(sendTimeoutMs, () =>
        delivery.send([
          {
            mailingId: id,
            telegramId,
            text: mailing.message,
            buttonText: mailing.buttonText,
            buttonLink: mailing.buttonLink,
            mediaLink: mailing.mediaLink || null,
          },
        ]),
      );
    } catch (error) {
      throw new AppError(502, `Test message not sent: ${(error as Error).message}`);
    }
    const reason = failures.find((f) => f.telegramId === telegramId)?.reason.slice(0, 500) ?? null;
    await writeAudit(tx, {
      adminId,
      action: 'mailing.test',
      entity: 'mailing',
      entityId: id,
      after: { telegramId, delivered: reason === null },
      reason,
    });
    return reason;
  });
  if (refusal !== null) throw new AppError(502, `Test message not delivered: ${refusal}`);
  return { telegramId };
}
