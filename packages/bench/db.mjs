// Embedded database footprint (PGlite):
//  - the stack's API on an in-memory database: time to healthy, seed time (its log), and
//    resident memory of the API process (VmRSS from /proc/<pid>/status) after seeding;
//    index.mjs reads it again after the API load ("steady");
//  - on disk: the seed CLI into a temporary PGlite folder (data + index rebuild + vacuum,
//    its peak memory), then a fresh process opens that folder: open time, first count(*),
//    resident memory. BENCH_PGLITE_DIR=<folder> skips the seed and measures that folder
//    (e.g. one built by `seed -- --users 1000000`).
//
//   pnpm --filter @manager/bench exec tsx db.mjs
//   BENCH_PGLITE_DIR=/var/tmp/pglite-1m BENCH_SEED_LOG=seed.log BENCH_OUT=packages/bench/results/api-1m.json pnpm --filter @manager/bench exec tsx db.mjs
// With BENCH_PGLITE_DIR only the folder is probed (no stack, no front-end builds needed);
// BENCH_SEED_LOG is the seed CLI's output for that folder (its data, index and total times are
// reported); BENCH_OUT merges the result under the key "disk" of that JSON file.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { writeResult } from './api.mjs';
import { API_DIR, formatTable, fromCaller, isMain, readMemory, startStack } from './lib.mjs';

function run(args, env) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const merged = { ...process.env, ...env };
    // PGlite only: never a PostgreSQL server from the caller's environment.
    delete merged.DATABASE_URL;
    const child = spawn(process.execPath, args, {
      cwd: API_DIR,
      env: merged,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let text = '';
    child.stdout.on('data', (c) => (text += c));
    child.stderr.on('data', (c) => (text += c));
    process.once('exit', () => child.kill('SIGTERM'));
    child.on('error', reject);
    child.on('exit', (code) => {
      const ms = Math.round(performance.now() - started);
      if (code === 0) resolve({ text, ms });
      else reject(new Error(`${args.join(' ')} exited with ${code}\n${text.slice(-2000)}`));
    });
  });
}

// Runs in packages/api through tsx: opens an existing PGlite folder as the API does (createDb).
const PROBE = `
import fs from 'node:fs';
const rss = () => Math.round(Number(/^VmRSS:\\s+(\\d+)/m.exec(fs.readFileSync('/proc/self/status', 'utf8'))[1]) / 1024);
const { createDb } = await import('./src/db/client.ts');
const { sql } = await import('drizzle-orm');
const out = { rssBeforeOpenMB: rss() };
let t = performance.now();
const h = await createDb({ pgliteDir: process.env.PROBE_DIR });
out.openMs = Math.round(performance.now() - t);
t = performance.now();
const r = await h.db.execute(sql\`select count(*)::int as n from users\`);
out.firstCountMs = Math.round(performance.now() - t);
out.users = (r.rows ?? r)[0]?.n ?? null;
out.rssAfterOpenMB = rss();
await h.close();
t = performance.now();
const m = await createDb({ pgliteDir: 'memory://' });
out.freshInMemoryCreateMs = Math.round(performance.now() - t);
await m.close();
console.log('PROBE ' + JSON.stringify(out));
`;

/** Seed into a temporary folder (unless BENCH_PGLITE_DIR), then open it in a new process. */
export async function runDiskProbe(existingDir = process.env.BENCH_PGLITE_DIR) {
  const dir = existingDir
    ? fromCaller(existingDir)
    : fs.mkdtempSync(path.join(os.tmpdir(), 'manager-bench-pglite-'));
  try {
    let seed = null;
    const seedLog =
      existingDir && process.env.BENCH_SEED_LOG ? fs.readFileSync(process.env.BENCH_SEED_LOG, 'utf8') : null;
    if (!existingDir || seedLog) {
      const child = seedLog
        ? { text: seedLog, ms: NaN }
        : await run(['--import', 'tsx', 'src/db/seed-cli.ts'], { PGLITE_DIR: dir, LOG_LEVEL: 'warn' });
      const done = /Done: data in ([\d.]+) s, ([\d.]+) s in all \(peak resident memory about (\d+) MB\)/.exec(
        child.text,
      );
      const indexes = /(\d+) indexes rebuilt in ([\d.]+) s/.exec(child.text);
      const users = /Seeding ([\d,]+) users/.exec(child.text);
      const games = /users and ([\d,]+) games/.exec(child.text);
      seed = {
        users: users ? Number(users[1].replace(/,/g, '')) : null,
        games: games ? Number(games[1].replace(/,/g, '')) : null,
        dataSeconds: done ? Number(done[1]) : null,
        indexSeconds: indexes ? Number(indexes[2]) : null,
        totalSeconds: done ? Number(done[2]) : Math.round(child.ms / 100) / 10,
        peakRssMB: done ? Number(done[3]) : null,
      };
    }
    const probe = await run(['--import', 'tsx', '--input-type=module', '-e', PROBE], { PROBE_DIR: dir });
    const line = probe.text.split('\n').find((l) => l.startsWith('PROBE '));
    if (!line) throw new Error(`probe printed no result:\n${probe.text.slice(-2000)}`);
    const sizeMB = Math.round(dirSize(dir) / 1024 / 1024);
    return { dir: existingDir ? dir : '(temporary)', seed, ...JSON.parse(line.slice(6)), diskMB: sizeMB };
  } finally {
    if (!existingDir) fs.rmSync(dir, { recursive: true, force: true });
  }
}

function dirSize(p) {
  const st = fs.statSync(p);
  if (!st.isDirectory()) return st.size;
  return fs.readdirSync(p).reduce((a, name) => a + dirSize(path.join(p, name)), 0);
}

/** Footprint of the stack's API process right after start (seeded). */
export function stackFootprint(stack) {
  return {
    pgliteDir: stack.pgliteDir,
    stackReadyMs: stack.readyMs,
    seedSeconds: stack.seedSeconds,
    apiPid: stack.apiPid,
    afterSeed: stack.apiPid ? readMemory(stack.apiPid) : null,
  };
}

export function dbTable(db) {
  const rows = [];
  const s = db.stack;
  if (s) {
    rows.push([`stack API (${s.pgliteDir}): ready after start`, `${(s.stackReadyMs / 1000).toFixed(1)} s`]);
    rows.push([
      '  seed (API log, default 5,000 users)',
      s.seedSeconds === null ? null : `${s.seedSeconds} s`,
    ]);
    rows.push(['  API VmRSS after seed', s.afterSeed ? `${s.afterSeed.rssMB} MB` : null]);
    if (s.afterLoad)
      rows.push([
        '  API VmRSS after API load (peak VmHWM)',
        `${s.afterLoad.rssMB} MB (${s.afterLoad.peakMB} MB)`,
      ]);
  }
  const d = db.disk;
  if (d) {
    if (d.seed) {
      rows.push([
        `on disk: seed CLI, ${d.seed.users?.toLocaleString('en')} users (data + indexes + vacuum)`,
        `${d.seed.totalSeconds} s`,
      ]);
      rows.push(['  of which data / index rebuild', `${d.seed.dataSeconds} s / ${d.seed.indexSeconds} s`]);
      rows.push(['  seed process peak RSS', `${d.seed.peakRssMB} MB`]);
    }
    rows.push([
      `open existing folder (${d.users?.toLocaleString('en')} users, ${d.diskMB} MB on disk)`,
      `${d.openMs} ms`,
    ]);
    rows.push(['  first count(*) from users', `${d.firstCountMs} ms`]);
    rows.push(['  VmRSS after open + count', `${d.rssAfterOpenMB} MB`]);
    rows.push(['create in memory (initdb)', `${d.freshInMemoryCreateMs} ms`]);
  }
  return formatTable(['embedded database (PGlite)', 'value'], rows);
}

if (isMain(import.meta.url)) {
  let stackPart = null;
  if (!process.env.BENCH_PGLITE_DIR) {
    const stack = await startStack();
    try {
      stackPart = stackFootprint(stack);
    } finally {
      await stack.stop();
    }
  }
  const disk = await runDiskProbe();
  console.log(dbTable({ stack: stackPart, disk }));
  if (process.env.BENCH_OUT)
    writeResult(fromCaller(process.env.BENCH_OUT), 'disk', { measuredAt: new Date().toISOString(), ...disk });
}
