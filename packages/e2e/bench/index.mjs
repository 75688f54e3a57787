// `pnpm bench`: bytes, duplicates, Lighthouse, API load and the embedded database footprint, in
// sequence, on one stack (packages/e2e/stack/start.mjs with SKIP_BUILD=1: the existing dist
// folders, never a rebuild; ports BENCH_PORT_OFFSET=700 by default; PGlite in memory).
// Prints one table per part and a summary against the targets of issue 9, and writes
// packages/e2e/bench/results/latest.json (BENCH_OUT overrides the path).
//
// Environment: BENCH_PORT_OFFSET (700), BENCH_PGLITE_DIR (memory://; a folder, e.g. a
// 1M-user one, is used by the stack and measured by the disk probe without seeding),
// BENCH_DATABASE_URL (also load-test the API on PostgreSQL), BENCH_API_REQUESTS (500),
// BENCH_API_SECONDS (8), BENCH_API_CONCURRENCY (10), BENCH_LIGHTHOUSE_RUNS (3),
// BENCH_SKIP=bytes,duplicates,navigation,lighthouse,api,disk, BENCH_SINGLE_APP=0 (no baseline),
// BENCH_VERBOSE=1 (stack output and progress on stderr).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { BENCH_DIR, CHROMIUM, ROOT, buildSingleApp, formatTable, kb, readMemory, startStack } from './lib.mjs';
import { bytesTable, runBytes, signIn } from './bytes.mjs';
import { duplicatesTable, runDuplicates } from './duplicates.mjs';
import { CONTROL, navigationTable, runNavigation } from './navigation.mjs';
import { apiTable, runApi, runApiPostgres } from './api.mjs';
import { dbTable, runDiskProbe, stackFootprint } from './db.mjs';
import { lighthouseTable, runLighthouse } from './lighthouse.mjs';

const skip = new Set((process.env.BENCH_SKIP ?? '').split(',').map((s) => s.trim()).filter(Boolean));
const log = (m) => console.error(`[bench ${new Date().toISOString().slice(11, 19)}] ${m}`);
const errors = {};

async function part(name, fn) {
  if (skip.has(name)) {
    log(`${name}: skipped (BENCH_SKIP)`);
    return null;
  }
  const t = Date.now();
  log(`${name}...`);
  try {
    const result = await fn();
    log(`${name}: done in ${((Date.now() - t) / 1000).toFixed(0)} s`);
    return result;
  } catch (error) {
    errors[name] = error instanceof Error ? error.message : String(error);
    log(`${name}: FAILED ${errors[name]}`);
    return null;
  }
}

const startedAt = new Date();
const cpus = os.cpus();
const machine = {
  cpus: cpus.length,
  cpuModel: cpus[0]?.model ?? null,
  memoryGB: Math.round(os.totalmem() / 1024 ** 3),
  os: `${os.type()} ${os.release()} ${os.arch()}`,
  node: process.version,
  chromium: null,
  loadAverageAtStart: os.loadavg().map((x) => Math.round(x * 100) / 100),
};

let bytes = null;
let duplicates = null;
let navigation = null;
let lighthouseResult;
const apiRuns = [];
const db = { stack: null, disk: null };

log('starting the stack (SKIP_BUILD=1)...');
if (!skip.has('bytes') || !skip.has('navigation')) await part('single-app build', async () => buildSingleApp());
const stack = await startStack();
log(`stack ready in ${(stack.readyMs / 1000).toFixed(1)} s: ${stack.consoleUrl}, API ${stack.apiUrl} (pid ${stack.apiPid})`);
try {
  db.stack = stackFootprint(stack);
  if (!skip.has('bytes') || !skip.has('duplicates') || !skip.has('navigation')) {
    const browser = await chromium.launch(CHROMIUM);
    machine.chromium = browser.version();
    try {
      duplicates = await part('duplicates', () => runDuplicates(stack, { browser }));
      bytes = await part('bytes', async () => runBytes(stack, { browser, storageState: await signIn(browser, stack.consoleUrl) }));
      navigation = await part('navigation', () => runNavigation(stack, { browser }));
    } finally {
      await browser.close();
    }
  }
  // Its own Chromium (chrome-launcher), after the Playwright browser is closed.
  lighthouseResult = await part('lighthouse', () => runLighthouse(stack));
  if (lighthouseResult && !machine.chromium) machine.chromium = lighthouseResult.chrome.replace(/^.*\//, '');
  const pglite = await part('api', () => runApi({ apiUrl: stack.apiUrl, database: 'PGlite' }));
  if (pglite) apiRuns.push({ database: 'PGlite', pgliteDir: stack.pgliteDir, ...pglite });
  if (stack.apiPid) db.stack.afterLoad = readMemory(stack.apiPid);
} finally {
  await stack.stop();
  log('stack stopped');
}
if (process.env.BENCH_DATABASE_URL) {
  const pg = await part('api-postgres', () => runApiPostgres());
  if (pg) apiRuns.push({ database: 'PostgreSQL', ...pg });
}
db.disk = await part('disk', () => runDiskProbe());

// ---- report -------------------------------------------------------------------------------
const out = [];
out.push(`Manager bench, ${startedAt.toISOString()}; ${machine.cpus} CPU (${machine.cpuModel}), ${machine.memoryGB} GB, Node ${machine.node}, Chromium ${machine.chromium ?? '-'}; load average at start ${machine.loadAverageAtStart.join(' ')}`);
if (bytes) out.push('', 'Bytes (gzip JS and CSS, empty cache, until rendered)', bytesTable(bytes));
if (duplicates) {
  out.push('', `Duplicates (one page: /login then ${duplicates.routesVisited - 1} routes in the app; ${duplicates.routesRendered}/${duplicates.routesVisited} rendered; ${duplicates.jsRequests} JS requests, ${kb(duplicates.jsGzipBytes)} KB gzip in all)`, duplicatesTable(duplicates));
}
if (navigation) {
  out.push('', `Navigation (CPU throttled ${navigation.cpuThrottle}x; click to ${navigation.content}; first visit after the idle prefetch; median of ${navigation.rounds ?? 1} fresh pages)`, navigationTable(navigation));
}
if (lighthouseResult) {
  out.push('', `Lighthouse ${lighthouseResult.lighthouseVersion} (${lighthouseResult.preset} preset, ${lighthouseResult.chrome}; cold cache, signed in)`, lighthouseTable(lighthouseResult));
}
if (apiRuns.length) {
  const r = apiRuns[0];
  out.push('', `API (${r.concurrency} connections, each scenario ${r.maxRequests} requests or ${r.maxSeconds} s after ${r.warmup} warm-up)`, apiTable(apiRuns));
}
if (db.stack || db.disk) out.push('', dbTable(db));

const federatedPage = (p) => (p.build ?? 'federated') === 'federated';
const dash = bytes?.pages.find((p) => federatedPage(p) && p.path === '/dashboard');
const usersList = bytes?.pages.find((p) => federatedPage(p) && p.path === '/users/list');
const ratio = (p) => (p?.ratioToSingleApp === undefined ? null : p.ratioToSingleApp);
const worstSearch = (run) => run?.scenarios.filter((s) => s.endpoint.endsWith('/users')).reduce((a, s) => (a && a.p99 >= s.p99 ? a : s), null);
const pgRun = apiRuns.find((r) => r.database === 'PostgreSQL');
const pgliteRun = apiRuns.find((r) => r.database === 'PGlite');
const summary = [
  ['dashboard JS gzip <= 350 KB', dash ? `${kb(dash.jsGzipBytes)} KB` : null, dash ? dash.jsGzipBytes <= 350 * 1024 : null],
  ['JS requests before first render <= 12 (dashboard)', dash?.jsRequests, dash ? dash.jsRequests <= 12 : null],
  ['JS requests before first render <= 12 (/users/list)', usersList?.jsRequests, usersList ? usersList.jsRequests <= 12 : null],
  ...[dash, usersList].map((p, i) => [`federated / single-app JS <= 1.25x (${i === 0 ? 'dashboard' : '/users/list'})`, ratio(p) === null ? 'not measured' : `${ratio(p)}x (${kb(p.jsGzipBytes)} vs ${kb(p.singleAppGzipBytes)} KB)`, ratio(p) === null ? null : ratio(p) <= 1.25]),
  ...(() => {
    const fed = navigation?.rows.filter((r) => r.build === 'federated' && r.remote !== CONTROL) ?? [];
    if (!fed.length) return [['first remote visit <= 1.2x a warm switch', 'not measured', null]];
    const worst = fed.reduce((a, r) => (a.firstToWarm >= r.firstToWarm ? a : r));
    return [['first remote visit <= 1.2x a warm switch (worst remote)', `${worst.firstToWarm}x (${worst.remote}: ${worst.firstMs} vs ${worst.warmMs} ms)`, worst.firstToWarm <= 1.2]];
  })(),
  ...(duplicates?.libraries ?? [])
    .filter((l) => !l.library.includes('icons'))
    .map((l) => [`one copy of ${l.library}`, `${l.copiesByContent}${l.probe !== undefined ? ` (probe ${l.probe})` : ''}`, l.copiesByContent === 1 && (l.probe === undefined || l.probe === 1)]),
  ...(lighthouseResult?.pages ?? []).flatMap((p) => [
    [`Lighthouse performance >= 95 (${p.path})`, p.performance, p.performance >= 95],
    [`Lighthouse accessibility >= 95 (${p.path})`, p.accessibility, p.accessibility >= 95],
  ]),
  ...[pgRun, pgliteRun].filter(Boolean).map((run) => {
    const w = worstSearch(run);
    const slowestRps = Math.min(...run.scenarios.filter((s) => s.endpoint.endsWith('/users')).map((s) => s.rps));
    const scale = run.database === 'PostgreSQL' ? `${run.users} users` : 'default seed';
    return [`${run.database} search p99 <= 100 ms and >= 400 req/s, every term (${scale}; target is at 1M on PostgreSQL)`, `worst p99 ${w?.p99} ms ("${w?.term}"), lowest ${slowestRps} req/s`, w ? w.p99 <= 100 && slowestRps >= 400 : null];
  }),
  ['PGlite open <= 1 s (target at 1M users)', db.disk ? `${db.disk.openMs} ms at ${db.disk.users} users` : null, db.disk ? db.disk.openMs <= 1000 : null],
  ['steady memory <= 400 MB (target at 1M users)', db.stack?.afterLoad ? `${db.stack.afterLoad.rssMB} MB API after load` : null, db.stack?.afterLoad ? db.stack.afterLoad.rssMB <= 400 : null],
];
out.push('', 'Against the targets of issue 9', formatTable(['target', 'measured', 'met'], summary.map(([t, m, ok]) => [t, m, ok === null ? '-' : ok ? 'yes' : 'NO'])));
for (const [name, message] of Object.entries(errors)) out.push('', `FAILED ${name}: ${message.split('\n')[0]}`);
console.log(out.join('\n'));

/** When each app's dist folder was built (the bench never rebuilds). */
const builds = Object.fromEntries(
  ['shell', 'mf-users', 'mf-commerce', 'mf-transactions', 'mf-engagement', 'mf-settings'].map((app) => {
    const file = path.join(ROOT, app, 'dist/index.html');
    return [app, fs.existsSync(file) ? fs.statSync(file).mtime.toISOString() : null];
  }),
);
const result = {
  date: startedAt.toISOString(),
  builds,
  durationSeconds: Math.round((Date.now() - startedAt.getTime()) / 1000),
  machine,
  ports: stack.ports,
  bytes,
  duplicates,
  navigation,
  lighthouse: lighthouseResult,
  api: apiRuns,
  db,
  summary: summary.map(([target, measured, met]) => ({ target, measured, met })),
  errors,
  notMeasured: [
    'API and PGlite at 1M users / 5M games (run with BENCH_DATABASE_URL / BENCH_PGLITE_DIR on a seeded data set)',
  ],
};
const file = process.env.BENCH_OUT ?? path.join(BENCH_DIR, 'results/latest.json');
fs.mkdirSync(path.dirname(file), { recursive: true });
fs.writeFileSync(file, `${JSON.stringify(result, null, 2)}\n`);
log(`results written to ${path.relative(process.cwd(), file)}`);
process.exitCode = Object.keys(errors).length ? 1 : 0;
