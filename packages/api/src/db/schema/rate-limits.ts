import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Request counters of the rate limits (`plugins/rate-limit.ts`), one row per key (scope and
 * address) and fixed window, in the database so that every API instance counts into the same
 * row. An expired row is restarted by the next request of its key, or deleted by the periodic
 * sweep (`windowEnds` index).
 */
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    key: text('key').primaryKey(),
    hits: integer('hits').notNull(),
    windowEnds: timestamp('window_ends', { withTimezone: true }).notNull(),
  },
  (t) => [index('rate_limit_counters_window_ends_idx').on(t.windowEnds)],
);
