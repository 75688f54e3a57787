import { and, desc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { CreateMailingBody, Mailing, mailingsQuerySchema } from '@manager/contract';
import { insertAudited } from '../db/audited';
import { writeAudit } from '../db/audit';
import type { Db, Tx } from '../db/client';
import { countAll, isPaged, orderOf, pageOf, paginationOf } from '../lib/lists';
import { mailings } from '../db/schema/index';
import { containsAny } from '../lib/search';
import { conflict, notFound } from '../lib/envelope';
import { countRecipients } from './recipients';

type MailingsQuery = z.output<typeof mailingsQuerySchema>;

type MailingRow = typeof mailings.$inferSelect;

export const toMailing = (r: MailingRow): Mailing => ({
  id: r.id,
  message: r.message,
  buttonText: r.buttonText,
  buttonLink: r.buttonLink,
  mediaLink: r.mediaLink || null,
  recipients: r.recipients,
  delivered: r.delivered,
  failed: r.failed,
  status: r.status,
  createdAt: r.createdAt.toISOString(),
});

/**
 * `GET /mailing`: messages containing the search, the status filter; newest first by default
 * (`mailings_created_at_id_idx`). Whole: `{ mailings }`; a page adds `pagination`.
 */
export async function listMailings(db: Db, q: MailingsQuery) {
  const where = and(
    q.search ? containsAny([mailings.message], q.search) : undefined,
    q.status ? sql`${mailings.status} = ${q.status}` : undefined,
  );
  const order = orderOf(
    q.sort,
    { createdAt: mailings.createdAt, recipients: mailings.recipients },
    mailings.id,
    [desc(mailings.createdAt), desc(mailings.id)],
  );
  const select = db
    .select()
    .from(mailings)
    .where(where)
    .orderBy(...order)
    .$dynamic();
  if (!isPaged(q)) return { mailings: (await select).map(toMailing) };
  const [rows, [counted]] = await Promise.all([
    pageOf(select, q),
    db.select({ n: countAll }).from(mailings).where(where),
  ]);
  const total = Number(counted?.n ?? 0);
  return { mailings: rows.map(toMailing), pagination: paginationOf(q, total, 'totalMailings') };
}

/** One mailing by id; 404 `Mailing not found`. */
export async function mailingOf(db: Db, id: number): Promise<Mailing> {
  const [row] = await db.select().from(mailings).where(eq(mailings.id, id));
  if (!row) throw notFound('Mailing not found');
  return toMailing(row);
}

/** A new mailing waits for its Start. `mediaLink`: the stored image name, '' for none. */
export async function createMailing(
  db: Db,
  adminId: number,
  body: CreateMailingBody,
  mediaLink: string,
  now: Date,
): Promise<Mailing> {
  const row = await insertAudited(
    db,
    mailings,
    () => ({ ...body, mediaLink, status: 'waiting' as const, createdAt: now }),
    {
      adminId,
      action: 'mailing.create',
      entity: 'mailing',
      missing: 'Mailing not found',
    },
  );
  return toMailing(row);
}

/**
 * waiting -> running, once: the status condition makes a second Start (or a race of two) change
 * nothing. The same transaction counts the players it goes to and sends its delivery job
 * (`enqueue`), so a started mailing always has its job, and a failed start none.
 */
export async function startMailing(
  db: Db,
  adminId: number,
  id: number,
  enqueue: (tx: Tx) => Promise<unknown>,
): Promise<Mailing> {
  return db.transaction(async (tx) => {
    const recipients = await countRecipients(tx);
    const [row] = await tx
      .update(mailings)
      .set({ status: 'running', recipients })
      .where(and(eq(mailings.id, id), eq(mailings.status, 'waiting')))
      .returning();
    if (!row) {
      const [existing] = await tx
        .select({ status: mailings.status })
        .from(mailings)
        .where(eq(mailings.id, id));
      if (!existing) throw notFound('Mailing not found');
      throw conflict(`Mailing is ${existing.status}; only a waiting mailing can be started`);
    }
    await writeAudit(tx, {
      adminId,
      action: 'mailing.start',
      entity: 'mailing',
      entityId: id,
      before: { status: 'waiting' },
      after: { status: 'running' },
    });
    await enqueue(tx);
    return toMailing(row);
  });
}
