import { sql } from 'drizzle-orm';
import { bigint, boolean, check, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The head of the audit log's hash chain (docs/audit.md): one row, the last sealed row's
 * position, hash, id and time. A committing transaction locks it to seal its audit rows, so
 * rows are chained in commit order; the verification compares the chain's end with it, which
 * is how rows removed from the end are found. Its triggers refuse any change but the sealing.
 */
export const auditChainHead = pgTable(
  'audit_chain_head',
  {
    /** Always true: the table holds exactly one row. */
    id: boolean('id').primaryKey().default(true),
    seq: bigint('seq', { mode: 'number' }).notNull().default(0),
    /** 64 zeros while the chain is empty: the `prev_hash` of the first row. */
    hash: text('hash').notNull(),
    lastId: integer('last_id'),
    lastAt: timestamp('last_at', { withTimezone: true }),
  },
  (t) => [check('audit_chain_head_one_row', sql`${t.id}`)],
);
