import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { withdrawalsExportQuerySchema } from '@manager/contract';
import { inventories, users, withdrawals } from '../db/schema/index';
import { col, iso, personalCol, sortTerms } from '../exports/columns';
import type { ExportPlan } from '../exports/csv-stream';
import type { OrderTerm } from '../lib/lists';
import { withdrawalsWhere } from './repository';

type WithdrawalsExport = z.output<typeof withdrawalsExportQuerySchema>;

const withdrawalId: OrderTerm = { expr: sql`${withdrawals.id}`, desc: true, type: 'integer' };

/** The withdrawals list (`withdrawalsWhere`: not rejected, or only rejected ones; status, username contains) in its order. */
export function withdrawalsPlan(q: WithdrawalsExport): ExportPlan {
  return {
    list: 'withdrawals',
    columns: [
      col('id', withdrawals.id),
      col('telegramId', withdrawals.telegramId),
      col('username', users.username, true),
      col('currency', withdrawals.currency, true),
      col('price', withdrawals.price),
      col('gift', inventories.name, true),
      personalCol('wallet', withdrawals.wallet),
      col(
        'status',
        sql`case when ${withdrawals.status} then 'approved' when ${withdrawals.decision} = 'rejected' then 'rejected' else 'pending' end`,
      ),
      col('createdAt', iso(withdrawals.createdAt)),
    ],
    from: sql`${withdrawals} left join ${users} on ${users.telegramId} = ${withdrawals.telegramId} left join ${inventories} on ${inventories.id} = ${withdrawals.inventoryId}`,
    where: withdrawalsWhere(q),
    // The list's default: undecided first, newest first within each group.
    order: q.sort
      ? sortTerms(
          q.sort,
          { createdAt: sql`${withdrawals.createdAt}`, price: sql`${withdrawals.price}` },
          { createdAt: 'timestamptz', price: 'numeric' },
          withdrawalId,
        )
      : [
          { expr: sql`${withdrawals.decision} is null`, desc: true, type: 'boolean' },
          { expr: sql`${withdrawals.createdAt}`, desc: true, type: 'timestamptz' },
          withdrawalId,
        ],
  };
}
