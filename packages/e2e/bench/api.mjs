// API load: a small closed-loop load generator on node's own fetch (undici), no new
// dependency. A fixed number of workers (10, like autocannon -c 10) send requests back to
// back; each scenario stops at BENCH_API_REQUESTS requests or BENCH_API_SECONDS seconds,
// whichever comes first, after a short warm-up. Loopback only.
//
// Scenarios: GET /manager/users with a mix of search terms (none, short, common, rare,
// digits, the planner trap "b7c9", a literal "%"), GET /manager/game/history and
// GET /manager/metrics. Prints p50, p99 and requests/s for each.
//
//   node packages/e2e/bench/api.mjs                       (own stack, PGlite in memory)
//   BENCH_DATABASE_URL=postgres:///bench?host=/var/run/postgresql node packages/e2e/bench/api.mjs
import { API_KEY, apiGet, apiLogin, benchPorts, formatTable, isMain, percentile, startApi, startStack } from './lib.mjs';

const CONCURRENCY = Number(process.env.BENCH_API_CONCURRENCY ?? 10);
const MAX_REQUESTS = Number(process.env.BENCH_API_REQUESTS ?? 500);
const MAX_SECONDS = Number(process.env.BENCH_API_SECONDS ?? 8);
const WARMUP = Number(process.env.BENCH_API_WARMUP ?? 20);

function assertLoopback(url) {
  const host = new URL(url).hostname;
  if (!['127.0.0.1', 'localhost', '::1', '[::1]'].includes(host)) throw new Error(`the load generator only targets loopback, not ${host}`);
}

/** Closed loop: `concurrency` workers, bounded by count and time. Latencies in ms. */
export async function load(url, token, { concurrency = CONCURRENCY, maxRequests = MAX_REQUESTS, maxSeconds = MAX_SECONDS, warmup = WARMUP } = {}) {
  assertLoopback(url);
  const headers = { 'x-api-key': API_KEY, authorization: `Bearer ${token}` };
  const once = async () => {
    const t = performance.now();
    const res = await fetch(url, { headers });
    await res.arrayBuffer();
    return { ms: performance.now() - t, ok: res.status === 200, status: res.status };
  };
  // Warm-up: plans cached, connections open.
  for (let i = 0; i < warmup; i += concurrency) await Promise.all(Array.from({ length: Math.min(concurrency, warmup - i) }, once));

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

/** The search terms, picked from the data so "common" and "rare" mean what they say. */
export async function searchTerms(apiUrl, token) {
  const total = async (term) => (await apiGet(apiUrl, token, `/manager/users?page=1&limit=1&search=${encodeURIComponent(term)}`)).pagination.totalUsers;
  let common = { term: 'an', n: -1 };
  for (const term of ['ann', 'mar', 'son', 'ell', 'ber', 'ton', 'ali', 'ris']) {
    const n = await total(term);
    if (n > common.n) common = { term, n };
  }
  const page3 = (await apiGet(apiUrl, token, '/manager/users?page=3&limit=50')).users;
  const rareUser = page3.find((u) => u.username && u.username.length >= 8) ?? page3.find((u) => u.username) ?? page3[0];
  const rare = rareUser?.username ?? String(rareUser?.telegramId ?? 'zzzz');
  return [
    { label: 'none', term: null },
    { label: 'short', term: 'a' },
    { label: 'common', term: common.term },
    { label: 'rare', term: rare },
    { label: 'digits', term: '1234' },
    { label: 'trap (issue)', term: 'b7c9' },
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
    const matches = (await apiGet(apiUrl, token, pathAndQuery)).pagination.totalUsers;
    scenarios.push({ endpoint: 'GET /manager/users', term: t.label, search: t.term, matches, path: pathAndQuery });
  }
  scenarios.push({ endpoint: 'GET /manager/game/history', term: 'none', search: null, matches: null, path: '/manager/game/history?page=1' });
  scenarios.push({ endpoint: 'GET /manager/metrics', term: '-', search: null, matches: null, path: '/manager/metrics' });
  const results = [];
  for (const s of scenarios) {
    const r = await load(`${apiUrl}${s.path}`, token);
    results.push({ database, ...s, ...r });
    if (process.env.BENCH_VERBOSE === '1') console.error(`${database} ${s.endpoint} ${s.term}: p50 ${r.p50} p99 ${r.p99} ${r.rps}/s`);
  }
  return { concurrency: CONCURRENCY, maxRequests: MAX_REQUESTS, maxSeconds: MAX_SECONDS, warmup: WARMUP, scenarios: results };
}

/** PostgreSQL run when BENCH_DATABASE_URL is set: an API of its own on the bench port + 1. */
export async function runApiPostgres(databaseUrl = process.env.BENCH_DATABASE_URL) {
  if (!databaseUrl) return null;
  const api = await startApi({ port: benchPorts().apiPg, env: { DATABASE_URL: databaseUrl, UPLOADS_DIR: '/tmp/manager-bench-uploads-pg' } });
  try {
    const users = (await apiGet(api.apiUrl, await apiLogin(api.apiUrl), '/manager/metrics')).totalUsers;
    return { users, readyMs: api.readyMs, seedSeconds: api.seedSeconds, ...(await runApi({ apiUrl: api.apiUrl, database: 'PostgreSQL' })) };
  } finally {
    await api.stop();
  }
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
    ]),
  );
  return formatTable(['db', 'endpoint', 'term', 'search', 'matches', 'requests', 'errors', 'p50 ms', 'p99 ms', 'req/s'], rows);
}

if (isMain(import.meta.url)) {
  const runs = [];
  if (process.env.BENCH_DATABASE_URL) {
    runs.push(await runApiPostgres());
  } else {
    const stack = await startStack();
    try {
      runs.push(await runApi({ apiUrl: stack.apiUrl, database: 'PGlite' }));
    } finally {
      await stack.stop();
    }
  }
  console.log(apiTable(runs));
}
