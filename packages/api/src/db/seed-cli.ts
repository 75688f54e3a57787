import { count, sql } from 'drizzle-orm';
import { loadConfig } from '../config';
import { migrateSchema, openSchemaOwner } from './prepare';
import { users } from './schema/index';
import { dropSecondaryIndexes, restoreIndexes } from './seed/bulk-indexes';
import { parseSeedArgs } from './seed/args';
import { seedAuditRows } from './seed/audit';
import { resolveNow, seedAll, volumesFor } from './seed/index';

/**
 * `pnpm --filter @manager/api seed -- [--users N] [--games N] [--shop-orders N] [--withdrawals N]
 *   [--payments N] [--audit N] [--volume production] [--reset]`
 * Builds a data set of any size against DATABASE_URL (or the PGlite folder), streaming in
 * blocks: memory stays flat at a million users. `--volume production` is 1M users, 5M games,
 * 1M shop orders, 200k withdrawals, 1M payments and 1M audit rows; a count given beside it
 * wins. --reset empties the player data first (admins, sessions and the audit log are kept;
 * --audit adds its rows to what the log holds). `--audit N` alone on a database that already
 * holds players adds N audit rows about them, as the seed writes them, and nothing else.
 */
const DOMAIN_TABLES = [
  'task_completions',
  'tasks',
  'games',
  'marketplace_items',
  'marketplace_orders',
  'shop_orders',
  'shop_items',
  'withdrawals',
  'inventories',
  'stars_gifts',
  'loot_boxes',
  'ton_payments',
  'stars_payments',
  'mailings',
  'tournaments',
  'giveaways',
  'settings',
  'users',
];

const startedAt = Date.now();
/** The arguments, or exit 1 with the reason (naming the flag) before anything is opened or written. */
function readArgs() {
  try {
    const parsed = parseSeedArgs(process.argv.slice(2));
    // e.g. fewer withdrawals than the inventory's gift withdrawals.
    volumesFor(parsed.users, { ...parsed.counts, games: parsed.games });
    return parsed;
  } catch (error) {
    console.error(`seed: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
}
const opts = readArgs();
const n = (x: number) => x.toLocaleString('en');
const log = (m: string) => console.log(`  ${m}`);
const config = loadConfig();
if (config.nodeEnv === 'production') {
  console.error(
    'The seed writes demo players and demo admins with published passwords: it never runs with NODE_ENV=production.',
  );
  process.exit(1);
}
// The seed empties tables, drops and rebuilds indexes and writes audit rows with the triggers
// off: the schema owner's work (MIGRATION_DATABASE_URL when set).
const handle = await openSchemaOwner(config);
const target = handle.driver === 'pg' ? 'PostgreSQL (DATABASE_URL)' : `PGlite at ${config.pgliteDir}`;
try {
  await migrateSchema(handle, config);
  if (opts.reset) {
    console.log(`Emptying player data in ${target}...`);
    await handle.db.execute(sql.raw(`truncate ${DOMAIN_TABLES.join(', ')} restart identity cascade`));
  }
  const [existing] = await handle.db.select({ n: count() }).from(users);
  const players = existing?.n ?? 0;
  if (players > 0 && opts.auditOnly) {
    console.log(`Adding ${n(opts.audit)} audit rows about the ${n(players)} players in ${target}...`);
    await seedAuditRows(handle.db, opts.audit, resolveNow(), (done) => log(`${n(done)} audit rows`));
    await handle.db.execute(sql`vacuum analyze audit_log`);
    console.log(`Done: ${n(opts.audit)} audit rows in ${((Date.now() - startedAt) / 1000).toFixed(1)} s.`);
  } else if (players > 0) {
    console.error(
      `${target} already holds ${n(players)} users; run again with --reset to replace them (--audit N alone adds audit rows to them).`,
    );
    process.exitCode = 1;
  } else {
    const v = volumesFor(opts.users, { ...opts.counts, games: opts.games });
    console.log(
      `Seeding ${n(v.users)} users, ${n(v.games)} games, ${n(v.shopOrders)} shop orders, ${n(v.tonWithdrawals)} TON withdrawals (plus the gift withdrawals), ` +
        `${n(v.tonPayments + v.starsPayments)} payments and ${n(opts.audit)} audit rows into ${target}...`,
    );
    // Indexes are rebuilt once at the end (also after a failure, so the schema stays whole).
    const indexes = await dropSecondaryIndexes(handle.db, DOMAIN_TABLES);
    let report;
    try {
      report = await seedAll(handle.db, {
        users: opts.users,
        games: opts.games,
        counts: opts.counts,
        audit: opts.audit,
        chunkRows: opts.chunkRows,
        admins: config,
        log,
      });
    } finally {
      const started = Date.now();
      await restoreIndexes(handle.db, indexes, log);
      log(`${indexes.length} indexes rebuilt in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    }
    // Marks pages all-visible so counts and top lists can use index-only scans.
    log('vacuum analyze...');
    await handle.db.execute(sql`vacuum analyze`);
    const rss = Math.round(process.resourceUsage().maxRSS / 1024);
    console.log(
      `Done: data in ${(report.ms / 1000).toFixed(1)} s, ${((Date.now() - startedAt) / 1000).toFixed(1)} s in all (peak resident memory about ${rss} MB).`,
    );
  }
} finally {
  await handle.close();
}
