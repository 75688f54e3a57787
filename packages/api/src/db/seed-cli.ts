import { count, sql } from 'drizzle-orm';
import { loadConfig } from '../config';
import { createDb } from './client';
import { migrateDb } from './migrate';
import { users } from './schema/index';
import { dropSecondaryIndexes, restoreIndexes } from './seed/bulk-indexes';
import { DEFAULT_USERS, seedAll } from './seed/index';

/**
 * `pnpm --filter @manager/api seed -- [--users 1000000] [--games 5000000] [--reset]`
 * Builds a data set of any size against DATABASE_URL (or the PGlite folder), streaming in
 * blocks: memory stays flat at a million users. --reset empties the player data first
 * (admins, sessions and the audit log are kept).
 */
const DOMAIN_TABLES = [
  'task_completions', 'tasks', 'games', 'marketplace_items', 'marketplace_orders', 'shop_orders', 'shop_items',
  'withdrawals', 'inventories', 'stars_gifts', 'loot_boxes', 'ton_payments', 'stars_payments', 'mailings',
  'tournaments', 'giveaways', 'settings', 'users',
];

function parseArgs(argv: string[]) {
  const args = argv.filter((a) => a !== '--');
  const value = (name: string) => {
    const i = args.indexOf(name);
    return i >= 0 ? args[i + 1] : undefined;
  };
  const usersArg = value('--users');
  const userCount = usersArg === undefined ? DEFAULT_USERS : Number(usersArg.replace(/[_,]/g, ''));
  if (!Number.isInteger(userCount) || userCount < 1) throw new Error(`--users must be a positive whole number, got ${usersArg}`);
  const gamesArg = value('--games');
  const gameCount = gamesArg === undefined ? undefined : Number(gamesArg.replace(/[_,]/g, ''));
  if (gameCount !== undefined && (!Number.isInteger(gameCount) || gameCount < 1)) throw new Error(`--games must be a positive whole number, got ${gamesArg}`);
  const chunkArg = value('--chunk');
  return { users: userCount, games: gameCount, reset: args.includes('--reset'), chunkRows: chunkArg ? Number(chunkArg) : undefined };
}

const startedAt = Date.now();
const opts = parseArgs(process.argv.slice(2));
const config = loadConfig();
if (config.nodeEnv === 'production') {
  console.error('The seed writes demo players and demo admins with published passwords: it never runs with NODE_ENV=production.');
  process.exit(1);
}
const handle = await createDb({ databaseUrl: config.databaseUrl, pgliteDir: config.pgliteDir });
const target = handle.driver === 'pg' ? 'PostgreSQL (DATABASE_URL)' : `PGlite at ${config.pgliteDir}`;
try {
  await migrateDb(handle.db);
  if (opts.reset) {
    console.log(`Emptying player data in ${target}...`);
    await handle.db.execute(sql.raw(`truncate ${DOMAIN_TABLES.join(', ')} restart identity cascade`));
  }
  const [existing] = await handle.db.select({ n: count() }).from(users);
  if ((existing?.n ?? 0) > 0) {
    console.error(`${target} already holds ${existing!.n} users; run again with --reset to replace them.`);
    process.exitCode = 1;
  } else {
    const games = opts.games === undefined ? '' : ` and ${opts.games.toLocaleString('en')} games`;
    console.log(`Seeding ${opts.users.toLocaleString('en')} users${games} into ${target}...`);
    const log = (m: string) => console.log(`  ${m}`);
    // Indexes are rebuilt once at the end (also after a failure, so the schema stays whole).
    const indexes = await dropSecondaryIndexes(handle.db, DOMAIN_TABLES);
    let report;
    try {
      report = await seedAll(handle.db, { users: opts.users, games: opts.games, chunkRows: opts.chunkRows, admins: config, log });
    } finally {
      const started = Date.now();
      await restoreIndexes(handle.db, indexes, log);
      log(`${indexes.length} indexes rebuilt in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    }
    // Marks pages all-visible so counts and top lists can use index-only scans.
    log('vacuum analyze...');
    await handle.db.execute(sql`vacuum analyze`);
    const rss = Math.round(process.resourceUsage().maxRSS / 1024);
    console.log(`Done: data in ${(report.ms / 1000).toFixed(1)} s, ${((Date.now() - startedAt) / 1000).toFixed(1)} s in all (peak resident memory about ${rss} MB).`);
  }
} finally {
  await handle.close();
}
