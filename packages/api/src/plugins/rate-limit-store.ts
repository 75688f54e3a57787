import type { FastifyRateLimitStore } from '@fastify/rate-limit';
import { lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rateLimitCounters as counters } from '../db/schema/rate-limits';

/**
 * Counts one request of `key` and returns the count of its window and the milliseconds left.
 * One statement: the row is created, restarted (window over) or incremented under its row
 * lock, so parallel requests on any number of API instances each get their own count.
 */
export async function countRequest(
  db: Db,
  key: string,
  windowMs: number,
  now: Date,
): Promise<{ current: number; ttl: number }> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const expired = sql`${counters.windowEnds} <= ${at}`;
  const [row] = await db
    .insert(counters)
    .values({ key, hits: 1, windowEnds: new Date(now.getTime() + windowMs) })
    .onConflictDoUpdate({
      target: counters.key,
      set: {
        hits: sql`CASE WHEN ${expired} THEN 1 ELSE ${counters.hits} + 1 END`,
        windowEnds: sql`CASE WHEN ${expired} THEN excluded.window_ends ELSE ${counters.windowEnds} END`,
      },
    })
    .returning({ hits: counters.hits, windowEnds: counters.windowEnds });
  if (!row) throw new Error('rate limit counter not returned');
  return { current: row.hits, ttl: Math.max(0, row.windowEnds.getTime() - now.getTime()) };
}

/** Deletes the counters whose window is over (a later request of the key would restart them). */
export async function deleteExpiredCounters(db: Db, now: Date): Promise<void> {
  await db.delete(counters).where(lt(counters.windowEnds, now));
}

/**
 * The store of `@fastify/rate-limit` over `rate_limit_counters`. Each instance also sweeps
 * expired counters, at most once per window, inside the request that finds the sweep due:
 * no timer, and the table holds about one window's worth of addresses.
 */
export class DatabaseRateLimitStore implements FastifyRateLimitStore {
  private lastSweep = 0;

  constructor(
    private readonly db: Db,
    private readonly clock: () => Date,
  ) {}

  incr(
    key: string,
    callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
    timeWindow: number,
  ): void {
    this.count(key, timeWindow).then(
      (result) => callback(null, result),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
    );
  }

  private async count(key: string, windowMs: number) {
    const now = this.clock();
    const result = await countRequest(this.db, key, windowMs, now);
    if (now.getTime() - this.lastSweep >= windowMs) {
      this.lastSweep = now.getTime();
      await deleteExpiredCounters(this.db, now);
    }
    return result;
  }

  /** One table and one key space for every scope: the key names its scope (see rate-limit.ts). */
  child(): FastifyRateLimitStore {
    return this;
  }
}
