import type { DbOrTx } from './client';
import { preparedRows } from './prepared';

export interface TableStats {
  rowCount: number;
  version: number;
}

/**
 * The trigger-kept row count and change version of `users` or `games` (migration 0001);
 * null when the row is missing (then callers count, as before the migration).
 */
export async function readTableStats(db: DbOrTx, name: 'users' | 'games'): Promise<TableStats | null> {
  const [row] = await preparedRows<{ row_count: string | number; version: string | number }>(
    db,
    'table_stats_row',
    'select row_count, version from table_stats where name = $1',
    [name],
  );
  return row ? { rowCount: Number(row.row_count), version: Number(row.version) } : null;
}
