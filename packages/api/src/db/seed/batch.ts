import type { PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../client';

/** Rows per INSERT: well under PostgreSQL's 65,535 bind parameters for the widest table. */
const BATCH_ROWS = 1000;

export async function insertBatches<T extends PgTable>(
  db: DbOrTx,
  table: T,
  rows: Array<T['$inferInsert']>,
): Promise<void> {
  for (let k = 0; k < rows.length; k += BATCH_ROWS) {
    await db.insert(table).values(rows.slice(k, k + BATCH_ROWS));
  }
}

/**
 * Rows are generated in blocks of BLOCK_ROWS, each with its own random stream (block number
 * = stream chunk), so the data never depends on how many rows a transaction holds.
 */
const BLOCK_ROWS = 1000;

/**
 * Walks `total` rows block by block; about `chunkRows` rows are generated, written in one
 * transaction and dropped, so a million-user seed never holds more than one chunk.
 */
export async function streamChunks(
  db: DbOrTx,
  total: number,
  chunkRows: number,
  write: (tx: DbOrTx, from: number, to: number, block: number) => Promise<void>,
  progress?: (done: number) => void,
): Promise<void> {
  const blocksPerChunk = Math.max(1, Math.round(chunkRows / BLOCK_ROWS));
  const blocks = Math.ceil(total / BLOCK_ROWS);
  for (let first = 0; first < blocks; first += blocksPerChunk) {
    const last = Math.min(blocks, first + blocksPerChunk);
    await db.transaction(async (tx) => {
      for (let block = first; block < last; block++) {
        await write(tx as DbOrTx, block * BLOCK_ROWS, Math.min(total, (block + 1) * BLOCK_ROWS), block);
      }
    });
    progress?.(Math.min(total, last * BLOCK_ROWS));
  }
}
