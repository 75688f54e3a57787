import { runSeedScript } from './seed-script';

/** One withdrawal a spec makes for itself: its player (created with it) and what it asks. */
export interface SeedWithdrawal {
  telegramId: number;
  username: string;
  currency: 'TON' | 'NFT';
  price: string;
  wallet: string;
  /** For an NFT withdrawal: the gift's name (the gift is created, held by the withdrawal). */
  gift?: string;
}

// Runs in packages/api through tsx (as shop-volume.ts does): the API's own migrations and demo
// seed into a PGlite folder, then the spec's players, gifts and withdrawals by SQL; prints the
// withdrawals' ids in the order given.
const SEED = `
const { createDb } = await import('./src/db/client.ts');
const { migrateDb } = await import('./src/db/migrate.ts');
const { seedAll } = await import('./src/db/seed/index.ts');
const { sql } = await import('drizzle-orm');
const h = await createDb({ pgliteDir: process.env.SEED_DIR });
await migrateDb(h.db);
await seedAll(h.db, { users: Number(process.env.SEED_USERS) });
const rows = (r) => r.rows ?? r;
const ids = [];
for (const w of JSON.parse(process.env.SEED_WITHDRAWALS)) {
  await h.db.execute(sql\`insert into users (telegram_id, username) values (\${w.telegramId}, \${w.username})
    on conflict (telegram_id) do nothing\`);
  let gift = null;
  if (w.gift) {
    [{ id: gift }] = rows(await h.db.execute(sql\`insert into inventories (telegram_id, name, base_name, price, status)
      values (\${w.telegramId}, \${w.gift}, \${w.gift.replace(/-.*$/, '')}, \${w.price}, 'withdrawing') returning id\`));
  }
  const [{ id }] = rows(await h.db.execute(sql\`insert into withdrawals (telegram_id, currency, price, wallet, inventory_id)
    values (\${w.telegramId}, \${w.currency}, \${w.price}, \${w.wallet}, \${gift}) returning id\`));
  ids.push(id);
}
await h.close();
console.log('IDS ' + JSON.stringify(ids));
`;

/**
 * A PGlite folder with the demo data of `users` players plus the spec's own withdrawals (each
 * with its player), for an API of the spec's own (`usePrivateApi({ PGLITE_DIR: dir })`).
 * Returns the withdrawals' ids, in the order given.
 */
export function seedWithdrawals(
  dir: string,
  users: number,
  withdrawals: SeedWithdrawal[],
): Promise<number[]> {
  return runSeedScript<number[]>(
    dir,
    SEED,
    { SEED_USERS: String(users), SEED_WITHDRAWALS: JSON.stringify(withdrawals) },
    {
      marker: 'IDS',
      what: 'withdrawals',
    },
  );
}
