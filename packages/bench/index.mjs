// `pnpm bench`: bytes, duplicates, Lighthouse, API load and the embedded database footprint, in
// sequence, on one stack (@manager/stack's start.ts with SKIP_BUILD=1: the existing dist
// folders, never a rebuild; ports BENCH_PORT_OFFSET=700 by default; PGlite in memory), then the
// audit log at 1M rows on PostgreSQL (audit.mjs: an API of its own, skipped without a server)
// and the lists at volume (lists.mjs: on the production data set, skipped, with how to make
// it, when the server has none).
// Prints one table per part and a summary against the targets (targets.mjs), writes
// results/latest.json (BENCH_OUT overrides the path) and, when it wrote that file, every table
// into RESULTS.md (report.mjs). The method: README.md.
//
// Environment: BENCH_PORT_OFFSET (700), BENCH_PGLITE_DIR (memory://; a folder, e.g. a
// 1M-user one, is used by the stack and measured by the disk probe without seeding),
// BENCH_DATABASE_URL (also load-test the API on PostgreSQL), BENCH_API_REQUESTS (500),
// BENCH_API_SECONDS (8), BENCH_API_CONCURRENCY (10), BENCH_LIGHTHOUSE_RUNS (3),
// BENCH_SKIP=bytes,duplicates,navigation,lighthouse,api,disk,audit,lists,export,cluster,events, BENCH_LISTS_DATABASE_URL, BENCH_SINGLE_APP=0 (no baseline),
// BENCH_AUDIT_ROWS (1000000), BENCH_PG_SERVER (the audit database's server when
// BENCH_DATABASE_URL is unset), BENCH_VERBOSE=1 (stack output and progress on stderr).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { APPS } from '@manager/stack/build';
import {
  CHROMIUM,
  ROOT,
  buildSingleApp,
  formatTable,
  fromCaller,
  kb,
  readMemory,
  startStack,
} from './lib.mjs';
import { bytesTable, runBytes, signIn } from './bytes.mjs';
import { duplicatesTable, runDuplicates } from './duplicates.mjs';
import { navigationTable, runNavigation } from './navigation.mjs';
import { apiTable, runApi, runApiPostgres } from './api.mjs';
import { runPermissionCheck } from './permission-check.mjs';
import { auditTable, runAudit } from './audit.mjs';
import { listsTable, runLists } from './lists.mjs';
import { exportTable, runExport } from './export.mjs';
import { clusterTable, runCluster } from './cluster.mjs';
import { eventsTable, runEvents } from './events.mjs';
import { dbTable, runDiskProbe, stackFootprint } from './db.mjs';
import { lighthouseTable, runLighthouse } from './lighthouse.mjs';
import { LATEST, writeResults } from './report.mjs';
import { targets } from './targets.mjs';

const skip = new Set(
  (process.env.BENCH_SKIP ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean),
);
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
let permissionCheck;
const apiRuns = [];
const db = { stack: null, disk: null };

log('starting the stack (SKIP_BUILD=1)...');
if (!skip.has('bytes') || !skip.has('navigation'))
  await part('single-app build', async () => buildSingleApp());
const stack = await startStack();
log(
  `stack ready in ${(stack.readyMs / 1000).toFixed(1)} s: ${stack.consoleUrl}, API ${stack.apiUrl} (pid ${stack.apiPid})`,
);
try {
  db.stack = stackFootprint(stack);
  if (!skip.has('bytes') || !skip.has('duplicates') || !skip.has('navigation')) {
    const browser = await chromium.launch(CHROMIUM);
    machine.chromium = browser.version();
    try {
      duplicates = await part('duplicates', () => runDuplicates(stack, { browser }));
      bytes = await part('bytes', async () =>
        runBytes(stack, { browser, storageState: await signIn(browser, stack.consoleUrl) }),
      );
      navigation = await part('navigation', () => runNavigation(stack, { browser }));
    } finally {
      await browser.close();
    }
  }
  // Its own Chromium (chrome-launcher), after the Playwright browser is closed.
  lighthouseResult = await part('lighthouse', () => runLighthouse(stack));
  if (lighthouseResult && !machine.chromium) machine.chromium = lighthouseResult.chrome.replace(/^.*\//, '');
  const pglite = await part('api', () => runApi({ apiUrl: stack.apiUrl, database: 'PGlite' }));
  permissionCheck = await part('permission-check', () => runPermissionCheck());
  if (pglite) apiRuns.push({ database: 'PGlite', pgliteDir: stack.pgliteDir, ...pglite });
  if (pglite && stack.apiPid) db.stack.afterLoad = readMemory(stack.apiPid);
} finally {
  await stack.stop();
  log('stack stopped');
}
if (process.env.BENCH_DATABASE_URL) {
  const pg = await part('api-postgres', () => runApiPostgres());
  if (pg) apiRuns.push({ database: 'PostgreSQL', ...pg });
}
db.disk = await part('disk', () => runDiskProbe());
// Null, noted in the log, when no PostgreSQL server answers (audit.mjs says where it looks).
const audit = await part('audit', () => runAudit());
// Null, noted in the log with the command that makes the data set, when there is none.
const lists = await part('lists', () => runLists());
// The users CSV export at 1M players on PostgreSQL (export.mjs: seeds its own database once).
const csvExport = await part('export', () => runExport());
// Users list and game history through nginx to one and to three instances (cluster.mjs).
const cluster = await part('cluster', () => runCluster());
// The event stream: 200 streams through nginx to three instances, a change a second (events.mjs).
const events = await part('events', () => runEvents());

// ---- report -------------------------------------------------------------------------------
const out = [];
out.push(
  `Manager bench, ${startedAt.toISOString()}; ${machine.cpus} CPU (${machine.cpuModel}), ${machine.memoryGB} GB, Node ${machine.node}, Chromium ${machine.chromium ?? '-'}; load average at start ${machine.loadAverageAtStart.join(' ')}`,
);
if (bytes) out.push('', 'Bytes (gzip JS and CSS, empty cache, until rendered)', bytesTable(bytes));
if (duplicates) {
  out.push(
    '',
    `Duplicates (one page: /login then ${duplicates.routesVisited - 1} routes in the app; ${duplicates.routesRendered}/${duplicates.routesVisited} rendered; ${duplicates.jsRequests} JS requests, ${kb(duplicates.jsGzipBytes)} KB gzip in all)`,
    duplicatesTable(duplicates),
  );
}
if (navigation) {
  out.push(
    '',
    `Navigation (CPU throttled ${navigation.cpuThrottle}x; click to ${navigation.content}; first visit after the idle prefetch; median of ${navigation.rounds} rounds, the builds alternating)`,
    navigationTable(navigation),
  );
}
if (lighthouseResult) {
  out.push(
    '',
    `Lighthouse ${lighthouseResult.lighthouseVersion} (${lighthouseResult.preset} preset, ${lighthouseResult.chrome}; cold cache, signed in)`,
    lighthouseTable(lighthouseResult),
  );
}
if (apiRuns.length) {
  const r = apiRuns[0];
  out.push(
    '',
    `API (${r.concurrency} connections, each scenario ${r.maxRequests} requests or ${r.maxSeconds} s after ${r.warmup} warm-up)`,
    apiTable(apiRuns),
  );
}
if (db.stack || db.disk) out.push('', dbTable(db));
if (csvExport)
  out.push(
    '',
    `Users CSV export (${csvExport.users.toLocaleString('en')} players; GET /manager/users/export read to its end by one client)`,
    exportTable(csvExport),
  );
if (audit)
  out.push(
    '',
    `Audit log (${audit.rows.toLocaleString('en')} rows on PostgreSQL; ${audit.rowsAdded ? `${audit.rowsAdded.toLocaleString('en')} added in ${audit.fillSeconds} s` : 'reused'})`,
    auditTable(audit),
  );
if (cluster)
  out.push(
    '',
    `Cluster (${cluster.users.toLocaleString('en')} players on PostgreSQL; ${cluster.cpus} CPU shared by every instance and nginx)`,
    clusterTable(cluster),
  );
if (events)
  out.push(
    '',
    `Event stream (${events.streams} streams through nginx to ${events.instances} instances on PostgreSQL; ${events.cpus} CPU; a change a second; latency from the request that commits it to each stream's handler)`,
    eventsTable(events),
  );
if (lists)
  out.push(
    '',
    `Lists at volume (${Object.entries(lists.dataset)
      .map(([t, n]) => `${n.toLocaleString('en')} ${t}`)
      .join(', ')}; PostgreSQL)`,
    listsTable(lists),
  );

const summary = targets({
  bytes,
  duplicates,
  navigation,
  lighthouse: lighthouseResult,
  api: apiRuns,
  permissionCheck,
  db,
  audit,
  lists,
  export: csvExport,
  events,
});
out.push(
  '',
  'Against the targets',
  formatTable(
    ['target', 'measured', 'met'],
    summary.map((t) => [t.target, t.measured, t.met === null ? '-' : t.met ? 'yes' : 'NO']),
  ),
);
for (const [name, message] of Object.entries(errors))
  out.push('', `FAILED ${name}: ${message.split('\n')[0]}`);
console.log(out.join('\n'));

/** When each app's dist folder was built (the bench never rebuilds). */
const builds = Object.fromEntries(
  APPS.map((app) => {
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
  permissionCheck,
  db,
  audit,
  lists,
  export: csvExport,
  cluster,
  events,
  summary,
  errors,
  notMeasured: [
    'API and PGlite at 1M users / 5M games (run with BENCH_DATABASE_URL / BENCH_PGLITE_DIR on a seeded data set)',
  ],
};
const file = process.env.BENCH_OUT ? fromCaller(process.env.BENCH_OUT) : LATEST;
fs.mkdirSync(path.dirname(file), { recursive: true });
fs.writeFileSync(file, `${JSON.stringify(result, null, 2)}\n`);
log(`results written to ${path.relative(process.cwd(), file)}`);
// RESULTS.md shows the committed results only: a run written elsewhere leaves it alone.
if (file === LATEST) log(`tables written (${path.relative(process.cwd(), writeResults())})`);
process.exitCode = Object.keys(errors).length ? 1 : 0;
