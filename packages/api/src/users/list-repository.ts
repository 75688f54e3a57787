import { sql, type SQL } from 'drizzle-orm';
import type { UsersQuery, UsersResponse } from '@manager/contract';
import { executeRows, type Db } from '../db/client';
import { users } from '../db/schema/index';
import { inListOrder, listDaysOf, pageIds } from '../lib/lists';
import { preparedRows } from '../db/prepared';
import { asTelegramId, likePattern, playerSearch } from '../lib/search';
import { BY_IDS_PAGE_SQL, byIdsRows, summariesJsonSql } from './list-page-sql';
import { filteredPageIds, hasFilters } from './list-filters';

/**
 * How a search finds its page at a million users, whatever the term. The planner
 * alone is not trusted: for `ILIKE '%b7c9%' ORDER BY created_at DESC LIMIT 50` it guessed many
 * matches and walked the newest-first index through every row (2.4 s), and a one-letter term
 * or a literal `%` gives the trigram indexes nothing to look up. So:
 *
 * 1. The exact number of matches comes first, with the first `idListMax` ids in list order
 *    (one pass: trigram bitmap scans when the term has three letters or digits, else one
 *    sequential scan; a MATERIALIZED CTE, so no ORDER BY/LIMIT on `users` for the planner to
 *    turn into an index walk). It is cached per term together with `table_stats.version` of
 *    `users`, which a trigger bumps on every insert, delete, truncate and every update of a
 *    name, id or creation date. The statement that reads a page also reads that version (same
 *    snapshot); a changed version drops the entry and the page is computed again, so a served
 *    count and page are exact (no estimate, no capped count).
 * 2. A page within those ids (every page of a term with at most `idListMax` matches, the first
 *    `idListMax / limit` pages of any term): a primary-key lookup of its ids, one statement.
 * 3. Deeper pages of a term with more matches: the page is found by walking the newest-first
 *    index over a window just large enough to hold it on average (twice the expected rows plus
 *    a margin); the window is a LIMIT subquery, which the planner cannot reorder. A page the
 *    window did not fill, or a window over a quarter of the table, falls back to the
 *    materialised form.
 */
export interface SearchTuning {
  /** The first this many matching ids of a term are cached in list order (80 KB at 10,000). */
  idListMax: number;
  /** Terms kept per database, least recently used evicted first. */
  cacheEntries: number;
  /** Rows added to the newest-first window beyond twice the expected need. */
  windowMargin: number;
  /** A larger window than this share of the table reads the matches instead. */
  windowMaxShare: number;
  /**
   * No search: the newest this many ids are cached like a term's (any insert or delete of a
   * player drops them; reading 1,000 ids again costs about 0.3 ms at 1M users).
   */
  newestIdsMax: number;
}
export const SEARCH_TUNING: SearchTuning = {
  idListMax: 10_000,
  cacheEntries: 200,
  windowMargin: 1000,
  windowMaxShare: 0.25,
  newestIdsMax: 1000,
};

/** A list whose first ids are cached: a search term, or all players (no search). */
interface ListKey {
  /** The cache key. */
  key: string;
  /** The search text and its condition; null: every player. */
  search: { text: string; where: SQL } | null;
  /** How many of its first ids are cached. */
  max: number;
}

interface SearchEntry {
  /** `table_stats.version` of users when counted (null: no stats row, never cached). */
  version: number | null;
  total: number;
  /** Rows in `users` then (`table_stats.row_count`), sizes the newest-first window. */
  tableRows: number;
  /** The first `idListMax` matching ids in list order (all of them when `total <= idListMax`). */
  ids: number[];
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

/** Every match's id in list order, found without an ORDER BY the planner could walk. */
const matches = (where: SQL) => sql`
  with m as materialized (select ${users.telegramId} as id, ${users.createdAt} as created_at from ${users} where ${where})
  select id from m order by created_at desc, id desc`;

/** A whole number inlined in SQL text (only for values the API computed, never for input text). */
const int = (n: number) => sql.raw(String(Math.trunc(n)));

interface Page {
  limit: number;
  offset: number;
  nowMs: number;
}

/**
 * ONE statement, one snapshot: the count, the first `idListMax` ids in list order, the users
 * version and row count, and the requested page as JSON (complete when it lies within those
 * ids), so a first search needs no second round trip and its page agrees with its count.
 */
async function computeEntry(
  db: Db,
  list: ListKey,
  page: Page,
): Promise<{ entry: SearchEntry; usersJson: string | null }> {
  // Array subscripts are int4: a page past them is not in the cached ids anyway (empty slice).
  const sub = (n: number) => Math.min(Math.trunc(n), 2_147_483_647);
  const pageJson = sql.raw(
    summariesJsonSql(
      byIdsRows(`f.a[${sub(page.offset + 1)}:${sub(page.offset + page.limit)}]`),
      String(Math.trunc(page.nowMs)),
    ),
  );
  const stats = sql`(select version from table_stats where name = 'users') as version,
      (select row_count from table_stats where name = 'users') as table_rows`;
  const res = list.search
    ? await db.execute(sql`
    with m as materialized (select ${users.telegramId} as id, ${users.createdAt} as created_at from ${users} where ${list.search.where}),
    f as materialized (select array(select id from m order by created_at desc, id desc limit ${int(list.max)}) as a)
    select ${stats}, (select count(*) from m) as n, f.a as ids, ${pageJson} as users
    from f`)
    : await db.execute(sql`
    with f as materialized (select array(select ${users.telegramId} from ${users} order by ${users.createdAt} desc, ${users.telegramId} desc limit ${int(list.max)}) as a)
    select ${stats}, coalesce((select row_count from table_stats where name = 'users'), (select count(*) from ${users})) as n, f.a as ids, ${pageJson} as users
    from f`);
  const row = (
    res as unknown as {
      rows: { version: Num | null; table_rows: Num | null; n: Num; ids: Num[] | null; users: string }[];
    }
  ).rows[0]!;
  const total = Number(row.n);
  const ids = (row.ids ?? []).map((id) => Number(id));
  const entry: SearchEntry = {
    version: row.version === null ? null : Number(row.version),
    total,
    tableRows: row.table_rows === null ? total : Number(row.table_rows),
    ids,
  };
  const wanted = Math.max(0, Math.min(page.limit, total - page.offset));
  return { entry, usersJson: page.offset + wanted <= ids.length ? row.users : null };
}
type Num = string | number | bigint;

/**
 * The cached entry of this term, else a new one (concurrent misses share one query; only the
 * request that ran it gets its page with it). A cached entry is checked against the users
 * version by the statement that reads the page (BY_IDS_PAGE_SQL), not before.
 */
async function searchEntry(
  db: Db,
  list: ListKey,
  tuning: SearchTuning,
  page: Page,
): Promise<{ entry: SearchEntry; usersJson: string | null }> {
  const cache = cacheOf(db);
  const { key } = list;
  const cached = cache.get(key);
  if (cached) {
    const entry = await cached.catch(() => null);
    if (entry) {
      if (cache.get(key) === cached) {
        cache.delete(key);
        cache.set(key, cached);
      }
      return { entry, usersJson: null };
    }
  }
  const computed = computeEntry(db, list, page);
  const pending = computed.then((r) => r.entry);
  cache.delete(key);
  cache.set(key, pending);
  pending.then(
    (entry) => entry.version === null && cache.get(key) === pending && cache.delete(key),
    () => cache.get(key) === pending && cache.delete(key),
  );
  while (cache.size > tuning.cacheEntries) cache.delete(cache.keys().next().value!);
  return computed;
}

/** Drops this term's entry if it is still the one given (its version turned out stale). */
async function forget(db: Db, { key }: ListKey, stale: SearchEntry): Promise<void> {
  const cache = cacheOf(db);
  const cached = cache.get(key);
  if (cached && (await cached.catch(() => null)) === stale && cache.get(key) === cached) cache.delete(key);
}

/**
 * Ids of one page from the newest `$1` players (a LIMIT subquery: the planner cannot reorder
 * it), filtered like `playerSearch` (`$2` the escaped pattern, `$3` a Telegram id or null).
 */
const WINDOW_PAGE_SQL = `
  select telegram_id as id from (
    select telegram_id, username, first_name, last_name, created_at from users order by created_at desc, telegram_id desc limit $1
  ) as w
  where w.username ilike $2 or w.first_name ilike $2 or w.last_name ilike $2 or w.telegram_id = $3
  order by created_at desc, telegram_id desc limit $4 offset $5`;

async function windowPageIds(
  db: Db,
  search: string,
  window: number,
  limit: number,
  offset: number,
): Promise<number[]> {
  const rows = await preparedRows<{ id: string | number }>(db, 'users_search_window', WINDOW_PAGE_SQL, [
    window,
    likePattern(search),
    asTelegramId(search),
    limit,
    offset,
  ]);
  return rows.map((r) => Number(r.id));
}

/**
 * Ids of a page of all players, newest first (pages beyond the cached newest ids), as every
 * list reads them (pageIds): from the nearer end of users_created_at_id_idx, a deep page
 * entered at the UTC day that holds it (list_days).
 */
async function newestPageIds(db: Db, limit: number, offset: number, total: number): Promise<number[]> {
  const page = await pageIds(
    { page: offset / limit + 1, limit },
    async () => total,
    async (read) =>
      (
        await inListOrder(
          db.select({ id: users.telegramId }).from(users).$dynamic(),
          { createdAt: users.createdAt, id: users.telegramId },
          undefined,
          read,
        )
      ).map((r) => r.id),
    () => listDaysOf(db, 'users'),
  );
  return page.ids;
}

async function materialisedPageIds(db: Db, where: SQL, limit: number, offset: number): Promise<number[]> {
  const rows = await executeRows<{ id: string | number }>(
    db,
    sql`${matches(where)} limit ${limit} offset ${offset}`,
  );
  return rows.map((r) => Number(r.id));
}

type PageRow = { version: Num | null; users: string };

/**
 * GET /users: newest players first (filtered by status and type: list-filters.ts), one page with their game and referral counts, as the
 * JSON text of the response's `data` (the users array is built by PostgreSQL: list-page-sql.ts).
 * A page is one statement on the hot paths (no search; a cached search term), two or three
 * for deep pages of terms with more than `idListMax` matches.
 */
export async function listUsersJson(
  db: Db,
  query: UsersQuery,
  now: Date,
  tuning: SearchTuning = SEARCH_TUNING,
): Promise<string> {
  const page: Page = { limit: query.limit, offset: (query.page - 1) * query.limit, nowMs: now.getTime() };
  const where = playerSearch(query.search);
  if (hasFilters(query)) return filteredJson(db, query, where, now);
  const list: ListKey =
    where && query.search
      ? {
          key: `${tuning.idListMax}:${query.search}`,
          search: { text: query.search, where },
          max: tuning.idListMax,
        }
      : { key: `newest:${tuning.newestIdsMax}`, search: null, max: tuning.newestIdsMax };
  const { usersJson, totalUsers } = await listPage(db, list, page, tuning);
  return pageJson(usersJson, totalUsers, query);
}

/**
 * A page filtered by status or type (list-filters.ts). Not cached like a search term: whether a
 * player is online changes with the clock and `last_active`, which the users version ignores.
 */
async function filteredJson(db: Db, query: UsersQuery, where: SQL | undefined, now: Date): Promise<string> {
  const { ids, total } = await filteredPageIds(db, query, where, now);
  const [row] = await preparedRows<PageRow>(db, 'users_page_by_ids', BY_IDS_PAGE_SQL, [ids, now.getTime()]);
  return pageJson(row!.users, total, query);
}

function pageJson(usersJson: string, totalUsers: number, query: UsersQuery): string {
  const pagination = {
    totalPages: Math.ceil(totalUsers / query.limit),
    totalUsers,
    currentPage: query.page,
    usersPerPage: query.limit,
  };
  return `{"users":${usersJson},"pagination":${JSON.stringify(pagination)}}`;
}

/** The same page as an object (tests, callers that need the values). */
export async function listUsers(
  db: Db,
  query: UsersQuery,
  now: Date,
  tuning: SearchTuning = SEARCH_TUNING,
): Promise<UsersResponse> {
  return JSON.parse(await listUsersJson(db, query, now, tuning)) as UsersResponse;
}

/**
 * A page whose count and rows are exact for one state of `users`: either both come from one
 * statement (a new entry), or the page statement reads the users version in its own snapshot
 * and a changed version drops the entry and starts again (a new entry then).
 */
async function listPage(
  db: Db,
  list: ListKey,
  page: Page,
  tuning: SearchTuning,
): Promise<{ usersJson: string; totalUsers: number }> {
  for (let attempt = 1; ; attempt++) {
    const { entry, usersJson } = await searchEntry(db, list, tuning, page);
    if (usersJson !== null) return { usersJson, totalUsers: entry.total };
    const wanted = Math.max(0, Math.min(page.limit, entry.total - page.offset));
    let ids: number[];
    if (wanted === 0) ids = [];
    else if (page.offset + wanted <= entry.ids.length)
      ids = entry.ids.slice(page.offset, page.offset + page.limit);
    else if (!list.search) ids = await newestPageIds(db, page.limit, page.offset, entry.total);
    else {
      const window =
        Math.ceil(((page.offset + page.limit) * entry.tableRows * 2) / entry.total) + tuning.windowMargin;
      ids =
        window <= entry.tableRows * tuning.windowMaxShare
          ? await windowPageIds(db, list.search.text, window, page.limit, page.offset)
          : [];
      if (ids.length < wanted)
        ids = await materialisedPageIds(db, list.search.where, page.limit, page.offset);
    }
    // A generic plan after five runs (the ids are a parameter): no planning per request.
    const [row] = await preparedRows<PageRow>(db, 'users_page_by_ids', BY_IDS_PAGE_SQL, [ids, page.nowMs]);
    const version = row!.version === null ? null : Number(row!.version);
    // Deep pages (window, materialised or newest ids) under a constant stream of writes:
    // after three tries the last page is served with its entry's count.
    if (version === entry.version || attempt >= 3) return { usersJson: row!.users, totalUsers: entry.total };
    await forget(db, list, entry);
  }
}
