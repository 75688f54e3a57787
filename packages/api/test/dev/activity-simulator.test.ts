import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { startActivitySimulator, type TickReport } from '../../src/dev/activity-simulator';
import { seedAll } from '../../src/db/seed/index';
import { buildTestApp, type TestApp } from '../support/helper';

/**
 * The demo's activity simulator writes what players would: the counters of the top bar, the
 * newest deposits and withdrawal requests move while it runs and hold still once stopped.
 */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  await seedAll(t.db, { users: 120, now: t.clock.now() });
});
afterAll(async () => {
  await t?.close();
});

const COUNTED = ['games', 'finished', 'ton', 'stars', 'pending', 'online', 'audit'] as const;
async function counts(): Promise<Record<(typeof COUNTED)[number], number>> {
  const result = await t.db.execute(sql`
    select (select count(*) from games) as games,
           (select count(*) from games where status = 'finished') as finished,
           (select count(*) from ton_payments) as ton,
           (select count(*) from stars_payments) as stars,
           (select count(*) from withdrawals where decision is null) as pending,
           (select count(*) from users where last_active > now() - interval '5 minutes') as online,
           (select count(*) from audit_log) as audit`);
  const row = (result as unknown as { rows: Array<Record<string, string>> }).rows[0]!;
  return Object.fromEntries(COUNTED.map((k) => [k, Number(row[k])])) as Record<
    (typeof COUNTED)[number],
    number
  >;
}

/** A repeatable sequence in [0, 1), so every kind of activity happens within a few ticks. */
function sequence() {
  let x = 0.123;
  return () => (x = (x * 9301 + 0.49297) % 1);
}

describe('activity simulator', () => {
  it('moves players, games, deposits and withdrawal requests, writes no audit row, and stops', async () => {
    const before = await counts();
    const ticks: TickReport[] = [];
    const errors: unknown[] = [];
    const simulator = startActivitySimulator(t.db, {
      everyMs: 5,
      random: sequence(),
      onTick: (r) => ticks.push(r),
      onError: (e) => errors.push(e),
    });
    await expect.poll(() => ticks.length, { timeout: 20_000 }).toBeGreaterThanOrEqual(40);
    await simulator.stop();
    expect(errors.map((e) => String((e as { cause?: unknown }).cause ?? e))).toEqual([]);
    const after = await counts();
    const sum = (key: keyof TickReport) => ticks.reduce((n, r) => n + r[key], 0);

    expect(after.games - before.games).toBe(sum('gamesOpened'));
    expect(sum('gamesOpened')).toBeGreaterThan(0);
    expect(after.finished - before.finished).toBe(sum('gamesEnded'));
    expect(after.ton - before.ton).toBe(sum('tonDeposits'));
    expect(after.stars - before.stars).toBe(sum('starsDeposits'));
    expect(after.pending - before.pending).toBe(sum('withdrawalRequests'));
    expect(sum('tonDeposits') + sum('starsDeposits')).toBeGreaterThan(0);
    expect(sum('online')).toBeGreaterThan(0);
    expect(sum('offline')).toBeGreaterThan(0);
    expect(after.online).toBeGreaterThan(0);
    expect(after.audit).toBe(before.audit);

    // Stopped: nothing more is written.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await counts()).toEqual(after);
  });
});
