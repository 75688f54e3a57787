// The audit log at a million rows, on PostgreSQL: GET /manager/audit under the closed-loop load
// of api.mjs, one scenario per filter, and GET /manager/audit/admins.
//
// The database is BENCH_DATABASE_URL when set, else `manager_bench_audit` on the local server
// (BENCH_PG_SERVER, default the Debian socket), created when missing and kept for the next run.
// An API of its own on it (the bench's PostgreSQL port) migrates it and, when empty, seeds the
// demo data, whose players the audit rows are about. Then audit_log is topped up to
// BENCH_AUDIT_ROWS (1,000,000) by the API's seed CLI (`seed -- --audit N`: the seed's own rows,
// generated in the database with triggers off; packages/api/src/db/seed/README.md), which
// vacuums and analyzes the log after. A later run on the same database reuses the rows.
//
//   pnpm --filter @manager/bench exec tsx audit.mjs
//   BENCH_OUT=packages/bench/results/api-1m.json pnpm --filter @manager/bench exec tsx audit.mjs
// BENCH_OUT merges the result under the key "audit" of that JSON file (other keys are kept).
import { spawn } from 'node:child_process';
import os from 'node:os';
import { LOAD_SETTINGS, load, writeResult } from './api.mjs';
import {
  API_DIR,
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

const ROWS = Number(process.env.BENCH_AUDIT_ROWS ?? 1_000_000);
const OWN_DATABASE = 'manager_bench_audit';
const log = (m) => process.env.BENCH_VERBOSE === '1' && console.error(`[audit] ${m}`);

/** BENCH_DATABASE_URL, or the part's own database on the bench's PostgreSQL server (lib.mjs); null when there is none. */
const databaseUrl = async () =>
  process.env.BENCH_DATABASE_URL || benchDatabase({ part: 'audit', name: OWN_DATABASE });

/** `pnpm --filter @manager/api seed -- --audit <rows>` on `url` (its role must be a superuser: the rows are written with triggers off). */
function seedAuditRows(url, rows) {
  return new Promise((resolve, reject) => {
    const env = { ...process.env, DATABASE_URL: url, LOG_LEVEL: 'warn' };
    delete env.MIGRATION_DATABASE_URL;
    delete env.PGLITE_DIR;
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', 'src/db/seed-cli.ts', '--audit', String(rows)],
      { cwd: API_DIR, env, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let text = '';
    const onData = (chunk) => {
      text += chunk;
      log(String(chunk).trimEnd());
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0
        ? resolve(undefined)
        : reject(new Error(`seed --audit ${rows} exited with ${code}\n${text.slice(-2000)}`)),
    );
  });
}

/** Tops audit_log up to ROWS; returns what was there, what was added and how long it took. */
async function fill(client, url) {
  const before = Number((await client.query('select count(*) from audit_log')).rows[0].count);
  const started = performance.now();
  let added = 0;
  if (before < ROWS) {
    await seedAuditRows(url, ROWS - before);
    added = ROWS - before;
  } else {
    await client.query('analyze audit_log');
  }
  return {
    rowsBefore: before,
    rowsAdded: added,
    fillSeconds: Math.round((performance.now() - started) / 100) / 10,
  };
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
  const busyAdmin = await one(
    'select admin_id as id from audit_log where admin_id is not null group by admin_id order by count(*) desc limit 1',
  );
  const quietAdmin = await one(
    'select admin_id as id from audit_log where admin_id is not null group by admin_id order by count(*) limit 1',
  );
  const withdrawal = await one(
    "select entity_id as id from audit_log where entity = 'withdrawal' order by created_at desc limit 1 offset 1000",
  );
  const support = await one(
    "select admin_id as id from audit_log where admin_username = 'support-noah' limit 1",
  );
  const player = await one(
    'select user_telegram_id as id from audit_log where user_telegram_id is not null group by 1 order by count(*) desc limit 1',
  );
  const day = 86_400_000;
  const month = {
    from: new Date(Date.now() - 200 * day).toISOString(),
    to: new Date(Date.now() - 170 * day).toISOString(),
  };
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
    {
      scenario: 'admin, action and date range',
      path: q({ adminId: String(busyAdmin.id), action: 'withdrawal.reject', ...month }),
    },
    {
      scenario: 'admin and an action they never took',
      path: q({ adminId: String(support.id), action: 'withdrawal.approve' }),
    },
    {
      scenario: 'deep page (cursor at 90%)',
      path: q({ cursor: await cursorAt(client, Math.floor(total * 0.9)) }),
    },
    { scenario: 'admins to filter by', path: '/manager/audit/admins', notAFilter: true },
  ];
}

/** Fills (or reuses) the log, then loads each scenario through an API of its own. Null when no PostgreSQL server is there. */
export async function runAudit() {
  const url = await databaseUrl();
  if (!url) return null;
  const startedAt = new Date().toISOString();
  const loadAverageAtStart = os.loadavg().map((x) => Math.round(x * 100) / 100);
  const api = await startApi({
    port: benchPorts().apiPg,
    env: { DATABASE_URL: url, UPLOADS_DIR: '/tmp/manager-bench-uploads-audit' },
  });
  const client = new pg.Client({ connectionString: withUser(url) });
  await client.connect();
  try {
    const filled = await fill(client, url);
    const rows = Number((await client.query('select count(*) from audit_log')).rows[0].count);
    const token = await apiLogin(api.apiUrl);
    const list = await scenarios(client);
    // "first": each scenario's very first request in this API process. Then a warm-up pass
    // over all of them, so the scenario measured first does not pay for the process's warm-up.
    for (const s of list) {
      const t = performance.now();
      const res = await fetch(`${api.apiUrl}${s.path}`, {
        headers: { 'x-api-key': API_KEY, authorization: `Bearer ${token}` },
      });
      const body = await res.json();
      if (!res.ok) throw new Error(`GET ${s.path}: ${res.status} ${JSON.stringify(body).slice(0, 200)}`);
      Object.assign(s, {
        firstMs: Math.round((performance.now() - t) * 10) / 10,
        entries: (body.data.entries ?? body.data.admins).length,
      });
    }
    for (const s of list) await load(`${api.apiUrl}${s.path}`, token, { maxRequests: 0, warmup: 50 });
    const results = [];
    for (const s of list) {
      const r = await load(`${api.apiUrl}${s.path}`, token);
      results.push({ ...s, ...r });
      log(`${s.scenario}: p50 ${r.p50} p99 ${r.p99} ${r.rps}/s`);
    }
    return {
      startedAt,
      loadAverageAtStart,
      database: 'PostgreSQL',
      rows,
      ...filled,
      ...LOAD_SETTINGS,
      scenarios: results,
    };
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
    console.log(
      `Audit log, ${run.rows.toLocaleString('en')} rows on PostgreSQL (${run.rowsAdded ? `${run.rowsAdded.toLocaleString('en')} added in ${run.fillSeconds} s` : 'reused'})`,
    );
    console.log(auditTable(run));
    if (process.env.BENCH_OUT) writeResult(fromCaller(process.env.BENCH_OUT), 'audit', run);
  }
}
