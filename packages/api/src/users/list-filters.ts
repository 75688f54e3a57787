import { and, eq, gt, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import { ONLINE_WINDOW_MS, type UsersQuery } from '@manager/contract';
import { executeRows, type Db } from '../db/client';
import { users } from '../db/schema/index';
import { countRows, inListOrder, listDaysOf, listDaysTotal, pageIds, type DayCount } from '../lib/lists';

/**
 * The users list filtered by status (online: seen within ONLINE_WINDOW_MS before the request's
 * clock, as the top bar's Online counts; offline: the others) and type (premium or regular),
 * with an exact total and the plain `ORDER BY created_at desc, telegram_id desc OFFSET` rows:
 *
 * - Online (any type, any search) and any search with a filter: the matches are few (the
 *   online players come from the `last_active` index, a search's from its trigram indexes), so
 *   ONE statement counts them and orders the page, in one snapshot.
 * - Type and/or offline, no search: paged by ids (`pageIds`) on `users_premium_created_at_id_idx`
 *   (or `users_created_at_id_idx`). The type's days are kept by triggers (`list_days`:
 *   `users_premium`, and the regular players are the users' days minus those); offline takes
 *   the online players off per day (the few rows of the `last_active` range), so the total is
 *   exact and a deep page is entered at the day that holds it.
 */

type Filters = Pick<UsersQuery, 'status' | 'type'>;

export const hasFilters = (q: Filters): boolean => q.status !== undefined || q.type !== undefined;

const onlineSince = (now: Date) => new Date(now.getTime() - ONLINE_WINDOW_MS);

const typeWhere = (type: Filters['type']): SQL | undefined =>
  type === undefined ? undefined : eq(users.isPremium, type === 'premium');

function statusWhere(status: Filters['status'], now: Date): SQL | undefined {
  if (status === undefined) return undefined;
  const since = onlineSince(now);
  return status === 'online'
    ? gt(users.lastActive, since)
    : or(isNull(users.lastActive), lte(users.lastActive, since));
}

/** The filters' condition on `users`. */
export const filtersWhere = (q: Filters, now: Date): SQL | undefined =>
  and(typeWhere(q.type), statusWhere(q.status, now));

type Num = string | number;

/** The count and one page of ids of `where`, newest first, in one statement (the matches materialised). */
async function matchedPage(db: Db, where: SQL, limit: number, offset: number) {
  const [row] = await executeRows<{ n: Num; ids: Num[] | null }>(
    db,
    sql`with m as materialized (select ${users.telegramId} as id, ${users.createdAt} as created_at from ${users} where ${where})
    select (select count(*) from m) as n,
      array(select id from m order by created_at desc, id desc limit ${limit} offset ${offset}) as ids`,
  );
  return { total: Number(row!.n), ids: (row!.ids ?? []).map(Number) };
}

/** The players of a type (all when none) per UTC day, newest day first, from the kept days. */
async function typeDays(db: Db, type: Filters['type']): Promise<DayCount[]> {
  if (type === 'premium') return listDaysOf(db, 'users_premium');
  const all = await listDaysOf(db, 'users');
  if (type === undefined) return all;
  return minus(all, await listDaysOf(db, 'users_premium'));
}

async function typeTotal(db: Db, type: Filters['type']): Promise<number> {
  if (type === 'premium') return listDaysTotal(db, 'users_premium');
  const all = await countRows(db, 'users');
  return type === undefined ? all : all - (await listDaysTotal(db, 'users_premium'));
}

/** The online players of a type per UTC day (a range of the last_active index: the few seen lately). */
async function onlineDays(db: Db, type: Filters['type'], now: Date): Promise<DayCount[]> {
  const rows = await executeRows<{ start: Num; n: Num }>(
    db,
    sql`select extract(epoch from d) as start, n from (
      select (${users.createdAt} at time zone 'UTC')::date as d, count(*) as n from ${users}
      where ${and(statusWhere('online', now), typeWhere(type))} group by 1) g order by d desc`,
  );
  return rows.map((r) => ({ start: Number(r.start) * 1000, n: Number(r.n) }));
}

/** Per-day counts `a - b` (both newest day first), days left empty dropped. */
function minus(a: DayCount[], b: DayCount[]): DayCount[] {
  const less = new Map(b.map((d) => [d.start, d.n]));
  return a.map((d) => ({ start: d.start, n: d.n - (less.get(d.start) ?? 0) })).filter((d) => d.n > 0);
}

/** The ids of the requested page of the filtered list (newest first) and its exact total. */
export async function filteredPageIds(
  db: Db,
  query: UsersQuery,
  where: SQL | undefined,
  now: Date,
): Promise<{ ids: number[]; total: number }> {
  const { limit } = query;
  const offset = (query.page - 1) * limit;
  const filter = filtersWhere(query, now);
  if (where || query.status === 'online') return matchedPage(db, and(where, filter)!, limit, offset);
  const offline = query.status === 'offline';
  // Offline: the type's days less its online players; one read of those serves total and days.
  const online = offline ? onlineDays(db, query.type, now) : Promise.resolve([]);
  online.catch(() => undefined);
  return pageIds(
    query,
    async () => (await typeTotal(db, query.type)) - (await online).reduce((sum, d) => sum + d.n, 0),
    async (read) =>
      (
        await inListOrder(
          db.select({ id: users.telegramId }).from(users).$dynamic(),
          { createdAt: users.createdAt, id: users.telegramId },
          filter,
          read,
        )
      ).map((r) => r.id),
    async () => minus(await typeDays(db, query.type), await online),
  );
}
