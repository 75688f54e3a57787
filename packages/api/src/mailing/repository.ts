import { and, asc, desc, eq, gt, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { CreateMailingBody, Mailing, mailingsQuerySchema } from '@manager/contract';
import { insertAudited } from '../db/audited';
import { writeAudit } from '../db/audit';
import type { Db } from '../db/client';
import { mailings, users } from '../db/schema/index';
import { countAll, isPaged, orderOf, pageOf, paginationOf } from '../lib/list-query';
import { containsAny } from '../lib/search';
import { conflict, notFound } from '../plugins/envelope';

type MailingsQuery = z.output<typeof mailingsQuerySchema>;

type MailingRow = typeof mailings.$inferSelect;

const toMailing = (r: MailingRow): Mailing => ({
  id: r.id,
  message: r.message,
  buttonText: r.buttonText,
  buttonLink: r.buttonLink,
  mediaLink: r.mediaLink || null,
  recipients: r.recipients,
  status: r.status,
  createdAt: r.createdAt.toISOString(),
});

/**
 * `GET /mailing`: messages containing the search, the status filter; newest first by default
 * (`mailings_created_at_id_idx`). Whole: `{ mailings }`; a page adds `pagination`.
 */
export async function listMailings(db: Db, q: MailingsQuery) {
  const where = and(q.search ? containsAny([mailings.message], q.search) : undefined, q.status ? sql`${mailings.status} = ${q.status}` : undefined);
  const order = orderOf(q.sort, { createdAt: mailings.createdAt, recipients: mailings.recipients }, mailings.id, [desc(mailings.createdAt), desc(mailings.id)]);
  const select = db.select().from(mailings).where(where).orderBy(...order).$dynamic();
  if (!isPaged(q)) return { mailings: (await select).map(toMailing) };
  const [rows, [counted]] = await Promise.all([pageOf(select, q), db.select({ n: countAll }).from(mailings).where(where)]);
  const total = Number(counted?.n ?? 0);
  return { mailings: rows.map(toMailing), pagination: paginationOf(q, total, 'totalMailings') };
}

/** A new mailing waits for its Start. `mediaLink`: the stored image name, '' for none. */
export async function createMailing(db: Db, adminId: number, body: CreateMailingBody, mediaLink: string, now: Date): Promise<Mailing> {
  const row = await insertAudited(db, mailings, () => ({ ...body, mediaLink, status: 'waiting' as const, createdAt: now }), {
    adminId,
    action: 'mailing.create',
    entity: 'mailing',
    missing: 'Mailing not found',
  });
  return toMailing(row);
}

/** waiting -> running, once: the status condition makes a second Start (or a race of two) change nothing. */
export async function startMailing(db: Db, adminId: number, id: number): Promise<Mailing> {
  return db.transaction(async (tx) => {
    const [row] = await tx.update(mailings).set({ status: 'running' }).where(and(eq(mailings.id, id), eq(mailings.status, 'waiting'))).returning();
    if (!row) {
      const [existing] = await tx.select({ status: mailings.status }).from(mailings).where(eq(mailings.id, id));
      if (!existing) throw notFound('Mailing not found');
      throw conflict(`Mailing is ${existing.status}; only a waiting mailing can be started`);
    }
    await writeAudit(tx, { adminId, action: 'mailing.start', entity: 'mailing', entityId: id, before: { status: 'waiting' }, after: { status: 'running' } });
    return toMailing(row);
  });
}

export async function runningMailingIds(db: Db): Promise<number[]> {
  const rows = await db.select({ id: mailings.id }).from(mailings).where(eq(mailings.status, 'running'));
  return rows.map((r) => r.id);
}

export async function findMailing(db: Db, id: number): Promise<MailingRow | undefined> {
  const [row] = await db.select().from(mailings).where(eq(mailings.id, id));
  return row;
}

/** The next `limit` players after Telegram id `after` (keyset pages on the primary key). */
export async function recipientsAfter(db: Db, after: number, limit: number): Promise<number[]> {
  const rows = await db.select({ telegramId: users.telegramId }).from(users).where(gt(users.telegramId, after)).orderBy(asc(users.telegramId)).limit(limit);
  return rows.map((r) => r.telegramId);
}

/** running -> done with the count, audited as `mailing.deliver` by whoever runs the delivery (a job). */
export async function markMailingDone(db: Db, id: number, recipients: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [before] = await tx.select().from(mailings).where(and(eq(mailings.id, id), eq(mailings.status, 'running'))).for('update');
    if (!before) return;
    const [after] = await tx.update(mailings).set({ status: 'done', recipients }).where(eq(mailings.id, id)).returning();
    await writeAudit(tx, { action: 'mailing.deliver', entity: 'mailing', entityId: id, before, after: after! });
  });
}
