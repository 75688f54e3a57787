import { desc, eq, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { listDays } from '../../db/schema/index';
import { keptSum } from './counts';

/**
 * Day counts (docs/decisions/0015): a list's rows per UTC day, kept exact by triggers, so a
 * deep page is entered at the edge of the day that holds it (pageIds' `days`) and an
 * unfiltered total is the days summed.
 */

/** Rows of a list created on one UTC day (`start`: its midnight, ms), as a daily rollup keeps them. */
export interface DayCount {
  start: number;
  n: number;
}

/** A list's rows per UTC day, newest day first, from a daily rollup: `n` summed over the rollup's other keys and slots. */
export async function daysOf(
  db: DbOrTx,
  rollup: PgTable,
  day: AnyPgColumn,
  n: AnyPgColumn,
  where?: SQL,
): Promise<DayCount[]> {
  const rows = await db
    .select({ start: sql<string>`extract(epoch from ${day})`, n: sql<string>`sum(${n})` })
    .from(rollup)
    .where(where)
    .groupBy(day)
    .orderBy(desc(day));
  return rows.map((r) => ({ start: Number(r.start) * 1000, n: Number(r.n) }));
}

/** The lists `list_days` keeps (migrations 0022, 0026: premium players); shop orders and payments have rollups of their own. */
export type DayList =
  'users' | 'users_premium' | 'games' | 'inventories' | 'marketplace_items' | 'marketplace_orders';

/** A list's rows per UTC day from list_days, newest day first (pageIds' `days`). */
export const listDaysOf = (db: DbOrTx, list: DayList): Promise<DayCount[]> =>
  daysOf(db, listDays, listDays.day, listDays.n, eq(listDays.list, list));

/** A list's row count from list_days: its days summed (an unfiltered total without counting the rows). */
export const listDaysTotal = (db: DbOrTx, list: DayList): Promise<number> =>
  keptSum(db, listDays, listDays.n, eq(listDays.list, list));
