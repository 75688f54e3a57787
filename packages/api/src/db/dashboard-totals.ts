import { sql } from 'drizzle-orm';
import type { Db } from './client';
import { dashboardTotals } from './schema/index';

/**
 * Inventory rows not `withdrawn` (the inventory list's total, as the dashboard's totalInventory
 * counts them): the sum of the trigger-kept counters of `dashboard_totals`, so no total counts
 * millions of rows.
 */
export async function giftsOnPlatform(db: Db): Promise<number> {
  const [row] = await db
    .select({ n: sql<string>`coalesce(sum(${dashboardTotals.inventory}), 0)` })
    .from(dashboardTotals);
  return Number(row?.n ?? 0);
}
