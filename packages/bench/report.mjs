// `pnpm bench:report`: renders the latest bench results (results/latest.json, and the 1M-user
// API run in results/api-1m.json when present) as markdown tables into RESULTS.md beside this
// file. `pnpm bench` calls it after writing latest.json.
//
//   pnpm bench:report [results.json]     (prints the tables too)
import fs from 'node:fs';
import path from 'node:path';
import { BENCH_DIR, fromCaller, isMain } from './lib.mjs';
import { CONTROL, auditRun, clusterRun, eventsRun, exportRun, listsRun, targets } from './targets.mjs';

export const LATEST = path.join(BENCH_DIR, 'results/latest.json');
export const AT_1M = path.join(BENCH_DIR, 'results/api-1m.json');
export const RESULTS = path.join(BENCH_DIR, 'RESULTS.md');

const cell = (v) => (v === null || v === undefined || v === '' ? '-' : String(v).replace(/\|/g, '\\|'));
const kb = (bytes) => Math.round(bytes / 102.4) / 10;

/** A markdown table; `null` cells show as "-". */
export function markdownTable(header, rows) {
  const line = (r) => `| ${r.map(cell).join(' | ')} |`;
  return [line(header), `|${header.map(() => '---').join('|')}|`, ...rows.map(line)].join('\n');
}

const when = (iso) => `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;

function machineLine(m) {
  const parts = [
    `${m.cpus} CPU (${m.cpuModel})`,
    `${m.memoryGB} GB`,
    m.os,
    `Node ${m.node}`,
    m.chromium && `Chromium ${m.chromium}`,
  ];
  const load = m.loadAverageAtStart ? `; load average ${m.loadAverageAtStart[0]} at the start` : '';
  return `${parts.filter(Boolean).join(', ')}${load}`;
}

/** One row per endpoint: the /users search terms pooled (their worst p50 and p99, lowest req/s). */
function apiRows(label, run) {
  const search = run.scenarios.filter((s) => s.endpoint.endsWith('/users'));
  const others = run.scenarios.filter((s) => !s.endpoint.endsWith('/users'));
  const db = run.database ?? run.scenarios[0]?.database;
  const rows = others.map((s) => [label, db, s.endpoint.replace('GET /manager', ''), s.p50, s.p99, s.rps]);
  if (search.length) {
    const worst = (key) => Math.max(...search.map((s) => s[key]));
    rows.unshift([
      label,
      db,
      `/users, search (worst of ${search.length} terms)`,
      worst('p50'),
      worst('p99'),
      Math.min(...search.map((s) => s.rps)),
    ]);
  }
  return rows;
}

/** One row per list: its first, deep and filtered page side by side (the JSON keeps every figure). */
function listRows(scenarios) {
  const byList = new Map();
  for (const s of scenarios) byList.set(s.list, [...(byList.get(s.list) ?? []), s]);
  const timing = (s) =>
    !s
      ? null
      : s.error
        ? 'failed'
        : s.paged === false
          ? `whole list (not paged${s.tooLarge ? ', over 5 MB' : ''})`
          : `${s.p50} / ${s.p99}`;
  const kind = (pages, prefix) => pages.find((s) => s.page.startsWith(prefix));
  const detail = (s) => (s ? s.page.replace(/^\w+ \(?/, '').replace(/\)$/, '') || null : null);
  return [...byList].map(([list, pages]) => {
    const [first, deep, filtered] = ['first', 'deep', 'filtered'].map((p) => kind(pages, p));
    const sizes = pages.filter((s) => s.bytes !== undefined).map((s) => s.bytes);
    return [
      list,
      first?.total ?? first?.rows ?? null,
      sizes.length ? kb(Math.max(...sizes)) : null,
      timing(first),
      detail(deep),
      deep?.paged === false ? null : timing(deep),
      detail(filtered),
      filtered?.paged === false ? null : timing(filtered),
      pages.reduce((n, s) => n + (s.errors ?? 0), 0),
    ];
  });
}

/** The lists-at-volume paragraph and table (lines to append; none without a run). */
function listsSection(lists) {
  if (!lists) return [];
  const data = Object.entries(lists.dataset ?? {})
    .map(([table, n]) => `${n.toLocaleString('en')} ${table}`)
    .join(', ');
  return [
    '',
    `Lists at volume on ${lists.database} (${lists.startedAt.slice(0, 10)}; ${data}; ${lists.concurrency} connections, ${lists.maxRequests} requests or ${lists.maxSeconds} s per page; load average ${lists.loadAverageAtStart?.[0] ?? '-'} at the start). ` +
      'The data set: `pnpm --filter @manager/api seed -- --volume production` into a database of its own ([the method](README.md#lists-at-volume)).' +
      (lists.note ? ` This run: ${lists.note}` : ''),
    '',
    markdownTable(
      [
        'list',
        'rows',
        'largest KB',
        'first page p50 / p99 ms',
        'deep page',
        'p50 / p99 ms',
        'filtered page',
        'p50 / p99 ms',
        'errors',
      ],
      listRows(lists.scenarios),
    ),
  ];
}

/**
 * Every table of `result` (a latest.json) and, when given, the 1M-user runs: the headline and
 * the targets first. Links are relative to RESULTS.md (beside the bench's README).
 */
export function renderReport(result, { at1m = null } = {}) {
  const list = targets(result, at1m);
  const judged = list.filter((t) => t.met !== null);
  const out = [
    `Latest \`pnpm bench\`: ${when(result.date)}; ${machineLine(result.machine)}. ` +
      `${judged.filter((t) => t.met).length} of ${judged.length} measured targets met. ` +
      'How each figure is measured: [README.md](README.md).',
    '',
    markdownTable(
      ['target', 'measured', 'met'],
      list.map((t) => [t.target, t.measured, t.met === null ? '-' : t.met ? 'yes' : '**no**']),
    ),
  ];
  const lists = listsRun(result, at1m);
  const nav = result.navigation;
  if (nav?.rows?.some((r) => 'federatedMs' in r)) {
    out.push(
      '',
      `What federation costs: the first visit to each remote's first page, federated console against the single-app build, CPU ${nav.cpuThrottle}x, median of ${nav.rounds} rounds with the builds alternating (the control row is the shell's own dashboard).`,
      '',
      markdownTable(
        ['remote (first page)', 'federated ms', 'single-app ms', 'federated / single-app'],
        nav.rows.map((r) => [
          r.remote === CONTROL ? `${r.remote} (${r.path})` : `${r.remote} (\`${r.path}\`)`,
          r.federatedMs,
          r.singleAppMs,
          r.ratio,
        ]),
      ),
    );
  }
  if (result.bytes) {
    out.push(
      '',
      'Bytes until the page is rendered (signed in, empty cache, gzip):',
      '',
      markdownTable(
        ['page', 'build', 'JS requests', 'JS KB', 'x single-app', 'CSS KB'],
        result.bytes.pages.map((p) => [
          `\`${p.path}\``,
          p.build ?? 'federated',
          p.jsRequests,
          kb(p.jsGzipBytes),
          p.ratioToSingleApp,
          kb(p.cssGzipBytes),
        ]),
      ),
    );
  }
  const runs = [...(result.api ?? []).map((run) => apiRows('default seed', run))];
  if (at1m?.api?.runs)
    runs.push(
      ...at1m.api.runs.map((run) =>
        apiRows(`${(run.users / 1e6).toString()}M users (${at1m.api.startedAt.slice(0, 10)})`, run),
      ),
    );
  if (runs.length) {
    const r = (result.api ?? [])[0] ?? at1m.api.runs[0];
    out.push(
      '',
      `API on loopback (${r.concurrency} connections, ${r.maxRequests} requests or ${r.maxSeconds} s per scenario):`,
      '',
      markdownTable(['data', 'database', 'endpoint', 'p50 ms', 'p99 ms', 'req/s'], runs.flat()),
    );
  }
  const audit = auditRun(result, at1m);
  if (audit) {
    out.push(
      '',
      `Audit log, ${audit.rows.toLocaleString('en')} rows on ${audit.database} (${audit.startedAt.slice(0, 10)}; ${audit.concurrency} connections, ${audit.maxRequests} requests or ${audit.maxSeconds} s per scenario; load average ${audit.loadAverageAtStart?.[0] ?? '-'} at the start), \`GET /manager/audit\` by filter:`,
      '',
      markdownTable(
        ['filter', 'entries', 'p50 ms', 'p99 ms', 'req/s'],
        audit.scenarios.map((s) => [
          s.notAFilter ? `${s.scenario} (\`/audit/admins\`)` : s.scenario,
          s.entries,
          s.p50,
          s.p99,
          s.rps,
        ]),
      ),
    );
  }
  out.push(...listsSection(lists));
  const csv = exportRun(result, at1m);
  if (csv) {
    out.push(
      '',
      `Users CSV export, ${csv.users.toLocaleString('en')} players (${csv.startedAt.slice(0, 10)}; \`GET /manager/users/export\` read to its end by one client; load average ${csv.loadAverageAtStart?.[0] ?? '-'} at the start):`,
      '',
      markdownTable(
        ['database', 'rows', 'MB', 'seconds', 'API RSS before MB', 'API peak during MB'],
        csv.runs.map((r) => [
          r.database,
          r.rows.toLocaleString('en'),
          r.mb,
          r.seconds,
          r.rssBeforeMB,
          r.peakDuringMB,
        ]),
      ),
    );
  }
  const c = clusterRun(result, at1m);
  if (c) {
    out.push(
      '',
      `Cluster, ${c.users.toLocaleString('en')} players on PostgreSQL (${c.startedAt.slice(0, 10)}; ${c.concurrency} connections; ${c.cpus} CPU shared by every instance, nginx and the database, so three instances show what the balancer costs, not what more machines gain):`,
      '',
      markdownTable(
        ['endpoint', 'search', 'route', 'p50 ms', 'p99 ms', 'req/s'],
        [...c.scenarios]
          .sort((a, b) => a.path.localeCompare(b.path) || a.route.localeCompare(b.route))
          .map((s) => [
            `\`${s.endpoint.replace('GET /manager', '')}\``,
            s.term,
            s.route,
            s.p50,
            s.p99,
            s.rps,
          ]),
      ),
    );
  }
  const e = eventsRun(result, at1m);
  if (e) {
    out.push(
      '',
      `Event stream (${e.startedAt.slice(0, 10)}; ${e.streams} streams through nginx to ${e.instances} instances on PostgreSQL, a change a second; latency from sending the request that commits it to each stream's handler; ${e.cpus} CPU shared by the instances, nginx, the database and the streams' reader):`,
      '',
      markdownTable(
        [
          'deliveries',
          'missed',
          'p50 ms',
          'p99 ms',
          'max ms',
          'API RSS before / with the streams, MB',
          'per idle stream',
        ],
        [
          [
            e.deliveries.toLocaleString('en'),
            e.missed,
            e.p50,
            e.p99,
            e.max,
            `${e.rssBeforeMB.join(' + ')} / ${e.rssOpenMB.join(' + ')}`,
            `${e.perStreamKB} KB`,
          ],
        ],
      ),
    );
  }
  return `${out.join('\n')}\n`;
}

/** Renders `results` (and the 1M-user runs of `runsAt1m` when present) into `full`; returns its path. */
export function writeResults({ results = LATEST, runsAt1m = AT_1M, full = RESULTS } = {}) {
  const result = JSON.parse(fs.readFileSync(results, 'utf8'));
  const at1m = fs.existsSync(runsAt1m) ? JSON.parse(fs.readFileSync(runsAt1m, 'utf8')) : null;
  const header =
    '# Latest bench results\n\nWritten by `pnpm bench:report` from `results/latest.json` and `results/api-1m.json`; the method is in [README.md](README.md).\n\n';
  fs.writeFileSync(full, header + renderReport(result, { at1m }));
  return full;
}

if (isMain(import.meta.url)) {
  try {
    const file = writeResults({ results: process.argv[2] ? fromCaller(process.argv[2]) : LATEST });
    console.log(fs.readFileSync(file, 'utf8'));
    console.error(`written into ${path.relative(process.cwd(), file)}`);
  } catch (error) {
    console.error(`bench:report: ${error instanceof Error ? error.message : error}`);
    process.exitCode = 1;
  }
}
