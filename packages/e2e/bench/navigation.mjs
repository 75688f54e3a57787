// Navigation: time from a click on a sidebar link (a react-router navigation inside the page)
// to the page's content (its <h1>) for the first visit to each remote and for a warm switch
// back to it, in headless Chromium with the CPU throttled 4x (CDP), for the federated console
// and the single-app baseline. Measured inside the page with performance.now(), so the
// numbers do not include Playwright's round trips.
//
// Content means the page's <h1> is on screen and no spinner or skeleton is left (its data
// is shown), checked after every DOM change React commits and on every frame (NAV_CLOCK).
// A control row repeats the measurement for the shell's own dashboard (no remote): its
// first return against its second. The query cache is cleared before every timed navigation
// (through the QA probe window.__MANAGER_PLATFORM__.queryClient), so both visits fetch their
// data and the difference between them is the code: loading a remote, or not.
//
// Before the first visits the console is left idle on the dashboard, as an administrator
// reading it would, until the shell's idle prefetch (shell/src/remotes/prefetch.ts) has
// fetched every remote and laid out each one's first page (the five `warm-layout` marks of
// shell/src/remotes/warm-layout.ts), then no request for 3 s, at most 90 s; the single-app
// build has no remotes: its lazy pages load on first visit. Each build is
// measured in BENCH_NAV_ROUNDS (default 15) fresh pages; the table shows the medians and the
// ratio of each round. Target: first visit <= 1.2x a warm switch.
//
//   node packages/e2e/bench/navigation.mjs
import { chromium } from '@playwright/test';
import { CHROMIUM, buildSingleApp, formatTable, isMain, sleep, startStack } from './lib.mjs';
import { signIn } from './bytes.mjs';

export const CPU_THROTTLE = Number(process.env.BENCH_CPU_THROTTLE ?? 4);
/**
 * A first visit happens once per page load, and one measurement moves by 0.5-1.2 in the
 * first/warm ratio between runs on this machine: each build is measured in this many fresh
 * pages (each idle until prefetched) and the table shows the medians of first and warm.
 * 9 until 2026-11-25: the shell's own dashboard (control row, no remote) then still came out
 * anywhere between 0.84 and 1.50 from one run to the next; 15 cost about 3 minutes more in `pnpm bench`.
 */
export const NAV_ROUNDS = Number(process.env.BENCH_NAV_ROUNDS ?? 15);
/** The longest the dashboard is left idle before the first visits (prefetch happens then). */
const IDLE_MAX_MS = Number(process.env.BENCH_NAV_IDLE_MS ?? 90_000);
const QUIET_MS = 3000;

/** The control row's name: the dashboard's first return against its second (no remote). */
export const CONTROL = 'control: shell';

/** One page per remote, visited from the dashboard. */
export const NAV_TARGETS = [
  { remote: 'users', path: '/users/list' },
  { remote: 'commerce', path: '/marketplace/list' },
  { remote: 'transactions', path: '/transactions/withdrawals' },
  { remote: 'engagement', path: '/tasks/list' },
  { remote: 'settings', path: '/settings' },
];

/**
 * How the clock stops (BENCH_NAV_CLOCK): `commit` (default) checks the page after every change
 * React makes to the DOM (a MutationObserver), so it stops when the content is committed;
 * `frame` checks once per animation frame, as before 2026-11-23: at CPU 4x a frame takes
 * 30-100 ms, so each visit was rounded up to a frame boundary, a large share of a 150-300 ms
 * navigation (the settings page's warm switch: 155-441 ms in one run of 7 pages).
 */
export const NAV_CLOCK = process.env.BENCH_NAV_CLOCK === 'frame' ? 'frame' : 'commit';

/**
 * Navigates inside the app (what a sidebar link does) and resolves with the milliseconds
 * until an <h1> reading `heading` is on screen with no spinner or skeleton left.
 */
export async function timedNavigation(page, to, heading) {
  await page.evaluate(() => globalThis.__MANAGER_PLATFORM__?.queryClient?.clear());
  return page.evaluate(
    ([path, text, clock]) =>
      new Promise((resolve, reject) => {
        const w = globalThis;
        const t0 = w.performance.now();
        const deadline = t0 + 60_000;
        let done = false;
        let observer = null;
        const finish = (settle) => {
          done = true;
          observer?.disconnect();
          settle();
        };
        const check = () => {
          if (done) return;
          const h1 = w.document.querySelector('main h1, h1');
          const busy = w.document.querySelector('.ant-spin-spinning, .ant-skeleton, [aria-busy="true"]');
          if (h1 && h1.textContent.trim() === text && h1.getClientRects().length > 0 && !busy) {
            const ms = w.performance.now() - t0;
            return finish(() => resolve(ms));
          }
          if (w.performance.now() > deadline) finish(() => reject(new Error(`${path}: no <h1> "${text}" after 60 s`)));
        };
        // Frames go on in both clocks: they also catch a change no mutation reports.
        const poll = () => {
          check();
          if (!done) w.requestAnimationFrame(poll);
        };
        if (clock === 'commit') {
          observer = new w.MutationObserver(check);
          observer.observe(w.document.body, { childList: true, subtree: true, attributes: true, characterData: true });
        }
        w.history.pushState({}, '', path);
        w.dispatchEvent(new w.PopStateEvent('popstate', { state: {} }));
        poll();
      }),
    [to, heading, NAV_CLOCK],
  );
}

async function headingOf(page) {
  return page.evaluate(() => globalThis.document.querySelector('h1')?.textContent?.trim() ?? null);
}

/** Learns each target's heading once, unthrottled (the page decides its own title). */
async function learnHeadings(browser, url, storageState) {
  const context = await browser.newContext({ baseURL: url, storageState });
  try {
    const page = await context.newPage();
    const headings = {};
    for (const t of NAV_TARGETS) {
      await page.goto(t.path);
      await page.locator('h1').first().waitFor({ state: 'visible', timeout: 60_000 });
      await sleep(300);
      headings[t.path] = await headingOf(page);
    }
    return headings;
  } finally {
    await context.close();
  }
}

/** How many of the shell's warm pages were laid out (performance marks `warm-layout <path>`). */
const warmLayouts = (page) => page.evaluate(() => globalThis.performance.getEntriesByType('mark').filter((m) => m.name.startsWith('warm-layout ')).length);

/**
 * Waits on the dashboard until the remotes were prefetched: every one of `remoteOrigins` was
 * requested (none for the single-app), as many first pages laid out by the shell, and nothing
 * was requested for QUIET_MS. Returns how long it waited.
 */
export async function idleUntilPrefetched(page, remoteOrigins) {
  const started = Date.now();
  const reached = new Set();
  let last = Date.now();
  const onRequest = (r) => {
    last = Date.now();
    const origin = new URL(r.url()).origin;
    if (remoteOrigins.includes(origin)) reached.add(origin);
  };
  page.on('request', onRequest);
  try {
    while (Date.now() - started < IDLE_MAX_MS) {
      const allRemotes = reached.size >= remoteOrigins.length && (await warmLayouts(page)) >= remoteOrigins.length;
      if (allRemotes && Date.now() - last >= QUIET_MS && Date.now() - started >= QUIET_MS) break;
      await sleep(250);
    }
  } finally {
    page.off('request', onRequest);
  }
  return Date.now() - started;
}

async function measureBuild(browser, url, storageState, headings, build, remoteOrigins) {
  const context = await browser.newContext({ baseURL: url, storageState });
  try {
    const page = await context.newPage();
    await page.goto('/dashboard');
    await page.getByText('Top 10 Countries', { exact: true }).waitFor({ state: 'visible', timeout: 60_000 });
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_THROTTLE });
    const idleMs = await idleUntilPrefetched(page, remoteOrigins);
    const dashboardHeading = await headingOf(page);
    const rows = [];
    const returns = [];
    for (const t of NAV_TARGETS) {
      const first = await timedNavigation(page, t.path, headings[t.path]);
      returns.push(await timedNavigation(page, '/dashboard', dashboardHeading ?? ''));
      const warm = await timedNavigation(page, t.path, headings[t.path]);
      returns.push(await timedNavigation(page, '/dashboard', dashboardHeading ?? ''));
      rows.push({ build, idleMs, remote: t.remote, path: t.path, firstMs: Math.round(first), warmMs: Math.round(warm) });
    }
    // The control: the shell's own dashboard, drawn visibly at load, no remote involved. Its
    // first return (after the first remote page) against its second says what a page's
    // second visible render costs against its third on this machine.
    rows.push({ build, idleMs, remote: CONTROL, path: '/dashboard', firstMs: Math.round(returns[0]), warmMs: Math.round(returns[1]) });
    return rows;
  } finally {
    await context.close();
  }
}

const median = (values) => {
  const sorted = values.slice().sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : Math.round((sorted[mid - 1] + sorted[mid]) / 2);
};
const ratio = (a, b) => Math.round((a / b) * 100) / 100;

/** NAV_ROUNDS fresh pages of one build; per remote the median first and warm visit. */
async function measureRounds(browser, url, storageState, headings, build, remoteOrigins) {
  const rounds = [];
  for (let i = 0; i < NAV_ROUNDS; i++) rounds.push(await measureBuild(browser, url, storageState, headings, build, remoteOrigins));
  return [...NAV_TARGETS, { remote: CONTROL, path: '/dashboard' }].map((t) => {
    const runs = rounds.map((round) => round.find((r) => r.path === t.path));
    const firstMs = median(runs.map((r) => r.firstMs));
    const warmMs = median(runs.map((r) => r.warmMs));
    return {
      build,
      remote: t.remote,
      path: t.path,
      firstMs,
      warmMs,
      firstToWarm: ratio(firstMs, warmMs),
      rounds: runs.map((r) => ({ idleMs: r.idleMs, firstMs: r.firstMs, warmMs: r.warmMs, firstToWarm: ratio(r.firstMs, r.warmMs) })),
    };
  });
}

export async function runNavigation(stack, { browser } = {}) {
  const own = !browser;
  const b = browser ?? (await chromium.launch(CHROMIUM));
  try {
    const state = await signIn(b, stack.consoleUrl);
    const headings = await learnHeadings(b, stack.consoleUrl, state);
    const remoteOrigins = NAV_TARGETS.map((t) => `http://localhost:${stack.ports[t.remote]}`);
    const rows = await measureRounds(b, stack.consoleUrl, state, headings, 'federated', remoteOrigins);
    if (stack.singleAppUrl) {
      const singleState = await signIn(b, stack.singleAppUrl);
      const single = await measureRounds(b, stack.singleAppUrl, singleState, headings, 'single-app', []);
      for (const r of rows) {
        const s = single.find((x) => x.path === r.path);
        r.firstToSingleApp = ratio(r.firstMs, s.firstMs);
        r.warmToSingleApp = ratio(r.warmMs, s.warmMs);
      }
      rows.push(...single);
    }
    return { cpuThrottle: CPU_THROTTLE, rounds: NAV_ROUNDS, clock: NAV_CLOCK, content: 'the page <h1> with its data (no spinner), query cache cleared', rows };
  } finally {
    if (own) await b.close();
  }
}

export function navigationTable(nav) {
  return formatTable(
    ['remote (page)', 'build', 'first visit ms', 'warm switch ms', 'first / warm', 'per round', 'first x single-app', 'warm x single-app'],
    nav.rows.map((r) => [
      `${r.remote} (${r.path})`,
      r.build,
      r.firstMs,
      r.warmMs,
      r.firstToWarm,
      (r.rounds ?? []).map((x) => x.firstToWarm).join(' / '),
      r.firstToSingleApp ?? '-',
      r.warmToSingleApp ?? '-',
    ]),
  );
}

if (isMain(import.meta.url)) {
  buildSingleApp();
  const stack = await startStack();
  try {
    console.log(navigationTable(await runNavigation(stack)));
  } finally {
    await stack.stop();
  }
}
