// API load: a small closed-loop load generator on node's own fetch (undici), no new
// dependency. A fixed number of workers (10, like autocannon -c 10) send requests back to
// back; each scenario stops at BENCH_API_REQUESTS requests or BENCH_API_SECONDS seconds,
// whichever comes first, after a short warm-up. Loopback only.
//
// Scenarios: GET /manager/users with a mix of search terms (none, short, common, rare,
// digits, "b7c9": a rare mix of letters and digits, a hard case for the query planner, a
// literal "%"), GET /manager/game/history, GET /manager/metrics and GET /manager/dashboard-stats. Prints p50, p99 and requests/s for
// each, and "first": the very first request of the scenario in that API process (nothing
// cached by the API: the users search caches exact counts per term; see
// packages/api/src/users/list-repository.ts).
//
//   pnpm --filter @manager/bench exec tsx api.mjs                       (own stack, PGlite in memory)
//   BENCH_DATABASE_URL=postgres:///bench?host=/var/run/postgresql pnpm --filter @manager/bench exec tsx api.mjs
//   BENCH_PGLITE_DIR=/var/tmp/pglite-1m pnpm --filter @manager/bench exec tsx api.mjs   (an API alone on that folder)
// Both variables may be set (PostgreSQL first). BENCH_OUT=<file.json> also writes the runs
// under the key "api" of that file (other keys are kept: db.mjs writes "disk" there).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  API_KEY,
  apiLogin,
  benchPorts,
  formatTable,
  fromCaller,
  isMain,
  percentile,
  readMemory,
  startApi,
  startStack,
} from './lib.mjs';

const CONCURRENCY = Number(process.env.BENCH_API_CONCURRENCY ?? 10);
const MAX_REQUESTS = Number(process.env.BENCH_API_REQUESTS ?? 500);
const MAX_SECONDS = Number(process.env.BENCH_API_SECONDS ?? 8);
const WARMUP = Number(process.env.BENCH_API_WARMUP ?? 20);
/** The load every scenario gets, as results record it. */
export const LOAD_SETTINGS = {
  concurrency: CONCURRENCY,
  maxRequests: MAX_REQUESTS,
  maxSeconds: MAX_SECONDS,
  warmup: WARMUP,
};

function assertLoopback(url) {
  const host = new URL(url).hostname;
  if (!['127.0.0.1', 'localhost', '::1', '[::1]'].includes(host))
    throw new Error(`the load generator only targets loopback, not ${host}`);
}

/** Closed loop: `concurrency` workers, bounded by count and time. Latencies in ms. */
export async function load(
  url,
  token,
  { concurrency = CONCURRENCY, maxRequests = MAX_REQUESTS, maxSeconds = MAX_SECONDS, warmup = WARMUP } = {},
) {
  assertLoopback(url);
  const headers = { 'x-api-key': API_KEY, authorization: `Bearer ${token}` };
  const once = async () => {
    const t = performance.now();
    const res = await fetch(url, { headers });
    await res.arrayBuffer();
    return { ms: performance.now() - t, ok: res.status === 200, status: res.status };
  };
  // Warm-up: plans cached, connections open.
  for (let i = 0; i < warmup; i += concurrency)
    await Promise.all(Array.from({ length: Math.min(concurrency, warmup - i) }, once));

  const latencies = [];
  const statuses = {};
  let sent = 0;
  let errors = 0;
  const started = performance.now();
  const endAt = started + maxSeconds * 1000;
  const worker = async () => {
    while (sent < maxRequests && performance.now() < endAt) {
      sent += 1;
      try {
        const r = await once();
        latencies.push(r.ms);
        if (!r.ok) {
          errors += 1;
          statuses[r.status] = (statuses[r.status] ?? 0) + 1;
        }
      } catch {
        errors += 1;
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const round = (x) => (x === null ? null : Math.round(x * 10) / 10);
  return {
    requests: latencies.length,
    errors,
    statuses,
    seconds: Math.round(seconds * 100) / 100,
    p50: round(percentile(latencies, 50)),
    p99: round(percentile(latencies, 99)),
    max: round(latencies.at(-1) ?? null),
    rps: Math.round((latencies.length / seconds) * 10) / 10,
  };
}

/**
 * Requests the API answered 503 (statement timeout) before the load: on a cold OS cache a
 * trigram search at 1M users can read most of the table from disk. Recorded, then retried.
 */
const coldTimeouts = [];

/** One GET, timed (ms), its data; a 503 is noted and retried once. */
async function timedGet(apiUrl, token, pathAndQuery, retried = false) {
  const t = performance.now();
  const res = await fetch(`${apiUrl}${pathAndQuery}`, {
    headers: { 'x-api-key': API_KEY, authorization: `Bearer ${token}` },
  });
  const body = await res.json();
  const ms = Math.round((performance.now() - t) * 10) / 10;
  if (res.status === 503 && !retried) {
    coldTimeouts.push({ path: pathAndQuery, ms, message: body?.message });
    return timedGet(apiUrl, token, pathAndQuery, true);
  }
  if (!res.ok) throw new Error(`GET ${pathAndQuery}: ${res.status} ${JSON.stringify(body).slice(0, 200)}`);
  return { data: body.data, ms };
}

/** The search terms, picked from the data so "common" and "rare" mean what they say. */
export async function searchTerms(apiUrl, token) {
  let common = { term: 'an', n: -1, firstMs: null };
  for (const term of ['ann', 'mar', 'son', 'ell', 'ber', 'ton', 'ali', 'ris']) {
    const r = await timedGet(
      apiUrl,
      token,
      `/manager/users?page=1&limit=1&search=${encodeURIComponent(term)}`,
    );
    const n = r.data.pagination.totalUsers;
    if (n > common.n) common = { term, n, firstMs: r.ms };
  }
  const page3 = (await timedGet(apiUrl, token, '/manager/users?page=3&limit=50')).data.users;
  const rareUser =
    page3.find((u) => u.username && u.username.length >= 8) ?? page3.find((u) => u.username) ?? page3[0];
  const rare = rareUser?.username ?? String(rareUser?.telegramId ?? 'zzzz');
  return [
    { label: 'none', term: null },
    { label: 'short', term: 'a' },
    { label: 'common', term: common.term, firstMs: common.firstMs },
    { label: 'rare', term: rare },
    { label: 'digits', term: '1234' },
    { label: 'planner trap', term: 'b7c9' },
    { label: 'percent', term: '%' },
  ];
}

/** Runs every scenario against one API; `label` names the database (PGlite, PostgreSQL). */
export async function runApi({ apiUrl, database }) {
  const token = await apiLogin(apiUrl);
  const terms = await searchTerms(apiUrl, token);
  const scenarios = [];
  for (const t of terms) {
    const q = t.term === null ? '' : `&search=${encodeURIComponent(t.term)}`;
    const pathAndQuery = `/manager/users?page=1&limit=50${q}`;
    const first = await timedGet(apiUrl, token, pathAndQuery);
    const matches = first.data.pagination.totalUsers;
    scenarios.push({
      endpoint: 'GET /manager/users',
      term: t.label,
      search: t.term,
      matches,
      path: pathAndQuery,
      firstMs: t.firstMs ?? first.ms,
    });
  }
  for (const [endpoint, term, p] of [
    ['GET /manager/game/history', 'none', '/manager/game/history?page=1'],
    ['GET /manager/metrics', '-', '/manager/metrics'],
    ['GET /manager/dashboard-stats', '-', '/manager/dashboard-stats'],
  ]) {
    scenarios.push({
      endpoint,
      term,
      search: null,
      matches: null,
      path: p,
      firstMs: (await timedGet(apiUrl, token, p)).ms,
    });
  }
  const results = [];
  for (const s of scenarios) {
    const r = await load(`${apiUrl}${s.path}`, token);
    results.push({ database, ...s, ...r });
    if (process.env.BENCH_VERBOSE === '1')
      console.error(`${database} ${s.endpoint} ${s.term}: p50 ${r.p50} p99 ${r.p99} ${r.rps}/s`);
  }
  return { ...LOAD_SETTINGS, coldTimeouts: coldTimeouts.splice(0), scenarios: results };
}

/** PostgreSQL run when BENCH_DATABASE_URL is set: an API of its own on the bench port + 1. */
export async function runApiPostgres(databaseUrl = process.env.BENCH_DATABASE_URL) {
  if (!databaseUrl) return null;
  const api = await startApi({
    port: benchPorts().apiPg,
    env: { DATABASE_URL: databaseUrl, UPLOADS_DIR: '/tmp/manager-bench-uploads-pg' },
  });
  try {
    const users = (await timedGet(api.apiUrl, await apiLogin(api.apiUrl), '/manager/metrics')).data
      .totalUsers;
    return {
      users,
      readyMs: api.readyMs,
      seedSeconds: api.seedSeconds,
      ...(await runApi({ apiUrl: api.apiUrl, database: 'PostgreSQL' })),
    };
  } finally {
    await api.stop();
  }
}

/**
 * PGlite on an existing folder (BENCH_PGLITE_DIR, e.g. 1M users), an API of its own (no
 * front-end builds needed): time to healthy (open + migrate), and the API process's resident
 * memory after start and after the load ("steady").
 */
export async function runApiPgliteDir(pgliteDir = process.env.BENCH_PGLITE_DIR) {
  if (!pgliteDir) return null;
  const api = await startApi({
    port: benchPorts().api,
    env: {
      PGLITE_DIR: fromCaller(pgliteDir),
      DATABASE_URL: '',
      UPLOADS_DIR: '/tmp/manager-bench-uploads-pglite',
    },
  });
  try {
    const memoryAfterStart = readMemory(api.apiPid);
    const users = (await timedGet(api.apiUrl, await apiLogin(api.apiUrl), '/manager/metrics')).data
      .totalUsers;
    const run = await runApi({ apiUrl: api.apiUrl, database: 'PGlite' });
    return {
      users,
      pgliteDir: fromCaller(pgliteDir),
      readyMs: api.readyMs,
      memoryAfterStart,
      memoryAfterLoad: readMemory(api.apiPid),
      ...run,
    };
  } finally {
    await api.stop();
  }
}

/** Merges `value` under `key` into the JSON file `file` (created when missing). */
export function writeResult(file, key, value) {
  const existing = fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : {};
  existing[key] = value;
  existing.machine ??= {
    cpus: os.cpus().length,
    cpuModel: os.cpus()[0]?.model,
    memoryGB: Math.round(os.totalmem() / 1024 ** 3),
    node: process.version,
  };
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, `${JSON.stringify(existing, null, 2)}\n`);
}

export function apiTable(runs) {
  const rows = runs.flatMap((run) =>
    run.scenarios.map((s) => [
      s.database,
      s.endpoint.replace('GET /manager', ''),
      s.term,
      s.search === null ? '' : JSON.stringify(s.search),
      s.matches,
      s.requests,
      s.errors,
      s.p50,
      s.p99,
      s.rps,
      s.firstMs ?? null,
    ]),
  );
  return formatTable(
    [
      'db',
      'endpoint',
      'term',
      'search',
      'matches',
      'requests',
      'errors',
      'p50 ms',
      'p99 ms',
      'req/s',
      'first ms',
    ],
    rows,
  );
}

if (isMain(import.meta.url)) {
  const runs = [];
  const startedAt = new Date().toISOString();
  const loadAverageAtStart = os.loadavg().map((x) => Math.round(x * 100) / 100);
  if (process.env.BENCH_DATABASE_URL) runs.push(await runApiPostgres());
  if (process.env.BENCH_PGLITE_DIR) runs.push(await runApiPgliteDir());
  if (!process.env.BENCH_DATABASE_URL && !process.env.BENCH_PGLITE_DIR) {
    const stack = await startStack();
    try {
      runs.push(await runApi({ apiUrl: stack.apiUrl, database: 'PGlite' }));
    } finally {
      await stack.stop();
    }
  }
  console.log(apiTable(runs));
  if (process.env.BENCH_OUT)
    writeResult(fromCaller(process.env.BENCH_OUT), 'api', { startedAt, loadAverageAtStart, runs });
}
