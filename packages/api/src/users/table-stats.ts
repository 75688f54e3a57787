import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { tableStats } from '../db/schema/index';

export interface TableStats {
  rowCount: number;
  version: number;
}

/**
 * The trigger-kept row count and change version of `users` or `games` (migration 0001);
 * null when the row is missing (then callers count, as before the migration).
 */
export async function readTableStats(db: DbOrTx, name: 'users' | 'games'): Promise<TableStats | null> {
  const [row] = await db
    .select({ rowCount: tableStats.rowCount, version: tableStats.version })
    .from(tableStats)
    .where(eq(tableStats.name, name));
  return row ?? null;
}
