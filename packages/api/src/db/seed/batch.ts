import type { PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../client';

/** Rows per INSERT: well under PostgreSQL's 65,535 bind parameters for the widest table. */
export const BATCH_ROWS = 1000;

export async function insertBatches<T extends PgTable>(db: DbOrTx, table: T, rows: Array<T['$inferInsert']>): Promise<void> {
  for (let k = 0; k < rows.length; k += BATCH_ROWS) {
    await db.insert(table).values(rows.slice(k, k + BATCH_ROWS));
  }
}

/**
 * Walks `total` rows in chunks of `chunkRows`: each chunk is generated, written in one
 * transaction and dropped, so a million-user seed never holds more than one chunk.
 */
export async function streamChunks(
  db: DbOrTx,
  total: number,
  chunkRows: number,
  write: (tx: DbOrTx, from: number, to: number, chunk: number) => Promise<void>,
  progress?: (done: number) => void,
): Promise<void> {
  for (let from = 0, chunk = 0; from < total; from += chunkRows, chunk++) {
    const to = Math.min(total, from + chunkRows);
    await db.transaction(async (tx) => write(tx as DbOrTx, from, to, chunk));
    progress?.(to);
  }
}
