// The audit log at a million rows, on PostgreSQL: GET /manager/audit under the closed-loop load
// of api.mjs, one scenario per filter, and GET /manager/audit/admins.
//
// The database is BENCH_DATABASE_URL when set, else `manager_bench_audit` on the local server
// (BENCH_PG_SERVER, default the Debian socket), created when missing and kept for the next run.
// An API of its own on it (the bench's PostgreSQL port) migrates it and, when empty, seeds the
// demo data, whose players the audit rows are about. Then audit_log is filled up to
// BENCH_AUDIT_ROWS (1,000,000) in SQL, in batches, with triggers off (session_replication_role
// = replica: the hash chain's commit trigger would make the fill hours long; those rows carry
// no hash), then VACUUM ANALYZE. A later run on the same database reuses the rows.
//
//   pnpm --filter @manager/bench exec tsx audit.mjs
//   BENCH_OUT=packages/bench/results/api-1m.json pnpm --filter @manager/bench exec tsx audit.mjs
// BENCH_OUT merges the result under the key "audit" of that JSON file (other keys are kept).
import os from 'node:os';
import path from 'node:path';
import { LOAD_SETTINGS, load, writeResult } from './api.mjs';
import { API_KEY, apiLogin, benchDatabase, benchPorts, formatTable, fromCaller, isMain, pg, startApi, withUser } from './lib.mjs';

const ROWS = Number(process.env.BENCH_AUDIT_ROWS ?? 1_000_000);
const BATCH = 250_000;
const OWN_DATABASE = 'manager_bench_audit';
const log = (m) => process.env.BENCH_VERBOSE === '1' && console.error(`[audit] ${m}`);


/** BENCH_DATABASE_URL, or the part's own database on the bench's PostgreSQL server (lib.mjs); null when there is none. */
const databaseUrl = async () => process.env.BENCH_DATABASE_URL || benchDatabase({ part: 'audit', name: OWN_DATABASE });

/*
 * One batch of rows, spread like a year of a busy console: the admins there are (up to four)
 * and four who are gone (kept by username), the first few doing most of the work; actions
 * weighted as they happen (balance edits and sign-ins most, 2FA changes and exports rarely;
 * support decides no withdrawals); players drawn from the users table with a long tail (a few
 * players have thousands of rows); times uniform over 12 months, to the microsecond.
 */
const FILL = `
with actors(i, id, username) as (
  select row_number() over (order by id) - 1, id, username from (
    (select id, username from admins order by id limit 4)
    union all values (9001, 'ops-kate'), (9002, 'ops-liam'), (9003, 'finance-mia'), (9004, 'support-noah')) a
), kinds(i, action, entity, ids) as (
  select row_number() over (order by ord) - 1, action, entity, ids
  from (values
    (1, 'user.balances.update', 'user', 0, 30), (2, 'withdrawal.approve', 'withdrawal', 400000, 12), (3, 'withdrawal.reject', 'withdrawal', 400000, 4),
    (4, 'withdrawal.with-transfer', 'withdrawal', 400000, 6), (5, 'login.success', 'admin', 0, 14), (6, 'login.failure', 'admin', 0, 4), (7, 'logout', 'admin', 0, 6),
    (8, 'token.reuse', 'admin', 0, 1), (9, '2fa.enable', 'admin', 0, 1), (10, '2fa.disable', 'admin', 0, 1), (11, 'task.update', 'task', 300, 5),
    (12, 'task.create', 'task', 300, 1), (13, 'shop_item.update', 'shop_item', 500, 3), (14, 'loot_box.update', 'loot_box', 50, 2), (15, 'giveaway.create', 'giveaway', 2000, 1),
    (16, 'mailing.start', 'mailing', 3000, 1), (17, 'tournament.update', 'tournament', 400, 1), (18, 'settings.update', 'settings', 0, 2), (19, 'audit.export', 'audit', 0, 1)
  ) k(ord, action, entity, ids, weight), generate_series(1, weight)
), players(i, tid) as (
  select row_number() over (order by telegram_id) - 1, telegram_id from (select telegram_id from users order by telegram_id limit 50000) u
  union all
  -- No players seeded: made-up Telegram ids.
  select g - 1, 5000000000 + g from generate_series(1, 10000) g where not exists (select 1 from users)
), counts as (
  select (select count(*) from actors) a, (select count(*) from kinds) k, (select count(*) from players) p
), draws as (
  select floor(random() ^ 1.7 * c.a)::int ai, floor(random() * c.k)::int ki, floor(random() ^ 3 * c.p)::int pi, random() r, random() t
  from generate_series(1, $1::int), counts c
)
insert into audit_log (admin_id, admin_username, action, entity, entity_id, user_telegram_id, before, after, ip, user_agent, reason, created_at)
select
  case when k.action = 'login.failure' and d.r < 0.3 then null else a.id end,
  case when k.action = 'login.failure' and d.r < 0.3 then null else a.username end,
  k.action, k.entity,
  case k.entity when 'user' then p.tid::text when 'admin' then a.id::text when 'settings' then null when 'audit' then null
    else (1 + floor(d.r * k.ids))::int::text end,
  case when k.entity in ('user', 'withdrawal') or (k.entity = 'audit' and d.r < 0.5) then p.tid end,
  case when k.entity = 'user' then jsonb_build_object('tonBalance', round((d.r * 500)::numeric, 2)) end,
  case when k.entity = 'user' then jsonb_build_object('tonBalance', round((d.r * 500 + 10)::numeric, 2))
    when k.entity in ('task', 'shop_item', 'loot_box', 'tournament') then jsonb_build_object('status', d.r < 0.5) end,
  '10.' || (d.ai * 16 + 1) || '.' || floor(d.r * 250)::int || '.' || (1 + floor(d.t * 250)::int),
  case when d.ai % 3 = 0 then 'Mozilla/5.0 (X11; Linux x86_64) Chrome/150.0' else 'Mozilla/5.0 (Macintosh) Safari/19.0' end,
  case when k.action = 'user.balances.update' and d.r < 0.4 then 'Support ticket #' || floor(d.t * 90000)::int end,
  now() - d.t * interval '365 days'
from draws d
join actors a on a.i = d.ai
-- Support decides no withdrawals: what would be one is a balance edit (the first kind).
join kinds k on k.i = case when a.username = 'support-noah' and d.ki in (select i from kinds where entity = 'withdrawal') then 0 else d.ki end
join players p on p.i = d.pi`;

/** Tops audit_log up to ROWS; returns what was there, what was added and how long it took. */
async function fill(client) {
  const before = Number((await client.query('select count(*) from audit_log')).rows[0].count);
  const started = performance.now();
  let added = 0;
  if (before < ROWS) {
    await client.query('set session_replication_role = replica');
    for (let left = ROWS - before; left > 0; left -= BATCH) {
      const n = Math.min(BATCH, left);
      await client.query(FILL, [n]);
      added += n;
      log(`${before + added} rows`);
    }
    await client.query('set session_replication_role = default');
    await client.query('vacuum analyze audit_log');
  } else {
    await client.query('analyze audit_log');
  }
  return { rowsBefore: before, rowsAdded: added, fillSeconds: Math.round((performance.now() - started) / 100) / 10 };
}

/** The opaque cursor of the row at `offset` in the log's order (the format src/audit/repository.ts hands out). */
async function cursorAt(client, offset) {
  const { rows } = await client.query(
    `select to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as at, id from audit_log order by created_at desc, id desc offset $1 limit 1`,
    [offset],
  );
  return Buffer.from(`${rows[0].at}_${rows[0].id}`).toString('base64url');
}

/** Filter values picked from the data, so each scenario means what its name says. */
async function scenarios(client) {
  const one = async (sql) => (await client.query(sql)).rows[0];
  const total = Number((await one('select count(*) as n from audit_log')).n);
  const busyAdmin = await one('select admin_id as id from audit_log where admin_id is not null group by admin_id order by count(*) desc limit 1');
  const quietAdmin = await one('select admin_id as id from audit_log where admin_id is not null group by admin_id order by count(*) limit 1');
  const withdrawal = await one("select entity_id as id from audit_log where entity = 'withdrawal' order by created_at desc limit 1 offset 1000");
  const support = await one("select admin_id as id from audit_log where admin_username = 'support-noah' limit 1");
  const player = await one('select user_telegram_id as id from audit_log where user_telegram_id is not null group by 1 order by count(*) desc limit 1');
  const day = 86_400_000;
  const month = { from: new Date(Date.now() - 200 * day).toISOString(), to: new Date(Date.now() - 170 * day).toISOString() };
  const q = (params) => `/manager/audit?${new URLSearchParams({ limit: '50', ...params })}`;
  return [
    { scenario: 'no filter', path: q({}) },
    { scenario: 'admin (the busiest)', path: q({ adminId: String(busyAdmin.id) }) },
    { scenario: 'admin (the quietest)', path: q({ adminId: String(quietAdmin.id) }) },
    { scenario: 'action (common)', path: q({ action: 'user.balances.update' }) },
    { scenario: 'action (rare)', path: q({ action: '2fa.disable' }) },
    { scenario: 'entity type', path: q({ entityType: 'settings' }) },
    { scenario: 'entity type and id', path: q({ entityType: 'withdrawal', entityId: withdrawal.id }) },
    { scenario: 'player (the busiest)', path: q({ userTelegramId: String(player.id) }) },
    { scenario: 'date range (30 days)', path: q(month) },
    { scenario: 'admin, action and date range', path: q({ adminId: String(busyAdmin.id), action: 'withdrawal.reject', ...month }) },
    { scenario: 'admin and an action they never took', path: q({ adminId: String(support.id), action: 'withdrawal.approve' }) },
    { scenario: 'deep page (cursor at 90%)', path: q({ cursor: await cursorAt(client, Math.floor(total * 0.9)) }) },
    { scenario: 'admins to filter by', path: '/manager/audit/admins', notAFilter: true },
  ];
}

/** Fills (or reuses) the log, then loads each scenario through an API of its own. Null when no PostgreSQL server is there. */
export async function runAudit() {
  const url = await databaseUrl();
  if (!url) return null;
  const startedAt = new Date().toISOString();
  const loadAverageAtStart = os.loadavg().map((x) => Math.round(x * 100) / 100);
  const api = await startApi({ port: benchPorts().apiPg, env: { DATABASE_URL: url, UPLOADS_DIR: '/tmp/manager-bench-uploads-audit' } });
  const client = new pg.Client({ connectionString: withUser(url) });
  await client.connect();
  try {
    const filled = await fill(client);
    const rows = Number((await client.query('select count(*) from audit_log')).rows[0].count);
    const token = await apiLogin(api.apiUrl);
    const list = await scenarios(client);
    // "first": each scenario's very first request in this API process. Then a warm-up pass
    // over all of them, so the scenario measured first does not pay for the process's warm-up.
    for (const s of list) {
      const t = performance.now();
      const res = await fetch(`${api.apiUrl}${s.path}`, { headers: { 'x-api-key': API_KEY, authorization: `Bearer ${token}` } });
      const body = await res.json();
      if (!res.ok) throw new Error(`GET ${s.path}: ${res.status} ${JSON.stringify(body).slice(0, 200)}`);
      Object.assign(s, { firstMs: Math.round((performance.now() - t) * 10) / 10, entries: (body.data.entries ?? body.data.admins).length });
    }
    for (const s of list) await load(`${api.apiUrl}${s.path}`, token, { maxRequests: 0, warmup: 50 });
    const results = [];
    for (const s of list) {
      const r = await load(`${api.apiUrl}${s.path}`, token);
      results.push({ ...s, ...r });
      log(`${s.scenario}: p50 ${r.p50} p99 ${r.p99} ${r.rps}/s`);
    }
    return { startedAt, loadAverageAtStart, database: 'PostgreSQL', rows, ...filled, ...LOAD_SETTINGS, scenarios: results };
  } finally {
    await client.end();
    await api.stop();
  }
}

export function auditTable(run) {
  return formatTable(
    ['scenario', 'entries', 'requests', 'errors', 'p50 ms', 'p99 ms', 'req/s', 'first ms'],
    run.scenarios.map((s) => [s.scenario, s.entries, s.requests, s.errors, s.p50, s.p99, s.rps, s.firstMs]),
  );
}

if (isMain(import.meta.url)) {
  const run = await runAudit();
  if (!run) process.exitCode = 1;
  else {
    console.log(`Audit log, ${run.rows.toLocaleString('en')} rows on PostgreSQL (${run.rowsAdded ? `${run.rowsAdded.toLocaleString('en')} added in ${run.fillSeconds} s` : 'reused'})`);
    console.log(auditTable(run));
    if (process.env.BENCH_OUT) writeResult(fromCaller(process.env.BENCH_OUT), 'audit', run);
  }
}
