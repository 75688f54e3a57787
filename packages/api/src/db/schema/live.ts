import {
  bigserial,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { admins } from './auth';

const at = (name: string) => timestamp(name, { withTimezone: true }).notNull().defaultNow();

/**
 * Who has a record open now (src/presence/): one row per browser tab and record, renewed by the
 * tab every PRESENCE_BEAT_MS; a row not renewed for PRESENCE_TTL_MS is no longer shown, and
 * `events.cleanup` deletes it. Kept in the database, not in an instance's memory: any instance
 * answers any console, and a killed instance loses nothing a console still renews.
 */
export const consolePresence = pgTable(
  'console_presence',
  {
    tab: text('tab').notNull(),
    entity: text('entity').notNull(),
    entityId: text('entity_id').notNull(),
    adminId: integer('admin_id')
      .notNull()
      .references(() => admins.id, { onDelete: 'cascade' }),
    /** `viewing`, `editing` or `deciding` (PRESENCE_ACTIVITIES). */
    activity: text('activity').notNull(),
    /** When the tab arrived on the record, or began its current activity. */
    since: at('since'),
    seenAt: at('seen_at'),
  },
  (t) => [
    primaryKey({ columns: [t.tab, t.entity, t.entityId] }),
    index('console_presence_record_idx').on(t.entity, t.entityId),
  ],
);

/**
 * Each admin's inbox (src/inbox/): what waits for them, written in the transaction of the change
 * that makes it wait (db/inbox.ts), so an item exists exactly when its change committed. One
 * item per admin, kind and subject: the same thing waiting again makes the item unread again.
 * `read_at` is set by the admin, or by the change that ends the wait (the second approval given).
 */
export const inboxItems = pgTable(
  'inbox_items',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    adminId: integer('admin_id')
      .notNull()
      .references(() => admins.id, { onDelete: 'cascade' }),
    /** INBOX_KINDS. */
    kind: text('kind').notNull(),
    /** What it is about, as the change that ends the wait names it (`withdrawal:812`). */
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    link: text('link'),
    at: at('at'),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('inbox_items_subject_idx').on(t.adminId, t.kind, t.subject),
    index('inbox_items_admin_idx').on(t.adminId, t.id),
  ],
);
