// Lists at volume, on PostgreSQL: every list's first page, a deep page (at 90% of its pages)
// and a filtered page, under the closed-loop load of api.mjs (10 connections), with the
// response size. The data set is the seed CLI's production preset (1M users, 5M games, 1M shop
// orders, 200k withdrawals, 1M payments, 1M audit rows), made once and kept:
//
//   createdb -h /var/run/postgresql manager_bench_volume
//   DATABASE_URL="postgres:///manager_bench_volume?host=/var/run/postgresql" \
//     pnpm --filter @manager/api seed -- --volume production
//   BENCH_OUT=packages/bench/results/api-1m.json pnpm --filter @manager/bench exec tsx lists.mjs
//
// The database is BENCH_LISTS_DATABASE_URL when set, else `manager_bench_volume` on the local
// server (BENCH_PG_SERVER) when it exists; without one the part is skipped (`pnpm bench` says
// how to make it; lists.mjs alone exits 1). BENCH_OUT merges the result under the key "lists";
// BENCH_LISTS_NOTE records how the data set was made when it is not the seed's preset.
//
// A list whose API answers the whole list (no `pagination` in the answer to `?page=1`) is
// recorded as such with its size and first request, and not loaded: that is the failure the
// table exists to show. A body past 5 MB is not read further (a million rows would be
// hundreds of MB). Filter values are picked from the data (a status, a currency, a name
// seen on the first page), so each filtered page has rows.
//
// Beside the lists, the same run loads `GET /manager/dashboard-stats` on the same data (its
// totals are kept by triggers, so its cost should not grow with the players): `endpoints`.
import os from 'node:os';
import { LOAD_SETTINGS, load, writeResult } from './api.mjs';
import {
  API_KEY,
  apiLogin,
  benchDatabase,
  benchPorts,
  formatTable,
  fromCaller,
  isMain,
  pg,
  startApi,
  withUser,
} from './lib.mjs';

export const LISTS_DATABASE = 'manager_bench_volume';
/** How long a first request may take (a whole list of a million rows may never end). */
const FIRST_TIMEOUT_MS = 60_000;
const log = (m) => process.env.BENCH_VERBOSE === '1' && console.error(`[lists] ${m}`);

export const HOW_TO_SEED =
  'createdb -h /var/run/postgresql manager_bench_volume && DATABASE_URL="postgres:///manager_bench_volume?host=/var/run/postgresql" pnpm --filter @manager/api seed -- --volume production';

/** BENCH_LISTS_DATABASE_URL, or the part's own database on the bench's PostgreSQL server (lib.mjs); null when there is none. */
const databaseUrl = async () =>
  process.env.BENCH_LISTS_DATABASE_URL ||
  benchDatabase({
    part: 'lists',
    name: LISTS_DATABASE,
    create: false,
    missing: `Make it once (about an hour on 2 cores): ${HOW_TO_SEED}`,
  });

const day = 86_400_000;
/** The first row's value at `key` (a dotted path), for filters taken from the data. */
const firstOf = (rows, key) =>
  rows
    ?.map((r) => key.split('.').reduce((v, k) => v?.[k], r))
    .find((v) => v !== null && v !== undefined && v !== '');
/** The first word of at least four letters of a text (a name to search for). */
const wordOf = (text) => String(text ?? '').match(/[A-Za-z]{4,}/)?.[0] ?? 'a';

/**
 * Every list the console pages: its path, page size, where its rows and total are, and a
 * filter built from its first page (`rows`: the first page's rows).
 */
export const LISTS = [
  {
    list: 'users',
    path: '/manager/users',
    limit: 50,
    rows: 'users',
    total: 'totalUsers',
    filter: () => ({ search: 'mar' }),
  },
  {
    list: 'game history',
    path: '/manager/game/history',
    limit: 20,
    rows: 'games',
    total: 'totalGames',
    filter: (rows) => ({ search: firstOf(rows, 'player1.username') ?? 'a' }),
  },
  {
    list: 'marketplace items',
    path: '/manager/marketplace',
    limit: 20,
    rows: 'items',
    total: 'totalItems',
    filter: (rows) => ({ search: wordOf(firstOf(rows, 'name')) }),
  },
  {
    list: 'marketplace orders',
    path: '/manager/marketplace/orders',
    limit: 20,
    rows: 'orders',
    total: 'totalOrders',
    filter: (rows) => ({ search: wordOf(firstOf(rows, 'item.name')) }),
  },
  {
    list: 'inventory',
    path: '/manager/transactions/inventory',
    limit: 20,
    rows: 'items',
    total: 'totalItems',
    filter: (rows) => ({ search: wordOf(firstOf(rows, 'name')) }),
  },
  {
    list: 'TON payments',
    path: '/manager/transactions/ton-payments',
    limit: 20,
    rows: 'payments',
    total: 'totalPayments',
    filter: () => ({ status: 'true', startDate: new Date(Date.now() - 30 * day).toISOString() }),
  },
  {
    list: 'Stars payments',
    path: '/manager/transactions/stars-payments',
    limit: 20,
    rows: 'payments',
    total: 'totalPayments',
    filter: () => ({ status: 'false' }),
  },
  {
    list: 'withdrawals',
    path: '/manager/withdrawals',
    limit: 10,
    rows: 'withdrawals',
    total: 'totalWithdrawals',
    filter: () => ({ status: 'pending' }),
  },
  {
    list: 'shop orders',
    path: '/manager/shop-orders',
    limit: 15,
    rows: 'orders',
    total: 'totalOrders',
    filter: () => ({ currency: 'TON', from: new Date(Date.now() - 30 * day).toISOString() }),
  },
  {
    list: 'shop items',
    path: '/manager/shop-items',
    limit: 10,
    rows: 'items',
    total: 'totalItems',
    filter: () => ({ status: 'active' }),
  },
  {
    list: 'tasks',
    path: '/manager/tasks',
    limit: 10,
    rows: 'tasks',
    total: 'totalTasks',
    filter: () => ({ status: 'active' }),
  },
  {
    list: 'giveaways',
    path: '/manager/giveaways',
    limit: 10,
    rows: 'giveaways',
    total: 'totalGiveaways',
    filter: () => ({ status: 'active' }),
  },
  {
    list: 'loot boxes',
    path: '/manager/loot-boxes',
    limit: 20,
    rows: 'lootBoxes',
    total: 'totalLootBoxes',
    filter: () => ({ status: 'active' }),
  },
  {
    list: 'mailings',
    path: '/manager/mailing',
    limit: 20,
    rows: 'mailings',
    total: 'totalMailings',
    filter: () => ({ status: 'done' }),
  },
  {
    list: 'tournaments',
    path: '/manager/tournaments',
    limit: 20,
    rows: 'tournaments',
    total: 'totalTournaments',
    filter: () => ({ status: 'expired' }),
  },
];

/** Endpoints that are not lists, loaded on the same data set. */
export const ENDPOINTS = [{ endpoint: 'dashboard stats', path: '/manager/dashboard-stats' }];

const pathOf = (l, params) =>
  `${l.path}?${new URLSearchParams({ page: '1', limit: String(l.limit), ...params })}`;

/** A body larger than this is no page: the read stops there and the list is recorded as answered whole. */
const MAX_READ_BYTES = 5 * 1024 * 1024;

/** One GET, timed: status, bytes of the body as sent, the parsed data (`tooLarge` past MAX_READ_BYTES). */
async function first(apiUrl, token, pathAndQuery) {
  const t = performance.now();
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), FIRST_TIMEOUT_MS);
  try {
    const res = await fetch(`${apiUrl}${pathAndQuery}`, {
      headers: { 'x-api-key': API_KEY, authorization: `Bearer ${token}` },
      signal: controller.signal,
    });
    const chunks = [];
    let bytes = 0;
    for await (const chunk of res.body) {
      chunks.push(chunk);
      bytes += chunk.length;
      if (bytes > MAX_READ_BYTES) {
        controller.abort();
        return { ms: Math.round((performance.now() - t) * 10) / 10, bytes, tooLarge: true, data: null };
      }
    }
    const text = Buffer.concat(chunks).toString('utf8');
    const ms = Math.round((performance.now() - t) * 10) / 10;
    if (!res.ok) throw new Error(`GET ${pathAndQuery}: ${res.status} ${text.slice(0, 200)}`);
    return { ms, bytes, data: JSON.parse(text).data };
  } finally {
    clearTimeout(timer);
  }
}

/** The three scenarios of each list, each with its first request; whole-list answers noted, not loaded. */
async function scenariosOf(apiUrl, token) {
  const out = [];
  for (const l of LISTS) {
    let page1;
    try {
      page1 = await first(apiUrl, token, pathOf(l, {}));
    } catch (error) {
      out.push({
        list: l.list,
        page: 'first',
        path: pathOf(l, {}),
        error: String(error.message ?? error).slice(0, 200),
      });
      continue;
    }
    const pagination = page1.data?.pagination;
    const rowsOf = (d) => (Array.isArray(d) ? d : d?.[l.rows]) ?? [];
    if (!pagination) {
      // Over MAX_READ_BYTES the row count is unknown (null) and bytes is where the read stopped.
      out.push({
        list: l.list,
        page: 'first',
        path: pathOf(l, {}),
        paged: false,
        rows: page1.tooLarge ? null : rowsOf(page1.data).length,
        bytes: page1.bytes,
        tooLarge: page1.tooLarge === true,
        firstMs: page1.ms,
      });
      continue;
    }
    const total = pagination[l.total] ?? null;
    const deep = Math.max(1, Math.floor(pagination.totalPages * 0.9));
    const filter = l.filter(rowsOf(page1.data));
    const entry = (page, p, r) => ({
      list: l.list,
      page,
      path: p,
      paged: true,
      rows: rowsOf(r.data).length,
      total: r.data.pagination[l.total] ?? null,
      bytes: r.bytes,
      firstMs: r.ms,
    });
    out.push({ ...entry('first', pathOf(l, {}), page1), total });
    const deepPath = pathOf(l, { page: String(deep) });
    out.push({
      ...entry(`deep (page ${deep.toLocaleString('en')})`, deepPath, await first(apiUrl, token, deepPath)),
    });
    const filteredPath = pathOf(l, filter);
    out.push({
      ...entry(
        `filtered (${Object.keys(filter).join(', ')})`,
        filteredPath,
        await first(apiUrl, token, filteredPath),
      ),
      filter,
    });
  }
  return out;
}

/** Loads every list's pages through an API of its own on the volume database. Null without one. */
export async function runLists() {
  const url = await databaseUrl();
  if (!url) return null;
  const startedAt = new Date().toISOString();
  const loadAverageAtStart = os.loadavg().map((x) => Math.round(x * 100) / 100);
  const api = await startApi({
    port: benchPorts().apiPg,
    env: { DATABASE_URL: url, UPLOADS_DIR: '/tmp/manager-bench-uploads-lists' },
  });
  const client = new pg.Client({ connectionString: withUser(url) });
  await client.connect();
  try {
    const count = async (table) =>
      Number((await client.query(`select count(*) as n from ${table}`)).rows[0].n);
    const dataset = {};
    for (const table of [
      'users',
      'games',
      'shop_orders',
      'withdrawals',
      'ton_payments',
      'stars_payments',
      'audit_log',
      'inventories',
      'marketplace_orders',
    ])
      dataset[table] = await count(table);
    const token = await apiLogin(api.apiUrl);
    const list = await scenariosOf(api.apiUrl, token);
    const loaded = list.filter((s) => s.paged);
    // A warm-up pass over all of them, so the scenario measured first does not pay for the process's warm-up.
    for (const s of loaded) await load(`${api.apiUrl}${s.path}`, token, { maxRequests: 0, warmup: 20 });
    const results = [];
    for (const s of list) {
      if (!s.paged) {
        results.push(s);
        continue;
      }
      const r = await load(`${api.apiUrl}${s.path}`, token);
      results.push({ ...s, ...r });
      log(`${s.list} ${s.page}: p50 ${r.p50} p99 ${r.p99} ${r.rps}/s ${s.bytes} B`);
    }
    const endpoints = [];
    for (const e of ENDPOINTS) {
      const once = await first(api.apiUrl, token, e.path);
      endpoints.push({
        ...e,
        bytes: once.bytes,
        firstMs: once.ms,
        ...(await load(`${api.apiUrl}${e.path}`, token)),
      });
    }
    // How the data set was made, when it is not the seed's preset (shown under the table).
    const note = process.env.BENCH_LISTS_NOTE || undefined;
    return {
      startedAt,
      loadAverageAtStart,
      database: 'PostgreSQL',
      dataset,
      note,
      ...LOAD_SETTINGS,
      scenarios: results,
      endpoints,
    };
  } finally {
    await client.end();
    await api.stop();
  }
}

const kb = (bytes) => (bytes === undefined ? null : Math.round(bytes / 102.4) / 10);

export function listsTable(run) {
  return formatTable(
    ['list', 'page', 'rows', 'total', 'KB', 'p50 ms', 'p99 ms', 'req/s', 'first ms', 'errors'],
    run.scenarios.map((s) => [
      s.list,
      s.error
        ? `${s.page}: ${s.error}`
        : s.paged === false
          ? `whole list (not paged${s.tooLarge ? ', over 5 MB: read stopped' : ''})`
          : s.page,
      s.rows ?? null,
      s.total ?? null,
      kb(s.bytes),
      s.p50 ?? null,
      s.p99 ?? null,
      s.rps ?? null,
      s.firstMs ?? null,
      s.errors ?? null,
    ]),
  );
}

if (isMain(import.meta.url)) {
  const run = await runLists();
  if (!run) process.exit(1);
  console.log(
    `Lists at volume (${Object.entries(run.dataset)
      .map(([t, n]) => `${n.toLocaleString('en')} ${t}`)
      .join(', ')})`,
  );
  console.log(listsTable(run));
  for (const e of run.endpoints)
    console.log(`${e.endpoint}: p50 ${e.p50} ms, p99 ${e.p99} ms, ${e.rps} req/s, first ${e.firstMs} ms`);
  if (process.env.BENCH_OUT) writeResult(fromCaller(process.env.BENCH_OUT), 'lists', run);
}
