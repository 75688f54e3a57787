import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isChanceTotalValid, lootBoxRewardSchema } from '@manager/contract';
import type { DbHandle } from '../../src/db/client';
import { parseSeedArgs } from '../../src/db/seed/args';
import {
  PRODUCTION_VOLUME,
  giftWithdrawalsIn,
  seedAll,
  seedIfEmpty,
  volumesFor,
} from '../../src/db/seed/index';
import { inventoryStatus } from '../../src/db/seed/gifts';
import { createTestDb } from '../support/helper';

const USERS = 600;
const NOW = new Date('2026-03-01T12:00:00Z');

async function rows(db: DbHandle['db'], query: string): Promise<Record<string, unknown>[]> {
  const result = (await db.execute(sql.raw(query))) as unknown as { rows: Record<string, unknown>[] };
  return result.rows;
}
const countOf = async (db: DbHandle['db'], table: string) =>
  Number((await rows(db, `select count(*) as n from ${table}`))[0]!.n);

describe('seed', () => {
  let a: DbHandle;
  let b: DbHandle;
  beforeAll(async () => {
    [a, b] = await Promise.all([createTestDb(), createTestDb()]);
    await seedAll(a.db, { users: USERS, now: NOW });
    await seedAll(b.db, { users: USERS, now: NOW, chunkRows: 1000 });
  });
  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()]);
  });

  it('produces identical data on every run, whatever the transaction size', async () => {
    const dumps = [
      'select * from users order by telegram_id',
      'select * from games order by id',
      'select * from task_completions order by task_id, telegram_id',
      'select * from inventories order by id',
      'select * from marketplace_items order by id',
      'select * from marketplace_orders order by id',
      'select * from shop_items order by id',
      'select * from shop_orders order by id',
      'select * from loot_boxes order by id',
      'select * from withdrawals order by id',
      'select * from ton_payments order by id',
      'select * from stars_payments order by id',
      'select * from giveaways order by id',
    ];
    for (const query of dumps) {
      // Blocks are generated and inserted in the same order at any transaction size: ids match too.
      expect(await rows(b.db, query), query).toEqual(await rows(a.db, query));
    }
  });

  it('writes the requested volumes', async () => {
    const v = volumesFor(USERS);
    const listed = Array.from({ length: v.inventories }, (_, i) => inventoryStatus(i)).filter(
      (s) => s === 'listed',
    ).length;
    const inGiftWithdrawals = Array.from({ length: v.inventories }, (_, i) => inventoryStatus(i)).filter(
      (s) => s === 'withdrawing' || s === 'withdrawn',
    ).length;
    expect(await countOf(a.db, 'users')).toBe(USERS);
    expect(await countOf(a.db, 'games')).toBe(v.games);
    expect(await countOf(a.db, 'tasks')).toBe(40);
    expect(await countOf(a.db, 'inventories')).toBe(v.inventories);
    expect(await countOf(a.db, 'marketplace_items')).toBe(listed);
    expect(await countOf(a.db, 'marketplace_orders')).toBe(v.marketplaceOrders);
    expect(await countOf(a.db, 'shop_items')).toBe(30);
    expect(await countOf(a.db, 'shop_orders')).toBe(v.shopOrders);
    expect(await countOf(a.db, 'stars_gifts')).toBe(60);
    expect(await countOf(a.db, 'loot_boxes')).toBe(8);
    expect(await countOf(a.db, 'withdrawals')).toBe(v.tonWithdrawals + inGiftWithdrawals);
    expect(await countOf(a.db, 'ton_payments')).toBe(v.tonPayments);
    expect(await countOf(a.db, 'stars_payments')).toBe(v.starsPayments);
    expect(await countOf(a.db, 'mailings')).toBe(20);
    expect(await countOf(a.db, 'tournaments')).toBe(15);
    expect(await countOf(a.db, 'giveaways')).toBe(25);
    expect(await countOf(a.db, 'settings')).toBe(1);
    expect(await countOf(a.db, 'task_completions')).toBeGreaterThan(USERS / 2);
  });

  it('gives the demo volumes at the default size', () => {
    const v = volumesFor(5000);
    expect([
      v.games,
      v.inventories,
      v.marketplaceOrders,
      v.shopOrders,
      v.tonPayments,
      v.starsPayments,
    ]).toEqual([20_000, 2000, 400, 500, 600, 600]);
  });

  it('keeps data consistent across tables', async () => {
    // Nobody plays, buys or invites before registering.
    expect(
      await rows(
        a.db,
        `select g.id from games g join users u on u.telegram_id in (g.player1_id, g.player2_id) where u.created_at > g.created_at`,
      ),
    ).toEqual([]);
    expect(
      await rows(
        a.db,
        `select u.telegram_id from users u join users r on r.telegram_id = u.referred_by where r.created_at > u.created_at`,
      ),
    ).toEqual([]);
    expect(
      await rows(
        a.db,
        `select si.id from shop_items si where sold <> (select count(*) from shop_orders so where so.shop_item_id = si.id)`,
      ),
    ).toEqual([]);
    expect(
      await rows(a.db, `select id from shop_items where (type = 'NOOB_PACK') <> (bundle_items is not null)`),
    ).toEqual([]);
    expect(
      await rows(
        a.db,
        `select w.id from withdrawals w join inventories i on i.id = w.inventory_id where w.telegram_id <> i.telegram_id`,
      ),
    ).toEqual([]);
    expect(
      await rows(
        a.db,
        `select id from withdrawals where status <> (decision in ('with-transfer', 'without-transfer'))`,
      ),
    ).toEqual([]);
    expect(
      await rows(
        a.db,
        `select id from games where status = 'finished' and winner_telegram_id not in (player1_id, player2_id)`,
      ),
    ).toEqual([]);
    expect(await rows(a.db, `select username from users where username !~ '^[A-Za-z0-9_]{5,32}$'`)).toEqual(
      [],
    );
    // Images never point at an internet host (gift pictures are built by the console from names).
    for (const [table, column] of [
      ['users', 'avatar'],
      ['tasks', 'photo_url'],
      ['shop_items', 'photo_url'],
      ['loot_boxes', 'image_url'],
      ['giveaways', 'preview_image_url'],
      ['inventories', 'model_thumb_url'],
    ]) {
      expect(
        await rows(a.db, `select 1 from ${table} where ${column} like 'http%'`),
        `${table}.${column}`,
      ).toEqual([]);
    }
  });

  it('fills every screen: online and premium players, active games, pending withdrawals', async () => {
    const [u] = await rows(
      a.db,
      `select count(*) filter (where last_active > '${NOW.toISOString()}'::timestamptz - interval '5 minutes') as online,
      count(*) filter (where is_premium) as premium, count(*) filter (where referred_by is not null) as referred from users`,
    );
    expect(Number(u!.online)).toBeGreaterThan(0);
    expect(Number(u!.premium)).toBeGreaterThan(USERS * 0.1);
    expect(Number(u!.referred)).toBeGreaterThan(USERS * 0.2);
    expect(
      Number(
        (await rows(a.db, `select count(*) as n from games where status in ('waiting', 'in_progress')`))[0]!
          .n,
      ),
    ).toBeGreaterThan(0);
    expect(
      Number((await rows(a.db, `select count(*) as n from withdrawals where decision is null`))[0]!.n),
    ).toBeGreaterThan(0);
  });

  it('gives every loot box valid rewards whose chances sum to 100%', async () => {
    for (const box of await rows(a.db, 'select rewards from loot_boxes')) {
      const rewards = (box.rewards as unknown[]).map((r) => lootBoxRewardSchema.parse(r));
      expect(isChanceTotalValid(rewards)).toBe(true);
      expect(rewards.map((r) => r.id)).toEqual(rewards.map((_, k) => k + 1));
    }
  });

  it('seeds only an empty database', async () => {
    expect(await seedIfEmpty(a.db, { users: 10, now: NOW })).toBeNull();
    expect(await countOf(a.db, 'users')).toBe(USERS);
  });
});

describe('seed at production volume', () => {
  let c: DbHandle;
  const counts = { shopOrders: 1234, withdrawals: 90, payments: 1001 };
  beforeAll(async () => {
    c = await createTestDb();
    await seedAll(c.db, { users: 300, now: NOW, counts, audit: 2500 });
  });
  afterAll(async () => {
    await c?.close();
  });

  it('writes the shop orders, withdrawals (gift + TON), payments (TON + Stars) and audit rows asked for', async () => {
    const v = volumesFor(300, counts);
    expect(await countOf(c.db, 'shop_orders')).toBe(1234);
    expect(await countOf(c.db, 'withdrawals')).toBe(90);
    expect(await countOf(c.db, 'withdrawals where inventory_id is not null')).toBe(
      giftWithdrawalsIn(v.inventories),
    );
    expect(await countOf(c.db, 'ton_payments')).toBe(501);
    expect(await countOf(c.db, 'stars_payments')).toBe(500);
    expect(await countOf(c.db, 'audit_log')).toBe(2500);
    // The rows are about seeded players and spread over the year before `now`.
    expect(
      await rows(
        c.db,
        `select id from audit_log where user_telegram_id is not null and user_telegram_id not in (select telegram_id from users)`,
      ),
    ).toEqual([]);
    const [span] = await rows(
      c.db,
      `select min(created_at) >= '${NOW.toISOString()}'::timestamptz - interval '365 days' as after, max(created_at) <= '${NOW.toISOString()}' as before from audit_log`,
    );
    expect(span).toEqual({ after: true, before: true });
    expect(
      Number((await rows(c.db, `select count(distinct action) as n from audit_log`))[0]!.n),
    ).toBeGreaterThan(10);
  });

  it('counts gift withdrawals as the inventory statuses give them', () => {
    for (const n of [0, 1, 6, 7, 8, 39, 40, 47, 48, 400_000]) {
      const expected = Array.from({ length: n }, (_, i) => inventoryStatus(i)).filter(
        (s) => s === 'withdrawing' || s === 'withdrawn',
      ).length;
      expect(giftWithdrawalsIn(n), String(n)).toBe(expected);
    }
  });

  it('refuses fewer withdrawals than the gift withdrawals', () => {
    expect(() => volumesFor(1000, { withdrawals: 10 })).toThrow(/withdrawals must be at least 20/);
  });

  it('reads the CLI flags, the production preset and its overrides, and names a bad flag', () => {
    expect(parseSeedArgs([])).toMatchObject({
      users: 5000,
      games: undefined,
      audit: 0,
      counts: { shopOrders: undefined, withdrawals: undefined, payments: undefined },
    });
    expect(parseSeedArgs(['--', '--volume', 'production'])).toMatchObject({
      users: 1_000_000,
      games: 5_000_000,
      audit: 1_000_000,
      counts: { shopOrders: 1_000_000, withdrawals: 200_000, payments: 1_000_000 },
    });
    expect(PRODUCTION_VOLUME).toEqual({
      users: 1_000_000,
      games: 5_000_000,
      shopOrders: 1_000_000,
      withdrawals: 200_000,
      payments: 1_000_000,
      audit: 1_000_000,
    });
    expect(
      parseSeedArgs(['--volume', 'production', '--users', '2_000', '--audit', '0', '--shop-orders', '1,500']),
    ).toMatchObject({
      users: 2000,
      games: 5_000_000,
      audit: 0,
      counts: { shopOrders: 1500, withdrawals: 200_000 },
    });
    expect(() => parseSeedArgs(['--volume', 'huge'])).toThrow(/--volume must be production/);
    expect(() => parseSeedArgs(['--payments', '-1'])).toThrow(/--payments must be a positive whole number/);
    expect(() => parseSeedArgs(['--withdrawals', 'many'])).toThrow(/--withdrawals/);
    expect(() => parseSeedArgs(['--audit', '1.5'])).toThrow(/--audit must be a whole number/);
  });
});
