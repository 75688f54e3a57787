import { runSeedScript } from './seed-script';

/** What the database holds once seeded, read back with SQL: the truth the console must show. */
export interface ShopOrderTotals {
  total: number;
  /** Sums as the database's numeric text (exact). */
  ton: string;
  star: string;
  redChip: string;
  tonOrders: number;
}

// Runs in packages/api through tsx (as @manager/bench's db.mjs does): the API's own migrations and seed
// into a PGlite folder, then one INSERT ... SELECT tops shop_orders up to SHOP_ORDERS rows
// (buyers and items of the seed, a TON, STAR, RED_CHIP or PLAY price, one order every 4 minutes
// back from now), and prints the totals read back from the table.
const SEED = `
const { createDb } = await import('./src/db/client.ts');
const { migrateDb } = await import('./src/db/migrate.ts');
const { seedAll } = await import('./src/db/seed/index.ts');
const { sql } = await import('drizzle-orm');
const h = await createDb({ pgliteDir: process.env.SEED_DIR });
await migrateDb(h.db);
await seedAll(h.db, { users: Number(process.env.SEED_USERS) });
const rows = (r) => r.rows ?? r;
const [{ n }] = rows(await h.db.execute(sql\`select count(*)::int as n from shop_orders\`));
const extra = Number(process.env.SHOP_ORDERS) - n;
await h.db.execute(sql\`
  with u as (select array_agg(telegram_id) as a from users),
       i as (select array_agg(id) as a from shop_items where type <> 'NOOB_PACK')
  insert into shop_orders (telegram_id, shop_item_id, is_bundle, price, currency, created_at)
  select u.a[1 + g % array_length(u.a, 1)], i.a[1 + g % array_length(i.a, 1)], false,
         case g % 4 when 0 then round((g % 97) * 0.013 + 0.1, 3) else (g % 500) + 1 end,
         (array['TON', 'STAR', 'RED_CHIP', 'PLAY'])[1 + g % 4],
         now() - make_interval(mins => 4 * g)
  from generate_series(1, \${extra}::int) as g, u, i\`);
await h.db.execute(sql\`analyze shop_orders\`);
const [totals] = rows(await h.db.execute(sql\`
  select count(*)::int as total,
         coalesce(sum(price) filter (where currency = 'TON'), 0)::text as ton,
         coalesce(sum(price) filter (where currency = 'STAR'), 0)::text as star,
         coalesce(sum(price) filter (where currency = 'RED_CHIP'), 0)::text as "redChip",
         (count(*) filter (where currency = 'TON'))::int as "tonOrders"
  from shop_orders\`));
await h.close();
console.log('TOTALS ' + JSON.stringify(totals));
`;

/**
 * A PGlite folder with the demo data of `users` players and `orders` shop orders in all, for
 * an API of a spec's own (`usePrivateApi({ PGLITE_DIR: dir })`: it finds the players and does
 * not seed again). Returns the shop orders' totals as the database computes them.
 */
export function seedShopOrders(
  dir: string,
  { users, orders }: { users: number; orders: number },
): Promise<ShopOrderTotals> {
  return runSeedScript<ShopOrderTotals>(
    dir,
    SEED,
    { SEED_USERS: String(users), SHOP_ORDERS: String(orders) },
    {
      marker: 'TOTALS',
      what: 'shop orders',
    },
  );
}
