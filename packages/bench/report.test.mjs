// RESULTS.md rendered from a small result (run by the package's `test` script).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from 'vitest';
import { markdownTable, renderReport, writeResults } from './report.mjs';

const result = JSON.parse(fs.readFileSync(new URL('./fixtures/result.json', import.meta.url), 'utf8'));
const report = renderReport(result);
const rowOf = (start) => report.split('\n').find((line) => line.startsWith(`| ${start}`));

test('the first line gives the date, the machine and how many targets were met', () => {
  const first = report.split('\n')[0];
  expect(first).toMatch(/2030-01-02 03:04 UTC/);
  expect(first).toMatch(
    /2 CPU \(Test CPU\), 8 GB, Linux 6 x64, Node v20\.0\.0, Chromium 150\.0; load average 0\.5 at the start/,
  );
  expect(first).toMatch(/5 of 7 measured targets met/);
});

test('each target is a row that says whether it was met', () => {
  expect(rowOf('JS requests before first render <= 10 (dashboard)')).toBe(
    '| JS requests before first render <= 10 (dashboard) | 11 | **no** |',
  );
  expect(rowOf('federated / single-app JS <= 1.25x (dashboard)')).toBe(
    '| federated / single-app JS <= 1.25x (dashboard) | 1.2x (300 vs 250 KB) | yes |',
  );
  expect(rowOf('JS requests before first render <= 12 (/users/list)')).toBe(
    '| JS requests before first render <= 12 (/users/list) | not measured | - |',
  );
  expect(rowOf('one copy of each')).toBe(
    '| one copy of each shared library and of the federation runtime | 1 of 1 with one copy; more: none | yes |',
  );
  expect(rowOf('Lighthouse performance >= 95 (/dashboard)')).toBe(
    '| Lighthouse performance >= 95 (/dashboard) | 99 | yes |',
  );
});

test('one federation-cost row per remote with its ratio, judged against 1.10; the control is not a target', () => {
  expect(rowOf('federated / single-app first visit')).toBe(
    '| federated / single-app first visit <= 1.10, every remote | worst 1.2 (settings); over: settings | **no** |',
  );
  expect(rowOf('users (`/users/list`)')).toBe('| users (`/users/list`) | 330 | 300 | 1.1 |');
  expect(rowOf('control: shell')).toBe('| control: shell (/dashboard) | 200 | 200 | 1 |');
});

test('the API table pools the search terms and escapes pipes in cells', () => {
  expect(rowOf('default seed | PGlite | /users')).toBe(
    '| default seed | PGlite | /users, search (worst of 2 terms) | 25 | 120 | 410 |',
  );
  // The search targets are set at 1M users: the default seed's figures are shown, not judged.
  expect(rowOf('PGlite search')).toBe(
    '| PGlite search p99 <= 6x PostgreSQL, every term (1M users) | not measured | - |',
  );
  expect(markdownTable(['a'], [[null], ['x|y']])).toBe('| a |\n|---|\n| - |\n| x\\|y |');
});

test('writes every table into the results file, its links next to the method (README.md)', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-report-'));
  try {
    const full = writeResults({
      results: new URL('./fixtures/result.json', import.meta.url),
      runsAt1m: path.join(dir, 'no-1m-runs.json'),
      full: path.join(dir, 'RESULTS.md'),
    });
    const written = fs.readFileSync(full, 'utf8');
    expect(written.startsWith('# Latest bench results\n')).toBe(true);
    expect(written).toContain(report);
    expect(written).toMatch(/How each figure is measured: \[README\.md\]\(README\.md\)\./);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('at 1M users, PostgreSQL search is judged on its own and PGlite against PostgreSQL, term by term', () => {
  const scenario = (database, term, p99, rps) => ({
    database,
    endpoint: 'GET /manager/users',
    term,
    p50: 1,
    p99,
    rps,
  });
  const at1m = {
    api: {
      startedAt: '2030-01-01T00:00:00.000Z',
      runs: [
        {
          database: 'PostgreSQL',
          users: 1_000_000,
          scenarios: [scenario('PostgreSQL', 'a', 20, 500), scenario('PostgreSQL', 'b', 10, 900)],
        },
        {
          database: 'PGlite',
          users: 1_000_000,
          memoryAfterLoad: { rssMB: 420 },
          scenarios: [scenario('PGlite', 'a', 40, 300), scenario('PGlite', 'b', 70, 300)],
        },
      ],
    },
    disk: { users: 1_000_000, openMs: 900 },
  };
  const rows = renderReport(result, { at1m }).split('\n');
  const row = (start) => rows.find((line) => line.startsWith(`| ${start}`));
  expect(row('PostgreSQL search')).toBe(
    '| PostgreSQL search p99 <= 100 ms and >= 400 req/s, every term (1M users) | worst p99 20 ms ("a"), lowest 500 req/s | yes |',
  );
  expect(row('PGlite search')).toBe(
    '| PGlite search p99 <= 6x PostgreSQL, every term (1M users) | worst 7x ("b") | **no** |',
  );
  expect(row('PGlite open')).toBe('| PGlite open <= 1 s (1M users) | 900 ms | yes |');
  expect(row('PGlite steady memory')).toBe(
    '| PGlite steady memory of the API <= 400 MB (1M users) | 420 MB after the load | **no** |',
  );
});

test('the audit log is judged at 1M rows on its filters, from the newer of the two result files', () => {
  const scenario = (name, p99, extra = {}) => ({
    scenario: name,
    entries: 50,
    requests: 500,
    errors: 0,
    p50: 5,
    p99,
    rps: 900,
    ...extra,
  });
  const audit = (startedAt, rows, p99) => ({
    startedAt,
    loadAverageAtStart: [0.4, 0.5, 0.6],
    database: 'PostgreSQL',
    rows,
    concurrency: 10,
    maxRequests: 500,
    maxSeconds: 8,
    scenarios: [
      scenario('no filter', 12),
      scenario('player (the busiest)', p99),
      scenario('admins to filter by', 400, { notAFilter: true, entries: 6 }),
    ],
  });
  const target = (report) => report.split('\n').find((line) => line.startsWith('| Audit query p99'));
  const older = renderReport(
    { ...result, audit: audit('2030-01-01T00:00:00.000Z', 1_000_000, 60) },
    { at1m: { audit: audit('2030-02-01T00:00:00.000Z', 1_000_000, 30) } },
  );
  expect(target(older)).toBe(
    '| Audit query p99 <= 50 ms, every filter (1M audit rows, PostgreSQL) | worst p99 30 ms (player (the busiest)) of 2 filters at 1,000,000 rows | yes |',
  );
  expect(older).toMatch(
    /Audit log, 1,000,000 rows on PostgreSQL \(2030-02-01; 10 connections, 500 requests or 8 s per scenario; load average 0\.4 at the start\)/,
  );
  expect(older).toContain('| admins to filter by (`/audit/admins`) | 6 | 5 | 400 | 900 |');
  const slow = renderReport({ ...result, audit: audit('2030-03-01T00:00:00.000Z', 1_000_000, 60) });
  expect(target(slow)).toBe(
    '| Audit query p99 <= 50 ms, every filter (1M audit rows, PostgreSQL) | worst p99 60 ms (player (the busiest)) of 2 filters at 1,000,000 rows | **no** |',
  );
  // Fewer rows than the target's: shown, not judged.
  expect(target(renderReport({ ...result, audit: audit('2030-03-01T00:00:00.000Z', 5000, 60) }))).toMatch(
    /at 5,000 rows \| - \|$/,
  );
  expect(target(renderReport(result))).toBe(
    '| Audit query p99 <= 50 ms, every filter (1M audit rows, PostgreSQL) | not measured | - |',
  );
});

test('the lists at volume: a table of every page, judged on p99, size and paging at production volume', () => {
  const page = (list, name, p99, bytes, extra = {}) => ({
    list,
    page: name,
    path: '/x',
    paged: true,
    rows: 10,
    total: 200_000,
    bytes,
    requests: 500,
    errors: 0,
    p50: 4,
    p99,
    rps: 800,
    ...extra,
  });
  const lists = (startedAt, users, scenarios) => ({
    startedAt,
    loadAverageAtStart: [0.7, 0.5, 0.4],
    database: 'PostgreSQL',
    dataset: { users, shop_orders: 1_000_000 },
    concurrency: 10,
    maxRequests: 500,
    maxSeconds: 8,
    scenarios,
  });
  const target = (report) => report.split('\n').find((line) => line.startsWith('| Lists at volume: p99'));
  const good = [
    page('withdrawals', 'first', 12, 6000),
    page('withdrawals', 'deep (page 18,000)', 30, 6100),
    page('shop orders', 'filtered (currency)', 45, 9000),
  ];
  const met = renderReport(result, { at1m: { lists: lists('2030-02-01T00:00:00.000Z', 1_000_000, good) } });
  expect(target(met)).toBe(
    "| Lists at volume: p99 <= 50 ms and <= 100 KB, every list's first, deep and filtered page (production volume, PostgreSQL) | worst p99 45 ms (shop orders, filtered (currency)), largest 8.8 KB (shop orders, filtered (currency)); 3 pages of 2 lists at 1,000,000 users | yes |",
  );
  expect(met).toMatch(
    /Lists at volume on PostgreSQL \(2030-02-01; 1,000,000 users, 1,000,000 shop_orders; 10 connections, 500 requests or 8 s per page; load average 0\.7 at the start\)\. The data set: `pnpm --filter @manager\/api seed -- --volume production`/,
  );
  // One row per list: first, deep and filtered page side by side.
  expect(met).toContain('| withdrawals | 200000 | 6 | 4 / 12 | page 18,000 | 4 / 30 | - | - | 0 |');
  // A page over 100 KB, a slow page or a list answered whole misses the target.
  const large = renderReport({
    ...result,
    lists: lists('2030-03-01T00:00:00.000Z', 1_000_000, [...good, page('users', 'first', 20, 150 * 1024)]),
  });
  expect(target(large)).toMatch(/largest 150 KB \(users, first\).*\| \*\*no\*\* \|$/);
  const whole = renderReport({
    ...result,
    lists: lists('2030-03-01T00:00:00.000Z', 1_000_000, [
      ...good,
      { list: 'tasks', page: 'first', paged: false, rows: 40, bytes: 20_000, firstMs: 30 },
    ]),
  });
  expect(target(whole)).toMatch(/not paged or failed: tasks \| \*\*no\*\* \|$/);
  expect(whole).toContain('| tasks | 40 | 19.5 | whole list (not paged) | - | - | - | - | 0 |');
  // A run's note (how its data set was made, when it is not the preset) follows the heading.
  expect(
    renderReport({
      ...result,
      lists: { ...lists('2030-03-01T00:00:00.000Z', 1_000_000, good), note: 'copied in SQL.' },
    }),
  ).toMatch(/\(\[the method\]\(README\.md#lists-at-volume\)\)\. This run: copied in SQL\./);
  // A smaller data set is shown, not judged; the newer of latest.json and api-1m.json is the one shown.
  expect(target(renderReport({ ...result, lists: lists('2030-03-01T00:00:00.000Z', 5000, good) }))).toMatch(
    /at 5,000 users \| - \|$/,
  );
  expect(target(renderReport(result))).toBe(
    "| Lists at volume: p99 <= 50 ms and <= 100 KB, every list's first, deep and filtered page (production volume, PostgreSQL) | not measured | - |",
  );
  // /dashboard-stats, loaded on the same data set: its own target.
  const stats = (p99) => ({
    ...lists('2030-03-01T00:00:00.000Z', 1_000_000, good),
    endpoints: [
      { endpoint: 'dashboard stats', path: '/manager/dashboard-stats', p50: 9, p99, rps: 700, errors: 0 },
    ],
  });
  const statsRow = (report) => report.split('\n').find((line) => line.startsWith('| /dashboard-stats p99'));
  expect(statsRow(renderReport({ ...result, lists: stats(31) }))).toBe(
    '| /dashboard-stats p99 <= 50 ms (1M users, PostgreSQL) | p99 31 ms, p50 9 ms, 700 req/s at 1,000,000 users | yes |',
  );
  expect(statsRow(renderReport({ ...result, lists: stats(80) }))).toMatch(/\| \*\*no\*\* \|$/);
  expect(statsRow(renderReport(result))).toBe(
    '| /dashboard-stats p99 <= 50 ms (1M users, PostgreSQL) | not measured | - |',
  );
});

test('the users CSV export: its table and its target, judged at 1M players only', () => {
  const run = (rows, seconds) => ({
    startedAt: '2030-01-02T05:00:00.000Z',
    loadAverageAtStart: [0.7],
    users: rows,
    runs: [
      { database: 'PostgreSQL', rows, mb: 180.5, seconds, rssBeforeMB: 150, peakDuringMB: 190, vmHwmMB: 200 },
    ],
  });
  const at1m = renderReport(result, { at1m: { export: run(1_000_000, 41.2) } }).split('\n');
  const line = (start) => at1m.find((l) => l.startsWith(`| ${start}`));
  expect(line('PostgreSQL | 1,000,000')).toBe('| PostgreSQL | 1,000,000 | 180.5 | 41.2 | 150 | 190 |');
  expect(line('Users CSV export')).toBe(
    '| Users CSV export of 1M players < 60 s (PostgreSQL) | 41.2 s for 1,000,000 rows, API peak 190 MB | yes |',
  );
  const small = renderReport({ ...result, export: run(5000, 0.4) }).split('\n');
  expect(small.find((l) => l.startsWith('| Users CSV export'))).toBe(
    '| Users CSV export of 1M players < 60 s (PostgreSQL) | 0.4 s for 5,000 rows, API peak 190 MB | - |',
  );
});

test('the permission check: its cost per call against the fastest API p50, under 1% of it', () => {
  const permissionRow = (report) =>
    report.split('\n').find((line) => line.startsWith('| Permission check < 1% of the fastest API p50'));
  expect(
    permissionRow(renderReport({ ...result, permissionCheck: { calls: 1_000_000, nsPerCheck: 128.4 } })),
  ).toBe(
    '| Permission check < 1% of the fastest API p50 | 128.4 ns per call, < 0.01% of 10 ms (/metrics, PGlite) | yes |',
  );
  // A check of 0.2 ms against a 10 ms call is 2%: measurable.
  expect(
    permissionRow(renderReport({ ...result, permissionCheck: { calls: 1000, nsPerCheck: 200_000 } })),
  ).toBe(
    '| Permission check < 1% of the fastest API p50 | 200000 ns per call, 2.00% of 10 ms (/metrics, PGlite) | **no** |',
  );
  expect(permissionRow(renderReport(result))).toBe(
    '| Permission check < 1% of the fastest API p50 | not measured | - |',
  );
});

test('the event stream: p99 from commit to handler with 200 streams, none missed', () => {
  const run = (p99, missed, streams = 200) => ({
    startedAt: '2030-01-02T06:00:00.000Z',
    cpus: 2,
    instances: 3,
    streams,
    changes: 40,
    deliveries: streams * 40 - missed,
    missed,
    p50: 40.5,
    p99,
    max: p99 + 10,
    rssBeforeMB: [120, 118, 119],
    rssOpenMB: [124, 121, 122],
    perStreamKB: 51,
  });
  const line = (report) =>
    report
      .split('\n')
      .find((l) => l.startsWith('| Event latency p99 <= 1000 ms (200 streams, nginx, 3 instances)'));
  expect(line(renderReport({ ...result, events: run(180.2, 0) }))).toBe(
    '| Event latency p99 <= 1000 ms (200 streams, nginx, 3 instances) | p99 180.2 ms, p50 40.5 ms, 0 missed of 8000; 51 KB per idle stream | yes |',
  );
  // A lost delivery fails it however fast the rest were.
  expect(line(renderReport({ ...result, events: run(180.2, 3) }))).toContain('| **no** |');
  expect(line(renderReport({ ...result, events: run(1500, 0) }))).toContain('| **no** |');
  // Fewer streams than the target's crowd: shown, not judged.
  expect(line(renderReport({ ...result, events: run(100, 0, 20) }))).toContain('| - |');
  expect(line(renderReport(result))).toBe(
    '| Event latency p99 <= 1000 ms (200 streams, nginx, 3 instances) | not measured | - |',
  );
  // Its table: deliveries, none missed, the instances' memory before and with the streams.
  expect(renderReport({ ...result, events: run(180.2, 0) })).toContain(
    '| 8,000 | 0 | 40.5 | 180.2 | 190.2 | 120 + 118 + 119 / 124 + 121 + 122 | 51 KB |',
  );
});
