import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { Db } from './client';
import { migrateDb } from './migrate';
import * as schema from './schema/index';
import { dropSecondaryIndexes, restoreIndexes } from './seed/bulk-indexes';

/**
 * `DATABASE_URL=postgres:///bench?host=/var/run/postgresql PGLITE_DIR=/var/tmp/pglite-1m
 *  pnpm --filter @manager/api exec tsx src/db/pglite-from-pg-cli.ts`
 *
 * Copies the player data of a seeded PostgreSQL database into a new PGlite folder (same
 * migrations, so the same columns in the same order): `psql \copy` to CSV in key ranges, then
 * `COPY ... FROM '/dev/blob'` into PGlite with triggers and foreign-key checks off
 * (session_replication_role = replica), then the secondary indexes once, the identity
 * sequences, `table_stats`, `user_counts`, the dashboard's totals, and `vacuum analyze`. The audit log is copied as it is,
 * chain columns and head included: a row's hash covers its content and the hash before it, not
 * where it is stored, so the copy verifies as the source does (docs/audit.md). The seed CLI writes a million users and
 * five million games into PGlite in about an hour on two busy cores; this makes the same
 * data set (the seed is deterministic) in a fraction of it, for the benchmark. Needs `psql`.
 */
const TABLES: { name: string; key?: string; chunks?: number; replace?: boolean }[] = [
  { name: 'users', key: 'telegram_id', chunks: 8 },
  { name: 'games', key: 'id', chunks: 20 },
  { name: 'tasks' },
  { name: 'task_completions', key: 'telegram_id', chunks: 8 },
  { name: 'stars_gifts' },
  { name: 'inventories', key: 'id', chunks: 4 },
  { name: 'marketplace_items' },
  { name: 'marketplace_orders' },
  { name: 'shop_items' },
  { name: 'shop_orders' },
  { name: 'loot_boxes' },
  { name: 'withdrawals' },
  { name: 'ton_payments' },
  { name: 'stars_payments' },
  { name: 'mailings' },
  { name: 'tournaments' },
  { name: 'giveaways' },
  { name: 'settings' },
  { name: 'audit_log', key: 'id', chunks: 4 },
  // The one-row head replaces the migrated one (empty chain), so it is removed first.
  { name: 'audit_chain_head', replace: true },
];

const databaseUrl = process.env.DATABASE_URL;
const dir = process.env.PGLITE_DIR;
if (!databaseUrl || !dir || dir.startsWith('memory://'))
  throw new Error('set DATABASE_URL (the source) and PGLITE_DIR (a new folder)');

const psql = (args: string[]) =>
  execFileSync('psql', ['-X', '-v', 'ON_ERROR_STOP=1', '-At', '-d', databaseUrl, ...args], {
    encoding: 'utf8',
    maxBuffer: 1 << 26,
  });
const started = Date.now();
const since = () => `${((Date.now() - started) / 1000).toFixed(1)} s`;
const tmp = mkdtempSync(join(tmpdir(), 'pglite-from-pg-'));
const client = await PGlite.create(dir, { extensions: { pg_trgm } });
const db = drizzle({ client, schema }) as unknown as Db;
try {
  await migrateDb(db);
  const existing = await client.query<{ n: number }>('select count(*)::int as n from users');
  if ((existing.rows[0]?.n ?? 0) > 0) throw new Error(`${dir} already holds users`);
  const indexes = await dropSecondaryIndexes(
    db,
    TABLES.map((t) => t.name),
  );
  await client.exec('set session_replication_role = replica');
  for (const table of TABLES) {
    const columns = psql([
      '-c',
      `select string_agg(quote_ident(column_name), ',' order by ordinal_position) from information_schema.columns where table_schema = 'public' and table_name = '${table.name}'`,
    ]).trim();
    const mine = await client.query<{ c: string }>(
      `select string_agg(quote_ident(column_name), ',' order by ordinal_position) as c from information_schema.columns where table_schema = 'public' and table_name = '${table.name}'`,
    );
    if (mine.rows[0]?.c !== columns)
      throw new Error(`${table.name}: columns differ (${columns} vs ${mine.rows[0]?.c})`);
    if (table.replace) await client.exec(`delete from ${table.name}`);
    const ranges: string[] = [];
    if (table.key && table.chunks) {
      const [lo, hi] = psql(['-c', `select min(${table.key}), max(${table.key}) from ${table.name}`])
        .trim()
        .split('|')
        .map(Number);
      const step = Math.ceil((hi! - lo! + 1) / table.chunks);
      for (let a = lo!; a <= hi!; a += step)
        ranges.push(`where ${table.key} >= ${a} and ${table.key} < ${a + step}`);
    } else ranges.push('');
    let rows = 0;
    for (const where of ranges) {
      const file = join(tmp, `${table.name}.csv`);
      psql(['-c', `\\copy (select ${columns} from ${table.name} ${where}) to '${file}' with (format csv)`]);
      const res = await client.query(
        `copy ${table.name} (${columns}) from '/dev/blob' with (format csv)`,
        [],
        { blob: new Blob([readFileSync(file)]) },
      );
      rows += res.affectedRows ?? 0;
      rmSync(file);
    }
    console.log(`  ${table.name}: ${rows.toLocaleString('en')} rows (${since()})`);
  }
  await client.exec('set session_replication_role = origin');
  const copiedAt = Date.now();
  await restoreIndexes(db, indexes, (m) => console.log(`  ${m}`));
  console.log(`  ${indexes.length} indexes rebuilt in ${((Date.now() - copiedAt) / 1000).toFixed(1)} s`);
  await db.execute(
    sql`update table_stats set row_count = (select count(*) from users), version = version + 1 where name = 'users'`,
  );
  await db.execute(
    sql`update table_stats set row_count = (select count(*) from games), version = version + 1 where name = 'games'`,
  );
  // The per-player counters and the dashboard's totals: the triggers were off during the copy.
  await db.execute(sql`select user_counts_rebuild()`);
  await db.execute(sql`select dashboard_totals_rebuild()`);
  await db.execute(sql`select shop_order_days_rebuild()`);
  await db.execute(sql`select withdrawal_counts_rebuild()`);
  await db.execute(sql`select payment_days_rebuild()`);
  await db.execute(sql`select task_completion_counts_rebuild()`);
  await db.execute(sql`select list_days_rebuild()`);
  await db.execute(sql`select inventory_name_counts_rebuild()`);
  await db.execute(sql`select marketplace_order_name_counts_rebuild()`);
  // Identity and serial columns (audit_log.id) alike: the next id follows the copied rows.
  const identities = await client.query<{ t: string; c: string }>(
    `select table_name as t, column_name as c from information_schema.columns
     where table_schema = 'public' and (is_identity = 'YES' or column_default like 'nextval(%')`,
  );
  for (const { t, c } of identities.rows) {
    await client.query(
      `select setval(pg_get_serial_sequence('${t}', '${c}'), coalesce((select max(${c}) from ${t}), 0) + 1, false)`,
    );
  }
  console.log(`  vacuum analyze... (${since()})`);
  await client.exec('vacuum analyze');
  console.log(
    `Done in ${since()} (peak resident memory about ${Math.round(process.resourceUsage().maxRSS / 1024)} MB).`,
  );
} finally {
  await client.close();
  rmSync(tmp, { recursive: true, force: true });
}
