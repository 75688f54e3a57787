import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { executeRows } from '../../src/db/client';
import { startActivitySimulator, type TickReport } from '../../src/dev/activity-simulator';
import { seedAll } from '../../src/db/seed/index';
import { buildTestApp, type TestApp } from '../support/helper';

/** The simulator publishes what the platform would: each request, each deposit, and the metrics. */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  await seedAll(t.db, { users: 60, now: t.clock.now() });
});
afterAll(() => t?.close());

describe('activity simulator events', () => {
  it('publishes withdrawal.requested, payment.received and one metrics.moved per tick that changed anything', async () => {
    const ticks: TickReport[] = [];
    let x = 0.321;
    const simulator = startActivitySimulator(t.db, {
      everyMs: 5,
      random: () => (x = (x * 9301 + 0.49297) % 1),
      onTick: (r) => ticks.push(r),
    });
    await expect.poll(() => ticks.length, { timeout: 20_000 }).toBeGreaterThanOrEqual(30);
    await simulator.stop();
    const sum = (key: keyof TickReport) => ticks.reduce((n, r) => n + r[key], 0);
    const rows = await executeRows<{ action: string; n: string; actors: string; ids: string }>(
      t.db,
      sql`select action, count(*) as n, count(actor) as actors, count(entity_id) as ids
          from console_events group by action`,
    );
    const count = (action: string) => Number(rows.find((r) => r.action === action)?.n ?? 0);
    expect(count('withdrawal.requested')).toBe(sum('withdrawalRequests'));
    expect(count('payment.received')).toBe(sum('tonDeposits') + sum('starsDeposits'));
    expect(count('metrics.moved')).toBe(ticks.filter((r) => Object.values(r).some((n) => n > 0)).length);
    expect(sum('withdrawalRequests')).toBeGreaterThan(0);
    for (const row of rows) expect(Number(row.actors)).toBe(0);
    const withIds = rows.filter((r) => r.action !== 'metrics.moved');
    for (const row of withIds) expect(row.ids).toBe(row.n);
  });
});
