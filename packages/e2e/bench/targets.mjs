// The bench's targets, judged from a result (`results/latest.json`): used by `pnpm bench` for
// its summary and by report.mjs for the README, so both always say the same.

/** Federated first visit / single-app first visit, each remote (navigation.mjs). */
export const NAV_TARGET_RATIO = 1.1;
/** The navigation's control row: the shell's own dashboard, the same code in both builds. */
export const CONTROL = 'control: shell';

const kb = (bytes) => Math.round(bytes / 102.4) / 10;

/**
 * Each target as { target, measured, met }; `met` is null when the part was not measured.
 * `at1m` is the API run on a 1M-user data set (results/api-1m.json), where the API and
 * database targets are set.
 */
export function targets(result, at1m = null) {
  const { bytes, duplicates, navigation, lighthouse, db = {} } = result;
  const api = [...(result.api ?? []), ...(at1m?.api?.runs ?? [])];
  const federated = (path) => bytes?.pages.find((p) => (p.build ?? 'federated') === 'federated' && p.path === path);
  const dash = federated('/dashboard');
  const usersList = federated('/users/list');
  const row = (target, measured, met) => ({ target, measured: measured ?? 'not measured', met: measured === undefined || measured === null ? null : met });
  const jsRatio = (p, name) =>
    row(`federated / single-app JS <= 1.25x (${name})`, p?.ratioToSingleApp === undefined ? null : `${p.ratioToSingleApp}x (${kb(p.jsGzipBytes)} vs ${kb(p.singleAppGzipBytes)} KB)`, p?.ratioToSingleApp <= 1.25);

  const navRows = (navigation?.rows ?? []).filter((r) => r.remote !== CONTROL && 'federatedMs' in r);
  const nav = navRows.length
    ? navRows.map((r) =>
        row(`federated / single-app first visit <= ${NAV_TARGET_RATIO.toFixed(2)} (${r.remote})`, r.ratio === null || r.ratio === undefined ? null : `${r.ratio} (${r.federatedMs} vs ${r.singleAppMs} ms)`, r.ratio <= NAV_TARGET_RATIO),
      )
    : [row(`federated / single-app first visit <= ${NAV_TARGET_RATIO.toFixed(2)}`, null, null)];

  const search = (run) => run.scenarios.filter((s) => s.endpoint.endsWith('/users'));
  const databaseOf = (run) => run.database ?? run.scenarios[0]?.database;
  const scaleOf = (run) => (run.users ? `${run.users.toLocaleString('en')} users` : 'default seed');
  const apiRows = api.map((run) => {
    const worst = search(run).reduce((a, s) => (a && a.p99 >= s.p99 ? a : s), null);
    const slowestRps = Math.min(...search(run).map((s) => s.rps));
    return row(
      `${databaseOf(run)} search p99 <= 100 ms and >= 400 req/s, every term (${scaleOf(run)}; the target is at 1M on PostgreSQL)`,
      worst ? `worst p99 ${worst.p99} ms ("${worst.term}"), lowest ${slowestRps} req/s` : null,
      worst ? worst.p99 <= 100 && slowestRps >= 400 : null,
    );
  });

  return [
    row('dashboard JS gzip <= 350 KB', dash ? `${kb(dash.jsGzipBytes)} KB` : null, dash?.jsGzipBytes <= 350 * 1024),
    row('JS requests before first render <= 10 (dashboard)', dash?.jsRequests, dash?.jsRequests <= 10),
    row('JS requests before first render <= 12 (/users/list)', usersList?.jsRequests, usersList?.jsRequests <= 12),
    jsRatio(dash, 'dashboard'),
    jsRatio(usersList, '/users/list'),
    ...nav,
    ...(duplicates?.libraries ?? [])
      .filter((l) => !l.library.includes('icons'))
      .map((l) => row(`one copy of ${l.library}`, `${l.copiesByContent}${l.probe !== undefined ? ` (probe ${l.probe})` : ''}`, l.copiesByContent === 1 && (l.probe === undefined || l.probe === 1))),
    ...(lighthouse?.pages ?? []).flatMap((p) => [
      row(`Lighthouse performance >= 95 (${p.path})`, p.performance, p.performance >= 95),
      row(`Lighthouse accessibility >= 95 (${p.path})`, p.accessibility, p.accessibility >= 95),
    ]),
    ...apiRows,
    ...[db.disk, at1m?.disk].filter(Boolean).map((disk) =>
      row(`PGlite open <= 1 s (${disk.users.toLocaleString('en')} users; the target is at 1M)`, `${disk.openMs} ms`, disk.openMs <= 1000),
    ),
    ...[
      [db.stack?.afterLoad, 'default seed'],
      ...api.filter((run) => run.memoryAfterLoad).map((run) => [run.memoryAfterLoad, scaleOf(run)]),
    ]
      .filter(([memory]) => memory)
      .map(([memory, scale]) => row(`steady memory of the API <= 400 MB (${scale}; the target is at 1M users)`, `${memory.rssMB} MB after the load`, memory.rssMB <= 400)),
  ];
}
