import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Mailing, updateMailingBodySchema } from '@manager/contract';
import { writeAudit } from '../db/audit';
import type { Db, Tx } from '../db/client';
import { mailings } from '../db/schema/index';
import { conflict, notFound } from '../lib/envelope';
import { toMailing } from './repository';

type MailingRow = typeof mailings.$inferSelect;
type MailingFields = z.output<typeof updateMailingBodySchema>;

/**
 * The mailing's row, locked, when it still waits for its Start: 404 when there is none, 409
 * once it started (Start takes the same row lock, so an edit or a delete and a Start never
 * both succeed on the same mailing: whichever locks first decides).
 */
async function lockWaiting(tx: Tx, id: number, verb: 'edited' | 'deleted'): Promise<MailingRow> {
  const [row] = await tx.select().from(mailings).where(eq(mailings.id, id)).for('update');
  if (!row) throw notFound('Mailing not found');
  if (row.status !== 'waiting')
    throw conflict(`Mailing is ${row.status}; only a waiting mailing can be ${verb}`);
  return row;
}

/**
 * A waiting mailing's new text, button and (when `image` is given) image, audited
 * `mailing.update` with the fields that changed. `replaced`: the image name it no longer uses.
 */
export async function updateMailing(
  db: Db,
  adminId: number,
  id: number,
  body: MailingFields,
  image: string | undefined,
): Promise<{ mailing: Mailing; replaced: string | null }> {
  return db.transaction(async (tx) => {
    const before = await lockWaiting(tx, id, 'edited');
    const [after] = await tx
      .update(mailings)
      .set({ ...body, ...(image ? { mediaLink: image } : {}) })
      .where(eq(mailings.id, id))
      .returning();
    await writeAudit(tx, {
      adminId,
      action: 'mailing.update',
      entity: 'mailing',
      entityId: id,
      before,
      after,
    });
    return { mailing: toMailing(after!), replaced: image && before.mediaLink ? before.mediaLink : null };
  });
}

/** Deletes a waiting mailing, audited `mailing.delete` with the whole row; answers its image name ('' for none). */
export async function deleteMailing(db: Db, adminId: number, id: number): Promise<string> {
  return db.transaction(async (tx) => {
    const before = await lockWaiting(tx, id, 'deleted');
    await tx.delete(mailings).where(eq(mailings.id, id));
    await writeAudit(tx, { adminId, action: 'mailing.delete', entity: 'mailing', entityId: id, before });
    return before.mediaLink;
  });
}
