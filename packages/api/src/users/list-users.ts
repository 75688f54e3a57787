import { eq, or, sql, type SQL } from 'drizzle-orm';
import type { UsersQuery, UsersResponse } from '@manager/contract';
import type { Db } from '../db/client';
import { users, type UserRow } from '../db/schema/index';
import { preparedRows } from '../db/prepared';
import { asTelegramId, containsAny, likePattern } from './search';
import { readTableStats } from './table-stats';
import { countsFor, countsOf } from './user-stats';
import { toUserSummary } from './user-rows';

/** Username, first or last name containing the text (trigram indexes), or the exact Telegram id. */
export function userSearch(search: string | undefined): SQL | undefined {
  if (!search) return undefined;
  const byName = containsAny([users.username, users.firstName, users.lastName], search);
  const id = asTelegramId(search);
  return id === null ? byName : or(byName, eq(users.telegramId, id));
}

/**
 * How a search finds its page at a million users, whatever the term (issue 9). The planner
 * alone is not trusted: for `ILIKE '%b7c9%' ORDER BY created_at DESC LIMIT 50` it guessed many
 * matches and walked the newest-first index through every row (2.4 s), and a one-letter term
 * or a literal `%` gives the trigram indexes nothing to look up. So:
 *
 * 1. The exact number of matches comes first, with the ids when few (one pass: trigram bitmap
 *    scans when the term has three letters or digits, else one sequential scan). It is cached per term together
 *    with `table_stats.version` of `users`, which a trigger bumps on every insert, delete,
 *    truncate and every update of a name, id or creation date: a cached count is served only
 *    while nothing it depends on changed, so it stays exact (no estimate, no capped count).
 * 2. Few matches (at most `idListMax`): their ids in list order come from the same
 *    MATERIALIZED CTE (no ORDER BY/LIMIT on `users` for the planner to turn into an index walk)
 *    and are cached with the count; a page is then a primary-key lookup of 50 ids.
 * 3. Many matches: the page is found by walking the newest-first index over a window just
 *    large enough to hold it on average (twice the expected rows plus a margin); the window is
 *    a LIMIT subquery, which the planner cannot reorder. A page the window did not fill, or a
 *    window over a quarter of the table (deep pages), falls back to the materialised form.
 */
export interface SearchTuning {
  /** Up to this many matches, all their ids are cached in list order (80 KB at 10,000). */
  idListMax: number;
  /** Terms kept per database, least recently used evicted first. */
  cacheEntries: number;
  /** Rows added to the newest-first window beyond twice the expected need. */
  windowMargin: number;
  /** A larger window than this share of the table reads the matches instead. */
  windowMaxShare: number;
}
export const SEARCH_TUNING: SearchTuning = { idListMax: 10_000, cacheEntries: 200, windowMargin: 1000, windowMaxShare: 0.25 };

interface SearchEntry {
  version: number;
  total: number;
  /** All matching ids in list order, when there are at most `idListMax`. */
  ids: number[] | null;
}

/** Per database (tests open many): term -> entry, least recently used evicted first. */
const caches = new WeakMap<Db, Map<string, Promise<SearchEntry>>>();

function cacheOf(db: Db): Map<string, Promise<SearchEntry>> {
  let cache = caches.get(db);
  if (!cache) {
    cache = new Map();
    caches.set(db, cache);
  }
  return cache;
}

const newestFirst = sql`${users.createdAt} desc, ${users.telegramId} desc`;

/** Every match's id in list order, found without an ORDER BY the planner could walk. */
const matches = (where: SQL) => sql`
  with m as materialized (select ${users.telegramId} as id, ${users.createdAt} as created_at from ${users} where ${where})
  select id from m order by created_at desc, id desc`;

/** Count and (when few) every id in list order, in ONE pass over the matches. */
async function computeEntry(db: Db, where: SQL, version: number, tuning: SearchTuning): Promise<SearchEntry> {
  const res = await db.execute(sql`
    with m as materialized (select ${users.telegramId} as id, ${users.createdAt} as created_at from ${users} where ${where})
    select (select count(*) from m) as n,
      array(select id from m order by created_at desc, id desc limit ${tuning.idListMax + 1}) as ids`);
  const row = (res as unknown as { rows: { n: string | number; ids: (string | number | bigint)[] }[] }).rows[0];
  const total = Number(row?.n ?? 0);
  const ids = total <= tuning.idListMax ? (row?.ids ?? []).map((id) => Number(id)) : null;
  return { version, total, ids };
}

/** The cached entry when still exact, else a new one (concurrent misses share one query). */
async function searchEntry(db: Db, search: string, where: SQL, version: number | null, tuning: SearchTuning): Promise<SearchEntry> {
  if (version === null) return computeEntry(db, where, -1, tuning);
  const cache = cacheOf(db);
  const key = `${tuning.idListMax}:${search}`;
  const cached = cache.get(key);
  if (cached) {
    const entry = await cached.catch(() => null);
    if (entry && entry.version === version) {
      cache.delete(key);
      cache.set(key, cached);
      return entry;
    }
  }
  const pending = computeEntry(db, where, version, tuning);
  cache.delete(key);
  cache.set(key, pending);
  pending.catch(() => cache.get(key) === pending && cache.delete(key));
  while (cache.size > tuning.cacheEntries) cache.delete(cache.keys().next().value!);
  return pending;
}

/** Drizzle prepared selects per database (named statements on PostgreSQL: planned once per connection). */
const statements = new WeakMap<Db, ReturnType<typeof prepareStatements>>();
function prepareStatements(db: Db) {
  return {
    newest: db.select().from(users).orderBy(sql`${newestFirst}`).limit(sql.placeholder('limit')).offset(sql.placeholder('offset')).prepare('users_newest_page'),
    byIds: db
      .select()
      .from(users)
      .where(sql`${users.telegramId} = any(${sql.placeholder('ids')}::bigint[])`)
      .orderBy(sql`${newestFirst}`)
      .prepare('users_by_ids'),
  };
}
function statementsOf(db: Db) {
  let s = statements.get(db);
  if (!s) {
    s = prepareStatements(db);
    statements.set(db, s);
  }
  return s;
}

/** The players with these ids, in list order. */
async function rowsWithIds(db: Db, ids: number[]): Promise<UserRow[]> {
  return ids.length === 0 ? [] : statementsOf(db).byIds.execute({ ids });
}

/**
 * Ids of one page from the newest `$1` players (a LIMIT subquery: the planner cannot reorder
 * it), filtered like `userSearch` (`$2` the escaped pattern, `$3` a Telegram id or null).
 */
const WINDOW_PAGE_SQL = `
  select telegram_id as id from (
    select telegram_id, username, first_name, last_name, created_at from users order by created_at desc, telegram_id desc limit $1
  ) as w
  where w.username ilike $2 or w.first_name ilike $2 or w.last_name ilike $2 or w.telegram_id = $3
  order by created_at desc, telegram_id desc limit $4 offset $5`;

async function windowPageIds(db: Db, search: string, window: number, limit: number, offset: number): Promise<number[]> {
  const rows = await preparedRows<{ id: string | number }>(db, 'users_search_window', WINDOW_PAGE_SQL, [window, likePattern(search), asTelegramId(search), limit, offset]);
  return rows.map((r) => Number(r.id));
}

async function materialisedPageIds(db: Db, where: SQL, limit: number, offset: number): Promise<number[]> {
  const res = await db.execute(sql`${matches(where)} limit ${limit} offset ${offset}`);
  return (res as unknown as { rows: { id: string | number }[] }).rows.map((r) => Number(r.id));
}

/** GET /users: newest players first, one page, with their game and referral counts. */
export async function listUsers(db: Db, query: UsersQuery, now: Date, tuning: SearchTuning = SEARCH_TUNING): Promise<UsersResponse> {
  const offset = (query.page - 1) * query.limit;
  const stats = await readTableStats(db, 'users');
  let rows: UserRow[];
  let totalUsers: number;
  const where = userSearch(query.search);
  if (!where || !query.search) {
    const page = statementsOf(db).newest.execute({ limit: query.limit, offset });
    if (stats) {
      rows = await page;
      totalUsers = stats.rowCount;
    } else {
      const [list, [row]] = await Promise.all([page, db.select({ n: sql<string>`count(*)` }).from(users)]);
      rows = list;
      totalUsers = Number(row?.n ?? 0);
    }
  } else {
    const entry = await searchEntry(db, query.search, where, stats?.version ?? null, tuning);
    totalUsers = entry.total;
    const wanted = Math.max(0, Math.min(query.limit, entry.total - offset));
    if (wanted === 0) rows = [];
    else if (entry.ids) rows = await rowsWithIds(db, entry.ids.slice(offset, offset + query.limit));
    else {
      const tableRows = stats?.rowCount ?? entry.total;
      const window = Math.ceil(((offset + query.limit) * tableRows * 2) / entry.total) + tuning.windowMargin;
      let ids = window <= tableRows * tuning.windowMaxShare ? await windowPageIds(db, query.search, window, query.limit, offset) : [];
      if (ids.length < wanted) ids = await materialisedPageIds(db, where, query.limit, offset);
      rows = await rowsWithIds(db, ids);
    }
  }
  const counts = await countsFor(db, rows.map((r) => r.telegramId));
  return {
    users: rows.map((r) => toUserSummary(r, countsOf(counts, r.telegramId), now)),
    pagination: {
      totalPages: Math.ceil(totalUsers / query.limit),
      totalUsers,
      currentPage: query.page,
      usersPerPage: query.limit,
    },
  };
}
