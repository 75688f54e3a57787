import { runSeedScript } from './seed-script';

// Runs in packages/api through tsx (as shop-volume.ts does): the API's own migrations and seed
// into a PGlite folder; then exactly ONLINE players (the lowest ids, every third premium) are
// seen now and every other player more than 5 minutes ago; prints the counts read back.
const SEED = `
const { createDb } = await import('./src/db/client.ts');
const { migrateDb } = await import('./src/db/migrate.ts');
const { seedAll } = await import('./src/db/seed/index.ts');
const { sql } = await import('drizzle-orm');
const h = await createDb({ pgliteDir: process.env.SEED_DIR });
await migrateDb(h.db);
await seedAll(h.db, { users: Number(process.env.SEED_USERS) });
const rows = (r) => r.rows ?? r;
await h.db.execute(sql\`update users set last_active = now() - interval '1 hour' where last_active > now() - interval '10 minutes'\`);
await h.db.execute(sql\`
  update users set last_active = now(), is_premium = s.rn % 3 = 0
  from (select telegram_id, row_number() over (order by telegram_id) as rn from users order by telegram_id limit \${Number(process.env.ONLINE)}) s
  where users.telegram_id = s.telegram_id\`);
const [counts] = rows(await h.db.execute(sql\`
  select count(*) filter (where last_active > now() - interval '5 minutes')::int as online,
         count(*) filter (where last_active > now() - interval '5 minutes' and is_premium)::int as "onlinePremium",
         count(*) filter (where last_active <= now() - interval '5 minutes' and is_premium)::int as "offlinePremium",
         count(*)::int as total
  from users\`));
await h.close();
console.log('COUNTS ' + JSON.stringify(counts));
`;

export interface OnlineCounts {
  online: number;
  onlinePremium: number;
  offlinePremium: number;
  total: number;
}

/**
 * A PGlite folder with the demo data of `users` players of whom exactly `online` were seen
 * just now (a third of them premium), for an API of a spec's own (`usePrivateApi({ PGLITE_DIR:
 * dir })`). "Online" lasts 5 minutes from here: the spec checks it first.
 */
export function seedOnlinePlayers(dir: string, { users, online }: { users: number; online: number }) {
  return runSeedScript<OnlineCounts>(
    dir,
    SEED,
    { SEED_USERS: String(users), ONLINE: String(online) },
    {
      marker: 'COUNTS',
      what: 'online players',
    },
  );
}
