import { and, count, desc, eq, isNull } from 'drizzle-orm';
import { INBOX_LIST_LIMIT, type InboxItem, type InboxKind, type InboxResponse } from '@manager/contract';
import type { Db } from '../db/client';
import { inboxItems } from '../db/schema/live';

/** The admin's newest items (INBOX_LIST_LIMIT) and how many of all theirs are unread. */
export async function readInbox(db: Db, adminId: number): Promise<InboxResponse> {
  const [rows, [unread]] = await Promise.all([
    db
      .select()
      .from(inboxItems)
      .where(eq(inboxItems.adminId, adminId))
      .orderBy(desc(inboxItems.at), desc(inboxItems.id))
      .limit(INBOX_LIST_LIMIT),
    db
      .select({ n: count() })
      .from(inboxItems)
      .where(and(eq(inboxItems.adminId, adminId), isNull(inboxItems.readAt))),
  ]);
  const items: InboxItem[] = rows.map((r) => ({
    id: r.id,
    kind: r.kind as InboxKind,
    text: r.text,
    link: r.link,
    at: r.at.toISOString(),
    read: r.readAt !== null,
  }));
  return { items, unread: unread?.n ?? 0 };
}

/** Marks one of the admin's items read; false when they have no such item. */
export async function markRead(db: Db, adminId: number, id: number, now: Date): Promise<boolean> {
  const [mine] = await db
    .select({ readAt: inboxItems.readAt })
    .from(inboxItems)
    .where(and(eq(inboxItems.id, id), eq(inboxItems.adminId, adminId)));
  if (!mine) return false;
  if (mine.readAt === null)
    await db
      .update(inboxItems)
      .set({ readAt: now })
      .where(and(eq(inboxItems.id, id), isNull(inboxItems.readAt)));
  return true;
}

/** Marks every unread item of the admin read; how many were. */
export async function markAllRead(db: Db, adminId: number, now: Date): Promise<number> {
  const rows = await db
    .update(inboxItems)
    .set({ readAt: now })
    .where(and(eq(inboxItems.adminId, adminId), isNull(inboxItems.readAt)))
    .returning({ id: inboxItems.id });
  return rows.length;
}
