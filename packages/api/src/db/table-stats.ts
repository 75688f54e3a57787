import { count } from 'drizzle-orm';
import type { DbOrTx } from './client';
import { preparedRows } from './prepared';
import { games, users } from './schema/index';

/**
 * The number of rows of `users` or `games`: the row count a trigger keeps in `table_stats`
 * (migration 0001), so a total never scans millions of rows; count(*) when that row is missing.
 */
export async function countRows(db: DbOrTx, name: 'users' | 'games'): Promise<number> {
  const [stats] = await preparedRows<{ row_count: string | number }>(db, 'table_stats_row', 'select row_count from table_stats where name = $1', [name]);
  if (stats) return Number(stats.row_count);
  const [row] = await db.select({ n: count() }).from(name === 'users' ? users : games);
  return Number(row?.n ?? 0);
}
