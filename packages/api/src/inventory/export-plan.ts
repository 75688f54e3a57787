import { sql } from 'drizzle-orm';
import { inventories, users } from '../db/schema/index';
import { col, iso, newestFirst } from '../exports/columns';
import type { ExportPlan } from '../exports/csv-stream';
import { inventoryWhere } from './repository';

/** Gifts held on the platform, newest first, with their owner; the inventory list's search. */
export function inventoryPlan(q: { search?: string }): ExportPlan {
  return {
    list: 'inventory',
    columns: [
      col('id', inventories.id),
      col('telegramId', inventories.telegramId),
      col('username', users.username, true),
      col('name', inventories.name, true),
      col('giftNumber', inventories.giftNumber),
      col('price', inventories.price),
      col('createdAt', iso(inventories.createdAt)),
    ],
    from: sql`${inventories} left join ${users} on ${users.telegramId} = ${inventories.telegramId}`,
    where: inventoryWhere(q.search),
    order: newestFirst(inventories),
  };
}
