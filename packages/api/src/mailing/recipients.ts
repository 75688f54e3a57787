import { asc, gt } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { users } from '../db/schema/index';
import { countRows } from '../lib/lists';

/**
 * Who a mailing goes to: every player (every row of `users`), each once. The delivery job walks
 * them with `recipientPage`, and both the Start confirmation (`GET /mailing/:id/recipients`) and
 * Start itself count them with `countRecipients`, so the number an admin confirms is the number
 * the delivery selects. A condition added to one belongs in both.
 */
export const countRecipients = (db: DbOrTx): Promise<number> => countRows(db, 'users');

/** The next `size` recipients after the Telegram id `after` (null: from the first), in id order. */
export const recipientPage = (db: DbOrTx, after: number | null, size: number) =>
  db
    .select({ telegramId: users.telegramId })
    .from(users)
    .where(after === null ? undefined : gt(users.telegramId, after))
    .orderBy(asc(users.telegramId))
    .limit(size);
