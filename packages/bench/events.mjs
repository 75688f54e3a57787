// The event stream under a crowd: 200 streams open through nginx to three API instances on
// PostgreSQL (@manager/stack, cluster.ts), then a change a second committed through nginx (a loot
// box switched, an audited change); each stream's handler notes when its event arrives.
// Latency is from sending the request that commits the change to the handler (an upper bound
// of commit to handler: the request's own time is in it), over every stream and change. Memory
// is the instances' resident set (VmRSS) with the streams open and idle, against before.
//
//   pnpm --filter @manager/bench exec tsx events.mjs
// Database: BENCH_CLUSTER_DATABASE_URL, else manager_cluster_bench on BENCH_PG_SERVER (as
// cluster.mjs). Ports: the cluster layout shifted by BENCH_EVENTS_PORT_OFFSET (default 820).
// BENCH_EVENTS_STREAMS (200) and BENCH_EVENTS_CHANGES (40) size it. BENCH_OUT=<file.json> also
// writes the run under the key "events" of that file.
import os from 'node:os';
import { createParser } from 'eventsource-parser';
import { CHANGE_EVENT, EVENTS_PATH } from '@manager/contract';
import { writeResult } from './api.mjs';
import { clusterDatabase } from './cluster.mjs';
import {
  API_KEY,
  PG_SERVER,
  apiGet,
  apiLogin,
  formatTable,
  fromCaller,
  isMain,
  percentile,
  readMemory,
  sleep,
} from './lib.mjs';
import { startCluster } from '@manager/stack/cluster';

const STREAMS = Number(process.env.BENCH_EVENTS_STREAMS ?? 200);
const CHANGES = Number(process.env.BENCH_EVENTS_CHANGES ?? 40);
const SPACING_MS = 1000;

const rssMB = (pid) => readMemory(pid).rssMB;

/** One stream read as the console reads it: fetch, parsed by eventsource-parser; `arrivals` per change. */
async function openStream(url, token, onChange) {
  const abort = new AbortController();
  const res = await fetch(`${url}${EVENTS_PATH}`, {
    headers: { accept: 'text/event-stream', authorization: `Bearer ${token}`, 'x-api-key': API_KEY },
    signal: abort.signal,
  });
  if (res.status !== 200) throw new Error(`event stream: HTTP ${res.status}`);
  const parser = createParser({
    onEvent: (message) => {
      if (message.event === CHANGE_EVENT) onChange(JSON.parse(message.data), performance.now());
    },
  });
  const decoder = new TextDecoder();
  const reading = (async () => {
    try {
      for await (const chunk of res.body) parser.feed(decoder.decode(chunk, { stream: true }));
    } catch {
      // closed by the bench
    }
  })();
  return { close: () => (abort.abort(), reading) };
}

export async function runEvents() {
  // The cluster part's database (seeded once, kept).
  const databaseUrl = await clusterDatabase();
  if (!databaseUrl) return null;
  const offset = Number(process.env.BENCH_EVENTS_PORT_OFFSET ?? 820);
  const startedAt = new Date().toISOString();
  const loadAverageAtStart = os.loadavg().map((x) => Math.round(x * 100) / 100);
  const cluster = await startCluster({
    offset,
    databaseUrl,
    quiet: process.env.BENCH_VERBOSE !== '1',
    prefix: `/tmp/manager-bench-events-${offset}`,
    env: { LOG_LEVEL: 'warn', SIMULATE_ACTIVITY_MS: '0' },
  });
  const streams = [];
  try {
    const token = await apiLogin(cluster.url);
    const boxes = await apiGet(cluster.url, token, '/manager/loot-boxes');
    const box = (Array.isArray(boxes) ? boxes : boxes.lootBoxes)[0];
    if (!box) throw new Error('no loot box to switch: the seed makes some');
    const pids = cluster.instances.map((i) => i.child.pid);
    await sleep(2000);
    const before = pids.map(rssMB);

    // arrivals[k][s]: when stream s heard change k; a stream hears the toggles in commit order.
    const arrivals = Array.from({ length: CHANGES }, () => new Array(STREAMS).fill(null));
    for (let s = 0; s < STREAMS; s++) {
      let heard = 0;
      streams.push(
        await openStream(cluster.url, token, (event, at) => {
          if (event.action !== 'loot_box.toggle' || heard >= CHANGES) return;
          arrivals[heard++][s] = at;
        }),
      );
    }
    await sleep(5000);
    const open = pids.map(rssMB);

    const sent = [];
    for (let k = 0; k < CHANGES; k++) {
      sent.push(performance.now());
      const res = await fetch(`${cluster.url}/manager/loot-boxes/${box.id}/toggle-status`, {
        method: 'PATCH',
        headers: { authorization: `Bearer ${token}`, 'x-api-key': API_KEY },
      });
      if (!res.ok) throw new Error(`toggle: HTTP ${res.status} ${(await res.text()).slice(0, 200)}`);
      await sleep(SPACING_MS);
    }
    await sleep(3000);
    const latencies = [];
    let missed = 0;
    for (let k = 0; k < CHANGES; k++)
      for (const at of arrivals[k]) {
        if (at === null) missed++;
        else latencies.push(at - sent[k]);
      }
    latencies.sort((a, b) => a - b);
    const round = (ms) => Math.round(ms * 10) / 10;
    const perStreamKB = Math.round(
      ((open.reduce((a, b) => a + b, 0) - before.reduce((a, b) => a + b, 0)) * 1024) / STREAMS,
    );
    return {
      startedAt,
      loadAverageAtStart,
      cpus: os.cpus().length,
      instances: pids.length,
      streams: STREAMS,
      changes: CHANGES,
      deliveries: latencies.length,
      missed,
      p50: round(percentile(latencies, 50)),
      p99: round(percentile(latencies, 99)),
      max: round(latencies.at(-1)),
      rssBeforeMB: before,
      rssOpenMB: open,
      perStreamKB,
    };
  } finally {
    await Promise.all(streams.map((s) => s.close()));
    await cluster.stop();
  }
}

export function eventsTable(run) {
  return formatTable(
    [
      'streams',
      'changes',
      'deliveries',
      'missed',
      'p50 ms',
      'p99 ms',
      'max ms',
      'API RSS before / open MB',
      'per idle stream',
    ],
    [
      [
        run.streams,
        run.changes,
        run.deliveries,
        run.missed,
        run.p50,
        run.p99,
        run.max,
        `${run.rssBeforeMB.join('+')} / ${run.rssOpenMB.join('+')}`,
        `${run.perStreamKB} KB`,
      ],
    ],
  );
}

if (isMain(import.meta.url)) {
  const run = await runEvents();
  if (!run) {
    console.error(`no PostgreSQL server at ${PG_SERVER}: not measured`);
    process.exit(1);
  }
  console.log(
    `Event stream (${run.streams} streams through nginx to ${run.instances} instances on PostgreSQL; ${run.cpus} CPU; a change a second)`,
  );
  console.log(eventsTable(run));
  if (process.env.BENCH_OUT) writeResult(fromCaller(process.env.BENCH_OUT), 'events', run);
}
