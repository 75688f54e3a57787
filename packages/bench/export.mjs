// The users list's CSV export at a million players, through HTTP: GET /manager/users/export
// (every player, no filter) read to its end by one client, timed, while the API process's
// resident memory is sampled every 100 ms; plus VmHWM, the process's peak since it started.
//
// The database is BENCH_EXPORT_DATABASE_URL when set, else `manager_bench_export` on the local
// server (BENCH_PG_SERVER, default the Debian socket), created when missing and kept. An empty
// one is seeded with the seed CLI, `--users BENCH_EXPORT_USERS --games 1000` (1,000,000 by
// default; about 15 minutes on 2 cores, reused by later runs). With BENCH_PGLITE_DIR, the
// same export is measured on that PGlite folder too (e.g. the 1M folder of README.md).
//
//   pnpm --filter @manager/bench exec tsx export.mjs
//   BENCH_OUT=packages/bench/results/api-1m.json pnpm --filter @manager/bench exec tsx export.mjs
// BENCH_OUT merges the result under the key "export" of that JSON file (other keys are kept).
import { spawn } from 'node:child_process';
import os from 'node:os';
import { writeResult } from './api.mjs';
import {
  API_DIR,
  API_KEY,
  apiLogin,
  apiStepUp,
  benchDatabase,
  benchPorts,
  formatTable,
  fromCaller,
  isMain,
  pg,
  readMemory,
  startApi,
  withUser,
} from './lib.mjs';

const USERS = Number(process.env.BENCH_EXPORT_USERS ?? 1_000_000);
const OWN_DATABASE = 'manager_bench_export';
const log = (m) => process.env.BENCH_VERBOSE === '1' && console.error(`[export] ${m}`);

/** BENCH_EXPORT_DATABASE_URL, or the part's own database on the bench's PostgreSQL server (lib.mjs); null when there is none. */
const databaseUrl = async () =>
  process.env.BENCH_EXPORT_DATABASE_URL || benchDatabase({ part: 'export', name: OWN_DATABASE });

async function playerCount(url) {
  const client = new pg.Client({ connectionString: withUser(url) });
  await client.connect();
  try {
    const exists = (await client.query(`select to_regclass('public.users') as t`)).rows[0].t;
    return exists ? Number((await client.query('select count(*) from users')).rows[0].count) : 0;
  } finally {
    await client.end();
  }
}

/** The seed CLI into an empty database (its output goes to stderr with BENCH_VERBOSE=1). */
function seed(url) {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', 'src/db/seed-cli.ts', '--users', String(USERS), '--games', '1000'],
      {
        cwd: API_DIR,
        env: { ...process.env, DATABASE_URL: url },
        stdio: ['ignore', process.env.BENCH_VERBOSE === '1' ? 'inherit' : 'ignore', 'inherit'],
      },
    );
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`seed CLI exited with ${code}`)),
    );
  });
}

/**
 * One export read to its end: seconds, bytes, data rows (records counted quotes aware), and the
 * API's resident memory before, the highest sampled during, and its VmHWM after.
 */
export async function measureExport(apiUrl, apiPid, token) {
  const before = readMemory(apiPid);
  let peakDuringMB = before?.rssMB ?? 0;
  const sampler = setInterval(() => {
    const m = readMemory(apiPid);
    if (m) peakDuringMB = Math.max(peakDuringMB, m.rssMB);
  }, 100);
  const started = performance.now();
  let bytes = 0;
  let records = 0;
  let quoted = false;
  try {
    const res = await fetch(`${apiUrl}/manager/users/export`, {
      headers: { 'x-api-key': API_KEY, authorization: `Bearer ${token}` },
    });
    if (!res.ok)
      throw new Error(`GET /manager/users/export: ${res.status} ${(await res.text()).slice(0, 200)}`);
    for await (const chunk of res.body) {
      bytes += chunk.length;
      for (const byte of chunk) {
        if (byte === 34) quoted = !quoted;
        else if (byte === 10 && !quoted) records += 1;
      }
    }
  } finally {
    clearInterval(sampler);
  }
  const seconds = Math.round((performance.now() - started) / 100) / 10;
  const after = readMemory(apiPid);
  return {
    seconds,
    rows: records - 1,
    mb: Math.round(bytes / 1e5) / 10,
    rssBeforeMB: before?.rssMB ?? null,
    peakDuringMB,
    vmHwmMB: after?.peakMB ?? null,
  };
}

async function onApi(database, env) {
  const api = await startApi({
    port: benchPorts().apiPg,
    env: { UPLOADS_DIR: '/tmp/manager-bench-uploads-export', ...env },
  });
  try {
    const token = await apiLogin(api.apiUrl);
    // The export copies every player's data: it needs a step-up.
    await apiStepUp(api.apiUrl, token);
    const run = await measureExport(api.apiUrl, api.apiPid, token);
    log(`${database}: ${run.rows} rows in ${run.seconds} s, peak ${run.peakDuringMB} MB`);
    return { database, ...run };
  } finally {
    await api.stop();
  }
}

/** Seeds (or reuses) the players, then exports them through an API of its own. Null when no PostgreSQL server is there. */
export async function runExport() {
  const url = await databaseUrl();
  if (!url) return null;
  const startedAt = new Date().toISOString();
  const loadAverageAtStart = os.loadavg().map((x) => Math.round(x * 100) / 100);
  let seededSeconds = null;
  if ((await playerCount(url)) === 0) {
    const t = performance.now();
    log(`seeding ${USERS} players`);
    await seed(url);
    seededSeconds = Math.round((performance.now() - t) / 1000);
  }
  const users = await playerCount(url);
  const runs = [await onApi('PostgreSQL', { DATABASE_URL: url })];
  if (process.env.BENCH_PGLITE_DIR)
    runs.push(await onApi('PGlite', { PGLITE_DIR: process.env.BENCH_PGLITE_DIR }));
  return { startedAt, loadAverageAtStart, users, seededSeconds, runs };
}

export function exportTable(run) {
  return formatTable(
    ['database', 'rows', 'MB', 'seconds', 'API RSS before MB', 'API peak during MB', 'API VmHWM MB'],
    run.runs.map((r) => [
      r.database,
      r.rows.toLocaleString('en'),
      r.mb,
      r.seconds,
      r.rssBeforeMB,
      r.peakDuringMB,
      r.vmHwmMB,
    ]),
  );
}

if (isMain(import.meta.url)) {
  const run = await runExport();
  if (!run) process.exitCode = 1;
  else {
    console.log(
      `Users CSV export, ${run.users.toLocaleString('en')} players (${run.seededSeconds === null ? 'reused' : `seeded in ${run.seededSeconds} s`})`,
    );
    console.log(exportTable(run));
    if (process.env.BENCH_OUT) writeResult(fromCaller(process.env.BENCH_OUT), 'export', run);
  }
}
