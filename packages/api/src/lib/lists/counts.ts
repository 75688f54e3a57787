import { count, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { preparedRows } from '../../db/prepared';
import { games, users } from '../../db/schema/index';

/** `count(*)` as a JS number (PostgreSQL's bigint arrives as text). */
export const countAll = sql<number>`count(*)::int`;
/** How many rows of the selection satisfy `condition` (`count(*) filter (where ...)`). */
export const countIf = (condition: SQL) => sql<number>`(count(*) filter (where ${condition}))::int`;

/** How many rows of `table` match `where` (a list's total, counted on the rows). */
export async function countWhere(db: DbOrTx, table: PgTable, where: SQL | undefined): Promise<number> {
  const [row] = await db.select({ n: count() }).from(table).where(where);
  return Number(row?.n ?? 0);
}

/**
 * A trigger-kept count summed over the rows of its counts table that `where` picks (0 when
 * none): a total read from day counts or per-name counts instead of counting the rows.
 */
export async function keptSum(
  db: DbOrTx,
  counts: PgTable,
  n: AnyPgColumn,
  where: SQL | undefined,
): Promise<number> {
  const [row] = await db
    .select({ n: sql<string>`coalesce(sum(${n}), 0)` })
    .from(counts)
    .where(where);
  return Number(row?.n ?? 0);
}

/**
 * The number of rows of `users` or `games`: the row count a trigger keeps in `table_stats`
 * (migration 0001), so a total never scans millions of rows; count(*) when that row is missing.
 */
export async function countRows(db: DbOrTx, name: 'users' | 'games'): Promise<number> {
  const [stats] = await preparedRows<{ row_count: string | number }>(
    db,
    'table_stats_row',
    'select row_count from table_stats where name = $1',
    [name],
  );
  if (stats) return Number(stats.row_count);
  const [row] = await db.select({ n: count() }).from(name === 'users' ? users : games);
  return Number(row?.n ?? 0);
}
