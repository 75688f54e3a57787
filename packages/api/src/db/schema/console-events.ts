import { bigserial, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The console's event outbox (db/console-events.ts writes it, events/ reads it): one row per
 * committed change, written in the change's own transaction, so a rolled-back change leaves
 * none. The id orders the stream and is the `Last-Event-ID` a reconnecting console sends; rows
 * older than a day are deleted (`events.cleanup`), so a replay reaches back at most that far.
 * `permission` is what an admin must hold to be sent the row (EVENT_READ_PERMISSION).
 */
export const consoleEvents = pgTable(
  'console_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    entity: text('entity').notNull(),
    entityId: text('entity_id'),
    action: text('action').notNull(),
    actor: text('actor'),
    permission: text('permission').notNull(),
  },
  (t) => [index('console_events_at_idx').on(t.at)],
);
