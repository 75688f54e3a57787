import { sql } from 'drizzle-orm';
import type { DbOrTx } from './client';

interface PoolLike {
  query(config: { name: string; text: string; values: unknown[] }): Promise<{ rows: unknown[] }>;
  totalCount: number;
}
interface PgliteLike {
  query(text: string, values: unknown[]): Promise<{ rows: unknown[] }>;
  dumpDataDir: unknown;
}

/**
 * Rows of a hot, fixed SQL text with `$n` parameters. On PostgreSQL it runs as a named
 * prepared statement, so each pooled connection plans it once: at a million users the
 * planner's time (1.5-2 ms with the trigram indexes in view) was several times the
 * execution's (0.3-0.8 ms) for the users page and its per-player counts. PGlite gets the
 * same text through its own client; a transaction (no `$client`) through `execute`.
 */
export async function preparedRows<T>(db: DbOrTx, name: string, text: string, values: unknown[]): Promise<T[]> {
  const client = (db as { $client?: unknown }).$client as Partial<PoolLike & PgliteLike> | undefined;
  if (client && typeof client.query === 'function' && typeof client.totalCount === 'number') {
    return (await (client as PoolLike).query({ name, text, values })).rows as T[];
  }
  if (client && typeof client.query === 'function' && client.dumpDataDir) {
    return (await (client as PgliteLike).query(text, values)).rows as T[];
  }
  // Inside a transaction: the same SQL, parameters bound in order ($1, $2, ... appear once each or more).
  const parts = text.split(/\$(\d+)/);
  // sql.param: an array stays ONE parameter (a bare array in a sql template becomes a list).
  const chunks = parts.map((part, i) => (i % 2 === 0 ? sql.raw(part) : sql`${sql.param(values[Number(part) - 1])}`));
  return ((await db.execute(sql.join(chunks, sql``))) as unknown as { rows: T[] }).rows;
}
