import { bigint, pgTable, text } from 'drizzle-orm/pg-core';

/**
 * Exact row counts and a change version for the large tables (`users`, `games`), kept by
 * statement-level triggers (migration 0001): the unfiltered totals of `/users`, `/game/history`
 * and `/metrics` are one primary-key read instead of counting a million rows, and `version`
 * (bumped by every insert, delete, truncate and every update of a searched column) tells the
 * users search when its cached counts are still exact. Trade-off: writers of the same table
 * serialise on this row until they commit (one short update per statement).
 */
export const tableStats = pgTable('table_stats', {
  name: text('name').primaryKey(),
  rowCount: bigint('row_count', { mode: 'number' }).notNull().default(0),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
});
