import { count, sql } from 'drizzle-orm';
import { seedDemoAdmins, type DemoAdmins } from '../../auth/demo-admins';
import type { Config } from '../../config';
import type { Db } from '../client';
import * as s from '../schema/index';
import { insertBatches, streamChunks } from './batch';
import { seedAuditRows } from './audit';
import { buildGiveaways, buildMailings, buildTournaments, defaultSettings } from './engagement';
import { buildGames } from './games';
import { buildInventoryChunk, buildMarketOrders, buildStarsGifts } from './gifts';
import { buildLootBoxes } from './loot-boxes';
import { buildShopItems, buildShopOrders } from './shop';
import { buildCompletions, buildTasks } from './tasks';
import { Timeline } from './timeline';
import { buildStarsPayments, buildTonPayments, buildTonWithdrawals } from './transactions';
import { buildUsers } from './users';
import { DEFAULT_USERS, volumesFor, type SeedVolumes, type VolumeCounts } from './volumes';

export {
  DEFAULT_USERS,
  PRODUCTION_VOLUME,
  giftWithdrawalsIn,
  volumesFor,
  type SeedVolumes,
  type VolumeCounts,
} from './volumes';
export { telegramIdOf } from './users';

interface SeedOptions {
  /** Number of players (default 5,000); every player-related table scales with it. */
  users?: number;
  /** Number of games (default 4 per player); the benchmark's 1M users / 5M games data set sets it. */
  games?: number;
  /** Shop orders, withdrawals (gift + TON) and payments (TON + Stars) instead of the per-player scaling (`VolumeCounts`). */
  counts?: Omit<VolumeCounts, 'games'>;
  /** Audit rows about the seeded players, added after them (default none; see seedAuditRows). */
  audit?: number;
  /**
   * Reference time. Default: SEED_NOW from the environment, else the real current time, so
   * "online" players and day/week filters have fresh rows. Pass a fixed date for identical data.
   */
  now?: Date;
  /** Rows generated and written per transaction (memory stays flat at any size). */
  chunkRows?: number;
  log?: (message: string) => void;
  /** When given, the demo admins are seeded too (a no-op if any admin exists). */
  admins?: Pick<Config, 'demo'>;
}

interface SeedReport {
  volumes: SeedVolumes;
  ms: number;
  /** The demo admins created by this call (null when not asked or admins existed). */
  admins: DemoAdmins | null;
}

/** Tables whose ids the seed sets itself; their identity sequences are moved past them. */
const EXPLICIT_ID_TABLES = ['tasks', 'inventories', 'shop_items', 'loot_boxes'] as const;

export function resolveNow(now?: Date): Date {
  if (now) return now;
  const fromEnv = process.env.SEED_NOW ? new Date(process.env.SEED_NOW) : null;
  return fromEnv && !Number.isNaN(fromEnv.getTime()) ? fromEnv : new Date();
}

/** Fills every domain table. Expects them empty (see seedIfEmpty, or the CLI's --reset). */
export async function seedAll(db: Db, opts: SeedOptions = {}): Promise<SeedReport> {
  const started = Date.now();
  const admins = opts.admins ? await seedDemoAdmins(db, opts.admins) : null;
  const v = volumesFor(opts.users ?? DEFAULT_USERS, { ...opts.counts, games: opts.games });
  const time = new Timeline(resolveNow(opts.now), v.users);
  const chunkRows = opts.chunkRows ?? 10_000;
  const log = opts.log ?? (() => {});
  // Progress at every tenth of a table (and its end), so a million-user run shows it is alive.
  const step = (name: string, total: number) => {
    let next = total / 10;
    return (done: number) => {
      if (done < next && done < total) return;
      while (next <= done) next += total / 10;
      log(
        `${name}: ${done.toLocaleString('en')}/${total.toLocaleString('en')} (${((Date.now() - started) / 1000).toFixed(1)} s)`,
      );
    };
  };

  await streamChunks(
    db,
    v.users,
    chunkRows,
    (tx, a, b, c) => insertBatches(tx, s.users, buildUsers(time, a, b, c)),
    step('users', v.users),
  );
  await streamChunks(
    db,
    v.games,
    chunkRows,
    (tx, a, b, c) => insertBatches(tx, s.games, buildGames(time, v.games, a, b, c)),
    step('games', v.games),
  );

  const taskRows = buildTasks(time);
  await insertBatches(db, s.tasks, taskRows);
  await streamChunks(
    db,
    v.users,
    chunkRows,
    (tx, a, b, c) => insertBatches(tx, s.taskCompletions, buildCompletions(time, taskRows, a, b, c)),
    step('task completions (by user)', v.users),
  );

  const giftRows = buildStarsGifts(v.starsGifts);
  await insertBatches(db, s.starsGifts, giftRows);
  await streamChunks(
    db,
    v.inventories,
    chunkRows,
    async (tx, a, b, c) => {
      const chunk = buildInventoryChunk(time, v.inventories, a, b, c);
      await insertBatches(tx, s.inventories, chunk.items);
      await insertBatches(tx, s.marketplaceItems, chunk.listings);
      await insertBatches(tx, s.withdrawals, chunk.giftWithdrawals);
    },
    step('inventories, listings, gift withdrawals', v.inventories),
  );
  await streamChunks(
    db,
    v.marketplaceOrders,
    chunkRows,
    (tx, a, b, c) =>
      insertBatches(tx, s.marketplaceOrders, buildMarketOrders(time, v.marketplaceOrders, a, b, c)),
    step('marketplace orders', v.marketplaceOrders),
  );

  const shopRows = buildShopItems(time, v.shopItems);
  await insertBatches(db, s.shopItems, shopRows);
  await streamChunks(
    db,
    v.shopOrders,
    chunkRows,
    (tx, a, b, c) => insertBatches(tx, s.shopOrders, buildShopOrders(time, shopRows, v.shopOrders, a, b, c)),
    step('shop orders', v.shopOrders),
  );
  // `sold` mirrors the orders, so the Shop cards and the order list agree.
  await db.execute(
    sql`update shop_items si set sold = (select count(*) from shop_orders so where so.shop_item_id = si.id)`,
  );
  await insertBatches(db, s.lootBoxes, buildLootBoxes(time, shopRows, giftRows));

  await streamChunks(
    db,
    v.tonWithdrawals,
    chunkRows,
    (tx, a, b, c) => insertBatches(tx, s.withdrawals, buildTonWithdrawals(time, v.tonWithdrawals, a, b, c)),
    step('TON withdrawals', v.tonWithdrawals),
  );
  await streamChunks(
    db,
    v.tonPayments,
    chunkRows,
    (tx, a, b, c) => insertBatches(tx, s.tonPayments, buildTonPayments(time, v.tonPayments, a, b, c)),
    step('TON payments', v.tonPayments),
  );
  await streamChunks(
    db,
    v.starsPayments,
    chunkRows,
    (tx, a, b, c) => insertBatches(tx, s.starsPayments, buildStarsPayments(time, v.starsPayments, a, b, c)),
    step('Stars payments', v.starsPayments),
  );

  await seedEngagement(db, time, v);
  for (const table of EXPLICIT_ID_TABLES) {
    await db.execute(
      sql.raw(
        `select setval(pg_get_serial_sequence('${table}', 'id'), coalesce((select max(id) from ${table}), 0) + 1, false)`,
      ),
    );
  }
  if (opts.audit) await seedAuditRows(db, opts.audit, new Date(time.now), step('audit rows', opts.audit));
  // Fresh planner statistics, so the first queries on the new rows get good plans.
  await db.execute(sql`analyze`);
  const ms = Date.now() - started;
  log(`seeded ${v.users.toLocaleString('en')} users and their data in ${(ms / 1000).toFixed(1)} s`);
  return { volumes: v, ms, admins };
}

async function seedEngagement(db: Db, time: Timeline, v: SeedVolumes): Promise<void> {
  const gifts = await db
    .select({
      id: s.inventories.id,
      name: s.inventories.name,
      baseName: s.inventories.baseName,
      price: s.inventories.price,
      modelThumbUrl: s.inventories.modelThumbUrl,
    })
    .from(s.inventories)
    .where(sql`${s.inventories.status} = 'available'`)
    .orderBy(s.inventories.id)
    .limit(60);
  const holders = await db
    .select({ telegramId: s.users.telegramId, username: s.users.username })
    .from(s.users)
    .orderBy(sql`${s.users.lastActive} desc nulls last`, s.users.telegramId)
    .limit(300);
  await insertBatches(db, s.mailings, buildMailings(time, v.mailings, v.users));
  await insertBatches(db, s.tournaments, buildTournaments(time, v.tournaments));
  const picks = gifts.map((g) => ({ ...g, price: Number(g.price) }));
  await insertBatches(db, s.giveaways, buildGiveaways(time, v.giveaways, picks, holders));
  await db.insert(s.settings).values(defaultSettings()).onConflictDoNothing();
}

/** Seeds only a database without players (first start); returns null when it did nothing. */
export async function seedIfEmpty(db: Db, opts: SeedOptions = {}): Promise<SeedReport | null> {
  const [row] = await db.select({ n: count() }).from(s.users);
  if ((row?.n ?? 0) > 0) return null;
  return seedAll(db, opts);
}
