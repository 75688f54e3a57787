// The cluster under load: GET /manager/users (no search and a common term) and
// GET /manager/game/history on PostgreSQL, sent to one instance directly, through nginx to
// that one instance, and through nginx to three (@manager/stack, cluster.ts), with the API part's
// closed-loop load (api.mjs `load`). On a 2-core machine the three instances share the cores
// that one already had: the rows show what the balancer costs, not what more machines gain.
//
//   pnpm --filter @manager/bench exec tsx cluster.mjs
// Database: BENCH_CLUSTER_DATABASE_URL, else manager_cluster_bench on BENCH_PG_SERVER, created
// when missing, migrated and seeded (the default seed) once by its owner, and kept.
// Ports: the cluster layout shifted by BENCH_CLUSTER_PORT_OFFSET (default 800: nginx 4900,
// instances 4901-4903, nginx to one instance 4910). BENCH_OUT=<file.json> also writes the
// run under the key "cluster" of that file.
import os from 'node:os';
import { LOAD_SETTINGS, load, writeResult } from './api.mjs';
import { PG_SERVER, apiGet, apiLogin, benchDatabase, formatTable, fromCaller, isMain } from './lib.mjs';
import { startCluster, startNginx, stopChild } from '@manager/stack/cluster';

const SCENARIOS = [
  { endpoint: 'GET /manager/users', term: 'none', path: '/manager/users?page=1&limit=50' },
  { endpoint: 'GET /manager/users', term: 'ann', path: '/manager/users?page=1&limit=50&search=ann' },
  { endpoint: 'GET /manager/game/history', term: 'none', path: '/manager/game/history?page=1' },
];

export async function clusterDatabase() {
  if (process.env.BENCH_CLUSTER_DATABASE_URL) return process.env.BENCH_CLUSTER_DATABASE_URL;
  return benchDatabase({ part: 'cluster', name: 'manager_cluster_bench' });
}

/** Null when no PostgreSQL server answers (noted on stderr). */
export async function runCluster() {
  const databaseUrl = await clusterDatabase();
  if (!databaseUrl) return null;
  const offset = Number(process.env.BENCH_CLUSTER_PORT_OFFSET ?? 800);
  const startedAt = new Date().toISOString();
  const loadAverageAtStart = os.loadavg().map((x) => Math.round(x * 100) / 100);
  const cluster = await startCluster({
    offset,
    databaseUrl,
    quiet: process.env.BENCH_VERBOSE !== '1',
    prefix: `/tmp/manager-bench-cluster-${offset}`,
    env: { LOG_LEVEL: 'warn', SIMULATE_ACTIVITY_MS: '0' },
  });
  const onePort = cluster.ports.nginx + 10;
  let nginxToOne = null;
  try {
    nginxToOne = await startNginx({
      prefix: `${cluster.prefix}-one`,
      port: onePort,
      upstreams: [cluster.instances[0].port],
      quiet: true,
      sink: cluster.output,
    });
    const routes = [
      { route: 'api-1 directly', instances: 1, url: cluster.instances[0].url },
      { route: 'nginx, 1 instance', instances: 1, url: `http://127.0.0.1:${onePort}` },
      { route: 'nginx, 3 instances', instances: 3, url: cluster.url },
    ];
    const token = await apiLogin(cluster.url);
    const users = (await apiGet(cluster.url, token, '/manager/metrics')).totalUsers;
    const scenarios = [];
    // Each scenario starts on another route, so no route always meets a cold one.
    for (const [k, s] of SCENARIOS.entries()) {
      for (const r of [...routes.slice(k % routes.length), ...routes.slice(0, k % routes.length)]) {
        const result = await load(`${r.url}${s.path}`, token);
        scenarios.push({ ...s, ...r, ...result });
        if (process.env.BENCH_VERBOSE === '1')
          console.error(
            `${s.endpoint} ${s.term} ${r.route}: p50 ${result.p50} p99 ${result.p99} ${result.rps}/s`,
          );
      }
    }
    return {
      startedAt,
      loadAverageAtStart,
      cpus: os.cpus().length,
      users,
      database: 'PostgreSQL',
      ...LOAD_SETTINGS,
      scenarios,
    };
  } finally {
    if (nginxToOne) await stopChild(nginxToOne, 3000);
    await cluster.stop();
  }
}

export function clusterTable(run) {
  return formatTable(
    ['endpoint', 'search', 'route', 'requests', 'errors', 'p50 ms', 'p99 ms', 'req/s'],
    [...run.scenarios]
      .sort((a, b) => a.path.localeCompare(b.path) || a.route.localeCompare(b.route))
      .map((s) => [
        s.endpoint.replace('GET /manager', ''),
        s.term,
        s.route,
        s.requests,
        s.errors,
        s.p50,
        s.p99,
        s.rps,
      ]),
  );
}

if (isMain(import.meta.url)) {
  const run = await runCluster();
  if (!run) {
    console.error(`no PostgreSQL server at ${PG_SERVER}: not measured`);
    process.exit(1);
  }
  console.log(
    `Cluster (${run.users.toLocaleString('en')} players on PostgreSQL; ${run.cpus} CPU; ${run.concurrency} connections)`,
  );
  console.log(clusterTable(run));
  if (process.env.BENCH_OUT) writeResult(fromCaller(process.env.BENCH_OUT), 'cluster', run);
}
